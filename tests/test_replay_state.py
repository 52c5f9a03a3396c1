"""Resume and undo rebuild exactly the live game: every zone in order, every counter, the
random generator and the question being asked (issue 6, item 1).

A game is its setup plus its answers. These tests play random games with random landscapes
(Way of the Mouse included), stop at a random answer, and rebuild the position the two ways
the keyboard session does: from a save file (resume) and from a shorter list of answers
followed by the same answer again (undo, then redo).
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from dominion_tui.bots import RandomPlayer
from dominion_tui.core.game import Config, SetupError
from dominion_tui.output import Output
from dominion_tui.save import SaveData, read as read_save, write
from dominion_tui.session import Live, Session
from dominion_tui.setup import database
from dominion_tui.undo import copy_game, copyable

GAMES = 200
BLOCKS = 4


class Stop(Exception):
    """Raised by a decider to leave the game standing at a question."""


class StopAt:
    """Answers through another decider until the game holds `n` answers, then stops there."""

    def __init__(self, inner, n: int) -> None:
        self.inner, self.n = inner, n

    def decide(self, game, d):
        if len(game.answers) >= self.n:
            raise Stop
        return self.inner.decide(game, d)


def random_config(seed: int) -> Config:
    """A random kingdom and 0 to 3 landscapes from the whole pool, 1 to 4 players."""
    rng = random.Random(seed)
    db = database()
    kingdom = sorted(d.name for d in db.of_kind("kingdom"))
    landscapes = sorted(d.name for d in db.of_kind("event", "way", "project"))
    players = ["Ann", "Ben", "Cat", "Dan"][: rng.randint(1, 4)]
    chosen = rng.sample(landscapes, rng.randint(0, min(3, len(landscapes))))
    if seed % 2 == 0 and "Way of the Mouse" not in chosen:  # Mouse in every other game
        chosen.append("Way of the Mouse")
    return Config(players, sorted(rng.sample(kingdom, rng.randint(3, len(kingdom) - 1))), chosen, seed)


def session(config: Config, answers=None) -> Session:
    # No autosave path: saving after every answer would only slow the test; the save file is
    # written once, below, with the same function autosave uses.
    return Session(
        config,
        Output(stream=io.StringIO()),
        reader=None,
        computers=list(config.players),
        save_path=None,
        pause=False,
        answers=list(answers or []),
        computer=RandomPlayer,
    )


def play_until(s: Session, answers: list, n: int):
    """Rebuild the session's game from `answers`, then play on until it holds `n` answers."""
    game = s.build(list(answers))
    s.replay.live = {i: StopAt(d, n) for i, d in s.replay.live.items()}
    try:
        game.run()
    except Stop:
        pass
    return game


def check_seed(seed: int, tmp_path: Path) -> None:
    config = random_config(seed)
    save = tmp_path / f"auto{seed}.json"
    s = session(config)
    n = random.Random(seed).randint(1, 300)
    try:
        live = play_until(s, [], n)
    except SetupError:  # no unused Action for Way of the Mouse in this kingdom
        return
    answers = list(live.answers)
    want = live.snapshot()

    write(save, SaveData(live.config, answers, list(s.computers)))  # resume, as --resume does
    data = read_save(save)
    resumed = play_until(session(data.config, data.answers), data.answers, len(answers))
    assert resumed.snapshot() == want, f"seed {seed}: resume differs after {len(answers)} answers"

    if answers:  # undo the last answer, then give it again
        redone = play_until(s, answers[:-1], len(answers))
        assert redone.answers == answers, f"seed {seed}: redo answered differently"
        assert redone.snapshot() == want, f"seed {seed}: undo then redo differs"


@pytest.mark.parametrize("block", range(BLOCKS))
def test_resume_and_undo_rebuild_the_live_state(block: int, tmp_path: Path) -> None:
    for seed in range(block, GAMES, BLOCKS):
        check_seed(seed, tmp_path)


def test_way_of_the_mouse_setup_is_never_written_into_the_config(tmp_path: Path) -> None:
    config = Config(
        ["Ann", "Ben"],
        ["Barge", "Patron", "Silk Merchant", "Bounty Hunter", "Village Green", "Supplies"],
        ["Way of the Mouse"],
        13,
    )
    s = session(config)
    game = play_until(s, [], 5)
    assert config.mouse is None
    aside = game.db[game.set_aside.names()[0]]
    assert aside.is_("Action") and not aside.is_("Duration") and aside.cost in (2, 3)
    assert aside.name not in config.kingdom


def keyboard_session(config: Config) -> Session:
    """Every player at the keyboard (so each turn's start is kept for undo), answered at random."""
    return Session(config, Output(stream=io.StringIO()), reader=None, computers=[], save_path=None, pause=False)


def play_on(s: Session, game, n: int):
    """Run a game the session built, its live questions answered at random, until `n` answers."""
    s.replay.live = {i: StopAt(Live(s, RandomPlayer(s.config.seed + i)), n) for i in s.replay.live}
    try:
        game.run()
    except Stop:
        pass
    return game


