"""The mechanisms Renaissance brought to the core, where a scenario cannot look: what another
player is told, the queries, a pile lookup, the provenance of a gain, the computer player."""

from __future__ import annotations

from typing import Any

import cards
from dominion_tui.bots import SimplePlayer
from dominion_tui.core.decisions import Decision, Option, TurnAction
from dominion_tui.core.game import Config, Game
from dominion_tui.narration import Narrator
from dominion_tui.queries import Queries


class Script:
    def __init__(self, answers: list[Any]) -> None:
        self.answers = list(answers)
        self.asked: list[Decision] = []

    def decide(self, game: Game, d: Decision) -> Any:
        self.asked.append(d)
        if not self.answers:
            raise StopIteration
        a = self.answers.pop(0)
        return [[o.label for o in d.options].index(a)] if isinstance(a, str) else a  # by name


def make(kingdom: list[str], answers: list[Any]) -> tuple[Game, Script, dict[str, list[str]]]:
    """A game at Ann's turn with empty zones; `said` holds what Ann and Ben are each told."""
    script = Script(answers)
    game = Game(cards.load(), Config(["Ann", "Ben"], kingdom, [], 1), {0: script, 1: script})
    game.setup(deal=False)
    game.begin_turn(game.players[0])
    game.phase = "action"
    said: dict[str, list[str]] = {"Ann": [], "Ben": []}
    for viewer in said:
        narrator = Narrator(viewer)
        game.listeners.append(lambda note, n=narrator, v=viewer: said[v].extend(n.note(note)))
    return game, script, said


def give(game: Game, zone, *names: str) -> None:
    for n in names:
        game.new_card(n, zone)


def run(game: Game) -> None:
    try:
        game.run()
    except StopIteration:
        pass


def queries(game: Game) -> Queries:
    return Queries(game, lambda: [], lambda: [])


def test_an_empty_supply_pile_is_still_found_and_a_returned_card_refills_it() -> None:
    game, _, _ = make(["Experiment"], [])
    ann = game.players[0]
    pile = game.supply["Experiment"]
    card = pile.cards[0]
    game._move(card, ann.in_play)
    game.resize_pile("Experiment", 0)
    assert game.pile("Experiment") is pile and game.empty_piles() == 1
    game.return_to_pile(ann, card)
    assert pile.cards == [card] and game.empty_piles() == 0


def test_a_gain_knows_the_card_whose_ability_gained_it() -> None:
    game, _, _ = make(["Experiment", "Sculptor"], [TurnAction("play", "Sculptor"), "Experiment"])
    seen: list[Any] = []
    fire = game.fire

    def spy(ev):
        if ev.kind == "gain":
            seen.append((ev.card.name, ev.extra.get("by")))
        fire(ev)

    game.fire = spy
    ann = game.players[0]
    give(game, ann.hand, "Sculptor")
    run(game)
    (first, by1), (second, by2) = seen
    assert (first, by1.name) == ("Experiment", "Sculptor")
    assert second == "Experiment" and by2 is ann.hand.cards[0]  # the first Experiment: no third
    assert len(ann.discard) == 1 and len(game.supply["Experiment"]) == 8


def test_face_down_set_aside_cards_are_named_to_their_owner_only() -> None:
    game, _, said = make(["Research"], [TurnAction("play", "Research")])
    ann = game.players[0]
    give(game, ann.hand, "Research", "Silver")
    give(game, ann.deck, "Gold", "Province", "Copper", "Estate")
    run(game)
    assert ann.set_aside.names() == ["Gold", "Province", "Copper"]
    assert "Ann sets aside Gold, Province, Copper on Research, to come back to their hand next turn." in said["Ann"]
    assert "Ann sets aside 3 cards on Research, to come back to their hand next turn." in said["Ben"]
    q = queries(game)
    assert "Set aside, coming to your hand next turn: Copper, Gold, Province." in q.q_hand("", ann)
    assert "Set aside, coming to your hand next turn: Copper, Gold, Province." in q.q_status("", ann)
    others = " ".join(q.q_others("", game.players[1]))
    assert "3 cards set aside" in others and "Gold" not in others


def test_face_down_cards_come_to_hand_unnamed_for_others() -> None:
    game, _, said = make(
        ["Research"],
        [TurnAction("play", "Research"), TurnAction("end"), TurnAction("end"), TurnAction("end"), TurnAction("end")],
    )
    ann = game.players[0]
    give(game, ann.hand, "Research", "Estate")
    give(game, ann.deck, "Gold", "Duchy", *["Copper"] * 6)
    run(game)
    assert ann.hand.count("Gold") == 1 and ann.hand.count("Duchy") == 1
    assert "Ann puts a card into their hand." in said["Ben"]
    assert "Ann puts a Gold into their hand." in said["Ann"]


