"""Computer players: whole games end, and the simple player beats random play."""

from __future__ import annotations

from dominion_tui.bots import RandomPlayer, SimplePlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.setup import new_game


def test_simple_player_beats_random_play_and_games_end() -> None:
    wins = 0
    for seed in range(12):
        game = new_game(
            Config(["Simple", "Random"], list(PILOT_KINGDOM), ["Ride", "Way of the Ox"], seed),
            {0: SimplePlayer(seed), 1: RandomPlayer(seed)},
        )
        game.run()
        assert game.over and game.check_conservation() is None
        wins += game.winners[0].name == "Simple"
    assert wins >= 10


def test_simple_players_against_each_other_end_by_provinces_in_reasonable_time() -> None:
    game = new_game(
        Config(["A", "B", "C"], list(PILOT_KINGDOM), ["Barracks"], 3), {i: SimplePlayer(i) for i in range(3)}
    )
    game.run()
    assert game.over
    assert max(p.turns_taken for p in game.players) < 40


def test_simple_player_answers_every_question_legally_over_the_whole_pool() -> None:
    """Over random kingdoms from every card we have, each answer fits its question."""
    from dominion_tui.save import fits
    from tests.test_random_games import pool_config

    class Checked(SimplePlayer):
        def decide(self, game, d):
            ans = super().decide(game, d)
            assert fits(game, d, ans), (d.topic, d.prompt, [o.label for o in d.options], ans)
            return ans

    for seed in range(40):
        config = pool_config(seed)
        game = new_game(config, {i: Checked(seed + i) for i in range(len(config.players))})
        game.run()
        assert game.over and game.check_conservation() is None, seed


def test_computer_players_answer_a_resumed_game_exactly_as_the_unbroken_game() -> None:
    """They reseed from the position before each answer: fresh players picking up a game after
    any number of answers go on with the very same answers."""
    config = Config(["Ann", "Ben", "Cat"], list(PILOT_KINGDOM), ["Ride", "Way of the Ox", "Barracks"], 5)
    whole = new_game(config, {0: RandomPlayer(1), 1: SimplePlayer(2), 2: RandomPlayer(3)})
    whole.run()
    for resume_at in (1, 37, 150, len(whole.answers) - 3):
        fresh = {0: RandomPlayer(1), 1: SimplePlayer(2), 2: RandomPlayer(3)}

        class Resumed:
            def decide(self, game, d, resume_at=resume_at, fresh=fresh):
                n = len(game.answers)
                return whole.answers[n] if n < resume_at else fresh[d.player.index].decide(game, d)

        game = new_game(
            Config(["Ann", "Ben", "Cat"], list(PILOT_KINGDOM), ["Ride", "Way of the Ox", "Barracks"], 5),
            {i: Resumed() for i in range(3)},
        )
        game.run()
        assert game.answers == whole.answers, f"resumed after {resume_at} answers"
        assert [p.name for p in game.winners] == [p.name for p in whole.winners]
