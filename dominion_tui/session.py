"""A game at the keyboard: the human decider, hot-seat passing, autosave, resume and undo."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import buying
from .bots import make_player
from .core.decisions import Cause, Decision, TurnAction
from .core.events import Note
from .core.game import Config, Game
from .core.model import ACTION, TREASURE
from .interpreter import MAX_LINE, Interpreter, ascii_number, clean, match_name
from .live import Live
from .narration import count
from .output import Output, wants
from .queries import Queries
from .repl import QuitRequest  # raised at any prompt, the opening questions' too
from .save import (
    OWN_NAME,
    Autosave,
    Check,
    ReplayDecider,
    SaveData,
    SaveError,
    autosave_path,
    is_save_file,
    state_digest,
    write,
)
from .setup import new_game
from .tips import Tips
from .undo import AnswerInfo, Checkpoint, Feed, UndoRequest

HIDDEN_INFO = ("draw", "reveal", "shuffle")
PHASES = {"start": "start of turn", "action": "action phase", "buy": "buy phase", "cleanup": "clean-up"}
CHECKPOINT_ENDS = 2  # while replaying, a turn with at most this many "end" answers left may be the last
META = ("quit", "exit", "undo", "save", "speech", "treasures", "ways", "autoend", "autoplay", "tips", "hint")


def resume_command(path: Path | None) -> str:
    """What to type to go on, as short as it can be: no long path read aloud."""
    default = autosave_path()
    if path is None or path == default:
        return "dominion --resume"
    if path.parent == default.parent and OWN_NAME.fullmatch(path.name):  # previous, autosave-2
        return f"dominion --resume {path.stem}"
    return f"dominion --resume {path}"


@dataclass
class Session:
    config: Config
    output: Output
    reader: Any
    computers: list[str] = field(default_factory=list)
    save_path: Path | None = None
    pause: bool = True
    answers: list[Any] = field(default_factory=list)
    computer: Any = None  # makes a computer player from a seed (tests use other players); None: by level
    levels: dict[str, str] = field(default_factory=dict)  # computer name -> normal, hard or bigmoney
    ask_ways: bool = False  # True: every Action asks the Way question, as in scenarios
    auto_end: bool = True  # the Buy phase ends by itself when nothing is left to do
    auto_play: bool = True  # `buy X` plays the Treasures that need no decision when that pays for X
    intro: Callable[[], None] | None = None  # what a resumed game says once its save has replayed
    tips: Tips = None  # type: ignore[assignment]  # first-time tips (issue 23); not given: off

    def __post_init__(self) -> None:
        self.game: Game | None = None
        self.replay: ReplayDecider | None = None
        self.info: list[AnswerInfo] = []
        self.at_keyboard: str | None = None
        self.queued: list[TurnAction] = []
        self.status_due = True  # the full status: at the start of a turn, after a hand-over
        self.live = True  # False while recorded answers are replayed: nothing is said
        self.hearing = True  # False while a replay runs with no one listening (see listen)
        self.way_next: str | None = None  # the answer to the Way question of the move just typed
        self.line_no = 0  # typed lines that gave answers
        self.answer_lines: list[int] = []  # per recorded answer, the typed line it came from
        self.typed: dict[int, str] = {}  # what each of those lines said
        self.autosave_off: str | None = None  # why autosave stopped (said once), or None
        self.named: tuple[str, list[Any]] | None = None  # the player's last `save FILE`, its answers
        self.saver: Autosave | None = None  # appends each answer to the autosave
        self.checkpoint: Checkpoint | None = None  # the game as the current turn began: undo replays from it
        self.end_asked = -1  # the turn (Game.turns_begun) whose end with Treasures unplayed was asked about
        self.pending_line: str | None = None  # typed at that question instead of yes or no: a command
        self.claim: Any = None  # files.Claim: this game's hold on its autosave, while it runs
        self.check: Check | None = None  # a resumed save's state digest, checked as it replays
        self.mismatch = False  # the save replayed into a state other than the one it recorded
        # Whose private cards may be named before anyone has the keyboard: the one person
        # playing against computers; nobody ("") in hot-seat; everyone when only computers play.
        humans = self.humans()
        self.output.narrator.viewer = humans[0] if len(humans) == 1 else ("" if humans else None)
        if self.tips is None:
            self.tips = Tips(self.output, humans)
        self.tips.changed = self.tips_changed

    # ---------------------------------------------------------------- the game loop
    def humans(self) -> list[str]:
        return [n for n in self.config.players if n not in self.computers]

    def bot(self, name: str, seed: int) -> Any:
        if self.computer is not None:
            return self.computer(seed)
        return make_player(self.levels.get(name, "normal"), seed)

    def build(self, answers: list[Any], start: Checkpoint | None = None) -> Game:
        """A game that replays `answers` silently, then asks the live deciders; from `start`
        (a copy of the game as this turn began, its answers and notes kept) or from the setup."""
        live = {
            i: Live(self, self.bot(n, self.config.seed + i) if n in self.computers else self)
            for i, n in enumerate(self.config.players)
        }
        # From the setup, a replay is heard only for its last turn or two (see listen): with no
        # one listening, the core makes no notes at all, and a long game resumes much faster.
        silent = bool(answers) and start is None
        check, self.check = self.check, None  # only the save's own replay is checked
        self.replay = ReplayDecider(
            answers,
            live,
            on_live=self.resumed,
            near_end=(CHECKPOINT_ENDS, self.listen) if silent else None,
            check=check,
            on_mismatch=self.replayed_elsewhere,
        )
        self.hearing = not silent
        self.info = self.info[: start.answers] if start else []
        self.queued = []
        self.live = not answers and self.game is None  # a rebuild after undo says nothing again
        self.status_due = True
        self.way_next = None
        deciders = {i: self.replay for i in range(len(self.config.players))}
        if start is None:
            self.output.forget()
            self.checkpoint, self.game = None, None  # the setup's notes are not the old game's
            game = new_game(self.config, deciders, listeners=[] if silent else [self.on_note])
        else:
            game = start.fresh()
            game.deciders, game.listeners, game.answer_hooks = deciders, [self.on_note], []
        game.answer_hooks.append(self.on_answer)
        self.game = game
        for d in live.values():
            d.recall(game)
        return game

    def think_first(self) -> None:
        """A new game's expert chooses its plan before the first turn is announced, so a hint on a
        human's first turn follows it too. Thinking reads only the setup, so it is done on a copy
        of the game made for it; the game's own bot then finds the plan chosen (THINK_CACHE)."""
        if not self.computers:
            return
        setup = new_game(self.config, deal=False)
        for i, name in enumerate(self.config.players):
            if name in self.computers:
                ask = Live(self, self.bot(name, self.config.seed + i))
                ask.recall(setup)  # a game saved before its first answer may have kept one
                if ask.plans(setup):
                    ask.plan(setup, name)

    def restore(self, answers: list[Any]) -> Game:
        """The game after `answers`, a shorter list than the game now has: this turn's answers
        replayed on a copy of the game as the turn began, else every answer on a new game."""
        cp = self.checkpoint
        if cp is None or cp.answers > len(answers):  # taken back past the turn's start
            return self.build(answers)
        game = self.build(answers[cp.answers :], cp)
        self.output.cut(cp.history)
        return game

    def listen(self, replayed: int) -> None:
        """Near the end of a replay from the setup, its notes are heard again: the current turn
        needs its checkpoint and to know which answers revealed a card. What the game said
        before is made again, by a replay of its own, only if the log is asked for."""
        assert self.game is not None
        self.hearing = True
        self.game.listeners.append(self.on_note)
        answers = list(self.game.answers[:replayed])
        self.output.earlier = lambda: self.notes_before(answers)

    def notes_before(self, answers: list[Any]) -> list[Note]:
        """Every note a game says before it asks for one answer more than `answers`."""
        notes: list[Note] = []
        feed = Feed(answers)
        try:
            new_game(self.config, {i: feed for i in range(len(self.config.players))}, listeners=[notes.append]).run()
        except Feed.Done:
            pass
        return notes

    def run(self) -> int:
        answers = list(self.answers)
        if not answers:
            self.resumed()  # nothing to replay
            self.think_first()
        game = self.build(answers)
        while True:
            try:
                game.run()
            except UndoRequest as u:
                answers = game.answers[: u.keep]
                del self.answer_lines[u.keep :]
                self.output.say(f"{u.who} takes back: {u.what}.")
                self.autosave(undo=answers)  # now: a kill before the next answer keeps the undo
                game = self.restore(answers)
                continue
            except QuitRequest:
                self.output.say(self.quit_line())
                return 0
            self.resumed()
            self.finished()
            return 0

    def resumed(self) -> None:
        """Once a resumed game's answers have replayed and fit: so a damaged save that passed every
        check of its fields is still refused before a word is said."""
        intro, self.intro = self.intro, None
        if intro:
            intro()
            if self.mismatch:
                self.output.say(
                    "Warning: this save does not lead to the game that was saved; it was "
                    "changed by hand or made by another version. Playing on from where it leads."
                )
            self.output.say(self.resuming())

    def resuming(self) -> str:
        """Where a resumed game stands: "Resuming: Ann's turn 12, buy phase." """
        g = self.game
        if g is None:  # nothing to replay: the save was made before the first answer
            return "Resuming the saved game from its start."
        if g.over:
            return "Resuming the saved game: it is over."
        p = g.current
        turn = "extra turn" if g.turn.extra else f"turn {p.turns_taken}"
        return f"Resuming: {p.name}'s {turn}, {PHASES.get(g.phase, g.phase + ' phase')}."

    def replayed_elsewhere(self) -> None:
        """The save's answers led to a state other than its digest says: said once it has replayed,
        and the autosave is written anew from what it leads to."""
        self.mismatch = True
        self.saver = None

    def finished(self) -> None:
        """The game is over: its autosave goes, only if it is still this game's own (never a
        file another game or the player put in its place); a file the player named stays theirs."""
        mine = self.claim is not None or (self.saver is not None and self.saver.owns_file())
        try:
            if self.save_path and mine and self.save_path.exists():
                self.save_path.unlink()
        except OSError:
            pass  # a leftover autosave of a finished game resumes straight to its end

    def quit_line(self) -> str:
        """Only a save that holds every answer so far may be called saved."""
        if self.autosave(retry=True, at=self.waiting_at()):
            return f"Game saved. Type {resume_command(self.save_path)} to go on."
        if self.named and self.game and self.named[1] == self.game.answers:
            return f"Game saved to {self.named[0]}. Type dominion --resume {self.named[0]} to go on."
        why = f": {self.autosave_off}" if self.autosave_off else ""
        if self.named:
            return f"Game not saved{why}. {self.named[0]} holds the game as you last saved it."
        return f"Game not saved{why}."

    # ---------------------------------------------------------------- events from the core
    def on_note(self, note: Note) -> None:
        kind = note.kind
        if kind in HIDDEN_INFO and self.info:
            self.info[-1].revealed = True
            if kind != "shuffle" and (not self.live or wants(self.output.level, note, self.output.narrator.viewer)):
                self.info[-1].heard = True  # a shuffle shows no card
        if kind == "turn":
            self.status_due = True
            if self.live and note.player in self.humans():  # the pause first, then the new turn
                self.hand_over(note.player, "")
        if self.live:
            self.output.muted = False
            self.output.note(note)
            self.tips.note(note, self.game)  # after the note's own line: cause before effect
        else:  # nothing is said while answers replay: keep the note for the log, unrendered
            self.output.muted = True
            self.output.keep(note)
        if (
            kind == "turn"
            and note.player in self.humans()
            and self.game
            and self.game.answers
            and (self.live or self.replay is None or self.replay.ends_left() <= CHECKPOINT_ENDS)
        ):
            # only a player at the keyboard undoes, only in their own turn
            self.checkpoint = Checkpoint.take(self.game, self.output.mark())

    def on_answer(self, d: Decision, ans: Any) -> None:
        g = self.game
        index = len(g.answers) - 1 if g else 0
        lines = self.answer_lines
        if index >= len(lines):  # a new answer (or one replayed from a save)
            if not self.live:
                self.line_no += 1
            lines.append(self.line_no)
        line = lines[index] if index < len(lines) else self.line_no
        # an answer replayed unheard may have revealed a card: undo then refuses it, to be safe
        self.info.append(
            AnswerInfo(
                d.player.name,
                g.current.turns_taken if g else 0,
                d,
                ans,
                line,
                revealed=not self.hearing,
                heard=not self.hearing,
            )
        )
        if self.live:  # with the state this answer was given in (it has not acted yet): resume checks it
            self.autosave(at=index)

    def state_check(self, at: int) -> Check | None:
        """The game's state now, as the question after `at` answers left it."""
        g = self.game
        return None if g is None else Check(at, state_digest(g), (g.current.index, g.current.turns_taken))

    def waiting_at(self) -> int | None:
        """The answers before the question being asked, if one is (not at a hand-over as a turn
        begins: the turn's start has not run yet, and a replay would check it after it has)."""
        g = self.game
        return None if g is None or g.waiting is None else len(g.answers)

    def data(self) -> SaveData:
        assert self.game is not None
        at = self.waiting_at()
        return SaveData(
            self.game.config,
            list(self.game.answers),
            list(self.computers),
            dict(self.levels),
            None if at is None else self.state_check(at),
            tips=self.tips.state(),
        )

    def autosave(self, retry: bool = False, at: int | None = None, undo: list[Any] | None = None) -> bool:
        """Save after every answer, with a digest of the state after `at` answers, and at once after
        an undo (`undo`: the answers that stand). When that fails the game goes on: say once why,
        then stop trying."""
        if self.save_path is None or self.game is None or (self.autosave_off and not retry):
            return False
        if self.saver is None or self.saver.path != self.save_path:
            self.saver = Autosave(self.save_path)
        try:  # the answers themselves, not a copy: a copy grows with the game
            if undo is not None:
                self.saver.undo(SaveData(self.game.config, undo, self.computers, self.levels, tips=self.tips.state()))
            else:
                check = None if at is None else self.state_check(at)
                self.saver.write(
                    SaveData(
                        self.game.config, self.game.answers, self.computers, self.levels, check, tips=self.tips.state()
                    )
                )
        except SaveError as e:
            if self.autosave_off is None and not retry:
                self.output.say(f"Autosave is off: {e}. Type save FILE to save elsewhere.")
            self.autosave_off = str(e)
            return False
        self.autosave_off = None
        return True

    # ---------------------------------------------------------------- the human decider
    def decide(self, game: Game, d: Decision) -> Any:
        self.live = True
        self.output.muted = False
        name = d.player.name
        self.hand_over(name, "" if game.current.name == name else self.why_asked(game, d))
        given = self.given_answer(game, d)
        if given is not None:
            return given
        question = self.output.narrator.question(d) if d.kind != "turn" else None
        self.output.end_batch(asks=question is not None, question=question[0] if question else None)
        self.ask(game, d, question)
        self.tips.asked(game, d)
        interp = Interpreter(
            game, Queries(game, self.output.log, lambda: list(self.output.recent), self.output.last), ways_in_moves=True
        )
        self.reader.context = (game, d)
        while True:
            try:
                raw, self.pending_line = self.pending_line or self.reader.read(self.prompt(d)), None
            except (EOFError, KeyboardInterrupt):
                raise QuitRequest from None
            self.output.interrupt()
            line = clean(raw)
            verb, _, arg = line.partition(" ")
            verb = verb.lower()
            if d.kind == "turn" and line.lower() in ("play all", "play treasures"):
                verb = "treasures"  # what other Dominion programs call it
            if verb in META and len(raw) <= MAX_LINE and not interp.is_option(d, line):
                result = self.meta(game, d, verb, arg.strip())
                if result is not None:
                    self.typed_line(line)
                    self.output.answered()
                    return result
                continue
            res = interp.interpret(raw, d)
            if res.kind == "reject" and d.kind == "turn" and self.auto_play:
                plays = self.plain_treasures(game, d)
                acts = buying.after_treasures(game, d, interp, line, plays)
                if acts:
                    self.typed_line(line)
                    self.output.answered()
                    self.queued = acts[1:]
                    self.output.begin_batch()
                    return acts[0]
                res = buying.short_of(game, d, interp, line, plays) or res
            if res.kind == "answer" and not self.end_anyway(game, d, res.value, interp):
                continue
            if res.kind == "answer":
                self.typed_line(line)
                self.output.answered()
                self.echo(d, res.value)
                if isinstance(res.value, TurnAction):
                    self.way_next = self.way_for(game, d, res.value)
                return res.value
            self.output.info(res.lines)

    @staticmethod
    def why_asked(game: Game, d: Decision) -> str:
        """The hot-seat line's reason: a reaction may be declined, an attack must be answered."""
        name, cause = d.player.name, d.context
        if isinstance(cause, Cause):
            return f"{name} must answer {cause.player}'s {cause.card}. "
        if d.may_decline:
            return f"{name} may react on {game.current.name}'s turn. "
        return f"{name} must answer on {game.current.name}'s turn. "

    def typed_line(self, line: str) -> None:
        self.line_no += 1
        self.typed[self.line_no] = line

    def given_answer(self, game: Game, d: Decision) -> Any:
        """An answer the player already gave: the rest of `treasures`, the Way typed with
        `play`, or the automatic end of a Buy phase with nothing left to do. It is recorded
        like any other answer, so replay stays exact."""
        way, self.way_next = self.way_next, None
        if d.kind == "turn" and self.queued:
            act = self.queued.pop(0)
            why = game.why_not(d.player, act)
            if why is None:
                return act
            self.queued.clear()
            if act.verb == "buy":  # the Treasures played for it did not pay after all: say so
                self.output.info([why])
        if way is not None and d.topic == "way":
            labels = [o.label for o in d.options]
            if way in labels:
                return [labels.index(way)]
        if (
            d.may_decline and game.phase == "cleanup" and game.current.name == d.player.name and game.is_last_turn()
        ):  # the game has ended: the Horn is not offered
            return []
        if d.moot is not None:  # "Which happens first: Key, or Cargo Ship?": the order cannot matter
            return [d.moot]
        if d.topic == "way" and not self.ask_ways:  # a reaction played from the hand: normally,
            return [0]  # as a move is unless it names a Way; `ways ask` asks every time
        if d.kind == "turn" and d.topic == "buy" and self.auto_end and self.nothing_to_do(game, d):
            self.output.end_batch()
            return TurnAction("end")
        return None

    @staticmethod
    def nothing_to_do(game: Game, d: Decision) -> bool:
        """No Buy left and no card that could still be played (Coffers would buy nothing)."""
        p = d.player
        return p.buys < 1 and all(game.why_not(p, TurnAction("play", n)) for n in set(p.hand.names()))

    def way_for(self, game: Game, d: Decision, act: TurnAction) -> str | None:
        """The answer to the Way question this move will open, if the player has given it."""
        if act.verb != "play" or not game.ways or game.phase != "action":
            return None
        card = next((c for c in d.player.hand.cards if c.name == act.name), None)
        if card is None or not card.is_(ACTION):
            return None
        return act.way or (None if self.ask_ways else "normal")

    def echo(self, d: Decision, answer: Any) -> None:
        """Confirm what was understood: a screen reader speaks only what was typed ("ne")."""
        if d.kind == "turn":
            return  # a move is confirmed by what it does: "Alice plays Copper."
        picked = ", ".join(d.options[i].label for i in answer) or "none"
        # a yes to a one-card question is echoed by what it does ("Ben exiles a Copper.")
        yes = bool(answer) and (
            d.kind == "yesno" or (len(d.options) == 1 and d.may_decline) or d.topic == "way"
        )  # the play names its Way
        self.output.echo(d.player.name, f"{d.player.name} chooses {picked}.", unless_heard=yes)

    def prompt(self, d: Decision) -> str:
        if d.kind == "turn":
            return f"{d.player.name}, {d.topic}>"
        return f"{d.player.name}, {'yes or no' if d.kind == 'yesno' else 'choose'}>"

    def ask(self, game: Game, d: Decision, question: list[str] | None) -> None:
        """Say the question (its lines, worked out once by decide), or a turn's status when due."""
        if question is not None:
            self.output.question(question)
            return
        if self.status_due:  # after a move, its own announcements say what changed
            self.output.question(self.output.narrator.question(d)[:1])
            self.status_due = False

    def hand_over(self, name: str, why: str) -> None:
        """Hot-seat: the pause comes before anything of the next player's is said."""
        if name == self.at_keyboard:
            return
        before = self.at_keyboard
        fresh = before is None and not self.answers  # a new game: nothing private yet
        self.at_keyboard = name
        self.output.narrator.viewer = name
        self.status_due = True
        if fresh or not self.pause or len(self.humans()) < 2:
            return
        self.output.say(f"{why}Pass the keyboard to {name}, then press Enter.")
        press = f"Press Enter to {'give ' + name + ' the keyboard' if why else 'start ' + name + chr(39) + 's turn'}"
        while True:  # only Enter passes: a command typed by the one who just finished is not taken for it
            try:
                line = clean(self.reader.read("Press Enter>")).lower()
            except (EOFError, KeyboardInterrupt):
                raise QuitRequest from None
            if line in ("quit", "exit"):
                raise QuitRequest
            if not line:
                return
            if line == "undo" and before is not None:
                self.output.info([self.undo_at_pause(before)])
            else:
                self.output.info([f"{press}, or type undo." if before is not None else f"{press}."])

    def undo_at_pause(self, who: str) -> str:
        """At the pause, `undo` takes back the last line `who` typed (raising UndoRequest), unless
        someone has answered since or it told them a card; else says why not. Only what was said
        counts: no prompt came between that line and the pause, so nothing else could be asked."""
        info = self.info
        start = len(info)
        while start > 0 and info[start - 1].line == info[-1].line:
            start -= 1
        group = info[start:]
        if not group or any(a.player != who for a in group):
            return f"Nothing of {who}'s to undo now."
        if any(a.heard for a in group):
            return "That answer revealed a card, so it cannot be undone."
        what = self.typed.get(group[-1].line) or ", ".join(a.text for a in group)
        self.at_keyboard = self.output.narrator.viewer = who  # the keyboard stays with them
        raise UndoRequest(start, who, what)

    # ---------------------------------------------------------------- meta commands
    def meta(self, game: Game, d: Decision, verb: str, arg: str) -> Any:
        if verb in ("quit", "exit"):
            raise QuitRequest
        if verb == "undo":
            self.undo(game, d)
            return None
        if verb == "save":
            return self.save_as(arg)
        if verb == "speech":
            return self.speech(arg)
        if verb == "treasures":
            return self.treasures(game, d)
        if verb == "ways":
            return self.setting(arg, "ways", {"ask": True, "typed": False}, "ask_ways")
        if verb == "autoend":
            return self.setting(arg, "autoend", {"on": True, "off": False}, "auto_end")
        if verb == "autoplay":
            return self.setting(arg, "autoplay", {"on": True, "off": False}, "auto_play")
        if verb == "tips":
            self.output.info([self.tips.command(arg)])
        if verb == "hint":
            self.output.info([self.hint(game, d)])
        return None

    @staticmethod
    def hint(game: Game, d: Decision) -> str:
        """`hint`: the strongest computer level's answer, as the player would type it, and why."""
        from .bots.hint import hint

        try:
            move, why = hint(game, d)  # it reads the game and never changes it (tests/test_expert.py)
        except Exception:  # a hint is a help, never a crash: the question stands as it was
            return "No hint for this question."
        return f"Hint: {move}. {why}"

    def tips_changed(self) -> None:
        """The autosave's first line keeps the tips: the file is written whole at the next save."""
        if self.saver is not None:
            self.saver.count = None

    def setting(self, arg: str, verb: str, values: dict[str, bool], attr: str) -> None:
        word, _ = match_name(arg.lower(), list(values)) if arg else (None, None)
        if word is None:
            now = next(k for k, v in values.items() if v == getattr(self, attr))
            self.output.info([f"{verb} is {now}. Type {verb} {' or '.join(values)}."])
            return None
        setattr(self, attr, values[word])
        self.output.info([f"{verb} {word}."])
        return None

    def undo(self, game: Game, d: Decision) -> None:
        """Take back the last typed line: every answer it gave (all of `treasures`, say)."""
        last = self.info[-1] if self.info else None
        start = len(self.info)
        while last is not None and start > 0 and self.info[start - 1].line == last.line:
            start -= 1
        group = self.info[start:]
        if d.player is not game.current:
            self.output.info(["You can undo only during your own turn."])
        elif (
            last is None
            or len(game.answers) == 0
            or any(a.player != d.player.name or a.turn != d.player.turns_taken for a in group)
        ):
            self.output.info(["Nothing of yours to undo this turn."])
        elif any(a.revealed for a in group):
            self.output.info(["That answer revealed a card, so it cannot be undone."])
        else:
            what = self.typed.get(last.line) or ", ".join(a.text for a in group)
            raise UndoRequest(start, d.player.name, what)

    def save_as(self, arg: str) -> None:
        if not arg:
            self.output.info(["Save where? For example: save mygame.json"])
            return None
        try:
            path = Path(arg).expanduser()
            if os.path.lexists(path) and not path.is_dir() and not is_save_file(path):
                self.output.info([f"{arg} is not a dominion-tui save, so it is not replaced. Save to another name."])
                return None
            write(path, self.data())
        except RuntimeError:  # "~someone" who is not a user here
            self.output.info([f"Could not save to {arg}: there is no user {arg[1:].split('/')[0]}."])
        except SaveError as e:
            self.output.info([f"Could not save to {arg}: {e}."])
        else:
            self.named = (arg, list(self.game.answers) if self.game else [])
            self.output.info([f"Game saved to {arg}. Resume with: dominion --resume {arg}"])
        return None

    def speech(self, arg: str) -> None:
        sp = self.output
        words = arg.split()
        if not words:
            self.output.info(["speech on, speech off, speech rate N, speech volume N (0 to 100), speech voice NAME."])
            return None
        cmd, _ = match_name(words[0].lower(), ["on", "off", "rate", "volume", "voice"])
        if cmd == "off":
            sp.speech_off()
            self.output.info(["Speech off."])
        elif cmd == "on":
            msg = sp.speech_on()
            self.output.info([msg or "Speech on."])
        elif cmd in ("rate", "volume") and len(words) == 2 and ascii_number(words[1]) is not None:
            n = ascii_number(words[1]) or 0  # a number: checked just above
            sp.configure(**({"rate": n} if cmd == "rate" else {"volume": min(n, 100) / 100}))
            self.output.info([f"Speech {cmd} {n}."])
        elif cmd == "voice" and len(words) >= 2:
            self.output.info([sp.choose_voice(" ".join(words[1:]))])
        else:
            self.output.info(["Try: speech on, speech off, speech rate 200, speech volume 80, speech voice NAME."])
        return None

    @staticmethod
    def plain_treasure(game: Game, c: Any) -> bool:
        """A Treasure now that asks nothing: a printed one without modes, or an Action that is a
        Treasure this turn (Capitalism) whose effect is only "+N" bonuses."""
        if c.is_(TREASURE):
            return not c.defn.modes
        return TREASURE in game.types_of(c) and getattr(c.defn.play, "__qualname__", "").startswith("plus.")

    def plain_treasures(self, game: Game, d: Decision) -> list[TurnAction]:
        """Playing every Treasure that asks nothing, in name order (`treasures`, `buy X`)."""
        cards = [c.name for c in d.player.hand.cards if self.plain_treasure(game, c)]
        return [TurnAction("play", n) for n in sorted(cards)]

    def end_anyway(self, game: Game, d: Decision, answer: Any, interp: Interpreter) -> bool:
        """Ending the Buy phase with a Treasure that could still be played asks once a turn."""
        if not (isinstance(answer, TurnAction) and answer.verb == "end" and d.topic == "buy"):
            return True
        unplayed = interp.unplayed_treasures(d)
        if not unplayed or self.end_asked == game.turns_begun:
            return True
        self.end_asked = game.turns_begun
        self.output.say(f"{count(unplayed, 'Treasure')} not played yet. End your turn anyway? yes or no.")
        try:
            raw = self.reader.read(f"{d.player.name}, yes or no>")
        except (EOFError, KeyboardInterrupt):
            raise QuitRequest from None
        word = clean(raw).lower()
        if word in ("yes", "y", "end"):
            return True
        if word not in ("no", "n", ""):
            self.pending_line = raw  # not an answer: the command it is, at the Buy prompt
        return False

    def treasures(self, game: Game, d: Decision) -> Any:
        if d.kind != "turn":
            self.output.info(["Answer the question first."])
            return None
        acts = self.plain_treasures(game, d)
        if not acts or game.why_not(d.player, acts[0]):
            self.output.info([game.why_not(d.player, acts[0]) or "" if acts else "You have no Treasures to play."])
            return None
        self.queued = acts[1:]
        self.output.begin_batch()
        return acts[0]
