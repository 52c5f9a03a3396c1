"""`dominion host`: players at separate computers over SSH (issue 24), driven with the real
OpenSSH client over loopback."""
from __future__ import annotations

import re

import pytest

from tests.hostplay import SSH, Host, Player, lines, play_big_money

pytestmark = pytest.mark.skipif(SSH is None, reason="needs the OpenSSH client (ssh)")

GAME = ["--players", "Ann,Ben", "--kingdom", "random", "--landscapes", "0", "--seed", "7"]


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def hosts():
    made = []
    yield made
    for h in made:
        h.stop()


@pytest.fixture
def clients():
    made = []
    yield made
    for c in made:
        c.close()


def host(hosts, data, *flags):
    h = Host(data, *flags)
    hosts.append(h)
    return h


def join(clients, h, name, password=None, **kw):
    c = Player(h, name, password, **kw)
    clients.append(c)
    return c


def private(text: str, other: str) -> list[str]:
    """Lines in `text` that name `other`'s cards: their hand, their status, the cards they draw."""
    bad = re.compile(rf"{other}'s hand:|{other}, (action|buy) phase\.|{other} draws (?!\d|a new hand of|nothing)")
    return [ln for ln in lines(text) if bad.search(ln)]


def test_a_whole_game_between_two_ssh_clients_each_hearing_only_their_own_cards(hosts, clients, data):
    h = host(hosts, data, *GAME, "--verbosity", "verbose")
    ann = join(clients, h, "Ann")
    ann.expect("Waiting for Ben")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action phase")
    ben.expect("Ann's turn 1")
    play_big_money([ann, ben])
    a, b = ann.said(), ben.said()
    assert "Ann's hand" not in b and "Ben's hand" not in a
    assert private(a, "Ben") == [] and private(b, "Ann") == []
    # each hears their own new hand by name, the other's as a count
    assert "Ann draws a new hand: " in a and "Ben draws a new hand of 5 cards." in a
    assert "Ben draws a new hand: " in b and "Ann draws a new hand of 5 cards." in b
    for text in (a, b):
        assert "\x1b" not in text  # no colour, no cursor codes
        assert "Ann buys" in text and "Ben buys" in text
    h.expect("The game is over")
