"""Running scenario files: a position, lines typed at the game, and what must hold after.

The lines go through the same Interpreter as the players' front ends; what the game says is
rendered by the same Narrator. See ../shared/spec/scenarios.md for the format.
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, NoReturn

from .core.decisions import Decision
from .core.game import Config, Game
from .core.model import ACTION, CARD_KINDS, DURATION, Player
from .core.registry import CardDB
from .interpreter import Interpreter
from .narration import Narrator
from .output import Teller
from .queries import Queries
from .scenario_schema import Scenario, ScenarioError, Step, load_scenario
from .setup import SetupError, database, new_game

ZONE_KEYS = ("hand", "deck", "discard", "in_play", "exile", "set_aside")


class OutOfSteps(Exception):
    """Every step has been typed: stop the game where it stands."""


class StepFailed(Exception):
    pass


@dataclass
class Outcome:
    scenario: Scenario
    failure: str | None = None
    said: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.failure is None


class ScriptedDecider:
    """Answers the game's questions with the scenario's steps, one typed line at a time."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    def decide(self, game: Game, d: Decision) -> Any:
        r = self.runner
        r.check_cards()
        r.heard += r.teller.flush(heard=True)
        r.say_lines(r.narrator.question(d))
        while True:
            step = r.next_step()
            res = r.interp.interpret(step.line, d)
            if res.kind == "reject":
                r.say_lines(res.lines)
                if not step.rejected:
                    raise StepFailed(f"step {r.pos} '{step.line}' was rejected: {res.message}")
                continue
            if step.rejected:
                raise StepFailed(f"step {r.pos} '{step.line}' should have been rejected but was accepted")
            if res.kind == "info":
                r.say_lines(res.lines)
                continue
            return res.value


