"""Issue 11: every Project plays for the computer players; rule changes read through the core."""

from __future__ import annotations

import pytest

from dominion_tui.bots import GOOD_PROJECTS, SimplePlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.save import fits
from dominion_tui.setup import database, new_game

PROJECTS = sorted(d.name for d in database().of_kind("project"))


def test_all_twenty_projects_are_in_the_pool() -> None:
    assert len(PROJECTS) == 20
    assert set(GOOD_PROJECTS) == set(PROJECTS) - {"Cathedral"}


class Checked(SimplePlayer):
    def decide(self, game, d):
        ans = super().decide(game, d)
        assert fits(game, d, ans), (d.topic, d.prompt, [o.label for o in d.options], ans)
        assert game.check_conservation() is None
        return ans


@pytest.mark.parametrize("project", PROJECTS)
def test_simple_players_buy_and_use_each_project(project: str) -> None:
    kingdom = list(PILOT_KINGDOM)
    game = new_game(Config(["Ann", "Ben"], kingdom, [project], 7), {0: Checked(1), 1: Checked(2)})
    if project not in GOOD_PROJECTS:  # bought by hand: the simple player still answers for it
        game.projects[project].append(game.players[0])
    game.run()
    assert game.over and game.winners
    assert game.projects[project], f"nobody bought {project}"


def test_capitalism_makes_coin_actions_treasures_only_on_its_owners_turns() -> None:
    game = new_game(Config(["Ann", "Ben"], ["Improve", "Inventor"], ["Capitalism"], 1), {})
    ann, ben = game.players
    game.projects["Capitalism"].append(ann)
    improve, inventor = game.db["Improve"], game.db["Inventor"]
    assert "Treasure" in game.types_of(improve) and "Treasure" not in game.types_of(inventor)
    game.current = ben
    assert "Treasure" not in game.types_of(improve)


def test_buying_a_project_names_every_project_owned() -> None:
    lines: list[str] = []
    from dominion_tui.narration import Narrator

    game = new_game(Config(["Ann", "Ben"], list(PILOT_KINGDOM), ["Canal", "Barracks"], 1), {})
    game.listeners.append(lambda n: lines.extend(Narrator().note(n)))
    ann = game.players[0]
    game.projects["Barracks"].append(ann)
    ann.cubes, ann.coins, game.phase = 1, 7, "buy"
    from dominion_tui.core.decisions import TurnAction

    game.do(ann, TurnAction("buy", "Canal"))
    assert "Ann has Canal and Barracks, 0 cubes left." in lines
    game.turn.bought_cards.clear()
    ann.buys, ann.coins = 1, 9
    why = game.why_not(ann, TurnAction("buy", "Canal"))
    assert why == "You already have a cube on Canal."


def test_treasures_plays_capitalism_actions_only_when_they_ask_nothing() -> None:
    from dominion_tui.session import Session

    def hand(owns_capitalism: bool):
        game = new_game(Config(["Ann", "Ben"], ["Patron", "Priest"], ["Capitalism"], 1), {})
        ann = game.players[0]
        if owns_capitalism:
            game.set_owner(ann, "Capitalism")  # the one way to own: it keeps the caches right
        return game, [game.new_card(n, ann.hand) for n in ("Patron", "Priest")]

    game, (patron, priest) = hand(True)
    assert Session.plain_treasure(game, patron)  # +1 Villager, +2 coins: nothing to ask
    assert not Session.plain_treasure(game, priest)  # asks which card to trash
    game, (patron, _) = hand(False)
    assert not Session.plain_treasure(game, patron)
