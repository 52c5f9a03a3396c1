"""The core's general mechanisms, proven with small test-only cards defined here.

Each card below is written the way a real card would be, without touching the core: cost
changes for the turn, a cost that varies, extra turns, a hand-size Artifact, "when you trash",
ignoring +Actions, and the order of trigger windows.
"""

from __future__ import annotations

from typing import Any

import cards
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.dsl import ACTION, CardDef, plus, types
from dominion_tui.core.game import Config, Game
from dominion_tui.core.registry import CardDB


def discount(ctx) -> None:
    """Bridge-like: +1 Buy; this turn, cards cost 1 less."""
    ctx.buys(1)
    ctx.modify_this_turn("cost", lambda g, p, value, card: value - 1)


def extra_turn(ctx) -> None:
    ctx.game.extra_turns.append(ctx.player)


def trash_one(ctx) -> None:
    card = ctx.choose_card(ctx.player.hand, "Trash a card from your hand.")
    if card:
        ctx.trash(card)


def freeze(ctx) -> None:
    """Snowy-Village-like: +4 Actions, then ignore further +Actions this turn."""
    ctx.actions(4)
    ctx.modify_this_turn("plus_actions", lambda g, p, n: 0, everyone=False)


TEST_CARDS = [
    CardDef(
        "Discount",
        "kingdom",
        "Test",
        "+1 Buy. This turn cards cost 1 less.",
        cost=4,
        types=types(ACTION),
        play=discount,
    ),
    CardDef(
        "Mirror",
        "kingdom",
        "Test",
        "Costs as many coins as the current player has Buys.",
        cost=9,
        types=types(ACTION),
        play=plus(cards=1),
        cost_fn=lambda g, d: g.current.buys,
    ),
    CardDef(
        "Again",
        "event",
        "Test",
        "Take an extra turn after this one.",
        cost=0,
        pile_size=None,
        types=types("Event"),
        play=extra_turn,
    ),
    CardDef("Trasher", "kingdom", "Test", "Trash a card from your hand.", cost=2, types=types(ACTION), play=trash_one),
    CardDef(
        "Freeze", "kingdom", "Test", "+4 Actions; ignore further +Actions.", cost=3, types=types(ACTION), play=freeze
    ),
    CardDef(
        "Banner",
        "artifact",
        "Test",
        "Draw 1 more card in Clean-up.",
        pile_size=None,
        types=types("Artifact"),
        modifiers={"cleanup_draw": lambda g, p, n: n + 1},
    ),
]


def build_db() -> CardDB:
    base = cards.load()
    db = CardDB(dict(base.defs), dict(base.starting_deck), dict(base.pile_rules))
    for d in TEST_CARDS:
        db.add(d)
    return db


class Script:
    """Answers from a list; records who was asked what."""

    def __init__(self, answers: list[Any]) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str, list[str]]] = []

    def decide(self, game: Game, d) -> Any:
        self.asked.append((d.player.name, d.topic, [o.label for o in d.options]))
        if not self.answers:
            raise StopIteration
        return self.answers.pop(0)


def make(
    kingdom: list[str], answers: list[Any], landscapes: tuple[str, ...] = (), players: tuple[str, ...] = ("Ann", "Ben")
) -> tuple[Game, Script]:
    script = Script(answers)
    game = Game(
        build_db(), Config(list(players), kingdom, list(landscapes), 1), {i: script for i in range(len(players))}
    )
    game.setup()
    game.begin_turn(game.players[0])
    return game, script


def put_in_hand(game: Game, p, *names: str) -> None:
    for n in names:
        game.new_card(n, p.hand)


def run(game: Game) -> None:
    try:
        game.run()
    except StopIteration:
        pass


def test_cost_change_for_the_turn_applies_to_cards_only_and_ends_with_the_turn() -> None:
    game, _ = make(["Discount"], [TurnAction("play", "Discount")], landscapes=("Ride",))
    ann = game.players[0]
    put_in_hand(game, ann, "Discount")
    run(game)
    db = game.db
    assert game.cost(db["Silver"]) == 2 and game.cost(db["Province"]) == 7
    assert game.cost(db["Copper"]) == 0  # never below 0
    assert game.cost(db["Ride"]) == 2  # Events are not cards
    game.begin_turn(game.players[1])
    assert game.cost(db["Silver"]) == 3


