"""expert's plans kept beside the autosave: a resumed game goes on with the plan its expert chose,
instead of thinking again for seconds and saying so a second time. The plan is the same either
way (chosen by seed and kingdom), so this only saves the wait; the saved answers replay the
game, never this file. A plan is kept under the code that chose it (a fingerprint of the game's
and the cards' source): after an update, expert thinks again, as a new game with that seed would."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict
from functools import cache
from pathlib import Path
from typing import Any

import cards

from .bots.candidate_plans import Strategy
from .bots.plans import Plan
from .save import autosave_path, replace_text

KEEP = 32  # plans kept: the newest, enough for every game the data folder holds
NAME = "expert-plans.cache"


@cache
def fingerprint() -> str:
    """The game's and the cards' source, hashed: a plan is reused only by the code that chose it
    (the bots play the rules and the cards in their simulated games too)."""
    h = hashlib.sha256()
    for package in (Path(__file__).parent, Path(cards.__file__).parent):
        for path in sorted(package.rglob("*.py")):
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def cache_path() -> Path:
    return autosave_path().parent / NAME


def key_text(key: tuple) -> str:
    return json.dumps([fingerprint(), *[list(k) if isinstance(k, tuple) else k for k in key]])


def encode(s: Strategy) -> dict[str, Any]:
    return asdict(s)


def decode(raw: Any) -> Strategy | None:
    """The plan written by `encode`, or None for anything else (a file from another version)."""
    try:
        named = raw["cards"]
        return Strategy(
            plan=Plan(**raw["plan"]),
            cards=None if named is None else tuple((str(n), int(c)) for n, c in named),
            label=str(raw["label"]),
            engine=bool(raw["engine"]),
            draws=bool(raw["draws"]),
            spare=tuple(str(n) for n in raw["spare"]),
        )
    except (KeyError, TypeError, ValueError):
        return None


def _read(path: Path) -> list[list[Any]]:
    try:
        rows = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [r for r in rows if isinstance(r, list) and len(r) == 2] if isinstance(rows, list) else []


def recall(key: tuple, path: Path | None = None) -> Strategy | None:
    """The plan kept for this expert's key (Expert.cache_key), if any."""
    text = key_text(key)
    for k, raw in _read(path or cache_path()):
        if k == text:
            return decode(raw)
    return None


def keep(key: tuple, s: Strategy, path: Path | None = None) -> None:
    """Keep the plan, the newest KEEP only, written atomically; a folder that cannot be written
    only means thinking again on resume."""
    path = path or cache_path()
    text = key_text(key)
    rows = [r for r in _read(path) if r[0] != text][-(KEEP - 1) :] + [[text, encode(s)]]
    try:
        if path.parent.is_dir():
            replace_text(path, json.dumps(rows))
    except OSError:
        pass
