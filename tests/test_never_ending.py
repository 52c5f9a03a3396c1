"""Games that never end (issue 19 item 7): no bot trashes itself out of the game, and a game
in which no card leaves the Supply for STALL_ROUNDS rounds ends itself, said in one line."""

from __future__ import annotations

import pytest

from dominion_tui.bots import MONEY_FLOOR, SimplePlayer, make_player
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.game import STALL_ROUNDS, Config
from dominion_tui.narration import Narrator
from dominion_tui.setup import new_game
from dominion_tui.simulate import main as simulate

LEVELS = ("simple", "normal", "hard", "bigmoney")
CATHEDRAL_KINGDOM = (
    "Hunting Lodge, Ducat, Fisherman, Livery, Hostelry, Silk Merchant, Bounty Hunter, Old Witch, Cavalry, Groom"
)


def bot(level: str):
    return SimplePlayer(1) if level == "simple" else make_player(level, 1)


class Ends:
    """Ends every phase at once; buys one Copper on the turns listed (its own turn numbers)."""

    def __init__(self, buy_on: tuple[int, ...] = ()) -> None:
        self.buy_on = buy_on

    def decide(self, game, d):
        if d.kind != "turn":
            return [0] if d.options and not d.may_decline else []
        p = d.player
        if game.phase == "buy" and p.turns_taken in self.buy_on and not game.turn.bought_in_phase:
            return TurnAction("buy", "Copper")
        return TurnAction("end")


def play(deciders: dict, players: int = 2):
    notes = []
    game = new_game(Config(["Ann", "Ben", "Cat"][:players], ["Barge"], [], 7), deciders, listeners=[notes.append])
    game.run()
    return game, notes


def test_a_game_where_no_card_leaves_the_supply_ends_after_10_rounds_in_one_line() -> None:
    game, notes = play({0: Ends(), 1: Ends(), 2: Ends()}, players=3)
    assert game.over and game.stalled and game.check_conservation() is None
    assert [p.turns_taken for p in game.players] == [STALL_ROUNDS] * 3  # whole rounds, no more
    assert [n.kind for n in notes[-2:]] == ["stalled", "game_over"]  # the cause, then the result
    assert Narrator().note(notes[-2]) == [
        "The game has stalled: no card has left the Supply in 10 rounds, so it ends now."
    ]
    assert [p.name for p in game.winners] == ["Ann", "Ben", "Cat"]  # scored as any game: a tie


def test_a_card_leaving_the_supply_starts_the_10_rounds_again() -> None:
    # Ann buys a Copper on her 5th turn: 10 more turns each from there (Ben's 5th to 14th).
    game, notes = play({0: Ends(buy_on=(5,)), 1: Ends()})
    assert [p.turns_taken for p in game.players] == [15, 14]
    assert notes[-2].kind == "stalled"
    assert [p.name for p in game.winners] == ["Ben"]  # 3 points each, Ben in fewer turns


def test_a_game_that_ends_by_its_piles_is_not_called_stalled() -> None:
    game, notes = play({0: make_player("normal", 1), 1: make_player("hard", 2)})
    assert game.over and not game.stalled and "stalled" not in [n.kind for n in notes]


def cathedral_trash(level: str, hand: list[str], others: list[str]) -> str:
    """The card a bot trashes with Cathedral from this hand, owning only these cards."""
    game = new_game(Config(["A", "B"], ["Barge"], ["Cathedral"], 3))
    a = game.players[0]
    for z in (a.hand, a.deck, a.discard):
        z.cards.clear()
    for n in others:
        game.new_card(n, a.discard)
    cards = [game.new_card(n, a.hand) for n in hand]
    d = Decision("cards", a, "Trash a card from your hand.", [Option(c.name, c) for c in cards], topic="trash")
    return cards[bot(level).answer(game, d)[0]].name


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_trash_never_takes_the_money_it_needs(level: str) -> None:
    # 2 + 1 + 1 coins in all: under the floor, so the Duchy goes, not a Copper (junk) or the Silver
    assert MONEY_FLOOR == 5
    assert cathedral_trash(level, ["Silver", "Duchy", "Copper"], ["Copper"]) == "Duchy"
    # plenty of money: the Copper is junk as ever
    assert cathedral_trash(level, ["Silver", "Duchy", "Copper"], ["Gold", "Gold"]) == "Copper"


@pytest.mark.parametrize("level", LEVELS)
def test_an_optional_trash_of_coppers_stops_at_the_floor(level: str) -> None:
    game = new_game(Config(["A", "B"], ["Barge"], [], 3))
    a = game.players[0]
    a.deck.cards.clear(), a.discard.cards.clear(), a.hand.cards.clear()
    coppers = [game.new_card("Copper", a.hand) for _ in range(4)]
    game.new_card("Copper", a.discard), game.new_card("Silver", a.discard)  # 7 coins in all
    d = Decision(
        "cards",
        a,
        "Trash up to 4 cards from your hand.",
        [Option(c.name, c) for c in coppers],
        min=0,
        max=4,
        topic="trash",
    )
    assert len(bot(level).answer(game, d)) == 2  # 7 - 2 = 5: the floor


@pytest.mark.parametrize("level", ("normal", "hard", "bigmoney"))
def test_a_bot_thinned_to_a_few_cards_buys_a_copper_rather_than_nothing(level: str) -> None:
    game = new_game(Config(["A", "B"], ["Barge"], ["Cathedral"], 3))
    a = game.players[0]
    game.phase = "buy"
    for z in (a.hand, a.deck, a.discard):
        z.cards.clear()
    for n in ("Province", "Duchy", "Silver"):
        game.new_card(n, a.discard)
    a.coins, a.buys = 0, 1
    assert bot(level).decide(game, Decision("turn", a, "Buy phase", topic="buy")) == TurnAction("buy", "Copper")


def test_the_cathedral_kingdom_never_reaches_the_turn_cap() -> None:
    # Issue 19: 7 of 60 of these games (hard against normal) passed 200 turns; bots had trashed
    # their decks to nothing.
    lines: list[str] = []
    assert (
        simulate(
            [
                "--bots",
                "hard,normal",
                "--games",
                "60",
                "--seed",
                "1",
                "--jobs",
                "1",
                "--max-turns",
                "200",
                "--kingdom",
                CATHEDRAL_KINGDOM,
                "--landscapes",
                "Canal, Enclave, Cathedral, Way of the Mule",
            ],
            lines.append,
        )
        == 0
    )
    assert "No game reached the turn cap." in lines, lines
    assert " wins of 60 (" in lines[0]  # every game finished


def test_bigmoney_buys_money_when_the_duchies_it_wants_are_gone() -> None:
    # Found by the soak: with the Duchies and Estates gone and Provinces left, bigmoney bought
    # nothing short of 8 coins, and the game stalled.
    game = new_game(Config(["A", "B"], ["Barge"], [], 3))
    a = game.players[0]
    game.phase = "buy"
    a.discard.cards.extend(a.hand.cards)  # nothing left to play: straight to buying
    a.hand.cards.clear()
    del game.supply["Province"].cards[3:]
    game.supply["Duchy"].cards.clear()
    game.supply["Estate"].cards.clear()
    for coins, want in ((7, "Gold"), (5, "Silver"), (2, "end")):
        a.coins, a.buys = coins, 1
        act = make_player("bigmoney", 1).decide(game, Decision("turn", a, "Buy phase", topic="buy"))
        assert (act.name or act.verb) == want, coins
