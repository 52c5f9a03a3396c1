"""`dominion`: a plain line-by-line hot-seat game, and `dominion scenario PATH...`.

This is the plain front end: input() and print(), nothing else. Every line typed goes through
the shared Interpreter; every sentence comes from the Narrator.
"""
from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from .core.decisions import Decision
from .core.game import Config, Game
from .interpreter import Interpreter, clean
from .narration import Narrator
from .players import RandomPlayer
from .setup import SetupError, database, new_game

PILOT_KINGDOM = ["Bounty Hunter", "Supplies", "Sheepdog", "Black Cat", "Village Green", "Barge",
                 "Silk Merchant", "Patron", "Border Guard"]
PILOT_LANDSCAPES = ["Ride", "Barracks"]


class Quit(Exception):
    pass


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command line gets one clear line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"dominion: {message}. Try 'dominion --help'.\n")
        raise SystemExit(2)


def parser() -> argparse.ArgumentParser:
    p = OneLineParser(prog="dominion", description="Dominion, played line by line in a terminal.")
    p.add_argument("--players", default="Alice,Bob", help="player names in turn order, comma-separated")
    p.add_argument("--computer", default="", help="names of players the computer plays, comma-separated")
    p.add_argument("--kingdom", default=",".join(PILOT_KINGDOM), help="Kingdom cards, comma-separated")
    p.add_argument("--landscapes", default=",".join(PILOT_LANDSCAPES),
                   help="Events, Ways and Projects, comma-separated ('' for none)")
    p.add_argument("--seed", type=int, default=None, help="random seed, for a game you can replay")
    return p


def split(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def canonical_list(names: list[str], what: str) -> list[str]:
    db = database()
    out = []
    for n in names:
        c = db.canonical(n)
        if c is None:
            raise SetupError(f"Unknown {what}: {n}.")
        out.append(c)
    return out


class Console:
    """The plain text front end: prints sentences, reads lines."""

    def __init__(self, read: Callable[[str], str] = input, write: Callable[[str], None] = print) -> None:
        self.read, self.write = read, write
        self.narrator = Narrator(None)
        self.game: Game | None = None
        self.last: list[str] = []

    def on_note(self, note: Any) -> None:
        for line in self.narrator.note(note):
            self.write(line)

    def decide(self, game: Game, d: Decision) -> Any:
        interp = Interpreter(game)
        self.last = self.narrator.question(d) if d.kind != "turn" else self.turn_prompt(game, d)
        for line in self.last:
            self.write(line)
        while True:
            try:
                raw = self.read(f"{d.player.name}> ")
            except EOFError:
                raise Quit
            line = clean(raw).lower()
            if line in ("quit", "exit"):
                raise Quit
            info = self.query(game, d, line)
            if info is not None:
                for out in info:
                    self.write(out)
                continue
            res = interp.interpret(raw, d)
            if res.kind == "answer":
                return res.value
            self.write(res.message)

    def turn_prompt(self, game: Game, d: Decision) -> list[str]:
        p = d.player
        return [f"{p.name}, {game.phase} phase: {p.actions} Actions, {p.buys} Buys, {p.coins} coins. "
                f"Hand: {', '.join(sorted(p.hand.names())) or 'empty'}."]

    def query(self, game: Game, d: Decision, line: str) -> list[str] | None:
        p = d.player
        if line == "hand":
            return [f"Hand: {', '.join(sorted(p.hand.names())) or 'empty'}."]
        if line == "supply":
            return [f"{n}: costs {game.cost(game.db[n])}, {len(z)} left." for n, z in game.supply.items()]
        if line == "status":
            return [f"{p.actions} Actions, {p.buys} Buys, {p.coins} coins, {p.coffers} Coffers, "
                    f"{p.villagers} Villagers. Deck {len(p.deck)}, discard {len(p.discard)}."]
        if line == "repeat":
            return list(self.last)
        if line == "help":
            return ["Moves: play CARD, buy CARD, end, villager N, coffers N. "
                    "Questions: answer by number or name. Also: hand, supply, status, repeat, quit."]
        return None


def play_game(args: argparse.Namespace, console: Console) -> int:
    names = split(args.players)
    computers = set(split(args.computer))
    seed = args.seed if args.seed is not None else 0
    config = Config(names, canonical_list(split(args.kingdom), "Kingdom card"),
                    canonical_list(split(args.landscapes), "landscape"), seed)
    deciders = {i: (RandomPlayer(seed + i) if n in computers else console) for i, n in enumerate(names)}
    game = new_game(config, deciders, listeners=[console.on_note])
    console.write(f"Kingdom: {', '.join(config.kingdom)}. Landscapes: {', '.join(config.landscapes) or 'none'}.")
    try:
        game.run()
    except Quit:
        console.write("Game stopped.")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["scenario"]:
        if len(argv) < 2:
            sys.stderr.write("dominion: scenario needs at least one file or folder.\n")
            return 2
        from .scenario import main as scenario_main
        return scenario_main(argv[1:])
    args = parser().parse_args(argv)
    try:
        return play_game(args, Console())
    except SetupError as e:
        sys.stderr.write(f"dominion: {e}\n")
        return 2
    except KeyboardInterrupt:
        print("\nGame stopped.")
        return 130


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
