"""Saving and resuming: a game is its setup plus the sequence of answers.

A save the player names is one JSON object (version 1), written atomically (a temporary file,
then os.replace). The autosave (version 2) is a header line, then one JSON line per answer: it is
written that way once, then each answer is appended and synced, so its cost stays the same at
turn 1000 as at turn 1, and a killed process or a closed terminal never loses more than the
answer being typed (a cut-short last line is that answer, and is left out on reading). A save is
read only as a regular file of sane size, and every field is checked before the game announces
or replays anything: a damaged or hostile file gets one line and is left as it was.
"""
from __future__ import annotations

import errno
import json
import os
import stat
import sys
import tempfile
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable

from .core.decisions import Decision, TurnAction
from .core.game import Config, SetupError
from .core.model import ACTION, DURATION
from .tips import parse_state

FORMAT = "dominion-tui save"
VERSION = 1  # a named save: one JSON object
JOURNAL = 2  # the autosave: a header line, then a line per answer
TMP_PREFIX = ".save-"
MAX_BYTES = 20_000_000  # a real game is far smaller; a bigger file is not a save
MAX_ANSWERS = 50_000  # a six-player game of 100 rounds is under 20,000
MAX_NAME = 100  # a card name in an answer
MAX_COUNT = 10_000
MOUSE = "Way of the Mouse"
VERBS = ("play", "buy", "end", "villager", "coffers")


class SaveError(Exception):
    """A save file that cannot be used; the message is one line for the player."""


@dataclass
class SaveData:
    config: Config
    answers: list[Any] = field(default_factory=list)
    computers: list[str] = field(default_factory=list)
    levels: dict[str, str] = field(default_factory=dict)  # computer name -> level; absent: normal
    tips: dict[str, Any] | None = None  # Tips.state(): on or off, and those given; absent: off

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "version": VERSION, "config": asdict(self.config),
                           "computers": self.computers, "levels": self.levels, **self.tips_field(),
                           "answers": [encode(a) for a in self.answers]})

    def to_lines(self) -> str:
        head = json.dumps({"format": FORMAT, "version": JOURNAL, "config": asdict(self.config),
                           "computers": self.computers, "levels": self.levels, **self.tips_field()})
        return head + "\n" + answer_lines(self.answers)

    def tips_field(self) -> dict[str, Any]:
        return {} if self.tips is None else {"tips": self.tips}


def answer_lines(answers: list[Any]) -> str:
    return "".join(json.dumps(encode(a)) + "\n" for a in answers)


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


# ---------------------------------------------------------------- writing
def reason(e: OSError, folder: Path) -> str:
    """Why a file could not be written in `folder`, as a short clause for the player."""
    code = e.errno
    nearest = next((p for p in [folder, *folder.parents] if p.exists()), folder)  # what blocks it
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return "the disk is full"
    if code == errno.EROFS:
        return f"{nearest} is on a read-only disk"
    if code in (errno.EACCES, errno.EPERM):
        return f"no permission to write in {nearest}"
    if code in (errno.ENOTDIR, errno.EEXIST):
        return f"{nearest} is a file, not a folder"
    if code == errno.ENOENT and folder.is_dir():
        return f"the folder {folder} does not accept new files"
    if code == errno.ENOENT:
        return f"the folder {folder} does not exist"
    return (e.strerror or str(e)).lower()


def write(path: Path, data: SaveData, make_folder: bool = False, lines: bool = False) -> None:
    """Write atomically; a SaveError says why not in one clause. Only the autosave makes its folder:
    a folder the player named and mistyped must not appear silently. `lines`: the autosave's format."""
    folder = path.parent
    try:
        if make_folder:
            folder.mkdir(parents=True, exist_ok=True)
        if path.is_dir():
            raise SaveError(f"{path} is a folder")
        if path.exists() and not path.is_file():
            raise SaveError(f"{path} is not a regular file")  # never replace a device or a pipe
        if not folder.is_dir():
            raise SaveError(reason(OSError(errno.ENOTDIR if folder.exists() else errno.ENOENT, ""), folder))
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=TMP_PREFIX, suffix=".tmp")
    except OSError as e:
        raise SaveError(reason(e, folder)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data.to_lines() if lines else data.to_json())
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(e, OSError):
            raise SaveError(reason(e, folder)) from None
        raise


