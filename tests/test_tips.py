"""First-time tips (issue 23): each mechanism's tip comes the first time it happens, once per game,
after the line that tells it; tips off changes nothing; tips are kept in saves; none in scenarios,
none in games of computers only."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from dominion_tui.core.game import Config
from dominion_tui.kingdoms import RECOMMENDED
from dominion_tui.output import Output
from dominion_tui.session import Session
from dominion_tui.setup import database
from dominion_tui.tips import TIPS, Tips
from tests.processes import lines_of

# A few words from each tip: which tip a line is.
MARKS = {
    name: "or rules " + {"reshuffle": "turn"}.get(name, name) + "."
    for name in (
        "exile",
        "horses",
        "ways",
        "events",
        "projects",
        "coffers",
        "villagers",
        "artifacts",
        "durations",
        "reactions",
        "reshuffle",
        "end",
    )
}
# Recommended sets and seeds whose computer-played games between them show every mechanism.
GAMES = [
    ("First game", 1),
    ("Ways and Means", 1),
    ("Public Works", 1),
    ("Heirlooms", 2),
    ("Intro to Exile", 1),
    ("Saving Up", 1),
]
# A human's piped turns: whatever cannot be done is refused in one line and the next is tried.
TURN = ["treasures", "buy Province", "buy Gold", "buy Silver", "end"]


def which(line: str) -> str:
    found = [name for name, mark in MARKS.items() if mark in line]
    assert len(found) == 1, line
    return found[0]


def watched_game(name: str, seed: int, learner: str = "Ann") -> tuple[list[str], Tips]:
    """A whole game the computer plays for both seats, with tips on for `learner` as if at the
    keyboard: every note goes through the session as in a game against the computer."""
    rec = next(r for r in RECOMMENDED if r.name == name)
    text = io.StringIO()
    out = Output(plain=True, stream=text)
    tips = Tips(out, [learner], on=True)
    config = Config(["Ann", "Bob"], list(rec.kingdom), list(rec.landscapes_in(database())), seed)
    Session(config, out, None, computers=["Ann", "Bob"], pause=False, tips=tips).run()
    return text.getvalue().splitlines(), tips


def test_the_tips_cover_the_mechanisms_of_the_issue() -> None:
    assert set(TIPS) == set(MARKS)
    for name, text in TIPS.items():  # one sentence, then the command that shows it and the rules topic
        assert text.count(". ") == 1 and " Type " in text and text.endswith(MARKS[name])


def test_each_mechanism_tips_once_after_its_own_line() -> None:
    seen: set[str] = set()
    for name, seed in GAMES:
        lines, tips = watched_game(name, seed)
        given = [which(line) for line in lines if line.startswith("Tip: ")]
        assert len(given) == len(set(given)) == len(tips.given), (name, Counter(given))  # once per game
        for i, line in enumerate(lines):
            if line.startswith("Tip: ") and which(line) == "reshuffle":
                assert lines[i - 1].startswith("Ann shuffles,"), lines[i - 1]  # cause, then the tip
            if line.startswith("Tip: ") and which(line) == "exile":
                assert " exiles " in lines[i - 1], lines[i - 1]
        seen |= set(given)
    assert seen == set(TIPS)


def test_tips_come_on_the_computers_turns_too_but_only_the_learners_shuffle() -> None:
    lines, _ = watched_game("First game", 1)
    before = [lines[i - 1] for i, line in enumerate(lines) if line.startswith("Tip: ")]
    assert any(b.startswith("Bob ") for b in before), before  # Bob is the computer here
    assert not any(b.startswith("Bob shuffles") for b in before)


def test_a_reaction_question_at_the_keyboard_tips_before_the_answer(tmp_path: Path) -> None:
    out = run(
        tmp_path,
        [
            "--players",
            "Ann,Bob",
            "--computer",
            "Bob",
            "--kingdom",
            "Sheepdog",
            "--landscapes",
            "",
            "--seed",
            "4",
            "--tips",
        ],
        ["treasures", "buy Sheepdog", "yes", "end"] * 20,
    )
    i = next(i for i, line in enumerate(out) if line.startswith("Tip: ") and which(line) == "reactions")
    assert out[i - 1] == "Ann: Play Sheepdog from your hand? 1. yes, or no."
    assert out[i + 1].startswith("Ann, choose>")  # the prompt, then the answer


def test_nobody_at_the_keyboard_no_tips() -> None:
    text = io.StringIO()
    out = Output(plain=True, stream=text)
    tips = Tips(out, [], on=True)  # what the game makes when the computer plays every seat
    config = Config(["Ann", "Bob"], list(RECOMMENDED[0].kingdom), list(RECOMMENDED[0].landscapes), 1)
    Session(config, out, None, computers=["Ann", "Bob"], pause=False, tips=tips).run()
    assert "Game over." in text.getvalue() and "Tip:" not in text.getvalue()


def test_tips_off_says_nothing_and_keeps_nothing() -> None:
    rec = RECOMMENDED[0]
    text = io.StringIO()
    out = Output(plain=True, stream=text)
    session = Session(
        Config(["Ann", "Bob"], list(rec.kingdom), list(rec.landscapes), 1),
        out,
        None,
        computers=["Ann", "Bob"],
        pause=False,
    )  # no tips given: off
    session.run()
    assert "Tip:" not in text.getvalue() and session.tips.given == set()


# ---------------------------------------------------------------- piped games through the command line
run = lines_of


PIPED = ["--players", "Ann,Bob", "--computer", "Bob", "--kingdom", "First game", "--seed", "1"]


def test_tips_off_is_todays_output_and_tips_on_only_adds_tip_lines(tmp_path: Path) -> None:
    script = TURN * 60 + ["quit"]
    off = run(tmp_path / "a", [*PIPED, "--no-tips"], script)
    default = run(tmp_path / "b", PIPED, script)  # piped input: off unless asked
    on = run(tmp_path / "c", [*PIPED, "--tips"], script)
    assert any(line.startswith("Game over.") for line in off)
    assert default == off
    assert not any("Tip:" in line for line in off)
    tips = [line for line in on if line.startswith("Tip: ")]
    assert len(tips) >= 4 and len({which(t) for t in tips}) == len(tips)
    assert [line for line in on if not line.startswith("Tip: ")] == off


def test_tips_off_is_the_game_without_any_tips_code(tmp_path: Path) -> None:
    """--no-tips against the same game with the tips observer taken out of the session entirely."""
    script = "\n".join(TURN * 30 + ["quit"]) + "\n"
    gone = (
        "import dominion_tui.tips as t, sys\n"
        "t.Tips.note = t.Tips.asked = lambda *a: None\n"
        "from dominion_tui.cli import main\n"
        "raise SystemExit(main(sys.argv[1:]))\n"
    )
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "a"))
    res = subprocess.run(
        [sys.executable, "-c", gone, *PIPED], input=script, text=True, capture_output=True, env=env, timeout=120
    )
    assert res.returncode == 0, res.stderr
    assert run(tmp_path / "b", [*PIPED, "--no-tips"], script.splitlines()) == res.stdout.splitlines()


def test_tips_are_kept_in_saves_and_never_repeated_after_resume(tmp_path: Path) -> None:
    first = run(tmp_path, [*PIPED, "--tips"], TURN * 8 + ["quit"])
    before = {which(line) for line in first if line.startswith("Tip: ")}
    assert "reshuffle" in before
    head = json.loads((tmp_path / "dominion-tui" / "autosave.json").read_text().splitlines()[0])
    assert head["tips"] == {"on": True, "given": sorted(before)}
    after = run(tmp_path, ["--resume"], TURN * 60 + ["quit"])
    again = [which(line) for line in after if line.startswith("Tip: ")]
    assert again and not set(again) & before  # still on, and what was told is not told twice


def test_tips_off_typed_is_kept_and_an_older_save_resumes_with_tips_off(tmp_path: Path) -> None:
    out = run(tmp_path, [*PIPED, "--tips"], ["tips", "tips off", "tips"] + TURN * 4 + ["quit"])
    assert (
        "tips is on. Type tips on or off." in out and "tips off." in out and "tips is off. Type tips on or off." in out
    )
    assert not any(line.startswith("Tip: ") for line in out)
    path = tmp_path / "dominion-tui" / "autosave.json"
    assert json.loads(path.read_text().splitlines()[0])["tips"]["on"] is False
    assert not any(line.startswith("Tip: ") for line in run(tmp_path, ["--resume"], TURN * 60 + ["quit"]))
    run(tmp_path, [*PIPED, "--tips"], TURN * 4 + ["quit"])  # a new game, tips on: now made older
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    del head["tips"]
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    old = tmp_path / "old.json"
    old.write_text(path.read_text())
    assert not any(line.startswith("Tip: ") for line in run(tmp_path, ["--resume"], TURN * 60 + ["quit"]))
    assert any(
        line.startswith("Tip: ") for line in run(tmp_path, ["--resume", str(old), "--tips"], TURN * 60 + ["quit"])
    )


def test_a_damaged_tips_field_refuses_the_save(tmp_path: Path) -> None:
    run(tmp_path, [*PIPED, "--tips"], TURN * 2 + ["quit"])
    path = tmp_path / "dominion-tui" / "autosave.json"
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["tips"] = {"on": "yes", "given": []}
    path.write_text("\n".join([json.dumps(head), *lines[1:]]) + "\n")
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--resume"],
        input="quit\n",
        text=True,
        capture_output=True,
        env=dict(os.environ, XDG_DATA_HOME=str(tmp_path)),
        timeout=60,
    )
    assert res.returncode == 2 and "tips setting" in res.stderr and "Traceback" not in res.stderr


def test_computers_only_get_no_tips_even_when_asked(tmp_path: Path) -> None:
    out = run(
        tmp_path,
        ["--players", "Ann,Bob", "--computer", "Ann,Bob", "--kingdom", "First game", "--seed", "4", "--tips"],
        [],
    )
    assert any(line.startswith("Game over.") for line in out) and not any("Tip:" in line for line in out)


def test_scenarios_never_tip(tmp_path: Path) -> None:
    from dominion_tui.scenario import load, run_scenario

    path = tmp_path / "exile.yaml"
    path.write_text(
        "name: Sanctuary exiles\nplayers: [Alice, Bob]\nkingdom: [Sanctuary]\n"
        "setup:\n  Alice:\n    hand: [Sanctuary, Estate]\n    deck: [Copper]\n"
        "steps:\n  - play Sanctuary\n  - Estate\n"
        "expect:\n  Alice:\n    exile: [Estate]\n"
    )
    out = run_scenario(load(str(path)))
    assert out.passed, out.failure
    assert any("exiles an Estate" in line for line in out.said)
    assert not any("Tip:" in line for line in out.said)


# ---------------------------------------------------------------- the command and the default
def test_tips_command_has_help_and_completion() -> None:
    from dominion_tui.core.decisions import Decision
    from dominion_tui.queries import HELP
    from dominion_tui.repl import suggestions
    from dominion_tui.setup import new_game

    game = new_game(Config(["Ann", "Bob"], ["Barge"], [], 1), {})
    d = Decision("turn", game.players[0], "Action phase", topic="action")
    assert suggestions(game, d, "ti") == ["tips "]
    assert suggestions(game, d, "tips o") == ["tips on", "tips off"]
    assert "tips on" in HELP["tips"] and "tips off" in HELP["tips"]


def test_first_game_at_a_terminal_gets_tips_then_the_folder_remembers(tmp_path: Path, monkeypatch) -> None:
    from dominion_tui import cli

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert cli.first_game()
    cli.mark_played()  # no folder yet: a game that saved nothing leaves no trace
    assert cli.first_game() and not (tmp_path / "dominion-tui").exists()
    (tmp_path / "dominion-tui").mkdir()
    cli.mark_played()
    assert not cli.first_game()


@pytest.mark.skipif(sys.platform == "win32", reason="pexpect needs a POSIX pseudo-terminal")
def test_at_a_terminal_the_first_game_tips_and_the_next_does_not(tmp_path: Path) -> None:
    import pexpect

    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1", "XDG_DATA_HOME": str(tmp_path), "TERM": "xterm"}

    def game() -> str:
        child = pexpect.spawn(
            sys.executable, ["-m", "dominion_tui", "--plain", *PIPED], env=env, encoding="utf-8", timeout=30
        )
        log = io.StringIO()
        child.logfile_read = log
        for _ in range(3):  # the first reshuffle comes at the end of turn 2
            child.expect("Ann, action>")
            child.sendline("treasures")
            child.expect("Ann, buy>")
            child.sendline("end")
        child.expect("Ann, action>")
        child.sendline("quit")
        child.expect(pexpect.EOF)
        return log.getvalue()

    assert "Tip: Ann's deck ran out" in game()
    assert (tmp_path / "dominion-tui" / "played").exists()
    assert "Tip:" not in game()


class PatronPlayer:
    """Ann at the keyboard: buys a Patron, plays it, takes it back with undo and plays it again."""

    def __init__(self) -> None:
        self.context = None
        self.steps: list[str] = []  # what it typed at the Action prompts once the Patron came

    def read(self, prompt: str) -> str:
        game, _ = self.context
        ann = game.players[0]
        if len(self.steps) in (1, 3):  # the next prompt after a play: take it back, then stop
            self.steps.append("undo" if len(self.steps) == 1 else "quit")
            return self.steps[-1]
        if prompt == "Ann, action>" and "Patron" in ann.hand.names():
            self.steps.append("play Patron")
            return "play Patron"
        if prompt == "Ann, buy>" and ann.coins >= 4:
            return "buy Patron"
        return "treasures" if prompt == "Ann, action>" else "end"


def test_a_tip_taken_back_with_undo_is_not_said_again() -> None:
    text = io.StringIO()
    out = Output(plain=True, stream=text)
    reader = PatronPlayer()
    tips = Tips(out, ["Ann"], on=True)
    Session(Config(["Ann", "Bob"], ["Patron"], [], 4), out, reader, computers=["Bob"], pause=False, tips=tips).run()
    lines = text.getvalue().splitlines()
    assert reader.steps == ["play Patron", "undo", "play Patron", "quit"]
    assert "Ann takes back: play Patron." in lines
    back = lines.index("Ann takes back: play Patron.")
    villagers = [i for i, line in enumerate(lines) if line.startswith("Tip: ") and which(line) == "villagers"]
    assert len(villagers) == 1 and villagers[0] < back  # said after the first play, not after the second
    assert sum(line.startswith("Ann plays Patron") for line in lines) == 2  # with what it did, or alone


def test_the_end_tip_follows_the_emptied_pile_that_leaves_one_more_to_end_the_game() -> None:
    from dominion_tui.core.events import Note
    from dominion_tui.setup import new_game

    game = new_game(Config(["Ann", "Bob"], ["Barge"], [], 1), {})
    text = io.StringIO()
    tips = Tips(Output(plain=True, stream=text), ["Ann"], on=True)
    tips.note(Note("pile_empty", None, {"card": "Barge", "empty": 1, "ends": None, "last": False}), game)
    assert text.getvalue() == ""
    tips.note(Note("pile_empty", None, {"card": "Curse", "empty": 2, "ends": None, "last": True}), game)
    assert text.getvalue().startswith("Tip: The game ends when the Province pile or enough other Supply piles")
