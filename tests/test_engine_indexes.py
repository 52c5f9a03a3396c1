"""The engine's indexes and caches (issue 12) give the answers a plain recomputation gives.

legal_actions must equal every candidate move that why_not allows, whatever the costs do;
ownership goes through set_owner; a card or pile that arrives mid-game is heard and offered.
"""

from __future__ import annotations

from test_mechanisms import make, put_in_hand, run

from dominion_tui.bots import RandomPlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.decisions import TurnAction
from dominion_tui.core.game import Config, Game
from dominion_tui.setup import new_game


def reference_legal_actions(game: Game, p) -> list[TurnAction]:
    """legal_actions as it was defined before the speed work: every candidate through why_not."""
    acts = [TurnAction("play", n) for n in sorted({c.name for c in p.hand.cards})]
    acts += [
        TurnAction("buy", n)
        for n in list(game.supply) + [d.name for d in game.landscapes if d.kind in ("event", "project")]
    ]
    acts += [TurnAction("villager", None, 1), TurnAction("coffers", None, 1), TurnAction("end")]
    return [a for a in acts if game.why_not(p, a) is None]


class Comparing(RandomPlayer):
    """A random player that checks legal_actions against the reference before each move."""

    checked = 0

    def decide(self, game, d):
        if d.kind == "turn":
            assert game.legal_actions(d.player) == reference_legal_actions(game, d.player), (
                f"after {len(game.answers)} answers"
            )
            Comparing.checked += 1
        return super().decide(game, d)


def test_legal_actions_equal_what_why_not_allows_in_whole_games() -> None:
    Comparing.checked = 0
    for seed in range(12):
        names = ["Ann", "Ben", "Cat"][: 2 + seed % 2]
        landscapes = [["Ride", "Way of the Ox", "Barracks"], ["Barracks"], []][seed % 3]
        game = new_game(
            Config(names, list(PILOT_KINGDOM), landscapes, seed),
            {i: Comparing(seed * 7 + i) for i in range(len(names))},
        )
        game.run()
    assert Comparing.checked > 1000


def test_a_cost_change_for_the_turn_is_seen_by_the_legal_buys() -> None:
    game, _ = make(["Discount", "Mirror"], [TurnAction("play", "Discount")], landscapes=("Ride",))
    ann = game.players[0]
    put_in_hand(game, ann, "Discount")
    game.phase = "action"
    ann.coins = 2  # Silver costs 3: out of reach until Discount takes 1 off
    assert TurnAction("buy", "Silver") not in game.legal_actions(ann)
    run(game)
    assert TurnAction("buy", "Silver") in game.legal_actions(ann)
    assert game.legal_actions(ann) == reference_legal_actions(game, ann)


def test_a_card_whose_own_cost_varies_is_priced_each_time() -> None:
    game, _ = make(["Mirror"], [])
    ann = game.players[0]
    game.phase, ann.coins = "action", 1
    assert TurnAction("buy", "Mirror") in game.legal_actions(ann)  # costs 1: Ann has 1 Buy
    ann.buys = 2
    assert TurnAction("buy", "Mirror") not in game.legal_actions(ann)
    assert game.legal_actions(ann) == reference_legal_actions(game, ann)


def test_an_artifact_changing_hands_moves_its_effect_with_it() -> None:
    game, _ = make(["Discount"], [])
    ann, ben = game.players
    game.take_artifact(ann, "Banner")
    assert game.modify("cleanup_draw", ann, 5) == 6 and game.modify("cleanup_draw", ben, 5) == 5
    game.take_artifact(ben, "Banner")
    assert game.modify("cleanup_draw", ann, 5) == 5 and game.modify("cleanup_draw", ben, 5) == 6
    assert game.check_conservation() is None


def test_ownership_changed_behind_set_owners_back_is_reported() -> None:
    game, _ = make(["Discount"], [])
    ann = game.players[0]
    game.owned_landscapes(ann)
    game.artifacts["Banner"] = ann
    assert game.check_conservation() == "Ann's Projects or Artifacts changed without set_owner"


def test_a_pile_added_mid_game_can_be_bought() -> None:
    game, _ = make(["Discount"], [])
    ann = game.players[0]
    game.phase, ann.coins = "action", 9
    assert TurnAction("buy", "Mirror") not in game.legal_actions(ann)
    game.resize_pile("Mirror", 3)
    assert TurnAction("buy", "Mirror") in game.legal_actions(ann)


