"""Saving and resuming: a game is its setup plus the sequence of answers.

A save the player names is one JSON object (version 1), written atomically (a temporary file,
then os.replace). The autosave (version 2) is a header line, then one JSON line per answer: it is
written that way once, then each answer is appended and synced, so its cost stays the same at
turn 1000 as at turn 1, and a killed process or a closed terminal never loses more than the
answer being typed (a cut-short last line is that answer, and is left out on reading). An undo
is appended too, as it is made (`{"undo": N}`: the first N answers stand), and so is a digest of
the game's state with each batch of answers (`{"state": ..., "at": N, "turn": [player, number]}`),
checked on resume: a save edited into a different game is said, not silently played. A save is
read only as a regular file of sane size, and every field is checked before the game announces
or replays anything: a damaged or hostile file gets one line and is left as it was.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.game import Config, SetupError
from .core.model import ACTION, DURATION
from .files import Claim, make_private_dir, open_private
from .tips import parse_state

FORMAT = "dominion-tui save"
VERSION = 1  # a named save: one JSON object
JOURNAL = 3  # the autosave: a header line, then a line per answer, undo and state digest
JOURNALS = (2, JOURNAL)  # version 2 had no undo or digest lines
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
    check: Check | None = None  # the state after some of the answers, to check on resume
    tips: dict[str, Any] | None = None  # Tips.state(): on or off, and those given; absent: off

    def to_json(self) -> str:
        raw = {
            "format": FORMAT,
            "version": VERSION,
            "config": asdict(self.config),
            "computers": self.computers,
            "levels": self.levels,
            **self.tips_field(),
            "answers": [encode(a) for a in self.answers],
        }
        if self.check is not None:
            raw["check"] = self.check.raw()
        return json.dumps(raw)

    def to_lines(self) -> str:
        head = json.dumps(
            {
                "format": FORMAT,
                "version": JOURNAL,
                "config": asdict(self.config),
                "computers": self.computers,
                "levels": self.levels,
                **self.tips_field(),
            }
        )
        return head + "\n" + answer_lines(self.answers) + check_line(self.check)

    def tips_field(self) -> dict[str, Any]:
        return {} if self.tips is None else {"tips": self.tips}


@dataclass(frozen=True)
class Check:
    """The game's state when the question after `at` answers was asked, as a digest, and whose
    turn it was (player index, that player's turn number): what `--resume` lists a game by."""

    at: int
    state: str
    turn: tuple[int, int]

    def raw(self) -> dict[str, Any]:
        return {"state": self.state, "at": self.at, "turn": list(self.turn)}


def state_digest(game: Any) -> str:
    """The whole state as a short digest: two games in the same state have the same digest. The
    question being asked and the answers are left out: only what the answers led to counts."""
    snap = game.snapshot()
    snap.pop("waiting", None)
    snap.pop("answers", None)
    return hashlib.sha256(repr(snap).encode("utf-8")).hexdigest()[:24]


def check_line(check: Check | None) -> str:
    return "" if check is None else json.dumps(check.raw()) + "\n"


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


OWN_NAME = re.compile(r"(autosave|previous)(-[0-9]+)?\.json")  # the games the data folder keeps


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
            make_private_dir(folder)
        if path.is_dir():
            raise SaveError(f"{path} is a folder")
        if path.exists() and not path.is_file():
            raise SaveError(f"{path} is not a regular file")  # never replace a device or a pipe
        if not folder.is_dir():
            raise SaveError(reason(OSError(errno.ENOTDIR if folder.exists() else errno.ENOENT, ""), folder))
        replace_text(path, data.to_lines() if lines else data.to_json())
    except OSError as e:
        raise SaveError(reason(e, folder)) from None


def replace_text(path: Path, text: str) -> None:
    """Put `text` in place of `path` whole or not at all: written to a temporary file beside it
    (tidied by clean_stray if the game is killed meanwhile), then renamed over it."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TMP_PREFIX, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class Gone(Exception):
    """The autosave is not the file this game wrote (removed, or a link or another file put in its
    place): it is written anew, the link replaced, never followed."""


def identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def append(path: Path, text: str, known: tuple[int, int] | None = None) -> tuple[int, int]:
    """Add lines to an autosave and sync them; Gone if it is not the file last written (`known`)."""
    try:  # non-blocking and checked: a pipe or a device put in its place is never written to
        fd = open_private(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise Gone from None
    except OSError as e:
        if e.errno == errno.ELOOP and os.path.islink(path):
            raise Gone from None
        raise SaveError(reason(e, path.parent)) from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise SaveError(f"{path} is not a regular file")
        if known is not None and identity(st) != known:
            raise Gone
        blob = text.encode("utf-8")
        while blob:
            blob = blob[os.write(fd, blob) :]
        os.fsync(fd)
        return identity(st)
    except OSError as e:
        raise SaveError(reason(e, path.parent)) from None
    finally:
        os.close(fd)


class Autosave:
    """The autosave of one game: written whole once, then only the new answers (and undos) are
    appended. After a failure or a file that went missing, it is written whole again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count: int | None = None  # answers known to be in the file; None: write it anew
        self.last: Any = None  # the last of them: an undo then a different answer is a new file
        self.file: tuple[int, int] | None = None  # the file written: another in its place is not ours

    def write(self, data: SaveData) -> None:
        answers, known = data.answers, self.count
        self.count = None  # until this write is known to be whole
        if known is not None and known <= len(answers) and (not known or answers[known - 1] == self.last):
            if len(answers) > known or data.check is not None:
                self.add(answer_lines(answers[known:]) + check_line(data.check), data)
        else:
            self.anew(data)
        self.count, self.last = len(answers), answers[-1] if answers else None

    def undo(self, data: SaveData) -> None:
        """The answers were taken back to `data.answers`: say so in the file at once, so that a
        kill before the next answer does not bring them back."""
        keep, known = len(data.answers), self.count
        self.count = None
        if known is not None and keep <= known:
            self.add(json.dumps({"undo": keep}) + "\n", data)
        else:
            self.anew(data)
        self.count, self.last = keep, data.answers[-1] if data.answers else None

    def add(self, text: str, data: SaveData) -> None:
        try:
            self.file = append(self.path, text, self.file)
        except Gone:
            self.anew(data)

    def anew(self, data: SaveData) -> None:
        write(self.path, data, make_folder=True, lines=True)
        try:
            self.file = identity(os.lstat(self.path))
        except OSError:
            self.file = None

    def owns_file(self) -> bool:
        """Is the file at the path still the one this game wrote? Only then may it go."""
        try:
            return self.file is not None and identity(os.lstat(self.path)) == self.file
        except OSError:
            return False


def clean_stray(folder: Path, older_than: float = 60) -> None:
    """Remove temporary files a killed game left beside its autosave (not one being written now),
    and lock files no running game holds."""
    try:
        for tmp in folder.glob(TMP_PREFIX + "*.tmp"):
            if time.time() - tmp.stat().st_mtime > older_than:
                tmp.unlink()
        for lock in folder.glob("*.json.lock"):
            journal = lock.with_name(lock.name[: -len(".lock")])
            if not journal.exists():
                Claim.held(journal)  # taking and dropping a free claim removes its file
    except OSError:
        pass  # a folder we cannot tidy is not worth a word; autosave will say if it cannot write


# ---------------------------------------------------------------- reading
def is_save_file(path: Path) -> bool:
    """Does this file begin as a save of this game? `save FILE` replaces nothing else."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        head = os.read(fd, 4096)
    except OSError:
        return False
    finally:
        os.close(fd)
    return head.startswith(b"{") and json.dumps({"format": FORMAT}).encode()[1:-1] in head.split(b"\n")[0]


def read(path: Path) -> SaveData:
    """Load and check a save before anything is announced; a SaveError is one line for the player.
    The file is only read: a refused save is left exactly as it was."""
    try:  # non-blocking, so that a named pipe cannot hang the game before it is refused
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise SaveError(f"No saved game at {path}.") from None
    except OSError as e:
        if os.path.isdir(path):  # Windows: a folder cannot even be opened
            raise SaveError(f"{path} is a folder, not a save file.") from None
        raise SaveError(f"{path} cannot be read: {(e.strerror or str(e)).lower()}.") from None
    if stat.S_ISDIR(os.fstat(fd).st_mode):  # os.fdopen would refuse it with a traceback
        os.close(fd)
        raise SaveError(f"{path} is a folder, not a save file.")
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
        why = (
            "it is nested too deeply"
            if isinstance(e, RecursionError)
            else "it is cut short or not JSON"
            if isinstance(e, json.JSONDecodeError)
            else str(e)
            if isinstance(e, Damaged)
            else "a number in it is too long"
        )
        raise SaveError(f"{path} is not a readable save file: {why}.") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError(f"{path} is not a dominion-tui save file.")
    if raw.get("version") not in (VERSION, *JOURNALS):
        raise SaveError(f"{path} was saved by another version of dominion-tui.")
    from .setup import database  # the cards: not needed to start, only to read a save

    try:
        return parse(raw, database())
    except Damaged as e:
        why = "".join(ch for ch in str(e) if ch.isprintable())  # names in it may be hostile
        raise SaveError(f"{path} is damaged and cannot be resumed. {why[:1].upper()}{why[1:]}.") from None


def decode_text(text: str) -> Any:
    """A named save's object, or an autosave's lines gathered into the same shape. A last line
    cut short (the process killed while appending) is the answer being typed: it is left out.
    Undo lines take answers back; the last state digest that still stands is kept as "check"."""
    first, newline, rest = text.partition("\n")
    head = None
    if newline:  # a named save is one line: read once, below
        try:
            head = json.loads(first, parse_constant=_no_constant)
        except ValueError:
            pass
    if not (newline and isinstance(head, dict) and head.get("version") in JOURNALS):
        return json.loads(text, parse_constant=_no_constant)
    need("answers" not in head and "check" not in head, "the save has an unknown field")
    lines = rest.split("\n")
    lines.pop()  # after the last newline: empty, or an answer cut short
    need(len(lines) <= 3 * MAX_ANSWERS, f"the answers are not a list of at most {MAX_ANSWERS:,}")
    seen: dict[str, Any] = {}  # a game repeats a few dozen answers: each distinct line is read once
    answers: list[Any] = []
    digest = None  # the last state digest's line: only the one that stands is read (resume stays fast)
    records = head["version"] != 2
    for line in lines:
        if records and line.startswith('{"state"'):
            digest = line
            continue
        value = seen.get(line, seen)
        if value is seen:
            value = seen[line] = json.loads(line, parse_constant=_no_constant)
        if records and isinstance(value, dict) and "undo" in value:
            keep = _int(_keys(value, "an undo", {"undo"})["undo"], "an undo", 0, len(answers))
            if digest is not None and _digest(digest, len(answers))["at"] > keep:
                digest = None  # the state it gave was taken back
            del answers[keep:]
        else:
            answers.append(value)
    check = None if digest is None else _digest(digest, len(answers))
    return {**head, "answers": answers, **({"check": check} if check else {})}


def _digest(line: str, answers: int) -> dict[str, Any]:
    """A state digest line, for a save that holds `answers` answers (its fields are checked in parse)."""
    c = _keys(json.loads(line, parse_constant=_no_constant), "a state digest", {"state", "at", "turn"})
    need(isinstance(c["at"], int) and 0 <= c["at"] <= answers, "a state digest is for answers the save does not have")
    return c


class Damaged(ValueError):
    """What is wrong with a save, for the one line that refuses it."""


def _no_constant(name: str) -> Any:
    raise Damaged(f"{name} is not a number")


def need(ok: bool, what: str) -> None:
    if not ok:
        raise Damaged(what)


def _keys(obj: Any, what: str, required: set[str], optional: set[str] | frozenset[str] = frozenset()) -> dict[str, Any]:
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

    _keys(raw, "the save", {"format", "version", "config", "answers"}, {"computers", "levels", "check", "tips"})
    c = _keys(raw["config"], "the setup", {"players", "kingdom", "landscapes", "seed"}, {"mouse"})
    mouse = c.get("mouse")
    need(mouse is None or isinstance(mouse, str), f"the {MOUSE} card is not a name")
    config = Config(
        _strings(c["players"], "the player list"),
        _strings(c["kingdom"], "the kingdom list"),
        _strings(c["landscapes"], "the landscape list"),
        _int(c["seed"], "the seed", -MAX_SEED, MAX_SEED),
        mouse,
    )
    try:
        check_config(config, db)
    except SetupError as e:
        raise Damaged(str(e).rstrip(".")) from None  # the setup a new game would refuse
    if mouse is not None:
        d = db.defs.get(mouse)
        need(MOUSE in config.landscapes, f"a card is set aside without {MOUSE}")
        need(
            d is not None
            and d.kind == "kingdom"
            and d.is_(ACTION)
            and not d.is_(DURATION)
            and d.cost in (2, 3)
            and mouse not in config.kingdom,
            f"the {MOUSE} card is not an unused non-Duration Action costing 2 or 3",
        )
    computers = _strings(raw.get("computers", []), "the computer player list")
    need(
        len(set(computers)) == len(computers) and set(computers) <= set(config.players),
        "the computer players are not among the players",
    )
    levels = _levels(raw.get("levels", {}), computers)
    answers = raw["answers"]
    need(
        isinstance(answers, list) and len(answers) <= MAX_ANSWERS,
        f"the answers are not a list of at most {MAX_ANSWERS:,}",
    )
    tips = raw.get("tips")
    need(tips is None or parse_state(tips) is not None, "the tips setting is not on or off with the tips given")
    return SaveData(
        config, decode_all(answers), computers, levels, _check(raw.get("check"), config, len(answers)), tips=tips
    )


def _check(value: Any, config: Config, answers: int) -> Check | None:
    """A state digest, checked like every other field."""
    if value is None:
        return None
    c = _keys(value, "a state digest", {"state", "at", "turn"})
    state, turn = c["state"], c["turn"]
    need(
        isinstance(state, str) and len(state) <= 64 and all(ch in "0123456789abcdef" for ch in state),
        "a state digest is not a digest",
    )
    need(isinstance(turn, list) and len(turn) == 2, "a state digest's turn is not a player and a number")
    return Check(
        _int(c["at"], "a state digest's place", 0, answers),
        state,
        (
            _int(turn[0], "a state digest's player", 0, len(config.players) - 1),
            _int(turn[1], "a state digest's turn", 0, MAX_ANSWERS),
        ),
    )


def _levels(value: Any, computers: list[str]) -> dict[str, str]:
    """Each computer player's level; a save from before levels were kept has none: normal."""
    from .bots import LEVELS  # only here: the game's start need not wait for the players

    need(isinstance(value, dict) and set(value) <= set(computers), "the computer levels are not for computer players")
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
    return (
        isinstance(ans, list)
        and d.min <= len(ans) <= max(d.max, d.min)
        and len(set(ans)) == len(ans)
        and all(0 <= i < len(d.options) for i in ans)
    )


class ReplayDecider:
    """Feeds recorded answers back into a new game, then hands over to the live deciders.

    The replay lasts until the first live question, so what the last recorded answer led to
    (a new hand drawn, say) stays as silent as the rest: it was told before."""

    def __init__(
        self,
        answers: list[Any],
        live: dict[int, Any],
        on_live: Callable[[], None] | None = None,
        near_end: tuple[int, Callable[[int], None]] | None = None,
        check: Check | None = None,
        on_mismatch: Callable[[], None] | None = None,
    ) -> None:
        self.queue = deque(answers)
        self.ends = sum(1 for a in answers if isinstance(a, TurnAction) and a.verb == "end")
        self.live = live
        self.replaying = bool(self.queue)
        self.on_live = on_live  # called once, when the replay has fitted to its end
        # (ends, hook): the hook is called once, with how many answers were replayed, as soon
        # as at most `ends` of the answers left end a phase (the last turn or two)
        self.near_end = near_end
        # the digest of the state the save says its answers led to, and who to tell if they lead
        # elsewhere (a save edited by hand, or one a different version of the rules plays out)
        self.check, self.on_mismatch = check, on_mismatch

    def decide(self, game: Any, d: Decision) -> Any:
        if self.check is not None and len(game.answers) == self.check.at:
            check, self.check = self.check, None
            if state_digest(game) != check.state and self.on_mismatch:
                self.on_mismatch()
        if self.near_end is not None and self.ends <= self.near_end[0]:
            hook, self.near_end = self.near_end[1], None
            hook(len(game.answers))
        if self.queue:
            ans = self.queue.popleft()
            if isinstance(ans, TurnAction) and ans.verb == "end":
                self.ends -= 1
            if not fits(game, d, ans):
                raise SaveError("The saved answers do not fit this game; the save is damaged or from another version.")
            return ans
        if self.replaying:
            self.replaying = False
            if self.on_live:
                self.on_live()
        return self.live[d.player.index].decide(game, d)

    def ends_left(self) -> int:
        """How many recorded answers still to come end a phase: every turn ends with one."""
        return self.ends