class Runner:
    def __init__(self, sc: Scenario) -> None:
        self.sc = sc
        self.pos = 0
        self.said: list[str] = []
        self.narrator = Narrator(None)
        # the lines as the text output joins them ("Ann plays Sheepdog: draws 2 Coppers."): the
        # `said` checks look in these too, so that "one card played, one line" can be checked
        self.heard: list[str] = []
        self.teller = Teller(self.narrator, "verbose")
        self.game: Game = self.build()
        self.interp = Interpreter(self.game, Queries(self.game, lambda: list(self.said), lambda: []))

    # ---------------------------------------------------------------- building the position
    def build(self) -> Game:
        sc = self.sc
        config = Config(list(sc.players), list(sc.kingdom), list(sc.landscapes), sc.seed, sc.mouse)
        decider = ScriptedDecider(self)
        game = new_game(config, {i: decider for i in range(len(sc.players))}, deal=False, listeners=[self.on_note])
        for p in game.players:
            ps = sc.setup_players.get(p.name)
            if ps is None:
                game.deal_start(p)
            else:
                self.place_player(game, p, ps)
        for name, size in sc.supply.items():
            game.resize_pile(name, size)
        for name in sc.trash:
            game.new_card(name, game.trash)
        self.start_turn(game)
        return game

    def place_player(self, game: Game, p: Player, ps: Any) -> None:
        for z in ZONE_KEYS:
            for name in getattr(ps, z) or []:
                game.new_card(name, p.zone(z))
        for counter in ("coffers", "villagers"):
            setattr(p, counter, getattr(ps, counter) or 0)
        if ps.plot_tokens:
            p.tokens["plot"] = ps.plot_tokens
        for name in ps.projects or []:
            game.set_owner(p, name)
            p.cubes -= 1
        for name in ps.artifacts or []:
            game.set_owner(p, name)

    def start_turn(self, game: Game) -> None:
        sc, first = self.sc, game.players[0]
        turn = sc.turn or 1
        for p in game.players:
            p.turns_taken = turn if p is first else turn - 1
        game.phase = sc.phase or "action"
        game.skip_start = False
        ps = sc.setup_players.get(first.name)
        for counter, default in (("actions", 1), ("buys", 1), ("coins", 0)):
            value = getattr(ps, counter, None) if ps else None
            setattr(first, counter, default if value is None else value)

    # ---------------------------------------------------------------- running
    def on_note(self, note) -> None:
        if note.kind == "trigger_done":
            self.heard += self.teller.done(note)
            return
        lines = self.narrator.note(note)
        self.said.extend(lines)
        if lines:
            self.heard += self.teller.note(note, lines)

    def say_lines(self, lines: list[str]) -> None:
        self.heard += self.teller.flush()
        self.said.extend(lines)
        self.heard.extend(lines)

    def next_step(self) -> Step:
        if self.pos >= len(self.sc.steps):
            raise OutOfSteps
        step = self.sc.steps[self.pos]
        self.pos += 1
        return step

    def check_cards(self) -> None:
        problem = self.game.check_conservation()
        if problem:
            raise StepFailed(f"after step {self.pos}: card bookkeeping broken: {problem}")

    def run(self) -> Outcome:
        out = Outcome(self.sc, said=self.said)
        try:
            try:
                self.game.run()
            except OutOfSteps:
                pass
            self.check_cards()
            self.after_game_over()
            out.failure = self.check_expectations()
        except StepFailed as e:
            out.failure = str(e)
        return out

    def after_game_over(self) -> None:
        """Once the game is over every further line is rejected."""
        while self.pos < len(self.sc.steps):
            step = self.next_step()
            res = self.interp.interpret(step.line, None)
            self.say_lines(res.lines)
            if res.kind == "reject" and step.rejected:
                continue
            if res.kind == "reject":
                raise StepFailed(f"step {self.pos} '{step.line}' was rejected: {res.message}")
            raise StepFailed(f"step {self.pos} '{step.line}' should have been rejected but was accepted")

    # ---------------------------------------------------------------- expectations
    def check_expectations(self) -> str | None:
        exp = self.sc.expect
        for pname, keys in exp.get("players", {}).items():
            p = next(q for q in self.game.players if q.name == pname)
            for key, want in keys.items():
                got = self.player_value(p, key)
                if not same(key, want, got):
                    return f"expect.{pname}.{key}: expected {want!r}, got {got!r}"
        for key, want in exp.get("top", {}).items():
            if key in ("said", "not_said"):
                msg = self.check_said(key, want)
                if msg:
                    return msg
                continue
            got = self.top_value(key)
            if not same(key, want, got):
                return f"expect.{key}: expected {want!r}, got {got!r}"
        return None

    def player_value(self, p: Player, key: str) -> Any:
        g = self.game
        if key in ZONE_KEYS:
            return p.zone(key).names()
        if key == "deck_top":
            return p.deck.names()
        if key.endswith("_count"):
            return len(p.zone(key[:-6]))
        if key.endswith("_includes"):
            return p.zone(key[:-9]).names()
        if key == "score":
            return g.score(p)
        if key == "projects":
            return [n for n, owners in g.projects.items() if p in owners]
        if key == "artifacts":
            return [n for n, h in g.artifacts.items() if h is p]
        if key == "plot_tokens":
            return p.tokens.get("plot", 0)
        return getattr(p, key)

    def top_value(self, key: str) -> Any:
        g = self.game
        if key == "supply":
            return {n: len(z) for n, z in {**g.supply, **g.nonsupply}.items()}
        if key == "trash":
            return g.trash.names()
        if key == "turn":
            return g.current.turns_taken
        if key == "current":
            return g.current.name
        if key == "phase":
            return g.phase
        if key == "game_over":
            return g.over
        if key == "winner":
            return [p.name for p in g.winners]
        if key == "waiting_on":
            return g.waiting.player.name if g.waiting else None
        raise KeyError(key)

    def check_said(self, key: str, entries: list[list[str]]) -> str | None:
        self.heard += self.teller.flush()
        lines = self.said + self.heard  # each line alone, and as the text output joins them
        for words in entries:
            hit = any(all(w.lower() in line.lower() for w in words) for line in lines)
            if key == "said" and not hit:
                return f"expect.said: no line holds all of {words}"
            if key == "not_said" and hit:
                line = next(s for s in lines if all(w.lower() in s.lower() for w in words))
                return f"expect.not_said: a line holds all of {words}: '{line}'"
        return None


def same(key: str, want: Any, got: Any) -> bool:
    """Compare an expectation: card lists as multisets except the deck's order."""
    if key == "deck_top":
        return list(got[: len(want)]) == list(want)
    if key.endswith("_includes"):
        return not (Counter(want) - Counter(got))
    if key == "supply":
        return all(got.get(n) == v for n, v in want.items())
    if key == "winner":
        return sorted([want] if isinstance(want, str) else want) == sorted(got)
    if isinstance(want, list) and key != "deck":
        return Counter(want) == Counter(got)
    return want == got


# -------------------------------------------------------------------- files and reports
def find_files(paths: list[str]) -> list[str]:
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            for root, _, files in sorted(os.walk(path)):
                found += [os.path.join(root, f) for f in sorted(files) if f.endswith((".yaml", ".yml"))]
        else:
            found.append(path)
    return found


def load(path: str) -> Scenario:
    db = database()
    sc = load_scenario(path, db.canonical)
    check_with_cards(sc, db)
    return sc


