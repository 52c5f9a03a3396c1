"""`dominion`: the game at the command line, and `dominion scenario PATH...`."""

from __future__ import annotations

import argparse
import errno
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

# Only what the first question needs is imported here. The cards, the kingdoms and the session
# are imported where they are used, and at a terminal while the first question waits for the
# player (repl.Meanwhile, repl.OpeningReader): importing them first delayed it (issue 12).
from .cmdline import OneLineParser
from .core.game import Config, SetupError
from .files import Claim, is_regular, make_private_dir, open_private
from .interpreter import ascii_number
from .opening import (  # also for `cli.` users
    BY_NAME as BY_NAME,
    and_list as and_list,
    announce_setup as announce_setup,
    ask_kingdom as ask_kingdom,
    ask_until as ask_until,
    build_config as build_config,
    check_computers as check_computers,
    check_flags as check_flags,
    choose as choose,
    computer_levels as computer_levels,
    crash_log as crash_log,
    kingdom_flags as kingdom_flags,
    landscapes_wanted as landscapes_wanted,
    opening_questions as opening_questions,
    pick_level as pick_level,
    read_or_default as read_or_default,
)
from .output import LEVELS, Output
from .repl import LineReader, OpeningReader, PlainReader, PromptReader, QuitRequest
from .save import OWN_NAME, SaveData, SaveError, autosave_path, clean_stray, data_dir, read as read_save, reason
from .tips import parse_state

if TYPE_CHECKING:
    pass

PREVIOUS = "previous"  # `dominion --resume previous`: the game a new one replaced


def __getattr__(name: str) -> Any:
    """cli.PILOT_KINGDOM and cli.Session (tests and benchmarks use them), loaded when asked for."""
    if name == "PILOT_KINGDOM":
        from .kingdoms import PILOT_KINGDOM

        return PILOT_KINGDOM
    if name == "Session":
        from .session import Session

        return Session
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def preload() -> None:
    """What the game needs after its first question, loaded while the player answers it."""
    from . import kingdoms, queries, session  # noqa: F401
    from .setup import database

    database()


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        prog="dominion",
        description="Dominion, played line by line in a terminal.",
        epilog="Also: 'dominion scenario PATH...' runs rules scenario files (exit 0 all "
        "pass, 1 some fail, 2 a file is invalid); 'dominion kingdom [--kingdom, --landscapes, "
        "--sets, --exclude, --seed]' prints the kingdom a game would get. The player's "
        "guide is accessibility.md. 'dominion host' hosts a game that players join with ssh, "
        "each at their own computer (see 'dominion host --help').",
    )
    p.add_argument(
        "--players", default=None, help="player names in turn order, comma-separated (1 to 6); without it the game asks"
    )
    p.add_argument(
        "--computer",
        default="",
        help="names of players the computer plays, comma-separated; "
        "NAME:LEVEL picks its level: normal (the default), hard, bigmoney or expert",
    )
    kingdom_flags(p)
    p.add_argument("--seed", type=int, default=None, help="random seed: the same seed and answers replay the same game")
    p.add_argument(
        "--plain",
        action="store_true",
        help="plain text: no colour, no style and no "
        "cursor codes at all (lines are read with readline; also no colour when NO_COLOR "
        "is set or output is not a terminal)",
    )
    p.add_argument("--no-pause", action="store_true", help="no 'pass the keyboard' pause between hot-seat turns")
    p.add_argument(
        "--ask-ways",
        action="store_true",
        help="ask 'normally or with a Way?' on "
        "every Action played (by default: 'play X' plays normally, 'play X as ox' uses "
        "Way of the Ox)",
    )
    p.add_argument(
        "--no-auto-end", action="store_true", help="keep the Buy phase open until you type end, even with no Buy left"
    )
    tips = p.add_mutually_exclusive_group()
    tips.add_argument(
        "--tips",
        action="store_true",
        help="first-time tips: the first time a mechanism "
        "happens in the game, one line starting 'Tip:' explains it (on by default for your "
        "first game at a terminal; tips on or tips off during the game)",
    )
    tips.add_argument("--no-tips", action="store_true", help="no first-time tips")
    p.add_argument(
        "--speech", action="store_true", help="speak every announcement (needs pyttsx3 and, on Linux, espeak-ng)"
    )
    p.add_argument(
        "--resume",
        nargs="?",
        const="",
        default=None,
        metavar="FILE",
        help="go on with the game saved automatically (asks which when several are "
        "waiting), with FILE, or with a kept game by name (previous, autosave-2)",
    )
    p.add_argument("--transcript", metavar="FILE", help="append every announcement to FILE")
    p.add_argument(
        "--verbosity",
        default="normal",
        metavar="LEVEL",
        help="brief (your own changes, questions and required announcements), normal, "
        "or verbose (every draw, every detail of other turns)",
    )
    return p


