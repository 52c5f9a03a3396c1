"""What a new game is set up from, shared by `dominion` (cli) and `dominion host`: the kingdom
and player flags, the opening questions, the setup said aloud, and the crash message."""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

# As in cli: only what the first question needs is imported here (issue 12).
from .cmdline import split
from .core.game import Config, SetupError
from .files import PRIVATE_FILE, make_private_dir, open_private
from .interpreter import ascii_number, match_name
from .narration import and_list, count
from .output import Output
from .repl import QuitRequest
from .save import autosave_path

if TYPE_CHECKING:
    from .kingdoms import Choice


def kingdom_flags(p: argparse.ArgumentParser) -> None:
    """The flags that choose a kingdom: shared by `dominion` and `dominion kingdom`."""
    p.add_argument(
        "--kingdom",
        default=None,
        help="Kingdom cards, comma-separated (any unambiguous "
        "beginning of a name will do), 'random', or a recommended set such as "
        "'Intro to Horses'; without it the game asks",
    )
    p.add_argument(
        "--landscapes",
        default=None,
        help="Events, Ways and Projects, comma-separated "
        "('' for none), 'random' (as the rules suggest: up to 2, at most 1 Way) or a "
        "number from 0 to 2; without it a recommended set brings its own, a random "
        "kingdom draws them at random, and named cards have none",
    )
    p.add_argument(
        "--sets",
        default=None,
        help="the sets random cards come from, comma-separated (menagerie, renaissance); all by default",
    )
    p.add_argument("--exclude", default="", help="cards a random kingdom never draws, comma-separated")


def landscapes_wanted(text: str | None, db: Any) -> str | int | list[str] | None:
    """--landscapes: None (the kingdom's own), "random", a number, or names."""
    from .kingdoms import LANDSCAPES, RANDOM, resolve

    if text is None:
        return None
    word = text.strip().lower()
    if word == RANDOM:
        return RANDOM
    if word.isdigit() and word.isascii():
        return int(word)
    return resolve(split(text), db, LANDSCAPES, "landscape")


def choose(args: argparse.Namespace) -> Choice:
    """The kingdom the flags (or the answers, written into them) ask for."""
    from .kingdoms import LANDSCAPES, RANDOM, Choice, find_recommended, parse_sets, randomize, resolve
    from .setup import database

    db = database()
    sets = parse_sets(args.sets, db)
    exclude = frozenset(
        resolve(split(getattr(args, "exclude", "") or ""), db, ("kingdom", *LANDSCAPES), "card to exclude")
    )
    wanted = landscapes_wanted(args.landscapes, db)
    text = args.kingdom or ""
    rec = find_recommended(text)
    if text.strip().lower() == RANDOM:
        return randomize(db, args.seed, sets, RANDOM if wanted is None else wanted, exclude)
    if rec is not None:
        missing = rec.missing(db)
        if missing:
            raise SetupError(f"{rec.name} needs {missing[0]}, which this game does not have yet.")
        kingdom, own = list(rec.kingdom), rec.landscapes_in(db)
    else:
        kingdom, own = resolve(split(text), db, ("kingdom",), "Kingdom card"), []
    if wanted is None or isinstance(wanted, list):
        return Choice(kingdom, own if wanted is None else wanted, rec.name if rec else None)
    return Choice(
        kingdom, randomize(db, args.seed, sets, wanted, exclude, kingdom).landscapes, rec.name if rec else None
    )


def read_or_default(reader: Callable[[str], str], prompt: str) -> str:
    """A line for an opening question; at the end of input, the default (empty)."""
    try:
        line = reader(prompt).strip()
    except EOFError:
        return ""
    if line.lower() in ("quit", "exit"):
        raise QuitRequest
    return line


OPENING_HINT = "press Enter. The default suits a first game."


def opening_query(verb: str, arg: str, hint: str) -> list[str] | None:
    """What `hint`, `describe CARD` and `rules TOPIC` say at an opening question; None for an answer."""
    if verb == "hint" and not arg:
        return [f"Hint: {hint}"]
    if verb == "describe":
        from .queries import describe
        from .setup import database

        return describe(database(), arg)
    if verb == "rules":
        from .rules_topics import rules

        return rules(arg)
    return None