def append(path: Path, answers: list[Any]) -> None:
    """Add answers to an autosave and sync them; FileNotFoundError if it is gone (write it anew)."""
    try:  # non-blocking and checked: a pipe or a device put in its place is never written to
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise
    except OSError as e:
        raise SaveError(reason(e, path.parent)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise SaveError(f"{path} is not a regular file")
        blob = answer_lines(answers).encode("utf-8")
        while blob:
            blob = blob[os.write(fd, blob):]
        os.fsync(fd)
    except OSError as e:
        raise SaveError(reason(e, path.parent)) from None
    finally:
        os.close(fd)


class Autosave:
    """The autosave of one game: written whole once, then only the new answers are appended.
    After an undo, a failure or a file that went missing, it is written whole again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count: int | None = None  # answers known to be in the file; None: write it anew
        self.last: Any = None  # the last of them: an undo then a different answer is a new file

    def write(self, data: SaveData) -> None:
        answers, known = data.answers, self.count
        self.count = None  # until this write is known to be whole
        if known is not None and known <= len(answers) and (not known or answers[known - 1] == self.last):
            try:
                if len(answers) > known:
                    append(self.path, answers[known:])
            except FileNotFoundError:
                write(self.path, data, make_folder=True, lines=True)
        else:
            write(self.path, data, make_folder=True, lines=True)
        self.count, self.last = len(answers), answers[-1] if answers else None


def clean_stray(folder: Path, older_than: float = 60) -> None:
    """Remove temporary files a killed game left beside its autosave (not one being written now)."""
    try:
        for tmp in folder.glob(TMP_PREFIX + "*.tmp"):
            if time.time() - tmp.stat().st_mtime > older_than:
                tmp.unlink()
    except OSError:
        pass  # a folder we cannot tidy is not worth a word; autosave will say if it cannot write


# ---------------------------------------------------------------- reading
def read(path: Path) -> SaveData:
    """Load and check a save before anything is announced; a SaveError is one line for the player.
    The file is only read: a refused save is left exactly as it was."""
    try:  # non-blocking, so that a named pipe cannot hang the game before it is refused
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(f"No saved game at {path}.") from None
    except OSError as e:
        raise SaveError(f"{path} cannot be read: {(e.strerror or str(e)).lower()}.") from None
    with os.fdopen(fd, "rb") as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path} is not a save file: it is not a regular file.")
        blob = f.read(MAX_BYTES + 1) if st.st_size <= MAX_BYTES else b""
        if st.st_size > MAX_BYTES or len(blob) > MAX_BYTES:
            raise SaveError(f"{path} is not a save file: it is over {MAX_BYTES // 1_000_000} MB.")
    try:
        raw = decode_text(blob.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{path} is not a save file: it is not text.") from None
    except (ValueError, RecursionError) as e:
        why = ("it is nested too deeply" if isinstance(e, RecursionError) else "it is cut short or not JSON"
               if isinstance(e, json.JSONDecodeError) else str(e) if isinstance(e, Damaged)
               else "a number in it is too long")
        raise SaveError(f"{path} is not a readable save file: {why}.") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{path} is not a dominion-tui save file.")
    if raw.get("version") not in (VERSION, JOURNAL):
        raise SaveError(f"{path} was saved by another version of dominion-tui.")
    from .setup import database  # the cards: not needed to start, only to read a save
    try:
        return parse(raw, database())
    except Damaged as e:
        why = "".join(ch for ch in str(e) if ch.isprintable())  # names in it may be hostile
        raise SaveError(f"{path} is damaged and cannot be resumed. {why[:1].upper()}{why[1:]}.") from None


def decode_text(text: str) -> Any:
    """A named save's object, or an autosave's lines gathered into the same shape. A last line
    cut short (the process killed while appending) is the answer being typed: it is left out."""
    first, newline, rest = text.partition("\n")
    head = None
    if newline:  # a named save is one line: read once, below
        try:
            head = json.loads(first, parse_constant=_no_constant)
        except ValueError:
            pass
    if not (newline and isinstance(head, dict) and head.get("version") == JOURNAL):
        return json.loads(text, parse_constant=_no_constant)
    need("answers" not in head, "the save has an unknown field")
    lines = rest.split("\n")
    lines.pop()  # after the last newline: empty, or an answer cut short
    need(len(lines) <= MAX_ANSWERS, f"the answers are not a list of at most {MAX_ANSWERS:,}")
    seen: dict[str, Any] = {}  # a game repeats a few dozen answers: each distinct line is read once
    answers = []
    for line in lines:
        value = seen.get(line, seen)
        if value is seen:
            value = seen[line] = json.loads(line, parse_constant=_no_constant)
        answers.append(value)
    return {**head, "answers": answers}


class Damaged(ValueError):
    """What is wrong with a save, for the one line that refuses it."""


def _no_constant(name: str) -> Any:
    raise Damaged(f"{name} is not a number")


def need(ok: bool, what: str) -> None:
    if not ok:
        raise Damaged(what)


def _keys(obj: Any, what: str, required: set[str], optional: set[str] = set()) -> dict[str, Any]:
    need(isinstance(obj, dict), f"{what} is not an object")
    missing, extra = required - obj.keys(), obj.keys() - required - optional
    need(not missing, f"{what} has no {', '.join(sorted(missing))}")
    need(not extra, f"{what} has an unknown field")
    return obj


def _int(value: Any, what: str, low: int, high: int) -> int:
    need(isinstance(value, int) and not isinstance(value, bool), f"{what} is not a whole number")
    need(low <= value <= high, f"{what} is out of range")
    return value


def _strings(value: Any, what: str) -> list[str]:
    need(isinstance(value, list) and all(isinstance(v, str) for v in value), f"{what} is not a list of names")
    return value


def parse(raw: dict[str, Any], db: Any) -> SaveData:
    """Check every field, type and bound of a save; the setup as a new game's is checked."""
    from .setup import MAX_SEED, check_config
    _keys(raw, "the save", {"format", "version", "config", "answers"}, {"computers", "levels", "tips"})
    c = _keys(raw["config"], "the setup", {"players", "kingdom", "landscapes", "seed"}, {"mouse"})
    mouse = c.get("mouse")
    need(mouse is None or isinstance(mouse, str), f"the {MOUSE} card is not a name")
    config = Config(_strings(c["players"], "the player list"), _strings(c["kingdom"], "the kingdom list"),
                    _strings(c["landscapes"], "the landscape list"), _int(c["seed"], "the seed", -MAX_SEED, MAX_SEED),
                    mouse)
    try:
        check_config(config, db)
    except SetupError as e:
        raise Damaged(str(e).rstrip(".")) from None  # the setup a new game would refuse
    if mouse is not None:
        d = db.defs.get(mouse)
        need(MOUSE in config.landscapes, f"a card is set aside without {MOUSE}")
        need(d is not None and d.kind == "kingdom" and d.is_(ACTION) and not d.is_(DURATION)
             and d.cost in (2, 3) and mouse not in config.kingdom,
             f"the {MOUSE} card is not an unused non-Duration Action costing 2 or 3")
    computers = _strings(raw.get("computers", []), "the computer player list")
    need(len(set(computers)) == len(computers) and set(computers) <= set(config.players),
         "the computer players are not among the players")
    levels = _levels(raw.get("levels", {}), computers)
    answers = raw["answers"]
    need(isinstance(answers, list) and len(answers) <= MAX_ANSWERS,
         f"the answers are not a list of at most {MAX_ANSWERS:,}")
    tips = raw.get("tips")
    need(tips is None or parse_state(tips) is not None, "the tips setting is not on or off with the tips given")
    return SaveData(config, decode_all(answers), computers, levels, tips=tips)


def _levels(value: Any, computers: list[str]) -> dict[str, str]:
    """Each computer player's level; a save from before levels were kept has none: normal."""
    from .players import LEVELS  # only here: the game's start need not wait for the players
    need(isinstance(value, dict) and set(value) <= set(computers),
         "the computer levels are not for computer players")
    need(all(v in LEVELS for v in value.values()), "a computer level is unknown")
    return dict(value)


def decode_all(answers: list[Any]) -> list[Any]:
    """Each answer checked and decoded; an answer read once from an autosave line that recurs is
    checked once (moves are immutable and shared; lists of picks are copied)."""
    done: dict[int, Any] = {}
    out = []
    for a in answers:
        value = done.get(id(a), done)
        if value is done:
            value = done[id(a)] = decode(a)
        out.append(list(value) if isinstance(value, list) else value)
    return out


def decode(raw: Any) -> Any:
    if isinstance(raw, dict):
        a = _keys(raw, "an answer", {"verb"}, {"name", "n"})
        need(a["verb"] in VERBS, "an answer has an unknown move")
        name = a.get("name")
        need(name is None or (isinstance(name, str) and len(name) <= MAX_NAME), "an answer names no card")
        return TurnAction(a["verb"], name, _int(a.get("n", 1), "an answer's count", 0, MAX_COUNT))
    need(isinstance(raw, list) and len(raw) <= MAX_COUNT, "an answer is neither a move nor a list of picks")
    return [_int(i, "an answer's pick", 0, MAX_COUNT) for i in raw]


def fits(game: Any, d: Decision, ans: Any) -> bool:
    """Could this recorded answer have been given to this question?"""
    if d.kind == "turn":
        return isinstance(ans, TurnAction) and game.allowed(d.player, ans)
    return (isinstance(ans, list) and d.min <= len(ans) <= max(d.max, d.min)
            and len(set(ans)) == len(ans) and all(0 <= i < len(d.options) for i in ans))


class ReplayDecider:
    """Feeds recorded answers back into a new game, then hands over to the live deciders.

    The replay lasts until the first live question, so what the last recorded answer led to
    (a new hand drawn, say) stays as silent as the rest: it was told before."""

    def __init__(self, answers: list[Any], live: dict[int, Any],
                 on_live: Callable[[], None] | None = None,
                 near_end: tuple[int, Callable[[int], None]] | None = None) -> None:
        self.queue = deque(answers)
        self.ends = sum(1 for a in answers if isinstance(a, TurnAction) and a.verb == "end")
        self.live = live
        self.replaying = bool(self.queue)
        self.on_live = on_live  # called once, when the replay has fitted to its end
        # (ends, hook): the hook is called once, with how many answers were replayed, as soon
        # as at most `ends` of the answers left end a phase (the last turn or two)
        self.near_end = near_end

    def decide(self, game: Any, d: Decision) -> Any:
        if self.near_end is not None and self.ends <= self.near_end[0]:
            hook, self.near_end = self.near_end[1], None
            hook(len(game.answers))
        if self.queue:
            ans = self.queue.popleft()
            if isinstance(ans, TurnAction) and ans.verb == "end":
                self.ends -= 1
            if not fits(game, d, ans):
                raise SaveError("The saved answers do not fit this game; the save is damaged "
                                "or from another version.")
            return ans
        if self.replaying:
            self.replaying = False
            if self.on_live:
                self.on_live()
        return self.live[d.player.index].decide(game, d)

    def ends_left(self) -> int:
        """How many recorded answers still to come end a phase: every turn ends with one."""
        return self.ends
