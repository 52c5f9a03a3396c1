"""Computer levels (issue 14): every answer legal and the same for the same seed, the levels
chosen from the command line, and `dominion simulate` the same whatever the number of jobs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from dominion_tui.bots import LEVELS, Bot, make_player, traits
from dominion_tui.bots.hint import hint
from dominion_tui.core.decisions import Decision, TurnAction
from dominion_tui.core.game import Config
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
        assert not d.one_name or len({d.options[i].label for i in ans}) <= 1, (d.prompt, ans)
        self.topics.add(d.topic)
        return ans


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_answers_every_question_legally_and_the_same_for_a_seed(level: str, monkeypatch) -> None:
    from dominion_tui.bots import expert

    monkeypatch.setattr(expert, "ROUNDS", (1,))  # expert's plan from fewer simulated games: quicker
    monkeypatch.setattr(expert, "MORE", 1.0)
    topics: set[str] = set()
    for seed in range(12):
        config = pool_config(seed)
        runs = []
        for _ in range(2):
            # the level in seat 1 and the others round it, so money-only players meet attacks too
            game = new_game(
                config,
                {
                    i: Checked(
                        make_player(level if i == 0 else LEVELS[(seed + i) % 3], seed + i), topics if i == 0 else set()
                    )
                    for i in range(len(config.players))
                },
            )
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

    game = new_game(Config(["A", "B"], ["Barge", "Scholar"], ["Way of the Ox"], 1))
    a = game.players[0]
    a.actions = 0  # the Barge being played took the last Action
    d = way_question(game, a, "Barge", "Way of the Ox")
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
    assert simulate(["--bots", "normal,bigmoney", "--games", "16", "--seed", "3", "--jobs", "1"], lines.append) == 0
    wins = {ln.split(":")[0]: int(ln.split()[1]) for ln in lines[:2]}
    assert wins["normal"] > wins["bigmoney"], lines


def test_simulate_gives_the_same_figures_for_1_and_2_jobs() -> None:
    runs = []
    for jobs in ("1", "2"):
        lines: list[str] = []
        assert (
            simulate(["--bots", "hard,normal", "--games", "6", "--seed", "5", "--jobs", jobs, "--usage"], lines.append)
            == 0
        )
        assert lines[-1].startswith("Time: ")
        runs.append(lines[:-1])  # all but the timing
    assert runs[0] == runs[1]
    assert runs[0][0].startswith("hard: ") and " wins of 6 (" in runs[0][0] and "95% CI" in runs[0][0]
    assert any(ln.startswith("Never used of ") for ln in runs[0])
    assert "Kingdom cards used:" in runs[0]  # the usage counts too


def test_a_game_past_the_turn_cap_is_a_finding_not_a_result() -> None:
    lines: list[str] = []
    simulate(
        ["--bots", "normal,hard", "--games", "1", "--jobs", "1", "--kingdom", "Barge", "--max-turns", "3"], lines.append
    )
    assert lines[0] == "normal: 0 wins of 0 (0%, 95% CI 0-0%)"
    assert any(ln.startswith("finding: seed ") and ln.endswith("(Barge) reached the turn cap.") for ln in lines)


def test_simulate_piped_prints_results_without_a_progress_line() -> None:
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominion_tui",
            "simulate",
            "--bots",
            "normal,bigmoney",
            "--games",
            "2",
            "--jobs",
            "1",
            "--kingdom",
            "Barge,Sheepdog",
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    assert "Played" not in res.stdout and "\r" not in res.stdout
    assert res.stdout.splitlines()[0].startswith("normal: ")
    assert "Never used" not in res.stdout  # a fixed kingdom


@pytest.mark.parametrize(
    "args,message",
    [
        (["--bots", "normal,genius"], "--bots takes 2 to 6"),
        (["--games", "0"], "at least 1"),
        (["--kingdom", "Nonsense"], "Unknown Kingdom card: Nonsense"),
    ],
)
def test_simulate_bad_flags_get_one_line(args: list[str], message: str) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "simulate", *args], capture_output=True, text=True, timeout=60
    )
    assert res.returncode == 2 and message in res.stderr and "Traceback" not in res.stderr
    assert len(res.stderr.strip().splitlines()) == 1


def test_computer_level_from_the_command_line(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominion_tui",
            "--players",
            "Ann,Bob",
            "--computer",
            "Ann:hard,Bob:bigmoney",
            "--kingdom",
            "Barge",
            "--seed",
            "2",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert res.returncode == 0 and "Game over." in res.stdout, res.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--players", "Ann,Bob", "--computer", "Bob:genius"],
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert bad.returncode == 2 and "Unknown computer level: genius." in bad.stderr and bad.stdout == ""


def test_the_opening_questions_ask_the_computers_level(tmp_path: Path) -> None:
    from dominion_tui.cli import computer_levels, pick_level

    assert pick_level("2") == "hard" and pick_level("big") == "bigmoney" and pick_level("9") is None
    assert computer_levels("Bob:Hard, Cat") == {"Bob": "hard", "Cat": "normal"}
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui"],
        input="2\n\nBob\n7\n2\nquit\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=env,
    )
    assert "Computer level: 1. normal, 2. hard, 3. bigmoney, 4. expert. Enter for normal." in res.stdout
    assert "Type 1, 2, 3 or 4, or press Enter for normal." in res.stdout


# ---- issue 14, second part: every card used sensibly, hard beats normal


def way_question(game, a, card: str, way: str):
    """The question the core asks before `card` is played with a Way in the Supply: normally, or the Way."""
    from dominion_tui.core.decisions import Decision, Option

    options = [Option("normal", None), Option(way, game.db[way])]
    return Decision("option", a, f"Play {card} normally or with a Way?", options, topic="way")


def buy_phase(kingdom: list[str], landscapes: list[str] = (), coins: int = 0):
    """A game at player A's Buy phase with an empty hand and these coins."""
    game = new_game(Config(["A", "B"], kingdom, list(landscapes), 3))
    a = game.players[0]
    game.phase = "buy"
    a.discard.cards.extend(a.hand.cards)  # still 10 cards: no thinned-deck rule
    a.hand.cards.clear()
    a.coins, a.buys = coins, 1
    return game, a


