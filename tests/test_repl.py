"""The REPL driven through prompt_toolkit's pipe input, as a player at the keyboard would."""
from __future__ import annotations

import io
import textwrap

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dominion_tui.core.game import Config
from dominion_tui.output import Output
from dominion_tui.repl import PromptReader, suggestions
from dominion_tui.scenario import Runner, database
from dominion_tui.scenario_schema import parse_scenario
from dominion_tui.session import QuitRequest, Session

BIG_MONEY_TURN = ["treasures", "buy Province", "buy Gold", "buy Silver", "end"]


def drive(lines: list[str], session_for) -> tuple[Session, list[str]]:
    """Run a session reading `lines` through a prompt_toolkit pipe; return what it wrote."""
    buf = io.StringIO()
    with create_pipe_input() as inp:
        inp.send_text("\n".join(lines) + "\n")
        with create_app_session(input=inp, output=DummyOutput()):
            session = session_for(Output(plain=True, stream=buf), PromptReader())
            try:
                session.run()
            except QuitRequest:
                pass
    return session, buf.getvalue().splitlines()


def test_a_whole_two_player_game_to_a_winner() -> None:
    config = Config(["Alice", "Bob"], ["Barge"], [], 3)
    session, out = drive(BIG_MONEY_TURN * 80, lambda o, r: Session(config, o, r, pause=False))
    assert session.game.over
    assert out[-2].startswith("Game over. ")
    assert "Provinces left" in "\n".join(out)
    assert all("\x1b" not in line for line in out)


class PositionSession(Session):
    """A session whose game starts from a scenario-style position instead of a fresh deal."""

    position: str = ""

    def build(self, answers):
        sc = parse_scenario(textwrap.dedent(self.position), "position.yaml", database().canonical)
        game = Runner(sc).game
        game.deciders = {i: self for i in range(len(game.players))}
        game.listeners[:] = [self.on_note]
        game.answer_hooks.append(self.on_answer)
        self.game, self.replay = game, None
        return game

    def run(self) -> int:
        try:
            self.build([]).run()
        except QuitRequest:
            pass
        return 0


def at(position: str, lines: list[str]) -> tuple[Session, list[str]]:
    def make(output, reader):
        s = PositionSession(Config(["Alice", "Bob"], [], []), output, reader, pause=False)
        s.position = position
        return s
    return drive(lines + ["quit"], make)


BARGE = """
    name: barge
    players: [Alice, Bob]
    kingdom: [Barge, Bounty Hunter, Sheepdog, Silk Merchant]
    landscapes: [Way of the Ox]
    setup:
      Alice:
        hand: [Barge, Bounty Hunter, Copper, Estate, Sheepdog]
        deck: [Silver, Silver, Silver, Gold, Gold]
    steps: []
"""


@pytest.mark.parametrize("way", ["1", "normal", "nor"])
@pytest.mark.parametrize("mode,drawn", [("1", 3), ("now", 3), ("n", None), ("2", 0), ("next", 0), ("ne", 0)])
def test_mode_and_way_questions_by_number_name_and_prefix(way: str, mode: str, drawn) -> None:
    session, out = at(BARGE, ["play Barge", way, mode])
    alice = session.game.players[0]
    if drawn is not None:  # what was understood is said in full, whatever was typed
        assert "Alice chooses normal." in out
        assert ("Alice chooses now." if drawn else "Alice chooses next.") in out
    if drawn is None:  # "n" is ambiguous between now and next: rejected, nothing changes
        assert any("could be next, now" in line for line in out)
        assert len(alice.hand) == 4
        return
    assert len(alice.hand) == 4 + drawn


@pytest.mark.parametrize("answer", ["Way of the Ox", "2", "way"])
def test_way_chosen_by_name_number_and_prefix(answer: str) -> None:
    session, out = at(BARGE, ["play Barge", answer])
    assert session.game.players[0].actions == 2
    assert "Alice plays Barge with Way of the Ox." in out


@pytest.mark.parametrize("answer", ["2", "Copper", "cop"])
def test_card_choice_by_number_name_and_prefix(answer: str) -> None:
    # Bounty Hunter's hand after playing it: Barge, Copper, Estate, Sheepdog (listed in hand order)
    session, out = at(BARGE, ["play Bounty Hunter", "normal", answer])
    alice = session.game.players[0]
    assert alice.exile.names() == ["Copper"]
    assert alice.coins == 3


@pytest.mark.parametrize("answer,reacted", [("yes", True), ("1", True), ("sheep", True), ("no", False),
                                            ("none", False)])
