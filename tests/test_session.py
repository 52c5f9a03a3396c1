"""Hot-seat privacy, verbosity levels and the transcript, through piped plain input."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.processes import lines_of

BASE = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "5"]


def run(tmp_path: Path, args: list[str], script: list[str]) -> list[str]:
    return lines_of(tmp_path, [*BASE, *args], script, timeout=60)


def test_hot_seat_pause_shows_nothing_private_before_enter(tmp_path: Path) -> None:
    out = run(tmp_path, [], ["end", "end", "yes", "", "hand", "quit"])
    pause = out.index("Pass the keyboard to Bob, then press Enter.")
    start = out.index("Alice's turn 1.")
    assert not any("Bob" in line for line in out[start:pause])  # not even "Bob's turn 1.": it comes after
    assert out.count("Bob's turn 1.") == 1
    assert any(line.startswith("Bob, action phase") for line in out[pause:])
    assert any(line.startswith("Bob's hand: ") for line in out[pause:])


def test_no_pause_skips_the_hand_over(tmp_path: Path) -> None:
    out = run(tmp_path, ["--no-pause"], ["end", "end", "quit"])
    assert not any("Pass the keyboard" in line for line in out)


def test_brief_leaves_out_opponents_details_but_keeps_required_announcements(tmp_path: Path) -> None:
    script = ["treasures", "end", "treasures", "end", "quit"]
    normal = run(tmp_path, ["--no-pause", "--computer", "Bob"], script)
    brief = run(tmp_path, ["--no-pause", "--computer", "Bob", "--verbosity", "brief"], script)
    assert any(line.startswith("Bob plays ") for line in normal)
    assert not any(line.startswith("Bob plays ") for line in brief)
    assert "Bob's turn 1." in brief  # turn starts are always announced
    assert any(line.startswith("Alice plays ") and " in total" in line for line in brief)


def test_verbose_tells_every_draw(tmp_path: Path) -> None:
    script = ["end", "end", "yes", "quit"]
    verbose = run(tmp_path, ["--no-pause", "--computer", "Bob", "--verbosity", "verbose"], script)
    normal = run(tmp_path, ["--no-pause", "--computer", "Bob"], script)
    assert "Bob draws a new hand of 5 cards." in verbose  # Bob's new hand, without naming his cards
    assert "Bob draws a new hand of 5 cards." not in normal
    assert any(line.startswith("Alice draws a new hand: ") for line in verbose)
    assert not any(line.startswith("Alice draws ") for line in normal)  # her next turn says it


def test_bad_verbosity_is_one_line(tmp_path: Path) -> None:
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--verbosity", "loud"],
        text=True,
        capture_output=True,
        timeout=60,
        input="",
    )
    assert res.returncode == 2 and len(res.stderr.splitlines()) == 1


def test_transcript_appends_every_announcement(tmp_path: Path) -> None:
    transcript = tmp_path / "t.txt"
    out = run(tmp_path, ["--no-pause", "--transcript", str(transcript)], ["treasures", "end", "quit"])
    said = transcript.read_text().splitlines()
    assert "Alice's turn 1." in said
    assert [line for line in said if "plays Copper" in line] == [line for line in out if "plays Copper" in line]


def test_speech_receives_exactly_what_the_text_output_shows(tmp_path: Path) -> None:
    import io

    from dominion_tui.core.game import Config
    from dominion_tui.output import Output
    from dominion_tui.repl import PlainReader
    from dominion_tui.session import Session
    from dominion_tui.speech import RecordingSpeaker

    script = "\n".join(["hand", "treasures", "buy Silver", "bogus", "end"] * 4 + ["log 5", "quit"]) + "\n"
    text, prompts = io.StringIO(), io.StringIO()
    speaker = RecordingSpeaker()
    out = Output(plain=True, stream=text, speaker=speaker)
    reader = PlainReader(io.StringIO(script), prompts)
    config = Config(["Alice", "Bob"], ["Barge", "Sheepdog"], ["Ride"], 9)
    Session(config, out, reader, pause=False).run()
    shown = text.getvalue().splitlines()
    assert len(shown) > 20  # a few turns were said
    assert speaker.said == shown


def test_speech_flag_without_an_engine_says_so_in_one_line_and_plays_on(tmp_path: Path) -> None:
    out = run(tmp_path, ["--no-pause", "--speech"], ["end", "end", "yes", "quit"])
    said = [line for line in out if line.startswith("Speech cannot be heard")]
    if said:  # no speech engine here: one line, then the game goes on in text
        assert len(said) == 1
    assert "Bob's turn 1." in out


def test_opening_questions_re_ask_bad_answers_and_take_defaults(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    script = "9\n3\nAnn,Ann\nAnn,Ben,Cat\nZed\nBen\n\n\nquit\n"  # Enter: normal level, then the kingdom
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--no-pause", "--seed", "5"],
        input=script,
        text=True,
        capture_output=True,
        env=env,
        timeout=60,
    )
    out = res.stdout.splitlines()
    assert "Type a number from 1 to 6, or press Enter for 2." in out
    assert "Give 3 different names separated by commas, or press Enter." in out
    assert "Name players from Ann, Ben, Cat, or press Enter for none." in out
    assert "Players: Ann, Ben, Cat. Seed 5." in out
    assert (
        "Kingdom: Black Cat, Border Guard, Supplies, Sheepdog, Bounty Hunter, Patron, Silk Merchant, "
        "Village Green, Barge." in out
    )  # the First game, in cost order
    assert "Ben's turn 1." not in out  # Ann, a person, is asked first and quits


def test_defaults_on_enter(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", "--no-pause"],
        input="\n\n\n\nquit\n",
        text=True,
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert any(line.startswith("Players: Alice, Bob. Seed ") for line in res.stdout.splitlines())


def play_in_process(config, lines: list[str], **settings):
    import io

    from dominion_tui.output import Output
    from dominion_tui.repl import PlainReader
    from dominion_tui.session import Session

    text = io.StringIO()
    reader = PlainReader(io.StringIO("\n".join(lines) + "\n"), io.StringIO())
    session = Session(config, Output(plain=True, stream=text), reader, **settings)
    session.run()
    return session, text.getvalue().splitlines()


def test_ways_typed_with_play_and_the_automatic_end_replay_exactly() -> None:
    from dominion_tui.core.decisions import TurnAction
    from dominion_tui.core.game import Config

    config = Config(["Alice", "Bob"], ["Sheepdog"], ["Way of the Ox"], 1)
    lines = [
        "treasures",
        "end",
        "treasures",
        "buy Sheepdog",
        "end",
        "end",
        "yes",
        "play Sheepdog as ox",
        "treasures",
        "buy Silver",
    ]
    first, out = play_in_process(config, lines, computers=["Bob"], pause=False)
    g = first.game
    assert "Alice plays Sheepdog with Way of the Ox: +2 Actions." in out
    assert not any("normally or with a Way?" in line for line in out)
    assert TurnAction("end") in g.answers[g.answers.index(TurnAction("buy", "Sheepdog")) :][:2]  # auto end
    assert g.current.name == "Alice" and g.current.turns_taken == 5
    # the game is its setup plus its answers: replayed, it is the same game, and nothing is said again
    again, said = play_in_process(config, [], computers=["Bob"], pause=False, answers=list(g.answers))
    state = [(p.hand.names(), p.deck.names(), p.discard.names(), p.actions) for p in g.players]
    assert state == [(p.hand.names(), p.deck.names(), p.discard.names(), p.actions) for p in again.game.players]
    assert not any(" plays " in line or " buys " in line for line in said), said


def test_full_status_once_per_turn_not_after_every_move() -> None:
    from dominion_tui.core.game import Config

    config = Config(["Alice", "Bob"], ["Sheepdog"], [], 1)
    lines = ["treasures", "end", "treasures", "buy Sheepdog", "end", "end", "yes"]
    session, out = play_in_process(config, lines, computers=["Bob"], pause=False)
    status = [line for line in out if line.startswith(("Alice, action phase", "Alice, buy phase"))]
    assert len(status) == session.game.players[0].turns_taken == 4, out


def test_resume_says_where_things_stand_once_and_no_move_again() -> None:
    from dominion_tui.core.game import Config

    config = Config(["Alice", "Bob"], ["Sheepdog"], [], 1)
    first, _ = play_in_process(config, ["treasures"], computers=["Bob"], pause=False)
    _, said = play_in_process(config, [], computers=["Bob"], pause=False, answers=list(first.game.answers))
    assert not any("Alice plays" in line or "Alice gets" in line for line in said), said
    assert len([line for line in said if line.startswith("Alice, buy phase")]) == 1


def test_ask_ways_flag_asks_the_way_question_on_every_action(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    script = ["treasures", "end", "treasures", "buy Sheepdog", "end", "end", "yes", "play Sheepdog", "ox", "quit"]
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominion_tui",
            "--players",
            "Alice,Bob",
            "--computer",
            "Bob",
            "--kingdom",
            "Sheepdog",
            "--landscapes",
            "Way of the Ox",
            "--seed",
            "1",
            "--ask-ways",
        ],
        input="\n".join(script) + "\n",
        text=True,
        capture_output=True,
        env=env,
        timeout=60,
    )
    out = res.stdout.splitlines()
    assert any(line.startswith("Alice: Play Sheepdog normally or with a Way?") for line in out)
    assert "Alice plays Sheepdog with Way of the Ox: +2 Actions." in out


def test_a_computer_going_first_keeps_its_new_hand_to_itself(tmp_path: Path) -> None:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [
            sys.executable,
            "-m",
            "dominion_tui",
            "--players",
            "Bot,Ann",
            "--computer",
            "Bot",
            "--kingdom",
            "Barge",
            "--landscapes",
            "",
            "--seed",
            "3",
        ],
        input="quit\n",
        text=True,
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert "Ann's turn 1." in res.stdout
    assert not any(line.startswith("Bot draws") and ":" in line for line in res.stdout.splitlines())