def check_with_cards(sc: Scenario, db: CardDB) -> None:
    """The spec's "Setup rules" that need the card database; raise ScenarioError."""

    def fail(where: str, problem: str) -> NoReturn:
        raise ScenarioError(f"{sc.path}: {where}: {problem}")

    for i, name in enumerate(sc.kingdom):
        if db[name].kind != "kingdom":
            fail(f"kingdom[{i}]", f"{name} is not a Kingdom card")
    for i, name in enumerate(sc.landscapes):
        if db[name].kind not in ("event", "way", "project"):
            fail(f"landscapes[{i}]", f"{name} is not an Event, Way or Project")
    if sc.mouse is not None:
        why = mouse_problem(sc, db)
        if why:
            fail("mouse", why)
    piles = pile_names(sc, db)
    for name in sc.supply:
        if name not in piles:
            fail(
                f"setup.supply.{name}",
                f"{name} is not a pile in this game"
                + (" (nothing in it uses them)" if db[name].kind == "nonsupply" else ""),
            )
    places = [(f"setup.{who}.{z}", getattr(ps, z) or []) for who, ps in sc.setup_players.items() for z in ZONE_KEYS] + [
        ("setup.trash", sc.trash)
    ]
    for where, names in places:
        for i, name in enumerate(names):
            if db[name].kind not in CARD_KINDS:
                fail(f"{where}[{i}]", f"{name} is not a card (it is {an(db[name].kind)})")
    for who, ps in sc.setup_players.items():
        for key, kind in (("projects", "project"), ("artifacts", "artifact")):
            for i, name in enumerate(getattr(ps, key) or []):
                if db[name].kind != kind:
                    fail(f"setup.{who}.{key}[{i}]", f"{name} is not {an(kind)}")


def an(kind: str) -> str:
    return ("an " if kind[0] in "aeiou" else "a ") + kind.capitalize()


def mouse_problem(sc: Scenario, db: CardDB) -> str | None:
    """Why `mouse:` cannot be Way of the Mouse's set-aside card here, or None."""
    assert sc.mouse is not None  # asked only when the scenario names one
    d = db[sc.mouse]
    if "Way of the Mouse" not in sc.landscapes:
        return "given without Way of the Mouse in landscapes"
    if not d.is_(ACTION):
        return f"{d.name} is not an Action"
    if d.is_(DURATION):
        return f"{d.name} is a Duration"
    if d.cost not in (2, 3):
        return f"{d.name} does not cost 2 or 3"
    if d.kind != "kingdom":
        return f"{d.name} is not a Kingdom card"
    if d.name in sc.kingdom:
        return f"{d.name} is in the kingdom"
    return None


def pile_names(sc: Scenario, db: CardDB) -> set[str]:
    """The piles a game with this kingdom and these landscapes lays out (see Game.setup)."""
    in_game = [db[n] for n in [*sc.kingdom, *sc.landscapes, *([sc.mouse] if sc.mouse else [])]]
    used = set().union(*(d.uses for d in in_game))
    extra = {n for n in used if n in db and db[n].kind == "nonsupply"}
    return {d.name for d in db.of_kind("basic")} | set(sc.kingdom) | extra


def run_scenario(sc: Scenario) -> Outcome:
    try:
        return Runner(sc).run()
    except SetupError as e:
        return Outcome(sc, failure=f"setup: {e}")


def report(out: Outcome, tail: int = 6) -> str:
    lines = [f"FAIL {out.scenario.path}: {out.scenario.name}", f"  {out.failure}"]
    if out.said:
        lines.append("  last lines the game said:")
        lines += ["    " + s for s in out.said[-tail:]]
    return "\n".join(lines)


USAGE = """usage: dominion scenario PATH [PATH ...]

Run scenario files: each PATH is a .yaml file or a folder searched for them (scenario format:
the project's scenarios spec; examples under tests/scenarios/). Each failure prints the file,
the scenario, what was expected and what happened; then a count.
Exit status: 0 every scenario passed, 1 some failed, 2 a file is not a valid scenario."""


def main(paths: list[str], out=print) -> int:
    """`dominion scenario PATH...`: 0 all pass, 1 some failed, 2 some file invalid."""
    if any(p in ("-h", "--help") for p in paths):
        out(USAGE)
        return 0
    files = find_files(paths)
    if not files:
        out(f"No scenario files found in {', '.join(paths)}.")
        return 2
    invalid = failed = passed = 0
    for path in files:
        try:
            sc = load(path)
        except ScenarioError as e:
            out(f"INVALID {e}")
            invalid += 1
            continue
        result = run_scenario(sc)
        if result.passed:
            passed += 1
        else:
            failed += 1
            out(report(result))
    out(f"{passed} passed, {failed} failed" + (f", {invalid} invalid" if invalid else ""))
    return 2 if invalid else (1 if failed else 0)
