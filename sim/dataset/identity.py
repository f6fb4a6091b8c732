"""A run's id from what fixes its games (seed, bots, player counts, each variant's rules and code):
the runner names a run by it, and a reader recomputes it from ``run.json`` to tell a hand-edited
``run.json`` (say its ``root_seed``) from the run its chunks were played by."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from typing import Any

VariantIdentity = tuple[str, str, str, str, str]
"""(label, game, config hash, rules version, code fingerprint) of one variant."""


def run_id_of(
    seed: int,
    bots: Sequence[str],
    player_counts: Sequence[int],
    variants: Sequence[VariantIdentity],
    replays: int = 1,
) -> str:
    """The 12-hex-digit id of a run; independent of the number of games (so a run can grow)."""
    identity: dict[str, Any] = {
        "seed": seed,
        "bots": list(bots),
        "players": list(player_counts),
        "variants": [list(v) for v in variants],
    }
    if replays != 1:  # a run without replays keeps the id it always had
        identity["replays"] = replays
    text = json.dumps(identity, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def run_id_from_meta(meta: Mapping[str, Any]) -> str | None:
    """The run id that ``run.json``'s facts give (None when it lacks one of them)."""
    try:
        games = meta["games"]
        variants = [
            (
                v["label"],
                v["game"],
                v["config_hash"],
                v["rules_version"],
                games[v["game"]]["code_fingerprint"],
            )
            for v in meta["variants"]
        ]
        return run_id_of(
            meta["root_seed"], meta["bots"], meta["player_counts"], variants, meta.get("replays", 1)
        )
    except (KeyError, TypeError, ValueError):
        return None
