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
