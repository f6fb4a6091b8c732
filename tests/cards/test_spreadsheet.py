"""Deck spreadsheets: every 明初商途 deck round-trips byte for byte; a bad row is refused by row,
column and value; an edited sheet becomes a variant whose deck is exactly the sheet."""

from __future__ import annotations

import csv
import io

import pytest

from sim.cards.spreadsheet import ENCODING, SpreadsheetError, export_deck, import_deck
from sim.config import ConfigError, load_config
from sim.config.resources import config_root
from sim.games.mingchu.params import Decks

BASE = config_root() / "mingchu" / "base.yaml"


def _rows(path) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(path.read_text(encoding=ENCODING))))


def _write(path, rows: list[dict[str, str]]) -> None:
    columns = list(rows[0])
    with path.open("w", encoding=ENCODING, newline="") as handle:
        writer = csv.DictWriter(handle, columns, lineterminator="\r\n")
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.parametrize("deck", list(Decks.model_fields))
def test_export_import_export_is_byte_identical(tmp_path, deck):
    first, second = tmp_path / "first.csv", tmp_path / "second.csv"
    rows = export_deck(BASE, deck, first)
    assert rows == len(getattr(load_config(BASE).params.cards, deck))
    variant = import_deck(first, deck, tmp_path / "variant.yaml", extends=BASE)
    assert export_deck(variant, deck, second) == rows
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes().startswith("\ufeff".encode())  # the BOM Excel needs for Chinese


def test_a_new_variant_extends_a_bundled_config_by_its_name(tmp_path):
    sheet = tmp_path / "门客.csv"
    export_deck(BASE, "门客", sheet)
    (tmp_path / "sub").mkdir()
    for extends in (BASE, None):
        variant = import_deck(sheet, "门客", tmp_path / "sub" / f"v{extends is None}.yaml", extends=extends)
        assert "extends: mingchu/base\n" in variant.read_text(encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: mingchu/base\n", encoding="utf-8")
    variant = import_deck(sheet, "门客", tmp_path / "sub" / "child.yaml", extends=mine)
    assert "extends: ../mine.yaml\n" in variant.read_text(encoding="utf-8")
    assert load_config(variant).params.cards.门客 == load_config(BASE).params.cards.门客


def test_columns_are_readable_and_values_typed(tmp_path):
    sheet = tmp_path / "下赏.csv"
    export_deck(BASE, "下赏", sheet)
    header = sheet.read_text(encoding=ENCODING).splitlines()[0].split(",")
    assert header[:4] == ["id", "count", "options.1.1.effect", "options.1.1.amount"]
    gambler = next(r for r in _rows(_export(tmp_path, "门客")) if r["id"] == "赌徒")
    assert (
        gambler["ability.1.effect"] == "random_coins" and gambler["ability.1.faces"] == "[0, 1, 2, 3, 4, 6]"
    )


def _export(tmp_path, deck: str):
    path = tmp_path / f"{deck}.csv"
    export_deck(BASE, deck, path)
    return path


def test_an_edited_sheet_becomes_a_variant_with_exactly_its_cards(tmp_path):
    sheet = _export(tmp_path, "门客")
    rows = [r for r in _rows(sheet) if r["id"] != "马夫"]  # a card deleted
    next(r for r in rows if r["id"] == "账房先生")["ability.1.amount"] = "5"  # a number changed
    rows.append({**{k: "" for k in rows[0]}, "id": "新门客", "count": "2", "passive.1.effect": "extra_moves",
                 "passive.1.amount": "1"})  # fmt: skip
    _write(sheet, rows)
    params = load_config(import_deck(sheet, "门客", tmp_path / "mine.yaml", extends=BASE)).params
    cards = {c.id: c for c in params.cards.门客}
    assert "马夫" not in cards and cards["新门客"].count == 2
    assert cards["账房先生"].ability[0].amount == 5
    assert len(cards) == len(rows)


def test_importing_into_an_existing_variant_keeps_its_other_keys(tmp_path):
    into = tmp_path / "mine.yaml"
    into.write_text(f"game: mingchu\nextends: {BASE}\nstart: {{coins: 5}}\n", encoding="utf-8")
    import_deck(_export(tmp_path, "天威"), "天威", into)
    assert load_config(into).params.start.coins == 5


@pytest.mark.parametrize(
    ("card", "column", "value", "named"),
    [
        ("账房先生", "ability.1.amount", "-2", ["row 7", "column ability.1.amount", "'-2'"]),
        ("账房先生", "ability.1.effect", "gain_gold", ["row 7", "column ability.1.effect", "gain_gold"]),
        ("账房先生", "count", "x", ["row 7", "column count", "'x'"]),
        ("账房先生", "ability.1.amount", "", ["row 7", "column ability.1.amount", "Field required"]),
        ("老农", "passive.1.good", "稻米", ["row 8", "老农", "稻米"]),
    ],
)
def test_a_bad_row_is_refused_naming_row_column_and_value(tmp_path, card, column, value, named):
    sheet = _export(tmp_path, "门客")
    rows = _rows(sheet)
    next(r for r in rows if r["id"] == card)[column] = value
    _write(sheet, rows)
    into = tmp_path / "mine.yaml"
    with pytest.raises(SpreadsheetError) as err:
        import_deck(sheet, "门客", into, extends=BASE)
    assert isinstance(err.value, ConfigError)
    for text in [str(sheet), *named]:
        assert text in str(err.value)
    assert not into.exists()  # nothing half-written


def test_a_misspelt_column_or_a_repeated_id_is_named(tmp_path):
    sheet = _export(tmp_path, "门客")
    text = sheet.read_text(encoding=ENCODING)
    sheet.write_text(text.replace("ability.1.amount", "ability.1.amout", 1), encoding=ENCODING)
    with pytest.raises(SpreadsheetError, match="ability.1.amout"):
        import_deck(sheet, "门客", tmp_path / "a.yaml", extends=BASE)
    sheet.write_text(text.replace("\n说客,", "\n账房先生,", 1), encoding=ENCODING)
    with pytest.raises(SpreadsheetError, match="row 9, column id: value '账房先生': also on row 7"):
        import_deck(sheet, "门客", tmp_path / "b.yaml", extends=BASE)
    sheet.write_text(text.replace("id,", "name,", 1), encoding=ENCODING)
    with pytest.raises(SpreadsheetError, match="row 1"):
        import_deck(sheet, "门客", tmp_path / "c.yaml", extends=BASE)


def test_an_unknown_deck_is_named(tmp_path):
    with pytest.raises(SpreadsheetError, match="门将"):
        export_deck(BASE, "门将", tmp_path / "x.csv")


def test_a_key_the_parent_keeps_is_reported_not_lost(tmp_path):
    sheet = _export(tmp_path, "订单")
    rows = _rows(sheet)
    row = next(r for r in rows if r["id"] == "北平戍军")  # goods {皮革: 1, 粮食: 2}
    row["goods.皮革"] = ""
    _write(sheet, rows)
    with pytest.raises(SpreadsheetError, match="column goods.皮革"):
        import_deck(sheet, "订单", tmp_path / "mine.yaml", extends=BASE)