def test_a_card_whose_own_cost_varies() -> None:
    game, _ = make(["Mirror"], [])
    assert game.cost(game.db["Mirror"]) == 1
    game.players[0].buys = 4
    assert game.cost(game.db["Mirror"]) == 4


def test_extra_turn_follows_and_does_not_count_for_the_tie_break() -> None:
    game, _ = make(["Discount"], [TurnAction("buy", "Again"), TurnAction("end")], landscapes=("Again",))
    run(game)
    ann = game.players[0]
    assert game.current is ann and game.turn.extra
    assert ann.turns_taken == 1


def test_hand_size_artifact_draws_one_more_in_clean_up_and_says_so() -> None:
    from dominion_tui.narration import Narrator

    game, _ = make(["Discount"], [TurnAction("end"), TurnAction("end")])
    said: list[str] = []
    game.listeners.append(lambda note: said.extend(Narrator().note(note)))
    ann = game.players[0]
    game.take_artifact(ann, "Banner")
    run(game)
    assert len(ann.hand) == 6
    assert "Ann takes the Banner, next hand 6 cards." in said


def test_when_you_trash_it_gives_the_trasher_its_bonus() -> None:
    game, _ = make(["Trasher", "Silk Merchant"], [TurnAction("play", "Trasher")])
    ann = game.players[0]
    ann.hand.cards.clear()
    for c in list(ann.deck.cards):
        game._move(c, ann.discard)
    put_in_hand(game, ann, "Trasher", "Silk Merchant")
    run(game)
    assert game.trash.names() == ["Silk Merchant"]
    assert (ann.coffers, ann.villagers) == (1, 1)


def test_ignoring_further_plus_actions() -> None:
    game, _ = make(
        ["Freeze", "Village Green"], [TurnAction("play", "Freeze"), TurnAction("play", "Village Green"), [0]]
    )
    ann = game.players[0]
    put_in_hand(game, ann, "Freeze", "Village Green")
    run(game)
    assert ann.actions == 3  # 1 - 1 + 4 - 1, and Village Green's +2 Actions ignored


def test_start_of_turn_effects_are_ordered_by_their_owner() -> None:
    game, script = make(
        ["Barge"],
        [TurnAction("play", "Barge"), [1], TurnAction("end"), TurnAction("end"), TurnAction("end"), TurnAction("end")],
        landscapes=("Barracks",),
    )
    ann = game.players[0]
    game.set_owner(ann, "Barracks")
    put_in_hand(game, ann, "Barge")
    run(game)
    who, topic, labels = script.asked[-1]
    assert (who, topic) == ("Ann", "order") and sorted(labels) == ["Barge", "Barracks"]


def test_reaction_windows_go_current_player_first_then_turn_order() -> None:
    game, script = make(["Black Cat"], [TurnAction("buy", "Estate"), [], []], players=("Ann", "Ben", "Cal"))
    ann, ben, cal = game.players
    ann.coins = 2
    for p in (ben, cal):
        put_in_hand(game, p, "Black Cat")
    run(game)
    reacts = [(who, topic) for who, topic, _ in script.asked if topic == "react"]
    assert reacts == [("Ben", "react"), ("Cal", "react")]


def test_describe_says_a_varying_cost_as_it_is_now_then_as_printed() -> None:
    from dominion_tui.queries import Queries

    game, _ = make(["Destrier", "Sleigh"], [])
    q = Queries(game, lambda: [], lambda: [])
    assert q.q_describe("Destrier", game.players[0])[0].startswith("Destrier: 6 coins, Action.")
    game.gain(game.players[0], "Sleigh")  # a card gained this turn: Destrier costs 1 less
    assert q.q_describe("Destrier", game.players[0])[0].startswith("Destrier: 5 coins now (6 printed), Action.")