def test_status_and_others_say_who_holds_each_artifact() -> None:
    game, _, said = make(["Treasurer", "Flag Bearer"], [])
    ann, ben = game.players
    game.take_artifact(ben, "Key")
    line = "Artifacts: the Flag, held by nobody, the Key, held by Ben."
    assert line in queries(game).q_status("", ann) and line in queries(game).q_others("", ann)
    game.take_artifact(ann, "Key")
    assert "Ann takes the Key from Ben." in said["Ann"]
    game.take_artifact(ann, "Key")
    assert said["Ann"][-1] == "Ann already holds the Key; nothing changes."


def test_clean_up_starts_with_an_event_before_anything_is_discarded() -> None:
    game, _, _ = make(["Improve"], [TurnAction("end"), TurnAction("end")])
    ann = game.players[0]
    give(game, ann.in_play, "Improve")
    seen: list[int] = []
    from dominion_tui.core.model import Trigger

    game.add_rule(
        Trigger(
            "cleanup_start", lambda ctx, ev: seen.append(len(ann.in_play)), condition=lambda g, ev, p, c: ev.player is p
        )
    )
    run(game)
    assert seen == [1] and ann.in_play.cards == []


def test_putting_cards_back_is_asked_even_though_every_card_must_be_named() -> None:
    game, script, _ = make(["Seer"], [TurnAction("play", "Seer"), [1, 0]])
    ann = game.players[0]
    give(game, ann.hand, "Seer")
    give(game, ann.deck, "Copper", "Gold", "Province", "Silver", "Estate")
    run(game)
    order = script.asked[-2]
    assert (order.topic, order.min, order.max) == ("order", 2, 2)
    assert [o.label for o in order.options] == ["Gold", "Province"]
    assert ann.hand.names() == ["Copper", "Silver"]
    assert ann.deck.names()[:2] == ["Province", "Gold"]  # the first named ends on top


def test_simple_player_puts_the_best_card_on_top_and_trashes_junk_first() -> None:
    game, _, _ = make(["Seer", "Improve"], [])
    ann = game.players[0]
    bot = SimplePlayer(1)
    order = Decision(
        "cards", ann, "Order?", [Option("Copper"), Option("Gold"), Option("Duchy")], min=3, max=3, topic="order"
    )
    assert bot.answer(game, order)[0] == 1
    trash = Decision("cards", ann, "Trash?", [Option("Silver"), Option("Estate"), Option("Curse")], topic="trash")
    assert bot.answer(game, trash) == [2]


def test_simple_player_improves_only_into_something_better() -> None:
    game, _, _ = make(["Improve", "Seer"], [])
    ann = game.players[0]
    game.phase = "cleanup"
    bot = SimplePlayer(1)
    seer = Decision("cards", ann, "Improve?", [Option("Seer")], min=0, topic="trash")
    assert bot.answer(game, seer) == [0]  # Seer (5) into Gold (6)
    game.resize_pile("Gold", 0)
    assert bot.answer(game, seer) == []  # nothing left costing 6
    improve = Decision("cards", ann, "Improve?", [Option("Improve")], min=0, topic="trash")
    assert bot.answer(game, improve) == []  # nothing here costs 4


def test_describe_reads_the_card_and_then_its_most_surprising_ruling() -> None:
    game, _, _ = make(["Improve"], [])
    lines = queries(game).q_describe("improve", game.players[0])
    assert lines[0].startswith("Improve: 3 coins, Action. +2 coins. At the start of Clean-up")
    assert lines[1].startswith("Ruling: It can trash itself.")


def test_another_players_attack_at_work_is_named_as_on_its_victim() -> None:
    """Ann's Gatekeeper makes Ben exile the Silver he gains: it was told as "Ben's Gatekeeper.",
    a card Ben does not have; now "Gatekeeper on Ben.", then the Exile. Ann is not named in it:
    her name beside "exiles" would say that she exiled something."""
    t = TurnAction
    play_and_buy = [
        t("play", "Gatekeeper"),
        t("end"),
        t("end"),
        t("end"),
        *[t("play", "Copper")] * 3,
        t("buy", "Silver"),
    ]
    game, _, said = make(["Gatekeeper"], play_and_buy)
    ann, ben = game.players
    give(game, ann.hand, "Gatekeeper")
    give(game, ben.hand, *["Copper"] * 3)
    run(game)
    for viewer in ("Ann", "Ben"):
        i = said[viewer].index("Gatekeeper on Ben.")
        assert said[viewer][i + 1] == "Ben exiles a Silver, 1 Silver in Ben's Exile.", said[viewer]
        assert "Ben's Gatekeeper." not in said[viewer]
        assert not [line for line in said[viewer] if "Ann" in line and "xile" in line], said[viewer]
