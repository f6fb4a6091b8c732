"""The bad-input battery, configs and command lines (continued from ``test_bad_input_battery``):
a card id the deck lacks, a Steam city no track can reach, game lengths and numbers that mean
nothing, NaN and infinities on the command line, ids with control characters, a sheet in the
wrong encoding, a YAML alias bomb. Each case must exit non-zero with one ``Error:`` line naming
the problem, print no traceback, and leave its folder exactly as it was.
"""

from __future__ import annotations

import argparse
import csv
import io
import json

import click
import pytest
import yaml
from click.testing import CliRunner

from sim.cli import cli
from sim.cli.cards import parse_card_list
from sim.cli.options import FiniteFloat
from sim.config import load_config
from sim.core.yaml_text import AliasError, expanded_size, load_yaml
from sim.dataset.read import load_run
from sim.demo import positive_number
from tests.cli.test_bad_input_battery import (
    HUGE,
    MINGCHU,
    RUN,
    Case,
    assert_one_line,
    both,
    replace_cell,
    sheet,
    snapshot,
    templates,  # noqa: F401  (the fixture the sheet cases read)
    write,
)
from tests.runner.helpers import ROOT

TOY_RUN = ("run", "toy", *RUN, "--out", "{t}/out")
ADD_LUBAN = (
    "game: mingchu\nextends: mingchu/base\ncards:\n  门客:\n"
    "    - {id: 鲁班传, passive: [{effect: discount, action: build, amount: 3}]}\n"
)

WALLED_MAP = """name: walled
players: [3, 4]
grid:
  - {r: 0, q: 0, hexes: "......"}
  - {r: 1, q: 0, hexes: "......"}
  - {r: 2, q: 0, hexes: "......"}
  - {r: 3, q: 0, hexes: "......"}
  - {r: 4, q: 0, hexes: "......"}
cities:
  - {id: Walled, q: 2, r: 2, colour: red, cubes: 2}
  - {id: East, q: 3, r: 2, colour: blue, cubes: 2}
  - {id: West, q: 1, r: 2, colour: yellow, cubes: 2}
  - {id: North, q: 2, r: 1, colour: purple, cubes: 2}
  - {id: NorthEast, q: 3, r: 1, colour: red, cubes: 2}
  - {id: South, q: 2, r: 3, colour: blue, cubes: 2}
  - {id: SouthWest, q: 1, r: 3, colour: yellow, cubes: 2}
"""


def steam_config(body: str, map_text: str | None = None):
    """A Steam config on the bundled base (and a map file of its own beside it)."""
    steps = [write("bad.yaml", "game: steam\nextends: steam/base\n" + body)]
    if map_text is not None:
        steps.append(write("walled.yaml", map_text))
    return both(*steps)