def keep_previous(save_path: Path, out: Output, what: str = "The unfinished game") -> bool:
    """A new game never destroys an unfinished one: the old autosave is kept beside it, under a
    name no other kept game has. False when it cannot be moved: then nothing may autosave over it."""
    n = 1
    try:
        if not os.path.lexists(save_path):
            return True
        while True:
            previous = save_path.with_name(PREVIOUS + (f"-{n}" if n > 1 else "") + ".json")
            n += 1
            if os.path.lexists(previous) or Claim.held(previous):
                continue
            try:
                move_aside(save_path, previous)
            except FileExistsError:  # another game kept its own there meanwhile
                continue
            break
    except OSError as e:
        out.say(
            f"Autosave is off: the unfinished game in {save_path} cannot be kept aside "
            f"({reason(e, save_path.parent)}). Type save FILE to save elsewhere."
        )
        return False
    out.say(f"{what} is kept: dominion --resume {previous.stem}")
    return True


def keep_autosave(save_path: Path, out: Output, data: SaveData, name: str) -> bool:
    """`--resume FILE`: the autosave is put aside as `keep_previous` does, and named for what it
    holds: another game, or this very game further on (or played on otherwise) than FILE. This game
    no further on is not kept: it is FILE's own game, and this game's autosave replaces it."""
    try:
        auto = read_save(save_path) if save_path.exists() else None
    except (SaveError, OSError):
        auto = None
    if auto is None or auto.config != data.config:
        return keep_previous(save_path, out, "The other unfinished game")
    if data.answers[: len(auto.answers)] == auto.answers:
        return True
    further = auto.answers[: len(data.answers)] == data.answers
    return keep_previous(
        save_path, out, f"This game's autosave, {'further on than' if further else 'played otherwise than'} {name},"
    )


def move_aside(src: Path, dst: Path) -> None:
    """Rename, but never over a file: two games keeping their waiting games at once both keep them."""
    if os.name == "nt":
        os.rename(src, dst)  # Windows never renames over an existing file
        return
    try:
        os.link(src, dst)
    except FileExistsError:
        raise
    except OSError:  # a disk without hard links: the look just made has to do
        if os.path.lexists(dst):
            raise FileExistsError(dst) from None
        os.replace(src, dst)
        return
    os.unlink(src)


def new_journal(out: Output, keep: Callable[[Path], bool] | None = None) -> tuple[Path | None, Claim | None]:
    """The autosave of a new game: the first of autosave.json, autosave-2.json, ... that no running
    game holds (an unfinished game waiting there is kept aside, by `keep` if given), claimed for as
    long as it runs."""
    keep = keep or (lambda path: keep_previous(path, out))
    first = autosave_path()
    for n in range(1, 1000):
        path = first if n == 1 else first.with_name(f"autosave-{n}.json")
        if os.path.lexists(path) and not is_regular(path):
            continue  # a folder or a link where a save should be: not a game to keep aside
        try:
            make_private_dir(path.parent)
            claim = Claim.take(path)
        except OSError as e:
            if e.errno == errno.ELOOP:
                continue  # a link put where its lock file goes: leave that name alone
            # no folder can be made, or none written in: the autosave says why when it tries
            return (first if keep(first) else None), None
        if claim is None:
            continue  # another game is being played in this one
        if keep(path):
            return path, claim
        claim.release()
        return None, None
    return None, None