def test_traits_see_gains_exiles_plays_and_conditional_coins() -> None:
    db = database()
    assert traits(db["Displace"]).gains and traits(db["Displace"]).exiles
    assert traits(db["Bargain"]).gain_up_to == 5 and traits(db["Demand"]).gain_up_to == 4
    assert traits(db["Reap"]).gain_up_to == 6 and traits(db["Reap"]).plays
    assert traits(db["Banish"]).exiles and traits(db["Toil"]).plays and traits(db["Toil"]).buys == 1
    assert traits(db["Scepter"]).coins == 2  # "Choose one: +2 coins; or ..."
    assert not traits(db["Gatekeeper"]).returns  # "they Exile it": the other player's card
    assert traits(db["Stockpile"]).returns and traits(db["Enhance"]).upgrade == 2
    assert traits(db["Seize the Day"]).extra_turn


def test_coffers_are_spent_before_buying_to_reach_a_province() -> None:
    from dominion_tui.core.decisions import Decision, TurnAction

    game, a = buy_phase(["Villain"], coins=6)
    a.coffers = 2
    bot = make_player("normal", 1)
    assert bot.decide(game, Decision("turn", a, "Buy phase", topic="buy")) == TurnAction("coffers", None, 1)
    a.coffers, a.coins = 0, 8
    assert bot.decide(game, Decision("turn", a, "Buy phase", topic="buy")) == TurnAction("buy", "Province")


def test_no_coffers_are_spent_for_a_card_the_coins_in_hand_buy_already() -> None:
    """At 5 coins with Silos in the game, normal judged what 6 coins buy (a Coven, costing 5,
    over Silos) better than what 5 buy: it spent a Coffers, then bought that Coven, which the
    5 coins in hand paid for. A Coffers is spent only for a buy that needs it."""
    from dominion_tui.core.decisions import Decision

    game, a = buy_phase(["Silk Merchant", "Coven"], ["Silos"], coins=5)
    a.coffers = 1
    act = make_player("normal", 1).decide(game, Decision("turn", a, "Buy phase", topic="buy"))
    assert act.verb == "buy" and game.cost(game.db[act.name]) <= 5, act


