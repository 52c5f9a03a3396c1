"""issue 22: expert's endgame search. Where the game can end within a few turns, its buy is
weighed against a Province, a Duchy, an Estate, a Gold and nothing by playing each out from
copies of the game, with the cards it cannot see dealt again; it never looks at them, and the
game it searches is left as it was."""

from __future__ import annotations

import pytest

from dominion_tui.bots import expert, search
from dominion_tui.bots.bot import Bot
from dominion_tui.bots.candidate_plans import Strategy
from dominion_tui.bots.hint import hint
from dominion_tui.bots.search import best_buy, near_end
from dominion_tui.core.decisions import Decision, TurnAction
from dominion_tui.core.game import Config
from dominion_tui.save import state_digest
from dominion_tui.setup import new_game

PROVINCE, DUCHY = TurnAction("buy", "Province"), TurnAction("buy", "Duchy")


@pytest.fixture(autouse=True)
def quick_thinking(monkeypatch):
    monkeypatch.setattr(expert, "ROUNDS", (1,))
    monkeypatch.setattr(expert, "MORE", 1.0)
    monkeypatch.setattr(expert, "THINK_CACHE", {})


def race(a_deck: list[str], b_cards: list[str]):
    """A's Buy phase with 8 coins, 2 Provinces left, A a point behind. A's deck is `a_deck`
    (top first); B's hand is the first 5 of `b_cards`, its deck the rest."""
    game = new_game(Config(["A", "B"], ["Barge"], [], 3))
    a, b = game.players
    for p in (a, b):
        for z in (p.hand, p.deck, p.discard):
            z.cards.clear()
    for name in a_deck:
        game.new_card(name, a.deck)
    for i, name in enumerate(b_cards):
        game.new_card(name, b.hand if i < 5 else b.deck)
    game.new_card("Estate", b.discard)
    del game.supply["Province"].cards[2:]
    game.phase = "buy"
    a.coins, a.buys, a.actions = 8, 1, 0
    return game, a, b


def players():
    def me():
        return expert.Expert(1, strategy=Strategy(), search=False)

    return me, lambda: Bot(2, "hard")


def test_a_buy_that_loses_every_playout_gives_way_to_one_that_wins_them() -> None:
    # B turns every hand into a Province. The penultimate Province leaves A 5 ahead with the
    # last for B: lost. A Duchy leaves A 2 ahead; B takes a Province, A's Golds the last: won.
    game, a, _ = race(["Gold"] * 10, ["Silver"] * 15)
    assert near_end(game)
    found = best_buy(game, a, PROVINCE, *players())
    assert found is not None and found.chosen == DUCHY
    assert found.won(PROVINCE)[0] == 0
    assert found.won(DUCHY) == (8, 8)


def test_the_plans_buy_stands_unless_another_wins_clearly_more() -> None:
    game, a, _ = race(["Gold"] * 10, ["Silver"] * 15)
    found = best_buy(game, a, DUCHY, *players())
    assert found is not None and found.chosen == DUCHY
    assert all(w <= found.won(DUCHY)[0] for _, w, _ in found.wins)


def test_the_search_sees_no_hidden_card_and_leaves_the_game_as_it_was() -> None:
    mixed = ["Gold", "Copper", "Gold", "Estate", "Copper", "Gold", "Silver", "Copper", "Gold", "Copper"]
    b_cards = ["Silver", "Copper", "Gold", "Estate", "Silver", "Copper", "Silver", "Gold", "Copper", "Estate"]
    game, a, _ = race(mixed, b_cards)
    before, rng = state_digest(game), game.rng.getstate()
    found = best_buy(game, a, PROVINCE, *players())
    assert state_digest(game) == before and game.rng.getstate() == rng
    # the same cards in other orders: A's deck, and B's hand and deck together
    again, a2, _ = race(mixed[::-1], b_cards[5:] + b_cards[:5])
    assert best_buy(again, a2, PROVINCE, *players()) == found


def test_expert_searches_only_near_the_end() -> None:
    game, a, _ = race(["Gold"] * 10, ["Silver"] * 15)
    bot = expert.Expert(1, strategy=Strategy())
    act = bot.decide(game, Decision("turn", a, "Buy phase", topic="buy"))
    assert bot.searched is not None and act == bot.searched.chosen
    for _ in range(2):  # 4 Provinces left: still near the end
        game.new_card("Province", game.supply["Province"])
    assert near_end(game)
    game.new_card("Province", game.supply["Province"])  # 5: not
    assert not near_end(game)
    bot.decide(game, Decision("turn", a, "Buy phase", topic="buy"))
    assert bot.searched is None


def test_the_hint_says_what_the_playouts_found(monkeypatch) -> None:
    game, a, _ = race(["Gold"] * 10, ["Silver"] * 15)
    # the plan's own judgement made to want the Province (here it wants the Duchy already)
    monkeypatch.setattr(Bot, "turn_buy", lambda self, game, p: "Province")
    move, why = hint(game, Decision("turn", a, "Buy phase", topic="buy"))
    assert move == "buy Duchy"
    assert why == "Played out 8 times from here, this buy won 8 games; buying Province won 0."


@pytest.mark.parametrize("seats, deals", [(2, 8), (3, 8), (4, 6), (6, 6)])
def test_with_4_or_more_players_each_buy_is_played_out_6_times_not_8(monkeypatch, seats: int, deals: int) -> None:
    # each playout waits for all the players' turns: fewer of them keep the hint within 200 ms
    game = new_game(Config([f"P{i}" for i in range(seats)], ["Barge"], [], 3))
    a = game.players[0]
    game.phase = "buy"
    a.coins, a.buys = 8, 1
    seen: set[int] = set()

    def playout(game, p, act, seed, me, other) -> float:  # a Duchy wins every deal, the rest none
        seen.add(seed)
        return 1.0 if act == DUCHY else 0.0

    monkeypatch.setattr(search, "playout", playout)
    found = best_buy(game, a, PROVINCE, *players())
    assert found is not None and found.chosen == DUCHY
    assert len(seen) == deals and found.won(DUCHY) == (deals, deals)