def waiting_games(folder: Path) -> list[Path]:
    """The unfinished games the data folder keeps that no running game holds, newest first."""
    try:
        files = [p for p in folder.iterdir() if OWN_NAME.fullmatch(p.name) and is_regular(p)]
        files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    return [p for p in files if not Claim.held(p)]


def describe_game(data: SaveData) -> str:
    """A saved game as the resume question names it: players, whose turn, kingdom."""
    from .kingdoms import cost_order
    from .setup import database

    c = data.config
    turn = ""
    if data.check is not None:
        who, number = data.check.turn
        turn = f", {c.players[who]}'s turn {number}" if number else ""
    return f"{and_list(c.players)}{turn}: {', '.join(cost_order(c.kingdom, database()))}."


def choose_game(out: Output, read: Callable[[str], str]) -> tuple[Path, SaveData]:
    """The saved game to resume: the only one, or the one the player picks, newest first."""
    games = waiting_games(autosave_path().parent)
    readable: list[tuple[Path, SaveData]] = []
    first_error: SaveError | None = None
    for path in games:
        try:
            readable.append((path, read_save(path)))
        except SaveError as e:
            first_error = first_error or e
    if not readable:
        if first_error is not None:
            raise first_error
        if os.path.lexists(autosave_path()) and is_regular(autosave_path()):
            raise SaveError("The saved game is being played now, in another window.")
        raise SaveError(f"No saved game at {autosave_path()}.")
    if len(readable) == 1:
        return readable[0]
    out.say("Which saved game? Enter for 1, the newest.")
    for i, (_, data) in enumerate(readable, 1):
        out.say(f"{i}. {describe_game(data)}")
    answer = ask_until(
        out,
        lambda prompt: read_or_default(read, prompt),
        "",
        "Game>",
        lambda a: (
            None
            if (ascii_number(a) or 0) in range(1, len(readable) + 1)
            else f"Type a number from 1 to {len(readable)}, or press Enter for 1."
        ),
    )
    return readable[int(answer or 1) - 1]


def resume_save(arg: str, out: Output, read: Callable[[str], str]) -> tuple[Path, SaveData]:
    """The file `--resume ARG` means: the waiting game (asked which when several), a file, or a
    game the data folder keeps, by its short name (`previous`, `autosave-2`)."""
    if not arg:
        return choose_game(out, read)
    path = Path(arg)
    name = arg if arg.endswith(".json") else arg + ".json"
    if not os.path.lexists(path) and OWN_NAME.fullmatch(name):
        path = autosave_path().with_name(name)
    return path, read_save(path)


def claim_resumed(arg: str, out: Output, read: Callable[[str], str]) -> tuple[Path, SaveData, bool, Claim | None]:
    """The game `--resume ARG` means, its file, whether that file is kept as it is, and the claim.
    A game the data folder keeps plays on in its own file, held while it runs, and is read again
    once held; a file the player named is kept: playing on autosaves to a new file. A waiting game
    claimed by another window between the choice and the claim (a new game started that moment
    keeps it aside as previous.json) is not the end: the games still waiting are offered again."""
    for _ in range(5):
        path, data = resume_save(arg, out, read)
        if not own_game(path):
            return path, data, True, None
        try:
            claim = Claim.take(path)
        except OSError:
            return path, data, False, None  # a folder that takes no lock file: the game plays on unguarded
        if claim is not None:
            try:
                return path, read_save(path), False, claim
            except SaveError:
                claim.release()
                if arg or os.path.lexists(path):
                    raise  # only a file gone meanwhile (kept aside by a new game) is chosen again
        elif arg:
            break
    raise SaveError(f"The game in {path} is being played now, in another window.")