def ask_until(
    out: Output,
    read: Callable[[str], str],
    question: str,
    prompt: str,
    check: Callable[[str], str | None],
    hint: str = OPENING_HINT,
) -> str:
    """Ask until the answer passes `check` (which returns why not); Enter takes the default.
    `describe CARD` reads a card, `rules TOPIC` a mechanism's rules, `hint` what to answer and
    why, and each asks again."""
    if question:
        out.say(question)
    while True:
        answer = read(prompt)
        verb, _, arg = answer.strip().partition(" ")
        asked = opening_query(verb.lower(), arg.strip(), hint)
        if asked is not None:
            for line in asked:
                out.say(line)
            continue
        why = check(answer) if answer else None
        if why is None:
            return answer
        out.say(why)


def opening_questions(args: argparse.Namespace, out: Output, reader: Callable[[str], str]) -> None:
    """Ask what the flags did not say, each with a default on Enter (or at end of input)."""

    def read(prompt: str) -> str:
        return read_or_default(reader, prompt)

    if args.players is None:
        n = ask_until(
            out,
            read,
            "How many players, 1 to 6? Enter for 2.",
            "Players>",
            lambda a: (
                None if (ascii_number(a) or 0) in range(1, 7) else "Type a number from 1 to 6, or press Enter for 2."
            ),
            hint="2. Two players, one of them the computer, make a good first game.",
        )
        count = int(n or 2)
        defaults = ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank"][:count]
        names = ask_until(
            out,
            read,
            f"Names, separated by commas? Enter for {', '.join(defaults)}.",
            "Names>",
            lambda a: (
                None
                if len(set(split(a))) == len(split(a)) == count
                else f"Give {count} different names separated by commas, or press Enter."
            ),
        )
        args.players = names or ",".join(defaults)
        players = split(args.players)
        if len(players) > 1 and not args.computer:
            bots = ask_until(
                out,
                read,
                "Which players does the computer play? Enter for none.",
                "Computer>",
                lambda a: (
                    None
                    if set(split(a)) <= set(players)
                    else f"Name players from {', '.join(players)}, or press Enter for none."
                ),
                hint=f"{players[-1]}. With the computer in one seat you can play alone.",
            )
            args.computer = bots
            if bots:
                level = ask_until(
                    out,
                    read,
                    "Computer level: 1. normal, 2. hard, 3. bigmoney, 4. expert. Enter for normal.",
                    "Level>",
                    lambda a: None if pick_level(a) else "Type 1, 2, 3 or 4, or press Enter for normal.",
                    hint="1. normal is a fair first opponent; expert plays to win.",
                )
                args.computer = ",".join(f"{n}:{pick_level(level or '1')}" for n in split(bots))
    if args.kingdom is None:
        ask_kingdom(args, out, read)


BY_NAME = "by name"


def ask_kingdom(args: argparse.Namespace, out: Output, read: Callable[[str], str]) -> None:
    """A recommended set, random, or cards by name; the answers are written into the flags."""
    from .kingdoms import RANDOM, card_sets, offered, resolve
    from .setup import database

    db = database()
    sets = offered(db)
    options = [r.name for r in sets] + [RANDOM, BY_NAME]

    def pick(a: str) -> str | None:
        n = ascii_number(a)
        if n is not None:
            return options[n - 1] if 1 <= n <= len(options) else None
        return match_name(a, options)[0]

    out.say(f"Which kingdom? Enter for 1, {options[0]}. Type describe and a card to hear it.")
    for i, r in enumerate(sets, 1):
        out.say(f"{i}. {r.name}: {r.about}.")
    out.say(f"{len(sets) + 1}. random: 10 Kingdom cards and up to 2 landscapes, drawn by the rules.")
    out.say(f"{len(sets) + 2}. by name: you name the cards.")
    answer = ask_until(
        out,
        read,
        "",
        "Kingdom>",
        lambda a: None if pick(a) else f"Type a number from 1 to {len(options)}, or press Enter for {options[0]}.",
        hint=f"1. {options[0]} is a gentle start with a little of everything.",
    )
    choice = pick(answer) if answer else options[0]
    if choice == RANDOM:
        args.kingdom = RANDOM
        if args.sets is None and len(card_sets(db)) > 1:
            names = ["all"] + card_sets(db)
            a = ask_until(
                out,
                read,
                "Cards from which sets? " + ", ".join(f"{i}. {n}" for i, n in enumerate(names, 1)) + ". Enter for all.",
                "Sets>",
                lambda a: (
                    None
                    if (ascii_number(a) or 0) in range(1, len(names) + 1)
                    else f"Type a number from 1 to {len(names)}, or press Enter for all."
                ),
            )
            args.sets = names[int(a) - 1] if a and names[int(a) - 1] != "all" else None
    elif choice == BY_NAME:

        def cards_ok(a: str) -> str | None:
            try:
                names = resolve(split(a), db, ("kingdom",), "Kingdom card")
            except SetupError as e:
                return f"{e} Type the names again, or press Enter for a random kingdom."
            if len(set(names)) != len(names) or len(names) > 10:
                return "Name up to 10 different Kingdom cards, or press Enter for a random kingdom."
            return None

        a = ask_until(
            out,
            read,
            "Name up to 10 Kingdom cards, separated by commas; a beginning of "
            "each name will do. Enter for a random kingdom.",
            "Cards>",
            cards_ok,
        )
        args.kingdom = a or RANDOM
        if args.landscapes is None and a:

            def lands_ok(a: str) -> str | None:
                try:
                    landscapes_wanted(a, db)
                except SetupError as e:
                    return f"{e} Type them again, or press Enter for none."
                return None

            args.landscapes = ask_until(
                out,
                read,
                "Events, Ways or Projects, separated by commas? random draws up to 2. Enter for none.",
                "Landscapes>",
                lands_ok,
            )
    else:
        args.kingdom = choice