def test_hideout_trashes_anything_but_a_victory_card() -> None:
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Hideout"])
    game.phase = "action"
    game.new_card("Hideout", a.in_play)
    cards = [game.new_card(n, a.hand) for n in ("Estate", "Silver", "Copper")]
    d = Decision("cards", a, "Trash a card from your hand.", [Option(c.name, c) for c in cards], topic="trash")
    assert make_player("normal", 1).answer(game, d) == [2]  # the Copper, not the Estate (a Curse)
    assert SimplePlayerAnswer(game, d) == [0]  # the simple player, unchanged, takes the Estate


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_card_that_must_trash_is_played_only_with_junk_to_trash(level: str) -> None:
    """Scrap and Hideout trash a card from the hand whatever it holds: a money plan's Scrap
    trashed Silvers, a Paddock and a Duchy. Hideout's trashed Estate brings a Curse: no junk."""
    for card, hand, plays in (
        ("Scrap", ["Silver", "Silver", "Duchy", "Gold"], False),
        ("Scrap", ["Silver", "Estate", "Gold", "Gold"], True),
        ("Hideout", ["Estate", "Estate", "Silver", "Gold"], False),
        ("Hideout", ["Estate", "Copper", "Silver", "Gold"], True),  # 8 Coppers, a Silver, a Gold: 13 coins
    ):
        game, a = buy_phase([card])
        game.phase, a.actions = "action", 1
        for n in (card, *hand):
            game.new_card(n, a.hand)
        move = make_player(level, 1).action_move(game, a, game.legal_actions(a))
        assert (move == TurnAction("play", card)) is plays, (card, hand, move)


def SimplePlayerAnswer(game, d):
    from dominion_tui.bots import SimplePlayer

    return SimplePlayer(1).answer(game, d)


def test_exiled_curses_stay_in_exile() -> None:
    from dominion_tui.core.decisions import Decision, Option
    from dominion_tui.core.events import Event

    game, a = buy_phase(["Bounty Hunter"])
    curse = game.new_card("Curse", a.discard)
    ev = Event("gain", a, curse)
    d = Decision("option", a, "Discard your exiled Curse?", [Option("Exile", None)], min=0, context=ev, topic="react")
    assert make_player("normal", 1).answer(game, d) == []
    ev.card = game.new_card("Gold", a.discard)
    assert make_player("normal", 1).answer(game, d) == [0]


def test_hard_keeps_the_penultimate_province_when_the_last_would_lose_it() -> None:
    game, a = buy_phase(["Barge"], coins=8)
    del game.supply["Province"].cards[2:]  # 2 left
    for _ in range(2):
        game.new_card("Duchy", game.players[1].discard)  # B leads by 6
    assert make_player("hard", 1).purchase(game, a) == "Duchy"
    assert make_player("normal", 1).purchase(game, a) == "Province"


def test_events_are_bought_for_what_they_do_in_this_hand() -> None:
    # Delay: an Action left in hand, nothing to buy with 1 coin
    game, a = buy_phase(["Old Witch"], ["Delay"], coins=1)
    game.new_card("Old Witch", a.hand)
    assert make_player("normal", 1).purchase(game, a) == "Delay"
    a.hand.cards.clear()
    assert make_player("normal", 1).purchase(game, a) is None
    # Reap at 7: a Gold played next turn beats a Gold
    game, a = buy_phase(["Barge"], ["Reap"], coins=7)
    assert make_player("normal", 1).purchase(game, a) == "Reap"
    # Banish: two Estates in hand at 4 coins
    game, a = buy_phase(["Barge"], ["Banish"], coins=4)
    assert make_player("normal", 1).purchase(game, a) == "Silver"
    for _ in range(2):
        game.new_card("Estate", a.hand)
    assert make_player("normal", 1).purchase(game, a) == "Banish"