def own_game(path: Path) -> bool:
    """A game the data folder keeps (it plays on in its own file), not a file the player named."""
    return bool(OWN_NAME.fullmatch(path.name)) and same_file(path.parent, autosave_path().parent)


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def make_output(args: argparse.Namespace, interactive: bool) -> Output:
    plain = args.plain or not interactive or bool(os.environ.get("NO_COLOR")) or os.environ.get("TERM") == "dumb"
    try:  # never through a link swapped in for it; a new transcript is the player's only
        transcript = (
            os.fdopen(
                open_private(Path(args.transcript), os.O_WRONLY | os.O_APPEND | os.O_CREAT), "a", encoding="utf-8"
            )
            if args.transcript
            else None
        )
    except OSError as e:
        raise SetupError(f"Cannot write the transcript {args.transcript}: {e.strerror or e}.") from None
    return Output(plain=plain, level=args.verbosity, transcript=transcript)


def play(args: argparse.Namespace) -> int:
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    if args.seed is None:
        args.seed = int.from_bytes(os.urandom(3), "big")
    if args.resume is None:
        check_flags(args)
    out = make_output(args, interactive)
    reader = (LineReader() if args.plain else PromptReader()) if interactive else PlainReader()
    opening: Any = reader  # what reads the questions before the game
    if isinstance(reader, PromptReader):  # readline first, prompt_toolkit loading meanwhile

        def load() -> None:
            preload()
            PromptReader.load()

        opening = OpeningReader(load)
    elif isinstance(reader, LineReader):  # interactive, readline's: the cards load meanwhile
        reader.meanwhile.work = preload
    if args.speech:
        why = out.speech_on()
        if why:
            out.say(why)
    save_path: Path | None  # None: this game is not autosaved
    save_path = autosave_path()
    folder = autosave_path().parent
    clean_stray(folder)
    keep, claim = False, None
    waiting = len(waiting_games(folder)) if args.resume is None and args.players is None else 0
    if waiting:
        out.say(
            "A saved game is waiting. 1. resume it, 2. start a new game. Enter resumes."
            if waiting == 1
            else f"{waiting} saved games are waiting. 1. resume one, 2. start a new game. Enter resumes."
        )
        if read_or_default(opening.read, "Saved game>").lower() not in ("2", "new", "n"):
            args.resume = ""
    if args.resume is not None:
        path, data, keep, claim = claim_resumed(args.resume, out, opening.read)
        config, answers, computers = data.config, data.answers, data.computers
        levels = data.levels  # a save from before levels were kept: every computer plays normal
        tips_on, given = parse_state(data.tips) or (False, set())  # an older save: tips off
        if not keep:
            save_path = path
    else:
        opening_questions(args, out, opening.read)
        config, answers, keep = build_config(args), [], False
        levels = computer_levels(args.computer)
        computers = list(levels)
        check_computers(computers, config.players)
        save_path, claim = new_journal(out)
        tips_on, given = interactive and first_game(), set()

    def intro() -> None:  # for a resumed game: said once its answers have replayed and fit
        announce_setup(config, out)
        for landscape, card in session.game.set_aside_for.items() if session.game else ():
            out.say(f"{landscape}: {card.name} is set aside for it.")
        if keep:
            session.save_path, session.claim = new_journal(
                out, lambda path: keep_autosave(path, out, data, str(args.resume))
            )

    if args.resume is None:
        announce_setup(config, out)
    from .session import Session
    from .tips import Tips

    tips = Tips(
        out,
        [n for n in config.players if n not in computers],
        on=(tips_on or args.tips) and not args.no_tips,
        given=given,
    )
    session = Session(
        config,
        out,
        reader,
        computers,
        save_path,
        pause=not args.no_pause,
        answers=answers,
        levels=levels,
        tips=tips,
        ask_ways=args.ask_ways,
        auto_end=not args.no_auto_end,
        intro=intro if args.resume is not None else None,
    )
    session.claim, session.check = claim, data.check if args.resume is not None else None
    args.session = session  # the crash message may say "saved" only if it is true
    try:
        return session.run()
    finally:
        out.speech_off()
        if session.claim is not None:
            session.claim.release()
        if interactive and tips.humans:
            mark_played()


