"""Saving and resuming: a game is its setup plus the sequence of answers.

Saves are JSON, written atomically (a temporary file, then os.replace) after every answer, so
a killed process or a closed terminal never loses more than the answer being typed.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Config

FORMAT = "dominion-tui save"
VERSION = 1


class SaveError(Exception):
    """A save file that cannot be used; the message is one line for the player."""


@dataclass
class SaveData:
    config: Config
    answers: list[Any] = field(default_factory=list)
    computers: list[str] = field(default_factory=list)

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "config": asdict(self.config),
                           "computers": self.computers,
                           "answers": [encode(a) for a in self.answers]})


def data_dir() -> Path:
    """The user's data directory for this game, by platform convention."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "dominion-tui"


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def encode(answer: Any) -> Any:
    if isinstance(answer, TurnAction):
        return {"verb": answer.verb, "name": answer.name, "n": answer.n}
    return list(answer)


def decode(raw: Any) -> Any:
    if isinstance(raw, dict):
        return TurnAction(str(raw["verb"]), raw.get("name"), int(raw.get("n", 1)))
    if isinstance(raw, list) and all(isinstance(i, int) for i in raw):
        return raw
    raise ValueError("bad answer")


def write(path: Path, data: SaveData) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".save-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data.to_json())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def read(path: Path) -> SaveData:
    """Load a save; a missing, damaged or foreign file gets a SaveError and is left untouched."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SaveError(f"No saved game at {path}.")
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise SaveError(f"{path} is not a readable save file ({type(e).__name__}).")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{path} is not a dominion-tui save file.")
    if raw.get("version") != VERSION:
        raise SaveError(f"{path} was saved by another version of dominion-tui.")
    try:
        c = raw["config"]
        config = Config([str(p) for p in c["players"]], [str(k) for k in c["kingdom"]],
                        [str(x) for x in c["landscapes"]], int(c["seed"]), c.get("mouse"))
        answers = [decode(a) for a in raw["answers"]]
        computers = [str(n) for n in raw.get("computers", [])]
    except (KeyError, TypeError, ValueError):
        raise SaveError(f"{path} is damaged and cannot be resumed.")
    return SaveData(config, answers, computers)


def fits(game: Any, d: Decision, ans: Any) -> bool:
    """Could this recorded answer have been given to this question?"""
    if d.kind == "turn":
        return isinstance(ans, TurnAction) and game.why_not(d.player, ans) is None
    return (isinstance(ans, list) and d.min <= len(ans) <= max(d.max, d.min)
            and len(set(ans)) == len(ans) and all(0 <= i < len(d.options) for i in ans))


class ReplayDecider:
    """Feeds recorded answers back into a new game, then hands over to the live deciders."""

    def __init__(self, answers: list[Any], live: dict[int, Any]) -> None:
        self.queue = list(answers)
        self.live = live

    @property
    def replaying(self) -> bool:
        return bool(self.queue)

    def decide(self, game: Any, d: Decision) -> Any:
        if self.queue:
            ans = self.queue.pop(0)
            if not fits(game, d, ans):
                raise SaveError("The saved answers do not fit this game; the save is damaged "
                                "or from another version.")
            return ans
        return self.live[d.player.index].decide(game, d)