def check_flags(args: argparse.Namespace) -> None:
    """Every mistake in the flags is said before any question is asked."""
    if (
        args.players is None
        and args.kingdom is None
        and args.landscapes is None
        and args.sets is None
        and not args.exclude
    ):
        return  # nothing given can be wrong: the cards load while the first question waits
    from .kingdoms import RANDOM

    trial = argparse.Namespace(**vars(args))
    trial.players = args.players if args.players is not None else "Alice,Bob"
    trial.kingdom = args.kingdom if args.kingdom is not None else RANDOM  # checks every flag
    build_config(trial)
    if args.players is not None:
        check_computers(list(computer_levels(args.computer)), split(args.players))


def pick_level(answer: str) -> str | None:
    """An answer to the level question: a number or a beginning of the level's name."""
    from .bots import LEVELS

    a = answer.strip().lower()
    if a.isdigit():
        return LEVELS[int(a) - 1] if 1 <= int(a) <= len(LEVELS) else None
    found = [lv for lv in LEVELS if a and lv.startswith(a)]
    return found[0] if len(found) == 1 else None


def computer_levels(text: str) -> dict[str, str]:
    """--computer "Bob:hard,Cat": each computer's name and level (normal unless named)."""
    from .bots import LEVELS

    out = {}
    for item in split(text):
        name, _, level = item.rpartition(":") if ":" in item else (item, "", "normal")
        level = level.strip().lower()
        if level not in LEVELS:
            raise SetupError(f"Unknown computer level: {level}. Choose {', '.join(LEVELS)}.")
        out[name.strip()] = level
    return out


def check_computers(computers: list[str], players: list[str]) -> None:
    unknown = [c for c in computers if c not in players]
    if unknown:
        raise SetupError(f"--computer names a player who is not playing: {unknown[0]}.")


def build_config(args: argparse.Namespace) -> Config:
    from .setup import check_config, database

    names = split(args.players)
    choice = choose(args)
    config = Config(names, choice.kingdom, choice.landscapes, args.seed)
    check_config(config, database())
    return config


def announce_setup(config: Config, out: Output) -> None:
    from .kingdoms import brings, cost_order
    from .setup import database

    db = database()
    out.say(f"Players: {', '.join(config.players)}. Seed {config.seed}.")
    out.say(f"Kingdom: {', '.join(cost_order(config.kingdom, db))}.")
    for name in config.landscapes:
        d = db[name]
        cost = f", {count(d.cost, 'coin')}" if d.cost is not None else ""  # Events and Projects
        out.say(f"{name}{cost}: {d.text}")  # the text starts with the kind: "Way. ..."
    extras = brings(db, config.kingdom, config.landscapes)
    if extras:
        out.say(f"This game uses {and_list(extras)}.")


def crash_log(e: BaseException) -> str:
    import traceback

    path = autosave_path().parent / "crash.log"
    try:  # the player's only, and never through a link swapped in for it
        make_private_dir(path.parent)
        with os.fdopen(
            open_private(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, PRIVATE_FILE), "a", encoding="utf-8"
        ) as f:
            f.write("".join(traceback.format_exception(e)))
    except OSError:
        return "(could not write the crash log)"
    return str(path)
