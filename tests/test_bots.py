"""Computer levels (issue 14): every answer legal and the same for the same seed, the levels
chosen from the command line, and `dominion simulate` the same whatever the number of jobs."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dominion_tui.core.game import Config
from dominion_tui.players import LEVELS, Bot, make_player, traits
from dominion_tui.save import fits
from dominion_tui.setup import database, new_game
from dominion_tui.simulate import main as simulate
from tests.test_random_games import pool_config


class Checked:
    """Checks each answer of a bot against its question, and keeps the topics it answered."""

    def __init__(self, bot, topics: set[str]) -> None:
        self.bot, self.topics = bot, topics

    def decide(self, game, d):
        ans = self.bot.decide(game, d)
        assert fits(game, d, ans), (d.topic, d.prompt, [o.label for o in d.options], ans)
        self.topics.add(d.topic)
        return ans


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_question_legally_and_the_same_for_a_seed(level: str) -> None:
    topics: set[str] = set()
    for seed in range(12):
        config = pool_config(seed)
        runs = []
        for _ in range(2):
            # the level in seat 1 and the others round it, so money-only players meet attacks too
            game = new_game(config, {i: Checked(make_player(level if i == 0 else LEVELS[(seed + i) % 3],
                                                            seed + i), topics if i == 0 else set())
                                     for i in range(len(config.players))})
            game.run()
            assert game.over and game.check_conservation() is None, seed
            assert max(p.turns_taken for p in game.players) < 80, seed  # no stalling
            runs.append([str(a) for a in game.answers])
        assert runs[0] == runs[1], seed
    assert {"action", "buy"} <= topics and len(topics) >= (6 if level != "bigmoney" else 3), topics


def test_traits_come_from_what_a_card_surely_does() -> None:
    db = database()
    assert traits(db["Laboratory"] if "Laboratory" in db.defs else db["Destrier"]).cards == 2
    barge = traits(db["Barge"])
    assert (barge.cards, barge.buys) == (3, 1)
    groom = traits(db["Groom"])  # "+1 Card and +1 Action" only if it gained a Victory card
    assert (groom.cards, groom.actions, groom.gains) == (0, 0, True)
    assert traits(db["Old Witch"]).attack and traits(db["Acting Troupe"]).returns


def test_a_dead_terminal_is_played_with_way_of_the_ox() -> None:
    from dominion_tui.core.decisions import Decision, Option
    game = new_game(Config(["A", "B"], ["Barge", "Scholar"], ["Way of the Ox"], 1))
    a = game.players[0]
    a.actions = 0  # the Barge being played took the last Action
    d = Decision("option", a, "Play Barge normally or with a Way?",
                 [Option("normal", None), Option("Way of the Ox", game.db["Way of the Ox"])], topic="way")
    game.new_card("Scholar", a.hand)
    assert Bot(1).answer_way(game, d) == [1]  # a Scholar waits: +2 Actions beats +3 Cards
    for c in [c for c in a.hand.cards if c.name == "Scholar"]:
        a.hand.cards.remove(c)
    assert Bot(1).answer_way(game, d) == [0]  # nothing else to play: the card's own text


def test_hard_never_takes_the_last_province_while_it_still_loses() -> None:
    game = new_game(Config(["A", "B"], ["Barge"], [], 2))
    a, b = game.players
    del game.supply["Province"].cards[1:]  # 1 Province left
    for _ in range(3):
        game.new_card("Duchy", b.discard)  # B leads by 9: a Province would end the game lost
    a.coins = 8
    assert make_player("hard", 1).purchase(game, a) == "Duchy"
    assert make_player("normal", 1).purchase(game, a) == "Province"
    game.new_card("Duchy", a.discard)  # now the Province wins
    assert make_player("hard", 1).purchase(game, a) == "Province"


def test_normal_beats_bigmoney_over_a_few_random_kingdoms() -> None:
    lines: list[str] = []
    assert simulate(["--bots", "normal,bigmoney", "--games", "16", "--seed", "3", "--jobs", "1"],
                    lines.append) == 0
    wins = {ln.split(":")[0]: int(ln.split()[1]) for ln in lines[:2]}
    assert wins["normal"] > wins["bigmoney"], lines


def test_simulate_gives_the_same_figures_for_1_and_2_jobs() -> None:
    runs = []
    for jobs in ("1", "2"):
        lines: list[str] = []
        assert simulate(["--bots", "hard,normal", "--games", "6", "--seed", "5", "--jobs", jobs],
                        lines.append) == 0
        assert lines[-1].startswith("Time: ")
        runs.append(lines[:-1])  # all but the timing
    assert runs[0] == runs[1]
    assert runs[0][0].startswith("hard: ") and " wins of 6 (" in runs[0][0] and "95% CI" in runs[0][0]
    assert any(ln.startswith("Never used of ") for ln in runs[0])


def test_a_game_past_the_turn_cap_is_a_finding_not_a_result() -> None:
    lines: list[str] = []
    simulate(["--bots", "normal,hard", "--games", "1", "--jobs", "1", "--kingdom", "Barge",
              "--max-turns", "3"], lines.append)
    assert lines[0] == "normal: 0 wins of 0 (0%, 95% CI 0-0%)"
    assert any(ln.startswith("finding: seed ") and ln.endswith("(Barge) reached the turn cap.")
               for ln in lines)


def test_simulate_piped_prints_results_without_a_progress_line() -> None:
    res = subprocess.run([sys.executable, "-m", "dominion_tui", "simulate", "--bots", "normal,bigmoney",
                          "--games", "2", "--jobs", "1", "--kingdom", "Barge,Sheepdog"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    assert "Played" not in res.stdout and "\r" not in res.stdout
    assert res.stdout.splitlines()[0].startswith("normal: ")
    assert "Never used" not in res.stdout  # a fixed kingdom


@pytest.mark.parametrize("args,message", [
    (["--bots", "normal,genius"], "--bots takes 2 to 6"),
    (["--games", "0"], "at least 1"),
    (["--kingdom", "Nonsense"], "Unknown Kingdom card: Nonsense"),
])
def test_simulate_bad_flags_get_one_line(args: list[str], message: str) -> None:
    res = subprocess.run([sys.executable, "-m", "dominion_tui", "simulate", *args],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_computer_level_from_the_command_line(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run([sys.executable, "-m", "dominion_tui", "--players", "Ann,Bob", "--computer",
                          "Ann:hard,Bob:bigmoney", "--kingdom", "Barge", "--seed", "2"],
                         capture_output=True, text=True, timeout=120, env=env)
    assert res.returncode == 0 and "Game over." in res.stdout, res.stderr
    bad = subprocess.run([sys.executable, "-m", "dominion_tui", "--players", "Ann,Bob", "--computer",
                          "Bob:genius"], capture_output=True, text=True, timeout=60, env=env)
    assert bad.returncode == 2 and "Unknown computer level: genius." in bad.stderr and bad.stdout == ""


def test_the_opening_questions_ask_the_computers_level(tmp_path: Path) -> None:
    from dominion_tui.cli import computer_levels, pick_level
    assert pick_level("2") == "hard" and pick_level("big") == "bigmoney" and pick_level("9") is None
    assert computer_levels("Bob:Hard, Cat") == {"Bob": "hard", "Cat": "normal"}
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run([sys.executable, "-m", "dominion_tui"], input="2\n\nBob\n7\n2\nquit\n",
                         capture_output=True, text=True, timeout=60, env=env)
    assert "Computer level: 1. normal, 2. hard, 3. bigmoney. Enter for normal." in res.stdout
    assert "Type 1, 2 or 3, or press Enter for normal." in res.stdout
