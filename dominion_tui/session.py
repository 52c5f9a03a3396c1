"""A game at the keyboard: the human decider, hot-seat passing, autosave, resume and undo."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.decisions import Decision, TurnAction
from .core.events import Note
from .core.game import Config, Game
from .core.model import TREASURE
from .interpreter import Interpreter, ascii_number, clean, match_name
from .output import Output
from .players import SimplePlayer
from .queries import Queries
from .save import ReplayDecider, SaveData, write
from .setup import new_game

HIDDEN_INFO = ("draw", "reveal", "shuffle")
META = ("quit", "exit", "undo", "save", "speech", "treasures")


class QuitRequest(Exception):
    pass


class UndoRequest(Exception):
    def __init__(self, keep: int, who: str, what: str) -> None:
        super().__init__(what)
        self.keep, self.who, self.what = keep, who, what


@dataclass
class AnswerInfo:
    player: str
    turn: int
    text: str
    revealed: bool = False  # did a hidden card come to light after this answer?


@dataclass
class Session:
    config: Config
    output: Output
    reader: Any
    computers: list[str] = field(default_factory=list)
    save_path: Path | None = None
    pause: bool = True
    answers: list[Any] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.game: Game | None = None
        self.replay: ReplayDecider | None = None
        self.info: list[AnswerInfo] = []
        self.at_keyboard: str | None = None
        self.queued: list[TurnAction] = []
        self.shown_status = ""

    # ---------------------------------------------------------------- the game loop
    def humans(self) -> list[str]:
        return [n for n in self.config.players if n not in self.computers]

    def build(self, answers: list[Any]) -> Game:
        live = {i: (SimplePlayer(self.config.seed + i) if n in self.computers else self)
                for i, n in enumerate(self.config.players)}
        self.replay = ReplayDecider(answers, live)
        self.info = []
        self.queued = []
        self.output.history.clear()
        deciders = {i: self.replay for i in range(len(self.config.players))}
        game = new_game(self.config, deciders, listeners=[self.on_note])
        game.answer_hooks.append(self.on_answer)
        self.game = game
        return game

    def run(self) -> int:
        answers = list(self.answers)
        if answers:
            self.output.say("Resuming the saved game.")
        while True:
            game = self.build(answers)
            try:
                game.run()
            except UndoRequest as u:
                answers = game.answers[:u.keep]
                self.output.say(f"{u.who} takes back: {u.what}.")
                self.shown_status = ""  # say where things stand again
                continue
            except QuitRequest:
                self.autosave()
                where = f" {self.save_path}" if self.save_path else ""
                self.output.say(f"Game saved. Type dominion --resume{where} to go on.")
                return 0
            self.finished()
            return 0

    def finished(self) -> None:
        if self.save_path and self.save_path.exists():
            self.save_path.unlink()

    # ---------------------------------------------------------------- events from the core
    def on_note(self, note: Note) -> None:
        if self.info and note.kind in HIDDEN_INFO:
            self.info[-1].revealed = True
        self.output.muted = bool(self.replay and self.replay.replaying)
        self.output.note(note)

    def on_answer(self, d: Decision, ans: Any) -> None:
        g = self.game
        text = str(ans) if isinstance(ans, TurnAction) else ", ".join(d.options[i].label for i in ans) or "none"
        self.info.append(AnswerInfo(d.player.name, g.current.turns_taken if g else 0, text))
        if not (self.replay and self.replay.replaying):
            self.autosave()

    def autosave(self, path: Path | None = None) -> None:
        target = path or self.save_path
        if target is None or self.game is None:
            return
        write(target, SaveData(self.game.config, list(self.game.answers), list(self.computers)))

    # ---------------------------------------------------------------- the human decider
    def decide(self, game: Game, d: Decision) -> Any:
        self.output.muted = False
        self.hand_over(game, d)
        if d.kind == "turn" and self.queued:
            act = self.queued.pop(0)
            if game.why_not(d.player, act) is None:
                return act
            self.queued.clear()
        self.output.end_batch()
        self.ask(game, d)
        interp = Interpreter(game, Queries(game, self.output.log, lambda: list(self.output.recent)))
        self.reader.context = (game, d)
        while True:
            try:
                raw = self.reader.read(self.prompt(d))
            except (EOFError, KeyboardInterrupt):
                raise QuitRequest
            self.output.interrupt()
            line = clean(raw)
            verb, _, arg = line.partition(" ")
            verb = verb.lower()
            if verb in META and not interp.is_option(d, line):
                result = self.meta(game, d, verb, arg.strip())
                if result is not None:
                    self.output.answered()
                    return result
                continue
            res = interp.interpret(raw, d)
            if res.kind == "answer":
                self.output.answered()
                self.echo(d, res.value)
                return res.value
            self.output.info(res.lines)

    def echo(self, d: Decision, answer: Any) -> None:
        """Confirm what was understood: a screen reader speaks only what was typed ("ne")."""
        if d.kind == "turn":
            return  # a move is confirmed by what it does: "Alice plays Copper."
        picked = ", ".join(d.options[i].label for i in answer) or "none"
        self.output.say(f"{d.player.name} chooses {picked}.")

    def prompt(self, d: Decision) -> str:
        if d.kind == "turn":
            return f"{d.player.name}, {d.topic}>"
        return f"{d.player.name}, {'yes or no' if d.kind == 'yesno' else 'choose'}>"

    def ask(self, game: Game, d: Decision) -> None:
        if d.kind != "turn":
            self.output.question(self.output.narrator.question(d))
            return
        status = self.output.narrator.question(d)[0]
        if status != self.shown_status:
            self.output.question([status])
            self.shown_status = status

    def hand_over(self, game: Game, d: Decision) -> None:
        """Hot-seat: nothing private to the next player is shown before they press Enter."""
        name = d.player.name
        if name == self.at_keyboard:
            return
        first = self.at_keyboard is None
        self.at_keyboard = name
        self.output.narrator.viewer = name
        self.shown_status = ""
        if first or not self.pause or len(self.humans()) < 2:
            return
        why = f"{name}'s turn" if game.current.name == name else f"{name} may react on {game.current.name}'s turn"
        self.output.say(f"{why}. Pass the keyboard to {name}, then press Enter.")
        try:
            self.reader.read("Press Enter>")
        except (EOFError, KeyboardInterrupt):
            raise QuitRequest

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
        return None

    def undo(self, game: Game, d: Decision) -> None:
        last = self.info[-1] if self.info else None
        if d.player is not game.current:
            self.output.info(["You can undo only during your own turn."])
        elif last is None or last.player != d.player.name or last.turn != d.player.turns_taken \
                or len(game.answers) == 0:
            self.output.info(["Nothing of yours to undo this turn."])
        elif last.revealed:
            self.output.info(["That answer revealed a card, so it cannot be undone."])
        else:
            raise UndoRequest(len(game.answers) - 1, d.player.name, last.text)

    def save_as(self, arg: str) -> None:
        if not arg:
            self.output.info(["Save where? For example: save mygame.json"])
            return None
        try:
            self.autosave(Path(arg).expanduser())
            self.output.info([f"Game saved to {arg}. Resume with: dominion --resume {arg}"])
        except OSError as e:
            self.output.info([f"Could not save to {arg}: {e.strerror or e}."])
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
            n = ascii_number(words[1])
            sp.configure(**({"rate": n} if cmd == "rate" else {"volume": min(n, 100) / 100}))
            self.output.info([f"Speech {cmd} {n}."])
        elif cmd == "voice" and len(words) >= 2:
            sp.configure(voice=" ".join(words[1:]))
            self.output.info([f"Speech voice {' '.join(words[1:])}."])
        else:
            self.output.info(["Try: speech on, speech off, speech rate 200, speech volume 80, speech voice NAME."])
        return None

    def treasures(self, game: Game, d: Decision) -> Any:
        if d.kind != "turn":
            self.output.info(["Answer the question first."])
            return None
        cards = [c.name for c in d.player.hand.cards if c.is_(TREASURE) and not c.defn.modes]
        acts = [TurnAction("play", n) for n in sorted(cards)]
        if not acts or game.why_not(d.player, acts[0]):
            self.output.info([game.why_not(d.player, acts[0]) if acts else "You have no Treasures to play."])
            return None
        self.queued = acts[1:]
        self.output.begin_batch()
        return acts[0]