@pytest.mark.parametrize("level", ["random", *LEVELS])
def test_banish_is_answered_with_copies_of_one_name(level: str) -> None:
    from dominion_tui.bots import RandomPlayer
    from dominion_tui.core.decisions import TurnAction

    bot = RandomPlayer(5) if level == "random" else make_player(level, 5)
    game = new_game(Config(["A", "B"], ["Barge"], ["Banish"], 3), {0: bot, 1: bot}, deal=False)
    a = game.players[0]
    for name in ["Estate", "Estate", "Copper", "Copper", "Curse"]:
        game.new_card(name, a.hand)
    game.phase, a.coins, a.buys = "buy", 4, 1
    game.do(a, TurnAction("buy", "Banish"))
    assert len(set(a.exile.names())) <= 1
    if level != "random":  # the computer levels always lose some junk
        assert a.exile.names() and a.exile.names()[0] in ("Estate", "Curse", "Copper")


def test_which_first_puts_a_trigger_that_can_act_before_one_that_waits_for_it() -> None:
    """Ducat with no Copper in hand beside Sheepdog: the bots play Sheepdog first, which may draw one."""
    from dominion_tui.core.decisions import TurnAction

    for level in LEVELS:
        bot = make_player(level, 2)
        game = new_game(Config(["A", "B"], ["Ducat", "Sheepdog"], [], 3), {0: bot, 1: bot}, deal=False)
        a = game.players[0]
        for name in ["Sheepdog", "Estate"]:
            game.new_card(name, a.hand)
        for name in ["Copper", "Silver"]:
            game.new_card(name, a.deck)
        for name in ["Gold", "Gold"]:  # money enough that the bots' money floor lets a Copper go
            game.new_card(name, a.discard)
        game.phase, a.coins, a.buys = "buy", 2, 1
        game.do(a, TurnAction("buy", "Ducat"))
        assert a.in_play.names() == ["Sheepdog"] and game.trash.names() == ["Copper"], level


def test_ways_are_used_where_they_beat_the_card() -> None:

    game, a = buy_phase(["Hostelry", "Old Witch"], ["Way of the Goat"])
    game.phase = "action"
    d = way_question(game, a, "Hostelry", "Way of the Goat")
    game.new_card("Curse", a.hand)
    assert make_player("normal", 1).answer_way(game, d) == [1]  # the Curse goes
    a.hand.cards.clear()
    game.new_card("Old Witch", a.hand)  # something to play with the Actions: the card's own text
    assert make_player("normal", 1).answer_way(game, d) == [0]
    # Turtle: a draw card saved for next turn when this hand already buys a Province
    game, a = buy_phase(["Sheepdog"], ["Way of the Turtle"])
    game.phase = "action"
    for _ in range(3):
        game.new_card("Gold", a.hand)
    d = way_question(game, a, "Sheepdog", "Way of the Turtle")
    assert make_player("normal", 1).answer_way(game, d) == [1]
    a.hand.cards.clear()
    assert make_player("normal", 1).answer_way(game, d) == [0]


def test_a_way_that_does_anything_beats_a_card_that_does_nothing_this_turn() -> None:
    """Cargo Ship's +2 coins past a Province with one Buy: the Worm's Estate exiled early (a
    little) rather than nothing; with a Province to reach, the coins."""

    game, a = buy_phase(["Cargo Ship"], ["Way of the Worm"])
    game.phase = "action"
    for _ in range(3):
        game.new_card("Gold", a.hand)
    d = way_question(game, a, "Cargo Ship", "Way of the Worm")
    assert make_player("hard", 1).answer_way(game, d) == [1]
    a.hand.cards.pop()  # 6 coins: the +2 coins reach a Province
    assert make_player("hard", 1).answer_way(game, d) == [0]


def test_the_worm_exiles_an_estate_early_rather_than_draw_from_a_deck_of_estates() -> None:

    game, a = buy_phase(["Black Cat"], ["Way of the Worm"])
    game.phase = "action"
    a.discard.cards.clear()
    a.deck.cards.clear()
    for name in ["Copper"] + ["Estate"] * 9:  # +2 Cards find about 0.2 coins
        game.new_card(name, a.deck)
    d = way_question(game, a, "Black Cat", "Way of the Worm")
    assert make_player("hard", 1).answer_way(game, d) == [1]
    for _ in range(4):
        game.new_card("Silver", a.deck)
    assert make_player("hard", 1).answer_way(game, d) == [0]


