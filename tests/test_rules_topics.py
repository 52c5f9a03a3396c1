"""`rules TOPIC`: each mechanism's rules in a few sentences, at the opening questions and in play."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominion_tui.rules_topics import TOPICS, rules
from tests.processes import dominion

REQUIRED = [
    "turn",
    "end",
    "exile",
    "horses",
    "ways",
    "events",
    "projects",
    "artifacts",
    "coffers",
    "villagers",
    "reactions",
    "durations",
]


def test_every_required_topic_is_there_and_short_enough_to_hear() -> None:
    for topic in REQUIRED:
        assert topic in TOPICS
        (text,) = rules(topic)
        assert text.count(". ") >= 2 and len(text) < 600, topic


def test_rules_alone_lists_every_topic() -> None:
    (line,) = rules("")
    assert all(t in line for t in TOPICS)


@pytest.mark.parametrize("typed, topic", [("EXILE", "exile"), ("hor", "horses"), ("vil", "villagers")])
def test_a_topic_may_be_typed_by_any_unambiguous_beginning(typed: str, topic: str) -> None:
    assert rules(typed) == [TOPICS[topic]]


def test_an_ambiguous_or_unknown_topic_says_so_in_one_line() -> None:
    assert rules("e") == ["'e' could be end, events, exile. Type more of the name."]
    (line,) = rules("zz")
    assert line.startswith("No rules topic 'zz'. Topics: turn, end,")


def run(stdin: str, *args: str, tmp_path: Path) -> str:
    res = dominion(["--plain", *args], stdin, tmp_path)
    assert res.returncode == 0 and "Traceback" not in res.stderr, res.stderr
    return res.stdout


def test_rules_at_an_opening_question_reads_the_topic_and_asks_again(tmp_path: Path) -> None:
    out = run("rules horses\n\n\n\n\nquit\n", tmp_path=tmp_path).splitlines()
    i = out.index(TOPICS["horses"])
    assert out[i - 1] == "Players>" and out[i + 1] == "Players>"


def test_rules_in_play_changes_nothing(tmp_path: Path) -> None:
    out = run(
        "rules coffers\nhelp rules\nstatus\nquit\n",
        "--players",
        "Ann,Ben",
        "--seed",
        "3",
        "--kingdom",
        "Intro to Horses",
        "--no-pause",
        tmp_path=tmp_path,
    )
    assert TOPICS["coffers"] in out
    assert "rules TOPIC: the rules of a mechanism" in out
    assert "Ann's action phase. Ann: 1 Action, 1 Buy, 0 coins" in out
