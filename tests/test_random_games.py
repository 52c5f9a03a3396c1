"""Random-answer games over random kingdoms from the whole card pool: every game ends, nothing
raises, and after every answer every card is in exactly one place.

Random players can make a game that never ends (both exiling nearly every card, say). The
soak must not hang on one: a game still going after MAX_TURNS turns is reported as a finding,
with its seed, and fails the soak; it is never counted as a pass."""

from __future__ import annotations

import random

import pytest

from dominion_tui.bots import RandomPlayer
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config
from dominion_tui.kingdoms import offered
from dominion_tui.setup import database, new_game
from dominion_tui.simulate import random_kingdom

SEEDS = range(500)
MAX_TURNS = 400  # random games end within about 100 turns; 400 means one never will


class NeverEnds(Exception):
    """A finding: this game ran past the turn cap."""


class CheckingPlayer(RandomPlayer):
    """A random player that checks card bookkeeping before every answer, and stops a game
    that runs past the turn cap."""

    def __init__(self, seed: int, max_turns: int = MAX_TURNS) -> None:
        super().__init__(seed)
        self.steps = 0
        self.max_turns = max_turns

    def decide(self, game, d):
        problem = game.check_conservation()
        assert problem is None, problem
        if game.current.turns_taken > self.max_turns:
            raise NeverEnds(
                f"finding: seed {self.seed} ({', '.join(game.config.kingdom)}; "
                f"{len(game.players)} players) has not ended after {self.max_turns} turns"
            )
        self.steps += 1
        return super().decide(game, d)


def pool_config(seed: int) -> Config:
    """10 Kingdom cards and up to 2 landscapes (at most 1 Way) drawn from every card we have,
    as `dominion simulate` draws them."""
    kingdom, landscapes = random_kingdom(random.Random(seed))
    return Config(["Ann", "Ben", "Cat", "Dan"][: 2 + seed % 3], kingdom, landscapes, seed)


def play(
    seed: int,
    kingdom: list[str] | None = None,
    landscapes: list[str] | None = None,
    n_players: int | None = None,
    checker: CheckingPlayer | None = None,
):
    """A random kingdom from the whole pool, unless the kingdom is given."""
    config = pool_config(seed)
    if kingdom is not None:
        names = ["Ann", "Ben", "Cat", "Dan"][: n_players or len(config.players)]
        config = Config(names, kingdom, landscapes or [], seed)
    players = config.players
    checker = checker or CheckingPlayer(seed)
    game = new_game(config, {i: checker for i in range(len(players))})
    game.run()
    return game, checker


@pytest.mark.parametrize("block", range(10))
def test_random_games_end_with_every_card_accounted_for(block: int) -> None:
    findings = []
    for seed in SEEDS[block::10]:
        try:
            game, checker = play(seed)
        except NeverEnds as e:
            findings.append(str(e))
            continue
        assert game.over, f"seed {seed} did not end"
        assert game.check_conservation() is None, f"seed {seed}"
        assert game.winners, f"seed {seed} has no winner"
        assert checker.steps > 20
    assert not findings, "; ".join(findings)


def test_the_reported_exile_everything_game_ends_or_is_a_finding() -> None:
    # Reported as never ending (issue 6): it must end, or fail at the cap, never hang.
    game, _ = play(1201543642, ["Bounty Hunter", "Black Cat", "Barge", "Sheepdog"], [], 2)
    assert game.over and game.check_conservation() is None


class EndOnly(CheckingPlayer):
    """Never plays or buys: a game that truly never ends."""

    def decide(self, game, d):
        answer = super().decide(game, d)
        return TurnAction("end") if d.kind == "turn" else answer


def test_a_game_past_the_cap_is_stopped_as_a_finding() -> None:
    with pytest.raises(NeverEnds, match=r"^finding: seed 3 \(Barge; 2 players\) has not ended after 9 turns$"):
        play(3, ["Barge"], [], 2, EndOnly(3, max_turns=9))


def test_a_game_where_no_one_ever_buys_now_ends_by_itself() -> None:
    # It used to run to the cap; a game that takes nothing from the Supply stalls and ends.
    game, _ = play(3, ["Barge"], [], 2, EndOnly(3))
    assert game.over and max(p.turns_taken for p in game.players) == 10


def test_a_tiny_cap_stops_an_ordinary_game() -> None:
    with pytest.raises(NeverEnds, match="seed 4 .* after 5 turns"):
        play(4, ["Barge"], [], 2, CheckingPlayer(4, max_turns=5))


@pytest.mark.parametrize("name", [r.name for r in offered(database())])
def test_every_recommended_set_plays_a_whole_random_game(name: str) -> None:
    rec = next(r for r in offered(database()) if r.name == name)
    for seed in (1, 2):  # 2 and 3 players
        game, checker = play(seed, list(rec.kingdom), rec.landscapes_in(database()), n_players=seed + 1)
        assert game.over and game.winners, f"{name}, seed {seed}"
        assert game.check_conservation() is None and checker.steps > 20