def test_cathedral_trashes_junk_then_money_never_a_province() -> None:
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Barge"], ["Cathedral"])
    cards = [game.new_card(n, a.hand) for n in ("Province", "Silver", "Gold")]
    d = Decision("cards", a, "Trash a card from your hand.", [Option(c.name, c) for c in cards], topic="trash")
    assert make_player("normal", 1).answer(game, d) == [1]


def test_hard_follows_the_kingdoms_best_tuned_card(monkeypatch) -> None:
    from dominion_tui.bots import tuning

    monkeypatch.setattr(tuning, "TUNED", {"Barge": (1, 0.7), "Lackeys": (2, 0.65)})
    game, a = buy_phase(["Barge", "Lackeys", "Scholar"], coins=5)
    hard = make_player("hard", 1)
    assert hard.focus(game) == [("Barge", 1)] and make_player("normal", 1).focus(game) is None
    assert hard.purchase(game, a) == "Barge"
    game.new_card("Barge", a.discard)
    assert hard.purchase(game, a) == "Silver"  # one Barge is the tuned count


@pytest.mark.parametrize("kind", ["event", "way", "project"])
def test_every_landscape_is_played_legally_and_the_game_ends(kind: str) -> None:
    """Each Event, Way and Project in a random kingdom: normal against hard, every answer legal,
    no stall."""
    import random

    from dominion_tui.simulate import random_kingdom

    db = database()
    for i, d in enumerate(sorted(db.of_kind(kind), key=lambda d: d.name)):
        kingdom, _ = random_kingdom(random.Random(f"{kind}{i}"))
        if d.name == "Way of the Mouse" and not any(
            c.is_("Action") and not c.is_("Duration") and c.cost in (2, 3) and c.name not in kingdom
            for c in db.of_kind("kingdom")
        ):
            continue
        game = new_game(
            Config(["A", "B"], kingdom, [d.name], i),
            {0: Checked(make_player("normal", i), set()), 1: Checked(make_player("hard", i), set())},
        )
        game.run()
        assert game.over and max(p.turns_taken for p in game.players) < 60, d.name


def test_simulate_usage_counts_each_card_and_lists_those_never_used() -> None:
    lines: list[str] = []
    assert (
        simulate(["--bots", "hard,normal", "--games", "4", "--seed", "2", "--jobs", "1", "--usage"], lines.append) == 0
    )
    at = lines.index("Kingdom cards used:")
    assert lines[at + 1].startswith("  ") and " games, " in lines[at + 1] and " times" in lines[at + 1]
    for head in ("Events used:", "Ways used:", "Projects used:"):
        assert head in lines
    assert sum(ln.startswith("  never used: ") for ln in lines) == 4


def test_simulate_usage_counts_what_each_bot_used_on_its_own() -> None:
    """Issue 22 asks what expert never uses: a card only the other bot plays is not expert's."""
    kingdom = "Treasurer,Village Green,Barge,Black Cat,Coven,Hostelry,Scholar,Seer,Priest,Paddock"
    lines: list[str] = []
    argv = ["--bots", "hard,bigmoney", "--games", "2", "--seed", "2", "--jobs", "1", "--usage", "--kingdom", kingdom]
    assert simulate(argv, lines.append) == 0
    assert "  Treasurer: in 2 of 2 games, 13 times (hard in 2, bigmoney in 0)" in lines
    by_hard = next(ln for ln in lines if ln.startswith("  never used by hard: "))
    by_money = next(ln for ln in lines if ln.startswith("  never used by bigmoney: "))
    assert "Treasurer" not in by_hard and "Treasurer" in by_money
    assert not any(ln.startswith("  never used by hard: none") for ln in lines)  # no line for a kind not dealt


def test_late_an_extra_turn_beats_a_duchy() -> None:
    game, a = buy_phase(["Barge"], ["Seize the Day"], coins=5)
    assert make_player("normal", 1).purchase(game, a) == "Barge"  # early: the kingdom card
    del game.supply["Province"].cards[3:]
    assert make_player("normal", 1).purchase(game, a) == "Seize the Day"
    assert make_player("hard", 1).purchase(game, a) == "Seize the Day"