def test_a_rule_added_mid_game_is_heard() -> None:
    from dominion_tui.core.model import Trigger

    game, _ = make(["Discount"], [TurnAction("end"), TurnAction("end")])
    seen: list[str] = []
    game.add_rule(
        Trigger(
            "end_turn",
            lambda ctx, ev: seen.append(ctx.player.name),
            condition=lambda g, ev, owner, card: ev.player is owner,
        )
    )
    run(game)
    assert seen == ["Ann"]


def test_a_reaction_that_first_enters_the_game_mid_game_is_heard() -> None:
    game, script = make(["Discount"], [TurnAction("buy", "Estate"), []])
    ann = game.players[0]
    ann.coins = 2
    put_in_hand(game, ann, "Sheepdog")  # no Sheepdog pile: the first one appears now
    run(game)
    assert ("Ann", "react") in [(who, topic) for who, topic, _ in script.asked]


class ComparingParts(RandomPlayer):
    """Checks legal_plays and legal_buys (what the random player asks for) against the reference."""

    checked = 0

    def decide(self, game, d):
        if d.kind == "turn":
            ref = reference_legal_actions(game, d.player)
            assert game.legal_plays(d.player) == [a for a in ref if a.verb == "play"]
            assert game.legal_buys(d.player) == [a for a in ref if a.verb == "buy"]
            assert game.legal_actions(d.player) == ref
            ComparingParts.checked += 1
        return super().decide(game, d)


def test_legal_buys_price_the_cards_whose_own_cost_varies_when_asked() -> None:
    """Destrier, Fisherman and Wayfarer change their own cost during a turn and Animal Fair can be
    paid otherwise: the printed-cost table leaves them to be priced when asked, with or without
    a cost change in force (Inventor this turn, Canal owned)."""
    Comparing.checked = 0
    kingdom = ["Destrier", "Fisherman", "Wayfarer", "Animal Fair", "Inventor", "Village Green", "Scrap", "Paddock"]
    for seed in range(8):
        names = ["Ann", "Ben", "Cat"][: 2 + seed % 2]
        game = new_game(
            Config(names, kingdom + ["Sleigh", "Hideout"], [["Canal"], []][seed % 2], seed),
            {i: Comparing(seed * 5 + i) for i in range(len(names))},
        )
        if seed % 2 == 0:
            game.set_owner(game.players[1], "Canal")
        game.run()
    assert Comparing.checked > 1000


def test_legal_plays_and_buys_are_the_plays_and_buys_of_legal_actions_over_random_kingdoms() -> None:
    import random

    from dominion_tui.simulate import random_kingdom

    ComparingParts.checked = 0
    for seed in range(10):
        kingdom, landscapes = random_kingdom(random.Random(seed))
        names = ["Ann", "Ben", "Cat"][: 2 + seed % 2]
        game = new_game(
            Config(names, kingdom, landscapes, seed), {i: ComparingParts(seed * 7 + i) for i in range(len(names))}
        )
        game.run()
    assert ComparingParts.checked > 500


def test_a_trigger_for_one_card_opens_no_window_for_the_others() -> None:
    game, _ = make(["Border Guard"], [])
    ann = game.players[0]
    put_in_hand(game, ann, "Copper", "Border Guard")
    copper, guard = ann.hand.cards[-2:]
    assert not game._could_hear("discard", copper) and not game._could_hear("discard", guard)
    game.take_artifact(ann, "Horn")  # hears only Border Guards being discarded
    assert game._could_hear("discard", guard) and not game._could_hear("discard", copper)
    assert not game._discards_unheard(ann.hand)  # the Border Guard is heard: one by one


def test_other_than_during_clean_up_is_not_heard_during_clean_up() -> None:
    game, _ = make(["Village Green"], [])
    ann = game.players[0]
    put_in_hand(game, ann, "Village Green")
    green = ann.hand.cards[-1]
    assert game._could_hear("discard", green) and not game._could_hear("discard", green, cleanup=True)
    assert game._discards_unheard(ann.hand)  # Clean-up moves this hand in one go


def test_all_cards_lists_every_zone_in_player_zones_order() -> None:
    from dominion_tui.core.model import PLAYER_ZONES

    game, _ = make(["Village Green"], [])
    ann = game.players[0]
    game.new_cards("Gold", ann.exile, 1)
    game.new_cards("Silver", ann.in_play, 2)
    game.new_cards("Estate", ann.revealed, 1)
    assert ann.all_cards() == [c for z in PLAYER_ZONES for c in ann.zone(z).cards]
    assert len(ann.all_cards()) == 14