def test_reaction_window_answers(answer: str, reacted: bool) -> None:
    session, out = at(BARGE, ["play Copper", "buy Copper", answer])
    alice = session.game.players[0]
    assert "Alice: Play Sheepdog from your hand? 1. yes, or no." in out
    assert ("Sheepdog" in alice.in_play.names()) == reacted


QUERIES = ["hand", "supply", "status", "others", "exile", "trash", "describe barge", "kingdom",
           "log 3", "repeat", "score", "help", "help undo"]


def test_query_commands_answer_and_change_nothing() -> None:
    session, out = at(BARGE, QUERIES)
    g = session.game
    assert g.answers == [] and len(g.players[0].hand) == 5 and g.phase == "action"
    text = "\n".join(out)
    for needle in ["Alice's hand: Barge, Bounty Hunter, Copper, Estate, Sheepdog.",
                   "8 coins: Province 8.", "Alice: 1 Action, 1 Buy, 0 coins",
                   "Bob: hand 5, deck 5, discard 0", "Alice's Exile mat: nothing.", "Trash: nothing.",
                   "Barge: 5 coins, Action, Duration.", "Kingdom: Barge, Bounty Hunter",
                   "Alice 1, Bob 3 points.", "undo: take back"]:
        assert needle in text, needle


BAD = [
    ("frobnicate", "Unknown command 'frobnicate'"),
    ("play Xyzzy", "No 'Xyzzy' here."),
    ("buy S", "could be"),
    ("play Gold", "You have no Gold in your hand."),
    ("", "Type a move"),
    ("x" * 10_000, "too long"),
    ("\x07\x01", "Type a move"),
    ("coffers", "You have 0 Coffers."),
    ("buy Horse", "not in this game"),
]


@pytest.mark.parametrize("line,message", BAD)
def test_bad_input_gets_one_clear_line_and_changes_nothing(line: str, message: str) -> None:
    session, out = at(BARGE, [line])
    g = session.game
    assert g.answers == [] and len(g.players[0].hand) == 5 and g.phase == "action"
    replies = [o for o in out if message in o]
    assert len(replies) == 1, out
    assert "Traceback" not in "\n".join(out)


def test_wrong_phase_is_refused() -> None:
    session, out = at(BARGE, ["play Copper", "play Barge", "villager"])
    assert "Barge is an Action; the Action phase is over." in out
    assert "Villagers can be spent only in your Action phase." in out
    assert session.game.players[0].hand.count("Barge") == 1


def test_completion_offers_what_makes_sense_now() -> None:
    config = Config(["Alice", "Bob"], ["Barge"], [], 3)
    session, _ = drive(["quit"], lambda o, r: Session(config, o, r, pause=False))
    g = session.game
    from dominion_tui.core.decisions import Decision
    d = Decision("turn", g.players[0], "Action phase", topic="action")
    assert suggestions(g, d, "pl") == ["play "]
    assert suggestions(g, d, "en") == ["end"]
    assert suggestions(g, d, "play C") == ["play Copper"]
    assert "buy Barge" in suggestions(g, d, "buy B")


ORDER = """
    name: order
    players: [Alice, Bob]
    kingdom: [Silk Merchant, Sheepdog]
    setup:
      phase: buy
      Alice:
        hand: [Sheepdog, Estate]
        deck: [Gold, Gold]
        coins: 4
    steps: []
"""


@pytest.mark.parametrize("answer", ["2", "Sheepdog", "sh"])
def test_order_question_by_number_name_and_prefix(answer: str) -> None:
    session, out = at(ORDER, ["buy Silk Merchant", answer])
    alice = session.game.players[0]
    assert "Alice: Which happens first: Silk Merchant, or play Sheepdog from your hand? " \
        "1. Silk Merchant, 2. Sheepdog." in out
    assert alice.in_play.names() == ["Sheepdog"] and alice.hand.count("Gold") == 2
    assert (alice.coffers, alice.villagers) == (1, 1)
    lines = "\n".join(out)
    assert lines.index("Alice plays Sheepdog.") < lines.index("Alice's Silk Merchant.")


def test_play_or_buy_alone_lists_what_can_be_done_now() -> None:
    session, out = at(BARGE, ["play", "play Copper", "buy", "play"])
    assert "Play what? You can play: Barge, Bounty Hunter, Copper, Sheepdog." in out
    assert "Buy what? You can buy: Copper, Curse." in out
    assert "Nothing to play now." in out
    assert session.game.players[0].coins == 1