def test_with_the_duchies_gone_the_last_turns_buy_an_estate_for_5_coins() -> None:
    game, a = buy_phase(["Spices", "Villain"], coins=5)
    del game.supply["Province"].cards[1:]  # one Province left
    assert make_player("hard", 1).purchase(game, a) == "Duchy"
    game.supply["Duchy"].cards.clear()
    assert make_player("hard", 1).purchase(game, a) == "Estate"  # not a card that never plays


def test_hard_buys_back_an_artifact_its_focus_card_takes(monkeypatch) -> None:
    from dominion_tui.bots import tuning

    monkeypatch.setattr(tuning, "TUNED", {"Flag Bearer": (1, 0.9)})
    game, a = buy_phase(["Flag Bearer"], coins=4)
    game.new_card("Flag Bearer", a.discard)
    game.artifacts["Flag"] = a
    assert make_player("hard", 1).purchase(game, a) == "Silver"  # one is the count, the Flag is ours
    game.artifacts["Flag"] = game.players[1]
    assert make_player("hard", 1).purchase(game, a) == "Flag Bearer"  # another takes the Flag back


def test_scepter_replays_a_strong_action_rather_than_taking_2_coins() -> None:
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Scepter", "Old Witch", "Ducat"])
    game.phase = "action"
    d = Decision(
        "option",
        a,
        "Scepter: +2 coins, or replay an Action card played this turn?",
        [Option("coins", "coins"), Option("replay", "replay")],
        topic="mode",
    )
    witch = game.new_card("Old Witch", a.in_play)
    assert make_player("normal", 1).answer(game, d) == [0]  # not played this turn: not Scepter's to replay
    game.turn.played.append((a, witch))
    assert make_player("normal", 1).answer(game, d) == [1]
    a.in_play.cards.clear()
    game.turn.played.append((a, game.new_card("Border Guard", a.in_play)))
    assert make_player("normal", 1).answer(game, d) == [0]


def test_scepter_judges_a_replay_by_what_it_does_now_in_the_buy_phase() -> None:
    """A village replayed in the Buy phase gives +1 Card and Actions nothing can use: 2 coins do
    more. Of two Actions in play, the one whose draw does most now is replayed, not the dearer."""
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Scepter", "Hostelry", "Black Cat"], coins=3)
    for n in ("Silver", "Copper", "Copper", "Copper", "Estate"):
        game.new_card(n, a.deck)
    game.new_card("Copper", a.hand)
    hostelry = game.new_card("Hostelry", a.in_play)
    game.turn.played.append((a, hostelry))
    mode = Decision(
        "option",
        a,
        "Scepter: +2 coins, or replay an Action card played this turn?",
        [Option("coins", "coins"), Option("replay", "replay")],
        topic="mode",
    )
    for level in ("hard", "expert"):
        assert make_player(level, 1).answer(game, mode) == [0]  # the coins: 6 for a Gold
    cat = game.new_card("Black Cat", a.in_play)
    pick = Decision("cards", a, "Replay which Action card?", [Option(c.name, c) for c in (hostelry, cat)], topic="play")
    assert make_player("hard", 1).answer(game, pick) == [1]  # +2 Cards, not the village's +1


def test_toil_after_a_buy_plays_the_action_whose_coins_still_count_not_its_draw() -> None:
    """Once a buy is made no Treasure can be played, so Toil's Action is the one whose coins its
    +1 Buy spends (Treasurer), not the one that would draw 3 Golds (Wayfarer)."""
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Wayfarer", "Treasurer"], ["Toil"], coins=0)
    for n in ("Gold",) * 5:
        game.new_card(n, a.deck)
    hand = [game.new_card(n, a.hand) for n in ("Wayfarer", "Treasurer")]
    pick = Decision("cards", a, "Play an Action card from your hand?", [Option(c.name, c) for c in hand], topic="play")
    pick.min = 0
    game.turn.bought_in_phase = True  # Toil bought: its +1 Buy is the one left
    assert make_player("hard", 1).answer(game, pick) == [1]
    game.turn.bought_in_phase = False  # before any buy (Scepter's replay): the 3 Golds drawn are played
    assert make_player("hard", 1).answer(game, pick) == [0]


