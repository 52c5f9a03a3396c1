"""The mechanisms behind issue 18's rules across card pairs, checked where a scenario cannot look:
the state each trigger sees when it is heard, and what an event carries."""

from __future__ import annotations

from typing import Any

import cards
from dominion_tui.core.context import Ctx
from dominion_tui.core.dsl import ACTION, TREASURE, mine
from dominion_tui.core.game import Config, Game
from dominion_tui.core.model import Trigger


def make(kingdom: list[str], landscapes: list[str] = ()) -> Game:
    """A game at Ann's turn, Action phase, with empty zones and nobody to ask."""
    game = Game(cards.load(), Config(["Ann", "Ben"], kingdom, list(landscapes), 1), {})
    game.setup(deal=False)
    game.begin_turn(game.players[0])
    game.phase = "action"
    return game


def heard(game: Game, kind: str, what) -> list[Any]:
    """A standing rule that records what(event) at each event of this kind, once (for its player)."""
    seen: list[Any] = []
    game.add_rule(Trigger(kind, lambda ctx, ev: seen.append(what(ctx, ev)), condition=mine))
    return seen


def test_one_instruction_discards_every_card_before_any_discard_is_heard() -> None:
    game = make([])
    ann = game.players[0]
    hand = game.new_cards("Copper", ann.hand, 3)
    seen = heard(game, "discard", lambda ctx, ev: (len(ann.discard), ev.card_still_there()))
    game.discard_all(ann, ann.hand.cards)  # the zone's own list: discard_all copies it first
    assert ann.discard.cards == hand and not ann.hand.cards
    assert seen == [(3, True)] * 3


def test_a_card_moved_by_an_earlier_reaction_is_no_longer_there_for_its_own() -> None:
    game = make([])
    ann = game.players[0]
    first, second = game.new_cards("Copper", ann.hand, 2)
    game.add_rule(
        Trigger("discard", lambda ctx, ev: ctx.put_on_deck(second) if ev.card is first else None, condition=mine)
    )
    seen = heard(game, "discard", lambda ctx, ev: (ev.card.name, ev.card_still_there()))
    game.discard_all(ann, [first, second])
    assert seen[1] == ("Copper", False) and second.zone is ann.deck


def test_whatever_happens_in_clean_up_is_during_clean_up() -> None:
    game = make([])
    ann = game.players[0]
    seen = heard(game, "gain", lambda ctx, ev: ev.cleanup)
    game.gain(ann, "Silver")
    game.phase = "cleanup"
    game.gain(ann, "Silver")
    assert seen == [False, True]


def test_a_play_is_recorded_with_the_player_who_made_it() -> None:
    game = make(["Sheepdog"])
    ann, ben = game.players
    ours = game.new_card("Copper", ann.hand)
    theirs = game.new_card("Copper", ben.hand)
    game.play(ben, theirs)
    game.play(ann, ours)
    assert game.played_by(ann) == [ours] and game.played_by(ben) == [theirs]


def test_a_gain_made_by_an_ability_carries_that_ability_and_a_play_carries_none() -> None:
    game = make([])
    ann = game.players[0]
    seen = heard(game, "gain", lambda ctx, ev: ev.extra.get("via"))
    on_trash = Trigger("trash", lambda ctx, ev: ctx.gain("Silver"), condition=mine)
    game.add_rule(on_trash)
    game.trash_card(ann, game.new_card("Estate", ann.hand))
    Ctx(game, ann, game.new_card("Copper", ann.in_play)).gain("Gold")  # a card's own instructions
    assert seen == [on_trash, None]


def test_types_now_follow_capitalism_in_the_supply_on_its_owners_turns_only() -> None:
    game = make(["Improve", "Sheepdog"], ["Capitalism"])
    ann, ben = game.players
    improve, sheepdog = game.db["Improve"], game.db["Sheepdog"]
    assert not game.is_(improve, TREASURE)
    game.set_owner(ann, "Capitalism")
    assert game.is_(improve, TREASURE) and game.is_(improve, ACTION)
    assert not game.is_(sheepdog, TREASURE)  # no +coins in its text
    game.begin_turn(ben)
    assert not game.is_(improve, TREASURE)
