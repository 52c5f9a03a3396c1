"""expert's plan kept beside the autosave (issue 22): a resumed game's expert goes on with the plan it
chose, without thinking again or saying so twice; the file is only a cache, never trusted past
the code that wrote it or read when broken."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dominion_tui import plan_cache
from dominion_tui.bots import expert
from dominion_tui.bots.candidate_plans import BASE, Strategy
from tests.processes import dominion

GAME = ["--players", "Ann,Cy", "--computer", "Ann:expert", "--kingdom", "Barge", "--landscapes", "", "--seed", "3"]
KEY = (3, ("Barge",), (), 2)


def test_a_plan_is_read_back_as_it_was_kept(tmp_path: Path) -> None:
    path = tmp_path / plan_cache.NAME
    s = Strategy(cards=(("Barge", 2), ("Livery", 1)), label="money with Barge", spare=("Border Guard",))
    engine = Strategy(engine=True, draws=True, label="an engine")
    plan_cache.keep(KEY, s, path)
    plan_cache.keep((4, ("Barge",), (), 2), engine, path)
    assert plan_cache.recall(KEY, path) == s
    assert plan_cache.recall((4, ("Barge",), (), 2), path) == engine
    assert plan_cache.recall((5, ("Barge",), (), 2), path) is None


def test_only_the_newest_plans_are_kept(tmp_path: Path) -> None:
    path = tmp_path / plan_cache.NAME
    for seed in range(plan_cache.KEEP + 3):
        plan_cache.keep((seed, ("Barge",), (), 2), Strategy(label=str(seed)), path)
    assert plan_cache.recall((2, ("Barge",), (), 2), path) is None
    assert plan_cache.recall((3, ("Barge",), (), 2), path) == Strategy(label="3")


@pytest.mark.parametrize("text", ["", "not json", "{}", '[["x"]]', '[[1, {"plan": 3}]]'])
def test_a_broken_file_is_no_plan(tmp_path: Path, text: str) -> None:
    path = tmp_path / plan_cache.NAME
    path.write_text(text)
    assert plan_cache.recall(KEY, path) is None
    plan_cache.keep(KEY, Strategy(label="kept"), path)  # and is written anew
    assert plan_cache.recall(KEY, path) == Strategy(label="kept")


def test_a_plan_of_other_code_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / plan_cache.NAME
    plan_cache.keep(KEY, Strategy(plan=BASE, label="old"), path)
    monkeypatch.setattr(plan_cache, "fingerprint", lambda: "another version")
    assert plan_cache.recall(KEY, path) is None


def test_a_folder_that_cannot_be_written_only_loses_the_cache(tmp_path: Path) -> None:
    path = tmp_path / "missing" / plan_cache.NAME
    plan_cache.keep(KEY, Strategy(), path)
    assert not path.exists() and plan_cache.recall(KEY, path) is None


def test_a_resumed_game_goes_on_with_experts_plan_without_thinking_again(tmp_path: Path) -> None:
    first = dominion([*GAME, "--no-pause"], "quit\n", tmp_path, timeout=90)
    assert first.stdout.count("Ann thinks about the kingdom for a moment.") == 1, first.stdout
    assert "Game saved." in first.stdout
    [(key, raw)] = json.loads((tmp_path / "dominion-tui" / plan_cache.NAME).read_text())
    _, seed, kingdom, landscapes, _ = json.loads(key)
    assert plan_cache.decode(raw) == expert.choose(kingdom, landscapes, seed)  # the plan thinking gives
    again = dominion(["--resume", "--no-pause"], "treasures\nend\nquit\n", tmp_path, timeout=90)
    assert "Ann buys" in again.stdout and "thinks" not in again.stdout, again.stdout  # Ann's turn, live


def test_a_hint_after_a_resume_follows_the_kept_plan_before_expert_moves(tmp_path: Path) -> None:
    dominion([*GAME, "--no-pause"], "quit\n", tmp_path, timeout=90)  # expert thinks, then Cy is asked
    path = tmp_path / "dominion-tui" / plan_cache.NAME
    [(key, _)] = json.loads(path.read_text())
    planted = Strategy(cards=(("Silver", 9),), label="money with 9 Silvers, as kept")  # no thinking gives it
    path.write_text(json.dumps([[key, plan_cache.encode(planted)]]))
    again = dominion(["--resume", "--no-pause"], "treasures\nhint\nquit\n", tmp_path, timeout=90)
    assert "Hint: buy Silver. The plan for this kingdom is money with 9 Silvers, as kept." in again.stdout, again.stdout


def test_a_new_games_expert_thinks_before_the_first_turn_so_the_first_hint_has_its_plan(tmp_path: Path) -> None:
    second = ["--players", "Cy,Ann", *GAME[2:]]  # the human seated first
    out = dominion([*second, "--no-pause"], "quit\n", tmp_path, timeout=90).stdout.splitlines()
    assert out.index("Ann thinks about the kingdom for a moment.") < out.index("Cy's turn 1."), out
    assert len(json.loads((tmp_path / "dominion-tui" / plan_cache.NAME).read_text())) == 1  # before Cy's answer
    again = dominion(["--resume", "--no-pause"], "quit\n", tmp_path, timeout=90)  # saved before any answer
    assert "thinks" not in again.stdout and "Resuming the saved game from its start." in again.stdout, again.stdout