def test_toil_is_not_bought_to_play_an_attack_that_hits_only_off_its_owners_turn() -> None:
    """Black Cat's Curses come only when it is not your turn: Toil playing it after a buy does
    nothing. Old Witch's Curses do come: that Toil is worth its 2 coins."""
    game, a = buy_phase(["Old Witch", "Villain"], ["Toil"], coins=2)  # nothing else for 2 coins
    cat = game.new_card("Black Cat", a.hand)
    assert make_player("hard", 1).purchase(game, a) != "Toil"
    a.hand.cards.remove(cat)
    game.new_card("Old Witch", a.hand)
    assert make_player("hard", 1).purchase(game, a) == "Toil"


def test_treasurer_trashes_a_spare_copper_when_it_holds_the_key_already() -> None:
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Treasurer", "Village Green"], coins=3)  # Treasurer's +3 coins
    game.phase = "action"
    for n in ("Copper", "Copper", "Silver", "Estate"):  # 7 coins: 6 still buy the Gold
        game.new_card(n, a.hand)
    labels = ["trash", "gain", "key"]
    d = Decision("option", a, "Trash, gain or the Key?", [Option(n, n) for n in labels], topic="mode")
    assert make_player("hard", 1).answer(game, d) == [2]  # the Key, another's or nobody's
    game.artifacts["Key"] = a
    assert make_player("hard", 1).answer(game, d) == [0]  # held: taking it again does nothing
    a.hand.cards.pop(0)  # 6 coins: the Copper makes the Gold
    assert make_player("hard", 1).answer(game, d) == [2]


def test_a_gain_into_the_hand_before_the_buy_counts_what_it_brings_this_turn() -> None:
    from dominion_tui.core.decisions import Decision, Option

    game, a = buy_phase(["Sculptor", "Groom", "Camel Train"])
    game.phase, a.actions = "action", 0
    for n in ("Estate", "Copper", "Silver", "Copper"):
        game.new_card(n, a.hand)
    names = ["Copper", "Silver", "Estate", "Groom", "Camel Train"]
    prompt = "Gain a card costing up to 4 into your hand."
    d = Decision("cards", a, prompt, [Option(n, n) for n in names], topic="gain")
    assert make_player("hard", 1).answer(game, d) == [1]  # the Silver: 6 coins now, the Gold
    d.prompt = "Gain a card costing up to 4."
    assert make_player("hard", 1).answer(game, d) != [1]


# Cards hard and normal rightly leave unbought in these 200 kingdoms, each with its reason. Goatherd
# (a cantrip that trashes, rated 0.25 beside Big Money: tuning.TUNED) was bought in 1 game, by
# normal, only while Inventor's cut was not counted: with 5 coins and the cut it took a Gold
# instead, and lost that game by 1 point, not 13. expert uses it (simulate --bots expert,hard --usage).
LEFT_RIGHTLY = {"Goatherd"}


def test_every_kingdom_card_is_used_over_200_random_kingdoms() -> None:
    from dominion_tui.simulate import run

    results = run(["hard", "normal"], 200, 1, None, [], jobs=1)
    dealt = {n for r in results for n in r.kingdom}
    used = {n for r in results for n in r.used}
    assert dealt - used <= LEFT_RIGHTLY
    assert not any(r.capped for r in results)


