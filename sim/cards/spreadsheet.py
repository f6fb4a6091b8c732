"""A card game's deck as a spreadsheet: one row per card, one column per field (docs/card-lab.md).

The decks are the ones the game's spec declares (``GameSpec.cards.decks``: a model whose fields are the
decks of ``params.cards``); a deck name is looked up among the registered games.

Columns are ``id``, ``count`` and the card's fields in the schema's order, the effect structure
flattened into dotted columns: ``ability.1.effect``, ``ability.1.amount``, ``options.2.1.good``,
``goods.盐``, ``task.conditions.1.measure`` (list positions count from 1). A list of plain values is
one cell in compact form (``[0, 1, 2, 3, 4, 6]``, ``[粮食, 马]``); an empty cell is a field left out.
Files are UTF-8 with a BOM so Excel shows Chinese, and a text cell that a spreadsheet would run as a
formula (an id such as ``=HYPERLINK(...)``) is written with a leading ``'`` that the import drops
again (``sim.csv_files``). ``export_deck`` then ``import_deck`` then ``export_deck`` gives the same bytes.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Annotated, Any

import yaml
from pydantic import TypeAdapter, ValidationError

from sim.config import ConfigError, load_config
from sim.config.loader import config_layers, parent_path, read_yaml
from sim.config.merge import ADDED_KEY
from sim.core.game import GameSpec
from sim.core.registry import game_named
from sim.core.resources import extends_reference
from sim.core.scalars import has_control_character
from sim.core.yaml_text import load_yaml
from sim.csv_files import ENCODING, unescape_cell, write_rows
from sim.games import game_names, get_game
from sim.texts import joined, message, validation_message

__all__ = ["ENCODING", "SpreadsheetError", "decode_sheet", "export_deck", "import_deck"]
FIXED = ("id", "count")
_INT = re.compile(r"[+-]?\d+")
_FLOAT = re.compile(r"[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?")
_WORDS = {"true": True, "false": False, "null": None}


class SpreadsheetError(ConfigError):
    """A deck file that cannot be read or written; names the file, row, column and value."""


def _deck_games(deck: str) -> list[GameSpec]:
    """The registered games whose spec declares ``deck``."""
    specs = [get_game(name) for name in game_names()]
    return [spec for spec in specs if spec.cards.decks is not None and deck in spec.cards.decks.model_fields]


def _game_of(deck: str) -> GameSpec:
    """The game that has ``deck``; ``SpreadsheetError`` naming the known decks otherwise."""
    games = _deck_games(deck)
    if not games:
        known = [
            d
            for name in game_names()
            if (m := get_game(name).cards.decks) is not None
            for d in m.model_fields
        ]
        raise SpreadsheetError(message("sheet_unknown_deck", deck=deck, known=known))
    return games[0]


def _card_model(deck: str):
    decks = _game_of(deck).cards.decks
    return decks.model_fields[deck].annotation.__args__[0]  # tuple[Card, ...] -> Card


# --- cells ----------------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    """A value as cell text; ``_parse`` reads it back to the same value."""
    if isinstance(value, list):
        return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10**6).strip()
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "null"}[value]
    if isinstance(value, str) and _parse(value) != value:
        return yaml.safe_dump(value, default_style="'", allow_unicode=True, width=10**6).strip()
    return str(value)


def _parse(text: str) -> Any:
    """Cell text as a value: whole numbers, decimals, true/false/null, ``[..]`` lists, quoted text."""
    text = text.strip()
    if text[:1] in ("[", "{", "'", '"'):
        return load_yaml(text, yaml.SafeLoader)
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    return _WORDS.get(text, text)


# --- flattening -----------------------------------------------------------------------------------


def _flatten(value: Any, prefix: str, out: dict[str, str]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _flatten(item, f"{prefix}.{key}", out)
    elif isinstance(value, list) and value and all(isinstance(v, dict | list) for v in value):
        for i, item in enumerate(value, 1):
            _flatten(item, f"{prefix}.{i}", out)
    else:
        out[prefix] = "{}" if value == {} else _cell(value)


def _columns(model, rows: Iterable[dict[str, str]]) -> list[str]:
    """Every column any row uses: id, count, then the fields in the schema's order; list positions
    in number order, mapping keys in order of first use."""
    order: dict[str, int] = {}
    for row in rows:
        for column in row:
            order.setdefault(column, len(order))
    fields = list(model.model_fields)

    def key(column: str):
        parts = column.split(".")
        head = (fields.index(parts[0]) if parts[0] in fields else len(fields),)
        rest = tuple(
            (0, int(p), 0) if p.isdigit() else (1, 0, order_of(".".join(parts[: i + 2])))
            for i, p in enumerate(parts[1:])
        )
        return (head, rest)

    def order_of(prefix: str) -> int:
        return min(v for c, v in order.items() if c == prefix or c.startswith(prefix + "."))

    return sorted(order, key=key)


def _unflatten(cells: dict[str, Any]) -> dict[str, Any]:
    """Dotted columns back into nested mappings and lists (number parts are list positions)."""
    root: dict[str, Any] = {}
    for column, value in cells.items():
        parts = column.split(".")
        node: Any = root
        for part in parts[:-1]:
            node = node.setdefault(part, {})
            if not isinstance(node, dict):
                raise ValueError(message("sheet_inside_value", column=column, part=part))
        if parts[-1] in node:
            raise ValueError(message("sheet_value_and_inside", column=column))
        node[parts[-1]] = value
    return _lists(root)


def _lists(node: Any) -> Any:
    if not isinstance(node, dict):
        return node
    items = {k: _lists(v) for k, v in node.items()}
    if items and all(k.isdigit() for k in items):
        return [items[k] for k in sorted(items, key=int)]
    return items


# --- export ---------------------------------------------------------------------------------------


def _card_rows(cards) -> list[dict[str, str]]:
    rows = []
    for card in cards:
        data = card.model_dump(mode="json", exclude_unset=True)
        data.pop("id", None)
        data.pop("count", None)
        row = {"id": card.id, "count": str(card.count)}
        for name, value in data.items():
            _flatten(value, name, row)
        rows.append(row)
    return rows


def _write_csv(path: Path, columns: list[str], rows: list[dict[str, str]]) -> None:
    write_rows(path, columns, ([row.get(c, "") for c in columns] for row in rows))


def export_deck(config_path: str | Path, deck: str, out_csv: str | Path) -> int:
    """Write ``deck`` of the config at ``config_path`` to ``out_csv``; returns the rows written."""
    model = _card_model(deck)
    resolved = load_config(config_path)
    if not hasattr(resolved.params, "cards"):
        raise SpreadsheetError(message("sheet_no_decks", path=config_path, game=game_named(resolved.game)))
    cards = getattr(resolved.params.cards, deck)
    rows = _card_rows(cards)
    _write_csv(Path(out_csv), _columns(model, rows), rows)
    return len(rows)


# --- import ---------------------------------------------------------------------------------------


class SheetEncodingError(ValueError):
    """Bytes that no spreadsheet encoding reads as sensible text; ``str()`` says what was tried."""


SAVE_AS_UTF8 = "请在 Excel 中另存为“CSV UTF-8（逗号分隔）”。"
RARE_SHARE = 0.25
"""Read as GB18030, a sheet whose non-ASCII characters are more than this share outside everyday
Simplified Chinese (GB2312's 6,763 hanzi and its full-width punctuation) is taken for another
encoding: Big5 read as GB18030 gives about half rare hanzi, kana and Greek letters, a Simplified
sheet almost none."""


def decode_sheet(data: bytes) -> str:
    """The text of a CSV as spreadsheets write it: UTF-8 (with or without a BOM), UTF-16 with a BOM
    (Excel's "Unicode text"), or GB18030/GBK (Excel's plain "CSV" on Chinese Windows).
    ``SheetEncodingError`` for bytes none of these reads, or reads only as rare characters (a Big5
    sheet from Traditional Chinese Excel)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        raise SheetEncodingError(
            f"无法识别文件编码（不是 UTF-8、UTF-16 或 GBK/GB18030）。{SAVE_AS_UTF8} (unknown text encoding: "
            'tried UTF-8, UTF-16 and GB18030; save it as "CSV UTF-8")'
        ) from None
    chinese = [ch for ch in text if ord(ch) > 0x7F]
    rare = [ch for ch in chinese if not _is_everyday(ch)]
    if len(rare) > RARE_SHARE * len(chinese):
        big5 = ", and its bytes read as Big5 (Traditional Chinese Excel)" if _reads_as(data, "big5") else ""
        raise SheetEncodingError(
            f"文件编码不是 UTF-8、UTF-16 或 GBK/GB18030，可能是繁体中文的 Big5。{SAVE_AS_UTF8} (tried UTF-8, "
            f"UTF-16 and GB18030: read as GB18030, {len(rare)} of its {len(chinese)} non-ASCII characters "
            f'are not everyday Chinese ({"".join(dict.fromkeys(rare))[:6]}){big5}; save it as "CSV UTF-8")'
        )
    return text


def _is_everyday(ch: str) -> bool:
    """A character of everyday Simplified Chinese text: a GB2312 hanzi (rows 16-87) or full-width
    punctuation (rows 1-3), not kana, Greek, Cyrillic or box drawing, which Big5 read as GB18030
    is full of."""
    try:
        lead = ch.encode("gb2312")[0]
    except UnicodeEncodeError:
        return False
    return 0xA1 <= lead <= 0xA3 or 0xB0 <= lead <= 0xF7


def _reads_as(data: bytes, encoding: str) -> bool:
    try:
        data.decode(encoding)
    except UnicodeDecodeError:
        return False
    return True


def _separator(text: str) -> str:
    """Comma, or the semicolon or tab that some spreadsheets write instead (read from row 1)."""
    first = text.split("\n", 1)[0]
    counts = {sep: first.count(sep) for sep in (",", ";", "\t")}
    best = max(counts, key=lambda sep: counts[sep])
    return best if counts[best] > 0 else ","


def _read_rows(csv_path: Path, model, deck: str = "") -> list[tuple[int, dict[str, str]]]:
    """(spreadsheet row number, cells by column) for every row that is not empty."""
    try:
        text = decode_sheet(csv_path.read_bytes())
    except FileNotFoundError:
        raise SpreadsheetError(message("sheet_not_found", path=csv_path)) from None
    except SheetEncodingError as exc:
        raise SpreadsheetError(message("sheet_encoding", path=csv_path, error=str(exc))) from None
    table = list(csv.reader(io.StringIO(text, newline=""), delimiter=_separator(text)))
    if not table or "id" not in [c.strip() for c in table[0]]:
        raise SpreadsheetError(message("sheet_no_header", path=csv_path))
    if not any(any(c.strip() for c in row) for row in table[1:]):
        raise SpreadsheetError(message("sheet_no_rows", path=csv_path))
    header = [c.strip() for c in table[0]]
    for column in header:
        if not column or column.split(".")[0] not in model.model_fields:
            raise SpreadsheetError(
                message("sheet_unknown_column", path=csv_path, column=column,
                        model=message("sheet_card_of", deck=deck) if deck else model.__name__,
                        fields=list(model.model_fields))
            )  # fmt: skip
    if len(set(header)) != len(header):
        twice = sorted({c for c in header if header.count(c) > 1})
        raise SpreadsheetError(message("sheet_columns_twice", path=csv_path, columns=twice))
    rows = []
    for number, values in enumerate(table[1:], 2):
        if len(values) > len(header) and any(v.strip() for v in values[len(header) :]):
            raise SpreadsheetError(message("sheet_too_many_cells", path=csv_path, row=number))
        cells = {c: unescape_cell(v) for c, v in zip(header, values, strict=False) if v.strip()}
        if cells:
            rows.append((number, cells))
    return rows


def _column_of(field: str, loc: tuple, data: Any) -> str:
    """The column an error inside ``field`` points at (discriminator tags in ``loc`` skipped)."""
    parts, node = [field], data
    for i, part in enumerate(loc):
        if isinstance(part, int) and isinstance(node, list) and part < len(node):
            parts.append(str(part + 1))
            node = node[part]
        elif isinstance(node, dict) and (part in node or i == len(loc) - 1):
            parts.append(str(part))
            node = node.get(part)
    return ".".join(parts)


def _card_from_row(
    csv_path: Path, number: int, cells: dict[str, str], model, deck: str = ""
) -> dict[str, Any]:
    where = message("sheet_row", path=csv_path, row=number)
    values: dict[str, Any] = {}
    for column, text in cells.items():
        try:
            values[column] = text.strip() if column == "id" else _parse(text)
        except yaml.YAMLError:
            raise SpreadsheetError(
                message("sheet_not_a_list", where=where, column=column, text=text)
            ) from None
    try:
        data = _unflatten(values)
    except ValueError as exc:
        raise SpreadsheetError(message("sheet_row_error", where=where, error=exc.args[0])) from None
    card_id = data.get("id")
    if not card_id:
        raise SpreadsheetError(message("sheet_empty_id", where=where))
    if has_control_character(card_id):
        raise SpreadsheetError(message("sheet_control_character", where=where, id=card_id))
    where = message("sheet_row_id", path=csv_path, row=number, id=card_id)
    for field, value in data.items():
        info = model.model_fields[field]
        try:
            kind = Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
            TypeAdapter(kind).validate_python(value)
        except ValidationError as exc:
            err = min(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")  # a misspelt column first
            loc = err["loc"]
            tag = str(err.get("ctx", {}).get("discriminator", "")).strip("'")
            if err["type"] in (
                "union_tag_invalid",
                "union_tag_not_found",
            ):  # the tag column, e.g. ability.1.effect
                loc = (*loc, tag)
            column = _column_of(field, loc, value)
            if err["type"] == "union_tag_not_found":
                raise SpreadsheetError(
                    message(
                        "sheet_tag_empty",
                        where=where,
                        column=column,
                        group=column.rpartition(".")[0],
                        tag=tag,
                    )
                ) from None
            shown = cells.get(
                column, err.get("input") if not isinstance(err.get("input"), dict | list) else ""
            )
            raise SpreadsheetError(
                message(
                    "sheet_bad_value", where=where, column=column, shown=shown, error=validation_message(err)
                )
            ) from None
    try:
        model.model_validate(data, context={"deck": deck} if deck else None)
    except ValidationError as exc:
        error = joined([validation_message(err) for err in exc.errors()])
        raise SpreadsheetError(message("sheet_row_error", where=where, error=error)) from None
    except ValueError as exc:
        raise SpreadsheetError(
            message("sheet_row_error", where=where, error=exc.args[0] if exc.args else str(exc))
        ) from None
    return data


def _parent_ids(layer: dict[str, Any], into: Path, deck: str) -> list[str]:
    parent = layer.get("extends")
    if not isinstance(parent, str):
        return []
    return [card.id for card in getattr(load_config(parent_path(into, parent)).params.cards, deck)]


def _check_game(into: Path, deck: str) -> None:
    """Cards go only into a config of the game that has the deck (no half-written foreign config)."""
    spec = _game_of(deck)
    game = next((data.get("game") for _, data in reversed(config_layers(into)) if data.get("game")), None)
    if game != spec.name:
        raise SpreadsheetError(
            message(
                "sheet_other_game",
                into=into,
                game=game_named(game) if isinstance(game, str) else game,
                deck=deck,
                owner=game_named(spec.name),
                title=game_named(spec.name, spec.title),
            )
        )


def import_deck(
    csv_path: str | Path, deck: str, into_yaml: str | Path, extends: str | Path | None = None
) -> Path:
    """Write the cards of ``csv_path`` as ``deck`` of the variant ``into_yaml`` and return its path.

    An existing ``into_yaml`` keeps everything but that deck; a new one extends ``extends``
    (default: the bundled ``base.yaml``). Cards of the parent config missing from the sheet go under
    ``cards.remove``, so the variant's deck is exactly the sheet. Raises ``SpreadsheetError``
    naming the row, the column and the value."""
    csv_path, into = Path(csv_path), Path(into_yaml)
    model = _card_model(deck)
    cards, seen = [], {}
    for number, cells in _read_rows(csv_path, model, deck):
        card = _card_from_row(csv_path, number, cells, model, deck)
        if card["id"] in seen:
            raise SpreadsheetError(
                message("sheet_id_twice", path=csv_path, row=number, id=card["id"], first=seen[card["id"]])
            )
        seen[card["id"]] = number
        cards.append(card)
    previous = into.read_bytes() if into.is_file() else None
    if previous is not None:
        layer = read_yaml(into)
        _check_game(into, deck)
    else:
        spec = _game_of(deck)
        layer = {
            "game": spec.name,
            "extends": extends_reference(Path(extends or spec.default_config), into.parent),
        }
    section = dict(layer.get("cards") or {})
    parent_ids = _parent_ids(layer, into, deck)
    section[deck] = [card if card["id"] in parent_ids else _marked_new(card) for card in cards]
    removed = [cid for cid in parent_ids if cid not in seen]
    remove = {k: v for k, v in dict(section.get("remove") or {}).items() if k != deck}
    if removed:
        remove[deck] = removed
    section.pop("remove", None)
    if remove:
        section["remove"] = remove
    layer["cards"] = section
    text = yaml.safe_dump(layer, allow_unicode=True, sort_keys=False, default_flow_style=None, width=200)
    into.write_text(text, encoding="utf-8")
    try:
        _check_merge(csv_path, into, deck, model, cards, seen)
    except ConfigError:
        if previous is None:
            into.unlink()
        else:
            into.write_bytes(previous)
        raise
    return into


def _marked_new(card: dict[str, Any]) -> dict[str, Any]:
    """A card the parent's deck lacks, as the variant writes it: ``add: true`` after its id."""
    return {"id": card["id"], ADDED_KEY: True, **{k: v for k, v in card.items() if k != "id"}}


def _check_merge(csv_path: Path, into: Path, deck: str, model, cards, rows: dict[str, int]) -> None:
    """The variant's deck must be the sheet: a card merged with its parent's (same id) keeps the
    parent's keys of a mapping (``goods``, ``task``) that the sheet left out."""
    try:
        loaded = getattr(load_config(into).params.cards, deck)
    except ConfigError as exc:
        named = [cid for cid in rows if f"'{cid}'" in str(exc)]
        where = message("sheet_invalid_where", row=rows[named[0]], id=named[0]) if named else ""
        problems = "; ".join(str(exc).splitlines())
        raise SpreadsheetError(
            message("sheet_invalid_deck", path=csv_path, where=where, into=into, problems=problems)
        ) from None
    got = {row["id"]: row for row in _card_rows(loaded)}
    for card in cards:
        if card.get("count") == 0:  # out of the deck, as a config's count: 0 is
            continue
        want = _card_rows([model.model_validate(card)])[0]
        have = got.get(card["id"], {})
        for column in sorted(set(have) | set(want)):
            if have.get(column) != want.get(column):
                raise SpreadsheetError(
                    message("sheet_parent_value", path=csv_path, row=rows[card["id"]], id=card["id"],
                            column=column, value=have.get(column, ""))
                )  # fmt: skip