def played(seed: int, least: int, most: int):
    """A random game of this seed played live at the keyboard for least to most answers: its
    config, the seed's generator (for what the check picks next), session, length and game;
    None when the seed's setup cannot be laid out."""
    config = random_config(seed)
    rng = random.Random(seed)
    s = keyboard_session(config)
    n = rng.randint(least, most)
    try:
        return config, rng, s, n, play_on(s, s.build([]), n)
    except SetupError:
        return None


def check_undo_from_turn_start(seed: int) -> bool:
    """Undo within a turn replays only that turn, on a copy of the game as the turn began; the
    game then plays on exactly as one never undone. False when this seed had nothing to check."""
    got = played(seed, 1, 300)
    if got is None:
        return False
    config, rng, s, n, live = got
    answers, cp = list(live.answers), s.checkpoint
    if cp is None or cp.answers >= len(answers):
        return False
    keep = rng.randint(cp.answers, len(answers) - 1)
    restored = s.restore(answers[:keep])
    assert s.checkpoint is cp, f"seed {seed}: undo replayed more than the turn"  # a rebuild drops it
    undone = play_on(s, restored, n + 40)
    straight = keyboard_session(config)
    want = play_on(straight, straight.build([]), n + 40)
    assert undone.answers == want.answers, f"seed {seed}: answers differ after undo"
    assert undone.snapshot() == want.snapshot(), f"seed {seed}: state differs after undo at {keep}"
    return True


@pytest.mark.parametrize("block", range(BLOCKS))
def test_undo_from_the_turns_start_plays_on_as_if_never_undone(block: int) -> None:
    checked = sum(check_undo_from_turn_start(seed) for seed in range(block, GAMES, BLOCKS))
    assert checked > GAMES // BLOCKS // 4


def check_resume_heard_late(seed: int) -> bool:
    """A resumed game is heard only for its last turn or two (issue 12: resume fast), yet its
    log is the live game's, and undo in the resumed turn plays on as if never undone."""
    got = played(seed, 100, 400)
    if got is None:
        return False
    config, rng, s, _, live = got
    answers = list(live.answers)
    resumed = keyboard_session(config)
    play_on(resumed, resumed.build(answers), len(answers))
    heard = len(resumed.output.history)
    s.output.narrator.viewer = resumed.output.narrator.viewer = None  # everything, for both
    assert resumed.output.last(9) == s.output.last(9), f"seed {seed}: log 9 differs after resume"
    assert resumed.output.log() == s.output.log(), f"seed {seed}: log differs after resume"
    assert heard < len(s.output.history) // 2, f"seed {seed}: the whole replay was heard"
    cp = resumed.checkpoint
    if cp is None or cp.answers >= len(answers):
        return False
    keep = rng.randint(cp.answers, len(answers) - 1)
    restored = resumed.restore(answers[:keep])
    assert resumed.checkpoint is cp, f"seed {seed}: undo after resume replayed more than the turn"
    undone = play_on(resumed, restored, len(answers) + 40)
    straight = keyboard_session(config)
    want = play_on(straight, straight.build([]), len(answers) + 40)
    assert undone.snapshot() == want.snapshot(), f"seed {seed}: state differs after resume and undo"
    straight.output.narrator.viewer = resumed.output.narrator.viewer = None
    assert resumed.output.log() == straight.output.log(), f"seed {seed}: log differs after resume and undo"
    return True


RESUMES = 16  # games of 100 to 400 answers: each is played three times over


@pytest.mark.parametrize("block", range(BLOCKS))
def test_a_resumed_game_is_heard_late_yet_logs_and_undoes_as_the_live_one(block: int) -> None:
    checked = sum(check_resume_heard_late(seed) for seed in range(block, RESUMES, BLOCKS))
    assert checked >= 1  # a seed whose last turn has no undo to check proves less


def check_copy(seed: int) -> bool:
    """undo's copy of a game (a turn's start kept for undo, the endgame search's playouts) is
    the same state, its cards the very ones its zones hold, and shares no card with the game."""
    got = played(seed, 1, 300)
    if got is None or not copyable(got[-1]):
        return False
    live = got[-1]
    copy = copy_game(live)
    assert copy.snapshot() == live.snapshot(), f"seed {seed}: the copy differs"
    assert copy.rng.random() == live.rng.random(), f"seed {seed}: the generators differ"
    zones = list(copy.zones())
    held = {id(c) for z in zones for c in z.cards}
    assert all(id(c) in held and c.zone in zones for c in copy.all_cards if c.zone is not None), seed
    assert [c.id for c in copy.all_cards] == [c.id for c in live.all_cards]
    assert not {id(c) for c in copy.all_cards} & {id(c) for c in live.all_cards}, f"seed {seed}: a card shared"
    return True


def test_a_copy_of_the_game_is_the_same_state_and_shares_no_card() -> None:
    assert sum(check_copy(seed) for seed in range(0, GAMES, 8)) > GAMES // 8 // 2
