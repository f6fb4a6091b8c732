"""Deck spreadsheets as Excel writes them on Chinese Windows: GBK/GB18030 or UTF-16 text, ';' or
tab between cells; a sheet with column names and no cards is named as such."""

from __future__ import annotations

import csv
import io

import pytest

from sim.cards.spreadsheet import ENCODING, SpreadsheetError, export_deck, import_deck
from sim.config import load_config
from sim.config.resources import config_root

BASE = config_root() / "mingchu" / "base.yaml"


def _resave(tmp_path, encoding: str, separator: str = ","):
    """The bundled 门客 sheet saved again in another encoding and with another cell separator."""
    original = tmp_path / "original.csv"
    export_deck(BASE, "门客", original)
    rows = list(csv.reader(io.StringIO(original.read_bytes().decode(ENCODING), newline="")))
    buffer = io.StringIO()
    csv.writer(buffer, delimiter=separator, lineterminator="\r\n").writerows(rows)
    text = buffer.getvalue()
    resaved = tmp_path / f"resaved-{encoding}.csv"
    resaved.write_bytes(text.encode(encoding))
    return resaved


@pytest.mark.parametrize(
    ("encoding", "separator"),
    [("gbk", ","), ("gb18030", ","), ("utf-16", "\t"), ("utf-8", ";"), ("utf-8-sig", "\t")],
)
def test_excel_encodings_and_separators_import_the_same_deck(tmp_path, encoding, separator):
    sheet = _resave(tmp_path, encoding, separator)
    variant = import_deck(sheet, "门客", tmp_path / "variant.yaml", extends=BASE)
    assert load_config(variant).params.cards.门客 == load_config(BASE).params.cards.门客


def test_a_sheet_with_only_column_names_is_named(tmp_path):
    sheet = tmp_path / "empty.csv"
    sheet.write_text("id,count\n", encoding="utf-8")
    with pytest.raises(SpreadsheetError, match="column names but no card rows"):
        import_deck(sheet, "门客", tmp_path / "variant.yaml", extends=BASE)
    assert not (tmp_path / "variant.yaml").exists()


def test_undecodable_bytes_get_a_chinese_hint_to_save_as_csv_utf8(tmp_path):
    sheet = tmp_path / "binary.csv"
    sheet.write_bytes(b"id,count\n\x80\xff\xfe\x81,1\n")
    with pytest.raises(SpreadsheetError, match="CSV UTF-8"):
        import_deck(sheet, "门客", tmp_path / "variant.yaml", extends=BASE)
