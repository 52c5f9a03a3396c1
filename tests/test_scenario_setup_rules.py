"""The spec's setup rules that need the card database: such a file is invalid (exit 2), with
one line naming the file and the field, before any game is built."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from dominion_tui import scenario

HEAD = "name: n\nplayers: [Alice, Bob]\nsteps: []\n"

INVALID = [
    ("kingdom: [Sheepdog]\nlandscapes: [Way of the Mouse]\nmouse: Sheepdog\n", "mouse: Sheepdog is in the kingdom"),
    ("landscapes: [Way of the Mouse]\nmouse: Barge\n", "mouse: Barge is a Duration"),
    ("landscapes: [Way of the Mouse]\nmouse: Silver\n", "mouse: Silver is not an Action"),
    ("landscapes: [Way of the Mouse]\nmouse: Bounty Hunter\n", "mouse: Bounty Hunter does not cost 2 or 3"),
    ("landscapes: [Way of the Mouse]\nmouse: Horse\n", "mouse: Horse is not a Kingdom card"),
    ("mouse: Sheepdog\n", "mouse: given without Way of the Mouse in landscapes"),
    (
        "landscapes: [Way of the Ox]\nsetup:\n  supply: {Way of the Ox: 3}\n",
        "setup.supply.Way of the Ox: Way of the Ox is not a pile in this game",
    ),
    (
        "kingdom: [Barge]\nsetup:\n  supply: {Sheepdog: 5}\n",
        "setup.supply.Sheepdog: Sheepdog is not a pile in this game",
    ),
    (
        "kingdom: [Barge]\nsetup:\n  supply: {Horse: 5}\n",
        "setup.supply.Horse: Horse is not a pile in this game (nothing in it uses them)",
    ),
    (
        "landscapes: [Ride]\nsetup:\n  Alice:\n    hand: [Copper, Ride]\n",
        "setup.Alice.hand[1]: Ride is not a card (it is an Event)",
    ),
    (
        "landscapes: [Barracks]\nsetup:\n  Bob:\n    deck: [Barracks]\n",
        "setup.Bob.deck[0]: Barracks is not a card (it is a Project)",
    ),
    (
        "kingdom: [Border Guard]\nsetup:\n  Alice:\n    exile: [Lantern]\n",
        "setup.Alice.exile[0]: Lantern is not a card (it is an Artifact)",
    ),
    (
        "landscapes: [Way of the Ox]\nsetup:\n  trash: [Way of the Ox]\n",
        "setup.trash[0]: Way of the Ox is not a card (it is a Way)",
    ),
    (
        "kingdom: [Border Guard]\nsetup:\n  Alice:\n    artifacts: [Gold]\n",
        "setup.Alice.artifacts[0]: Gold is not an Artifact",
    ),
    (
        "landscapes: [Barracks]\nsetup:\n  Alice:\n    projects: [Ride]\n",
        "setup.Alice.projects[0]: Ride is not a Project",
    ),
    ("kingdom: [Copper]\n", "kingdom[0]: Copper is not a Kingdom card"),
    ("landscapes: [Barge]\n", "landscapes[0]: Barge is not an Event, Way or Project"),
]

VALID = [
    "kingdom: [Barge]\nlandscapes: [Way of the Mouse]\nmouse: Sheepdog\n",
    "kingdom: [Supplies]\nsetup:\n  supply: {Horse: 5, Supplies: 2, Curse: 3, Province: 1}\n",
    "landscapes: [Ride]\nsetup:\n  supply: {Horse: 0}\n",
    "kingdom: [Barge]\nlandscapes: [Way of the Mouse]\nmouse: Black Cat\nsetup:\n  supply: {Barge: 3}\n",
]


def write(tmp_path: Path, text: str) -> str:
    path = tmp_path / "s.yaml"
    path.write_text(HEAD + textwrap.dedent(text))
    return str(path)


@pytest.mark.parametrize(("text", "problem"), INVALID)
def test_what_no_game_can_hold_is_an_invalid_file(tmp_path: Path, text: str, problem: str) -> None:
    said: list[str] = []
    path = write(tmp_path, text)
    assert scenario.main([path], out=said.append) == 2
    assert said[0] == f"INVALID {path}: {problem}"


@pytest.mark.parametrize("text", VALID)
def test_what_the_spec_allows_still_loads(tmp_path: Path, text: str) -> None:
    said: list[str] = []
    assert scenario.main([write(tmp_path, text)], out=said.append) == 0, said