def alias_bomb(key: str) -> str:
    """YAML of about 3 kB whose aliases expand to 10^10 values under ``key`` (a "billion laughs")."""
    lines = [f"{key}: &l0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"l{i}: &l{i} [{', '.join([f'*l{i - 1}'] * 10)}]" for i in range(1, 10)]
    return "\n".join(lines) + "\n"


def validate_and_run(kind: str, setup, expect: str, cases: dict[str, Case]) -> None:
    """The config in ``bad.yaml`` refused by ``sim validate`` and by ``sim run``."""
    cases[f"config-{kind}-validate"] = Case(("validate", "{t}/bad.yaml"), expect, setup)
    cases[f"config-{kind}-run"] = Case(("run", "{t}/bad.yaml", *RUN, "--out", "{t}/out"), expect, setup)


CASES: dict[str, Case] = {}
CONFIGS = {
    # item 2: a card the deck lacks is a typo unless the entry says `add: true`
    "mingchu_unknown_card_id": (write("bad.yaml", ADD_LUBAN), "nearest: 鲁班传人"),
    "mingchu_add_an_existing_card": (
        write("bad.yaml", ADD_LUBAN.replace("id: 鲁班传,", "id: 鲁班传人, add: true,")),
        "already holds",
    ),
    "mingchu_add_not_true": (
        write("bad.yaml", ADD_LUBAN.replace("id: 鲁班传,", "id: 鲁班传, add: 1,")),
        "add: true",
    ),
    # item 7: cities carry no track, so a city ringed by cities is cut off
    "steam_city_walled_in_by_cities": (steam_config("map: walled.yaml\n", WALLED_MAP), "Walled"),
    # item 10: nonsense that was accepted, and tracebacks
    "game_a_list": (write("bad.yaml", "game: [toy]\n"), "'game' = ['toy']"),
    "game_a_mapping": (write("bad.yaml", "game: {name: toy}\n"), "'game'"),
    "steam_length_zero": (steam_config("rounds: {4: 0}\n"), "'rounds.4' = 0"),
    "steam_length_negative": (steam_config("rounds: {4: -2}\n"), "'rounds.4' = -2"),
    "steam_length_for_nine_players": (steam_config("rounds: {9: 5}\n"), "9 players"),
    "steam_length_for_one_player": (steam_config("rounds: {1: 5}\n"), "1 player"),
    "reference_nan": (
        write("bad.yaml", "game: toy\nreference: {human_winning_score: {2: .nan}}\n"),
        "'reference.human_winning_score.2': nan is not a finite number",
    ),
    "goal_band_infinite": (
        write("bad.yaml", "game: toy\ngoals: {seat_fairness: {max: .inf}}\n"),
        "'goals.seat_fairness.max': inf is not a finite number",
    ),
    "toy_fail_rate_nan": (write("bad.yaml", "game: toy\nfail_rate: .nan\n"), "'fail_rate': nan"),
    "id_with_nul": (
        write("bad.yaml", 'game: toy\nbonus_squares:\n  - {id: "井\\0", position: 5, points: 2}\n'),
        "control character",
    ),
    "id_with_newline": (
        write("bad.yaml", 'game: toy\nbonus_squares:\n  - {id: "井\\n塔", position: 5, points: 2}\n'),
        "control character",
    ),
    "card_id_with_newline": (
        write("bad.yaml", ADD_LUBAN.replace("id: 鲁班传,", 'id: "鲁班\\n传", add: true,')),
        "control character",
    ),
    "steam_map_id_with_nul": (
        steam_config("map: walled.yaml\n", WALLED_MAP.replace("id: Walled", 'id: "Wal\\0led"')),
        "control character",
    ),
    "yaml_alias_bomb": (
        write(
            "bad.yaml",
            "game: toy\n" + alias_bomb("description"),
        ),
        "aliases",
    ),
    "steam_map_alias_bomb": (
        steam_config(
            "map: walled.yaml\n",
            WALLED_MAP + alias_bomb("description"),
        ),
        "aliases",
    ),
}
for kind, (setup, expect) in CONFIGS.items():
    validate_and_run(kind, setup, expect, CASES)

SET_DECK = ("run", "mingchu", *RUN[2:], "-p", "4", "--set")
"""``sim run mingchu ... --set`` followed by a card list for a whole deck (``cards.门客=[...]``)."""
STUDY = ("cards", "study", MINGCHU, "--deck", "门客", "-p", "5", "--out", "{t}/study")
TUNE = ("tune", "toy", "--param", "target", "--range", "10..20", "--target", "win_share:1=50", *RUN)
CASES.update(
    {
        "cli-check-steam-city-walled-in": Case(
            ("check", "steam", "{t}/bad.yaml", "-p", "3"),
            "Walled",
            steam_config("map: walled.yaml\n", WALLED_MAP),
        ),
        "cli-set-card-id-typo-nearest": Case(
            ("run", "mingchu", *RUN[2:], "-p", "4", "--set", "cards.门客.鲁班传.count=2"), "nearest: 鲁班传人"
        ),
        # a card list for a whole deck merges into it by id, as a variant's layer does
        "cli-set-deck-card-id-typo-nearest": Case(
            (*SET_DECK, "cards.门客=[{id: 鲁班传, count: 2}]"),
            "'cards.门客' = id '鲁班传': the deck it extends has no such card (nearest: 鲁班传人)",
        ),
        "cli-set-deck-add-an-existing-card": Case(
            (*SET_DECK, "cards.门客=[{id: 鲁班传人, add: true}]"), "already holds that card"
        ),
        "cli-set-deck-add-not-true": Case((*SET_DECK, "cards.门客=[{id: 财神, add: 1}]"), "write add: true"),
        "cli-set-deck-a-single-card": Case(
            (*SET_DECK, "cards.门客={id: 财神, add: true}"), "a deck takes a list of cards"
        ),
        "cli-set-deck-added-twice": Case(
            (*SET_DECK, "cards.门客=[{id: 财神, add: true}, {id: 财神, add: true}]"), "duplicate id '财神'"
        ),
        "cli-set-deck-added-card-unknown-effect": Case(
            (*SET_DECK, "cards.门客=[{id: 财神, add: true, ability: [{effect: gain_cions, amount: 3}]}]"),
            "'gain_cions'",
        ),
        "cli-set-deck-added-card-huge-count": Case(
            (*SET_DECK, f"cards.门客=[{{id: 财神, add: true, count: {HUGE}}}]"), "'cards.门客.财神.count'"
        ),
        "cli-set-deck-added-card-id-with-newline": Case(
            (*SET_DECK, 'cards.门客=[{id: "财\\n神", add: true}]'), "control character"
        ),
        "cli-compare-set-b-deck-card-id-typo": Case(
            (
                "compare",
                "mingchu",
                "--set-b",
                "cards.门客=[{id: 鲁班传, count: 2}]",
                *RUN,
                "--out",
                "{t}/out",
            ),
            "nearest: 鲁班传人",
        ),
        "cli-set-game": Case((*TOY_RUN, "--set", "game=brass"), "'game' cannot be overridden"),
        "cli-set-empty-path-segment": Case(
            (*TOY_RUN, "--set", "bonus_squares..points=3"), "empty path segment"
        ),
        "cli-tune-step-nan": Case((*TUNE, "--step", "nan"), "--step"),
        "cli-tune-step-inf": Case((*TUNE, "--step", "inf"), "--step"),
        "cli-tune-range-to-inf": Case(
            ("tune", "toy", "--param", "target", "--range", "10..inf", "--target", "win_share:1=50", *RUN),
            "--range",
        ),
        "cli-tune-range-nan": Case(
            ("tune", "toy", "--param", "target", "--range", "nan..20", "--target", "win_share:1=50", *RUN),
            "--range",
        ),
        "cli-run-error-rate-nan": Case((*TOY_RUN, "--max-error-rate", "nan"), "--max-error-rate"),
        "cli-run-error-rate-inf": Case((*TOY_RUN, "--max-error-rate", "-inf"), "--max-error-rate"),
        "cli-run-until-ci-nan": Case((*TOY_RUN, "--until-ci", "nan"), "--until-ci"),
        "cli-run-until-ci-inf": Case((*TOY_RUN, "--until-ci", "inf"), "--until-ci"),
        "cli-compare-error-rate-nan": Case(
            ("compare", "toy", "--set-b", "target=15", *RUN, "--out", "{t}/out", "--max-error-rate", "nan"),
            "--max-error-rate",
        ),
        "cli-sweep-error-rate-nan": Case(
            ("sweep", "toy", "--param", "target=12,14", *RUN, "--out", "{t}/out", "--max-error-rate", "NaN"),
            "--max-error-rate",
        ),
        "cli-goals-error-rate-nan": Case(
            ("goals", "toy", *RUN, "--out", "{t}/out", "--max-error-rate", "nan"), "--max-error-rate"
        ),
        "cli-study-tolerance-nan": Case((*STUDY, "--tolerance", "nan"), "--tolerance"),
        "cli-study-tolerance-inf": Case((*STUDY, "--tolerance", "inf"), "--tolerance"),
        "cli-study-error-rate-nan": Case((*STUDY, "--max-error-rate", "nan"), "--max-error-rate"),
        "cli-study-cards-comma-split": Case((*STUDY, "--cards", "赌徒,孙,悟空"), "quote"),
        "cli-study-cards-quoted-id": Case((*STUDY, "--cards", '"孙,悟空",赌徒'), "'孙,悟空'"),
        "cli-study-cards-repeated": Case((*STUDY, "--cards", "赌徒", "--cards", "孙悟空"), "孙悟空"),
        "cli-set-nan-where-a-number": Case((*TOY_RUN, "--set", "target=.nan"), "'target'"),
        "cli-set-infinite-rate": Case((*TOY_RUN, "--set", "fail_rate=.inf"), "inf is not a finite number"),
        "cli-set-huge-card-count": Case(
            ("run", "mingchu", *RUN[2:], "-p", "4", "--set", f"cards.门客.赌徒.count={HUGE}"), "too large"
        ),
    }
)

# ---------------------------------------------------------------- card spreadsheets
IMPORT = ("cards", "import", "{t}/cards.csv", "--deck", "门客", "--into", "{t}/variant.yaml")
BIG5_SHEET = "id,count,ability.1.effect,ability.1.amount\r\n賭徒,1,gain_coins,2\r\n驛丞,1,gain_coins,1\r\n馬夫,1,bonus_moves,3\r\n"


def cut_rows(keep: int):
    """The bundled 门客 sheet with only its first ``keep`` card rows."""
    return sheet(lambda text: "\r\n".join(text.splitlines()[: keep + 1]) + "\r\n")


def drop_column(name: str):
    """The bundled 门客 sheet without its column ``name``."""

    def edit(text: str) -> str:
        rows = list(csv.reader(io.StringIO(text, newline="")))
        at = rows[0].index(name)
        out = io.StringIO()
        csv.writer(out, lineterminator="\r\n").writerows([row[:at] + row[at + 1 :] for row in rows])
        return out.getvalue()

    return sheet(edit)


CASES.update(
    {
        "sheet-no-effect-column": Case(
            IMPORT, "row 2 (id 赌徒), column ability.1.effect: empty", drop_column("ability.1.effect")
        ),
        "sheet-big5": Case(IMPORT, "Big5", write("cards.csv", BIG5_SHEET.encode("big5"))),
        "sheet-cut-deck": Case(IMPORT, "needs at least 9", cut_rows(5)),
        "sheet-missing-effect-column": Case(
            IMPORT,
            "column ability.1.effect",
            sheet(lambda text: text.replace("马夫,1,bonus_moves,", "马夫,1,,", 1)),
        ),
        "sheet-id-with-newline": Case(IMPORT, "control character", replace_cell("赌徒,1,", '"赌\n徒",1,')),
    }
)


@pytest.mark.parametrize("name", sorted(CASES))
def test_bad_input_is_refused_in_one_line_and_changes_nothing(name, templates, tmp_path, monkeypatch):  # noqa: F811
    case = CASES[name]
    work = tmp_path / "case"
    work.mkdir()
    monkeypatch.chdir(work)
    if case.setup is not None:
        case.setup(work)
    before = snapshot(work)
    result = CliRunner().invoke(cli, [a.replace("{t}", str(work)) for a in case.args])
    assert_one_line(name, case, result.output, result)
    assert snapshot(work) == before, f"{name} changed files in its folder"


# ---------------------------------------------------------------- what is accepted next to them
def invoke_ok(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_a_card_marked_add_true_joins_the_deck_and_a_later_layer_changes_it_by_id(tmp_path):
    (tmp_path / "added.yaml").write_text(ADD_LUBAN.replace("id: 鲁班传,", "id: 鲁班传, add: true,"), "utf-8")
    (tmp_path / "later.yaml").write_text(
        "game: mingchu\nextends: added.yaml\ncards:\n  门客:\n    - {id: 鲁班传, count: 2}\n", "utf-8"
    )
    base = load_config(ROOT / "configs/mingchu/base.yaml").params.cards.门客
    added = load_config(tmp_path / "added.yaml").params.cards.门客
    later = load_config(tmp_path / "later.yaml").params.cards.门客
    assert [c.id for c in added] == [*(c.id for c in base), "鲁班传"]
    assert added[-1].passive[0].amount == 3 and added[-1].count == 1
    assert later[-1].id == "鲁班传" and later[-1].count == 2 and later[-1].passive[0].amount == 3
    assert "add" not in added[-1].model_dump()


CAISHEN = "{id: 财神, add: true, ability: [{effect: gain_vp, amount: 4}]}"


def test_a_card_added_by_set_is_the_card_a_variant_adds(tmp_path):
    """``--set cards.门客=[{id: 财神, add: true, ...}]`` gives the params and hash of a variant file
    whose entry says the same; the deck keeps its other cards."""
    (tmp_path / "added.yaml").write_text(
        f"game: mingchu\nextends: mingchu/base\ncards:\n  门客:\n    - {CAISHEN}\n", "utf-8"
    )
    base = load_config(ROOT / "configs/mingchu/base.yaml")
    by_set = load_config(base.path, {"cards.门客": f"[{CAISHEN}]"})
    by_file = load_config(tmp_path / "added.yaml")
    assert by_set.params == by_file.params and by_set.config_hash == by_file.config_hash
    assert [c.id for c in by_set.params.cards.门客] == [*(c.id for c in base.params.cards.门客), "财神"]
    assert by_set.params.cards.家族 == base.params.cards.家族


def test_a_card_list_set_for_a_deck_changes_its_cards_by_id():
    base = load_config(ROOT / "configs/mingchu/base.yaml")
    by_list = load_config(base.path, {"cards.门客": "[{id: 鲁班传人, count: 2}, {id: 赌徒, count: 0}]"})
    by_path = load_config(base.path, {"cards.门客.鲁班传人.count": 2, "cards.门客.赌徒.count": 0})
    assert by_list.config_hash == by_path.config_hash != base.config_hash
    assert len(by_list.params.cards.门客) == len(base.params.cards.门客) - 1


def test_sim_run_plays_a_card_added_by_set(tmp_path):
    """The run's variant is the deck with the card added (its hash), and its games play without error."""
    out = tmp_path / "out"
    run = ("run", "mingchu", "-p", "4", "-n", "2", "-j", "1", "--no-progress", "--out", str(out))
    invoke_ok(*run, "--set", f"cards.门客=[{CAISHEN}]")
    (variant,) = json.loads((out / "run.json").read_text("utf-8"))["variants"]
    base = load_config(ROOT / "configs/mingchu/base.yaml")
    assert variant["config_hash"] == load_config(base.path, {"cards.门客": f"[{CAISHEN}]"}).config_hash
    assert variant["config_hash"] != base.config_hash
    assert list(load_run(out).games["error"]) == ["", ""]


def test_every_bundled_config_still_loads():
    for path in sorted((ROOT / "configs").glob("*/*.yaml")):
        invoke_ok("validate", str(path))


def test_cards_import_marks_the_cards_new_to_the_deck(templates, tmp_path):  # noqa: F811
    text = templates["sheet"].read_bytes().decode("utf-8-sig")
    row = next(line for line in text.splitlines() if line.startswith("马夫,"))
    (tmp_path / "cards.csv").write_text(text + row.replace("马夫,", "新马夫,", 1) + "\r\n", "utf-8-sig")
    variant = tmp_path / "variant.yaml"
    invoke_ok("cards", "import", str(tmp_path / "cards.csv"), "--deck", "门客", "--into", str(variant))
    written = yaml.safe_load(variant.read_text("utf-8"))["cards"]["门客"]
    assert [card["id"] for card in written if card.get("add")] == ["新马夫"]
    deck = load_config(variant).params.cards.门客
    assert deck[-1].id == "新马夫" and deck[-1].ability == next(c for c in deck if c.id == "马夫").ability


def test_a_sheet_row_with_count_zero_takes_the_card_out(templates, tmp_path):  # noqa: F811
    replace_cell("赌徒,1,", "赌徒,0,")(tmp_path)
    variant = tmp_path / "variant.yaml"
    invoke_ok("cards", "import", str(tmp_path / "cards.csv"), "--deck", "门客", "--into", str(variant))
    ids = [card.id for card in load_config(variant).params.cards.门客]
    assert "赌徒" not in ids and "马夫" in ids and len(ids) == 23


def test_a_steam_city_with_one_free_neighbour_is_reachable(tmp_path):
    """The walled map loads once its city moves to a hex with a neighbour that can carry track."""
    steam_config(
        "map: walled.yaml\n", WALLED_MAP.replace("{id: Walled, q: 2, r: 2", "{id: Walled, q: 4, r: 4")
    )(tmp_path)
    assert "ok " in invoke_ok("validate", str(tmp_path / "bad.yaml"))


def test_a_few_yaml_aliases_load_and_an_alias_loop_is_refused(tmp_path):
    shared = (
        "game: mingchu\nextends: mingchu/base\ncards:\n  门客:\n"
        "    - {id: 马夫, ability: &moves [{effect: bonus_moves, amount: 2}]}\n"
        "    - {id: 向导, ability: *moves}\n"
    )
    (tmp_path / "shared.yaml").write_text(shared, "utf-8")
    deck = {c.id: c for c in load_config(tmp_path / "shared.yaml").params.cards.门客}
    assert deck["马夫"].ability == deck["向导"].ability and deck["向导"].ability[0].amount == 2
    with pytest.raises(AliasError, match="a loop"):
        load_yaml("a: &x [1, *x]\n")
    total, written = expanded_size(yaml.compose(alias_bomb("d")))
    assert (total, written) == (12_345_679_021, 31)  # 31 values written stand for over 10^10


def test_every_float_option_of_the_command_line_refuses_nan_and_infinities():
    floats = [
        (path, param.name, param.type)
        for path, command in commands(cli, ("sim",))
        for param in command.params
        if isinstance(param.type, click.types.FloatParamType)
    ]
    assert len(floats) >= 8
    assert all(isinstance(kind, FiniteFloat) for _, _, kind in floats), floats
    for bad in ("nan", "inf", "-inf", "NaN"):
        with pytest.raises(click.BadParameter, match="not a finite number"):
            FiniteFloat(0, 1).convert(bad, None, None)
    assert FiniteFloat(0, 1).convert("0.25", None, None) == 0.25
    for bad in ("nan", "inf", "0", "-1", "lots"):  # make demo's --scale
        with pytest.raises(argparse.ArgumentTypeError, match="not a finite number above 0"):
            positive_number(bad)
    assert positive_number("0.5") == 0.5


def commands(group: click.Command, path: tuple[str, ...]):
    """Every command under ``group`` with its path of names."""
    if isinstance(group, click.Group):
        for name, command in group.commands.items():
            yield from commands(command, (*path, name))
    else:
        yield " ".join(path), group


@pytest.mark.parametrize(
    ("values", "ids"),
    [
        (("赌徒,马夫",), ["赌徒", "马夫"]),
        (('"甲,乙",马夫',), ["甲,乙", "马夫"]),
        (("赌徒", " 马夫 , 牙人"), ["赌徒", "马夫", "牙人"]),
        ((), []),
    ],
)
def test_cards_ids_split_on_commas_outside_quotes_over_repeated_options(values, ids):
    assert parse_card_list(values) == ids
