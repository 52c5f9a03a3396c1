"""`log N` renders only the turns its last N lines come from, and says exactly what rendering
the whole history would (issue 12: `log N` costs what N costs)."""

from __future__ import annotations

import io

import pytest

from dominion_tui.bots import RandomPlayer
from dominion_tui.cli import PILOT_KINGDOM
from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.session import Session


@pytest.mark.parametrize("seed", range(6))
def test_last_n_lines_equal_the_tail_of_the_whole_log(seed: int) -> None:
    players = ["Ann", "Ben", "Cat"][: 1 + seed % 3]
    config = Config(players, list(PILOT_KINGDOM), [], seed)
    out = Output(stream=io.StringIO(), plain=True)
    s = Session(config, out, reader=None, computers=list(players), pause=False, computer=RandomPlayer)
    s.run()
    out.narrator.viewer = players[0]  # the log is told as the player at the keyboard may hear it
    whole = out.log()
    assert len(whole) > 300
    for n in (1, 2, 10, 63, 64, 65, 200, len(whole) - 1, len(whole), len(whole) + 5):
        assert out.last(n) == whole[-n:], f"seed {seed}, log {n}"
    assert out.last(0) == []
