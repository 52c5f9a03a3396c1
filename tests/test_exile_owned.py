"""What counts as owned (issue 22, Exile): a copy in Exile is not in the deck, so the plan keeps
buying its card (the next copy gained brings the exiled ones home); of the trash, only the
copies the bot trashed itself count for a card that trashes itself (Acting Troupe)."""

from __future__ import annotations

from dominion_tui.bots import make_player, tuning
from tests.test_bots import buy_phase


def test_a_copy_in_exile_is_not_one_the_plan_has(monkeypatch) -> None:
    monkeypatch.setattr(tuning, "TUNED", {"Barge": (1, 0.7)})
    game, a = buy_phase(["Barge", "Camel Train"], coins=5)
    hard = make_player("hard", 1)
    game.exile(a, game.supply["Barge"].cards[-1])  # as Camel Train would
    assert hard.purchase(game, a) == "Barge"  # it brings the exiled one home
    game.new_card("Barge", a.discard)
    assert hard.purchase(game, a) == "Silver"


def test_only_its_own_trashed_acting_troupes_count(monkeypatch) -> None:
    monkeypatch.setattr(tuning, "TUNED", {"Acting Troupe": (1, 0.7)})
    game, a = buy_phase(["Acting Troupe"], coins=3)
    b = game.players[1]
    hard = make_player("hard", 1)
    game.trash_card(b, game.new_card("Acting Troupe", b.in_play))  # the other player's
    assert hard.purchase(game, a) == "Acting Troupe"
    game.trash_card(a, game.new_card("Acting Troupe", a.in_play))  # its own, played away
    assert hard.purchase(game, a) == "Silver"


def exile_question(game, a, names: list[str], playing: str, optional: bool = False):
    from dominion_tui.core.decisions import Decision, Option

    game.phase = "action"
    cards = [game.new_card(n, a.hand) for n in names]
    game.playing.append((a, game.new_card(playing, a.in_play)))
    prompt = "Exile a card from your hand" + ("?" if optional else ".")
    return Decision("cards", a, prompt, [Option(c.name, c) for c in cards], min=0 if optional else 1, topic="exile")


def test_bounty_hunter_exiles_what_the_deck_loses_least_by_losing() -> None:
    game, a = buy_phase(["Bounty Hunter", "Lackeys", "Sanctuary"])
    del game.supply["Province"].cards[3:]  # late: a Province in hand is dead, its points stay in Exile
    d = exile_question(game, a, ["Lackeys", "Province", "Silver"], "Bounty Hunter")
    assert make_player("hard", 1).answer(game, d) == [1]  # not the Lackeys, the cheapest card
    game.exile(a, game.new_card("Copper", a.discard))
    d = exile_question(game, a, ["Lackeys", "Copper", "Copper"], "Bounty Hunter")
    assert make_player("hard", 1).answer(game, d) == [1]  # no +3 for it, but the Lackeys stay


def test_sanctuary_exiles_junk_only() -> None:
    game, a = buy_phase(["Sanctuary"])
    d = exile_question(game, a, ["Silver", "Gold"], "Sanctuary", optional=True)
    assert make_player("hard", 1).answer(game, d) == []
    d = exile_question(game, a, ["Silver", "Estate"], "Sanctuary", optional=True)
    assert make_player("hard", 1).answer(game, d) == [1]


def test_an_exiled_gold_is_not_a_gold_in_the_deck_for_the_early_province() -> None:
    # early, before a Gold, a Province is judged little more than a Gold (3.5): a Gold in Exile
    # (Camel Train's, when gained) is not one the deck draws, so the Province stays at 3.5
    game, a = buy_phase(["Camel Train"], coins=8)
    a.turns_taken = 4
    hard = make_player("hard", 1)
    game.exile(a, game.supply["Gold"].cards[-1])
    assert hard.coins_worth(game, a, 8) == 3.5
    game.new_card("Gold", a.discard)
    assert hard.coins_worth(game, a, 8) == 6.0