PLAYED = "played"  # in the data folder: a game has been started here, so tips are off by default


def first_game() -> bool:
    """No game has been started with this data folder: the first gets tips, unless --no-tips."""
    return not (data_dir() / PLAYED).exists()


def mark_played() -> None:
    """A game was played at a terminal: later games start with tips off (tips on brings them back).
    Written only into the folder the autosave made (a game that saved nothing leaves no trace);
    a folder that cannot be written only means tips again next time."""
    path = data_dir() / PLAYED
    if path.exists() or not data_dir().is_dir():
        return
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write("A game was played here: new games start with tips off.\n")
    except OSError:
        pass


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["scenario"]:
        from .scenario import USAGE, main as scenario_main

        if len(argv) < 2:
            sys.stderr.write(f"dominion: scenario needs at least one file or folder.\n{USAGE}\n")
            return 2
        return scenario_main(argv[1:])
    if argv[:1] == ["kingdom"]:
        return kingdom_main(argv[1:])
    if argv[:1] == ["host"]:  # play together over SSH (issue 24): dominion_tui/host
        from .host.main import main as host_main

        return host_main(argv[1:])
    if argv[:1] == ["simulate"]:
        from .simulate import main as simulate_main

        return simulate_main(argv[1:])
    args = parser().parse_args(argv)
    if args.verbosity not in LEVELS:
        parser().error(f"--verbosity must be one of {', '.join(LEVELS)}")
    try:
        return play(args)
    except (SetupError, SaveError) as e:
        sys.stderr.write(f"dominion: {e}\n")
        return 2
    except QuitRequest:  # quit at a question before the game began
        sys.stdout.write("No game started.\n")
        return 0
    except KeyboardInterrupt:
        sys.stdout.write("\nGame stopped.\n")
        return 130
    except BrokenPipeError:  # the reader went away (dominion | head): nothing left to tell
        sys.stderr.close()
        return 0
    except Exception as e:  # never a traceback for the player: one line, details in a file
        log = crash_log(e)
        session = getattr(args, "session", None)
        saved = (
            "the game was saved"
            if session and session.save_path and not session.autosave_off
            else "the game was not saved"
        )
        sys.stderr.write(f"dominion: something went wrong ({type(e).__name__}); {saved}. Details: {log}\n")
        return 1


def kingdom_main(argv: list[str]) -> int:
    """`dominion kingdom [flags] [--seed N]`: the setup a game would get, one line each."""
    p = OneLineParser(
        prog="dominion kingdom", description="Print the kingdom a game with these flags would play, without playing it."
    )
    kingdom_flags(p)
    p.add_argument("--seed", type=int, default=None, help="the seed the game would use")
    args = p.parse_args(argv)
    from .kingdoms import MOUSE, RANDOM, cost_order
    from .setup import database

    if args.kingdom is None:
        args.kingdom = RANDOM
    given = args.seed is not None
    if not given:
        args.seed = int.from_bytes(os.urandom(3), "big")
    args.players = "Alice,Bob"
    try:
        config = build_config(args)
        lines = [] if given else [f"Seed: {args.seed}."]
        lines += [
            f"Kingdom: {', '.join(cost_order(config.kingdom, database()))}.",
            f"Landscapes: {', '.join(config.landscapes) or 'none'}.",
        ]
        if MOUSE in config.landscapes:
            lines.append(f"{MOUSE}: {mouse_card(config)}.")
    except SetupError as e:
        sys.stderr.write(f"dominion: {e}\n")
        return 2
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0


def mouse_card(config: Config) -> str:
    """The card Way of the Mouse sets aside: drawn by the game's own setup, as play would draw it."""
    from .core.game import Game
    from .kingdoms import MOUSE
    from .setup import database

    game = Game(database(), config)
    game.setup(deal=False)
    return game.set_aside_for[MOUSE].name


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