def test_every_event_way_and_project_is_used_when_dealt_in_a_few_random_kingdoms() -> None:
    sys.path.insert(0, str(Path(__file__).parents[1] / "benchmarks"))
    from landscape_usage import landscapes, usage

    assert [n for n in landscapes() if usage(n, 10) == 0] == []


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_no_villager_is_spent_once_a_card_in_play_ignores_further_actions(level: str) -> None:
    """After Snowy Village a Villager gives no Action (its FAQ): the levels spent them anyway."""
    kingdom = ["Snowy Village", "Lackeys", "Swashbuckler", "Priest", "Barge"]
    kingdom += ["Cargo Ship", "Supplies", "Stockpile", "Fisherman", "Cardinal"]
    game = new_game(Config(["A", "B"], kingdom, [], 3))
    a = game.players[0]
    a.hand.cards.clear()
    for n in ("Swashbuckler", "Copper"):
        game.new_card(n, a.hand)
    game.phase, a.actions, a.villagers = "action", 0, 3
    bot = Bot(1, level)
    assert bot.action_move(game, a, game.legal_actions(a)) == TurnAction("villager", None, 1)
    game.new_card("Snowy Village", a.in_play)
    assert bot.action_move(game, a, game.legal_actions(a)) is None


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_last_action_plays_a_terminal_that_gives_villagers_before_another_terminal(level: str) -> None:
    """With one Action, no Villager and Acting Troupe beside another terminal: Acting Troupe
    first, whose Villagers then play the other; played second it was left dead in hand (64
    dead Acting Troupes in 204 partner games, 4 after)."""
    kingdom = ["Acting Troupe", "Lackeys", "Swashbuckler", "Priest", "Barge"]
    kingdom += ["Cargo Ship", "Supplies", "Stockpile", "Fisherman", "Cardinal"]
    game = new_game(Config(["A", "B"], kingdom, [], 3))
    a = game.players[0]
    a.hand.cards.clear()
    for n in ("Swashbuckler", "Acting Troupe", "Copper"):
        game.new_card(n, a.hand)
    game.phase, a.actions, a.villagers = "action", 1, 0
    assert Bot(1, level).action_move(game, a, game.legal_actions(a)) == TurnAction("play", "Acting Troupe")


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_a_card_counted_for_later_draws_does_not_go_first_as_a_draw(level: str) -> None:
    """With one Action, Treasurer (+3 coins) before Flag Bearer (+2): the card Flag Bearer is
    counted for comes with the Flag, at the start of a turn, never from its play (it went first
    as a draw: the rollouts of stop 65 found Treasurer first +0.065 +- 0.043 of a game); and the
    hint does not call its play a bigger hand."""
    from dominion_tui.bots.expert import Strategy
    from dominion_tui.bots.hint import turn_reason

    kingdom = ["Treasurer", "Flag Bearer", "Swashbuckler", "Priest", "Barge"]
    kingdom += ["Cargo Ship", "Supplies", "Stockpile", "Fisherman", "Cardinal"]
    game = new_game(Config(["A", "B"], kingdom, [], 3))
    a = game.players[0]
    a.hand.cards.clear()
    for n in ("Flag Bearer", "Treasurer", "Copper", "Copper"):
        game.new_card(n, a.hand)
    game.phase, a.actions = "action", 1
    assert make_player(level, 1).action_move(game, a, game.legal_actions(a)) == TurnAction("play", "Treasurer")
    assert "bigger hand" not in turn_reason(game, a, TurnAction("play", "Flag Bearer"), Strategy())


@pytest.mark.parametrize("level", ["normal", "hard", "expert"])
def test_money_rules_count_coins_against_the_prices_canal_cuts(level: str) -> None:
    """With Canal a Province costs 7 and a Gold 5: hard bought a Gold with 7 coins, not the
    Province they paid for, and lost 81% of 2,000 forced games to bots that count the cut."""
    game, a = buy_phase(["Mastermind", "Hostelry"], ["Canal"], coins=7)
    for _ in range(3):  # Treasures of 16 coins: expert's first Province waits for 15
        game.new_card("Gold", a.discard)
    a.buys = 2
    game.do(a, TurnAction("buy", "Canal"))  # 7 coins: its cube, and 0 coins left
    assert game.cost(game.db["Province"]) == 7
    bot = make_player(level, 1)
    for coins, want in ((7, "Province"), (5, "Gold"), (2, "Silver")):
        a.coins = coins
        assert bot.purchase(game, a) == want, (coins, bot.purchase(game, a))
    a.coins = 7  # the hint's reason names the price paid
    assert hint(game, Decision("turn", a, "Buy phase", topic="buy")) == (
        "buy Province",
        "6 points, the best buy at 7 coins.",
    )
