"""The REPL driven through prompt_toolkit's pipe input, as a player at the keyboard would."""

from __future__ import annotations

import io
import textwrap

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from dominion_tui.core.decisions import TurnAction
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


def at(position: str, lines: list[str], **settings) -> tuple[Session, list[str]]:
    def make(output, reader):
        settings.setdefault("pause", False)
        s = PositionSession(Config(["Alice", "Bob"], [], []), output, reader, **settings)
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
    session, out = at(BARGE, ["play Barge", way, mode], ask_ways=True)
    alice = session.game.players[0]
    if drawn is not None:  # what was understood is said in full, whatever was typed
        assert "Alice plays Barge." in out and "Alice chooses normal." not in out  # the play names it
        said = "Alice chooses now: draws 3 Silvers; +1 Buy, 2 in total." if drawn else "Alice chooses next."
        assert said in out, out  # the answer and what it did, in one line
    if drawn is None:  # "n" is ambiguous between now and next: rejected, nothing changes
        assert any("could be next, now" in line for line in out)
        assert len(alice.hand) == 4
        return
    assert len(alice.hand) == 4 + drawn


@pytest.mark.parametrize("answer", ["Way of the Ox", "2", "way", "ox", "the ox"])
def test_way_chosen_by_name_number_and_prefix(answer: str) -> None:
    session, out = at(BARGE, ["play Barge", answer], ask_ways=True)
    assert session.game.players[0].actions == 2
    assert "Alice plays Barge with Way of the Ox: +2 Actions." in out


@pytest.mark.parametrize("answer", ["2", "Copper", "cop"])
def test_card_choice_by_number_name_and_prefix(answer: str) -> None:
    # Bounty Hunter's hand after playing it: Barge, Copper, Estate, Sheepdog (listed in hand order)
    session, out = at(BARGE, ["play Bounty Hunter", answer])
    alice = session.game.players[0]
    assert alice.exile.names() == ["Copper"]
    assert alice.coins == 3


@pytest.mark.parametrize(
    "answer,reacted", [("yes", True), ("1", True), ("sheep", True), ("no", False), ("none", False)]
)
def test_reaction_window_answers(answer: str, reacted: bool) -> None:
    session, out = at(BARGE, ["play Copper", "buy Copper", answer], auto_end=False)
    alice = session.game.players[0]
    assert "Alice: Play Sheepdog from your hand? 1. yes, or no." in out
    assert ("Sheepdog" in alice.in_play.names()) == reacted


QUERIES = [
    "hand",
    "supply",
    "status",
    "others",
    "exile",
    "trash",
    "describe barge",
    "kingdom",
    "log 3",
    "repeat",
    "score",
    "help",
    "help undo",
]


def test_query_commands_answer_and_change_nothing() -> None:
    session, out = at(BARGE, QUERIES)
    g = session.game
    assert g.answers == [] and len(g.players[0].hand) == 5 and g.phase == "action"
    text = "\n".join(out)
    for needle in [
        "Alice's hand: Barge, Bounty Hunter, Copper, Estate, Sheepdog.",
        "8 coins: Province 8.",
        "Alice: 1 Action, 1 Buy, 0 coins",
        "Bob: hand 5, deck 5, discard 0",
        "Alice's Exile mat: nothing.",
        "Trash: nothing.",
        "Barge: 5 coins, Action, Duration.",
        "Kingdom: Barge, Bounty Hunter",
        "Alice 1, Bob 3 points.",
        "undo: take back",
    ]:
        assert needle in text, needle


BAD = [
    ("frobnicate", "Unknown command 'frobnicate'"),
    ("play Xyzzy", "No card called 'Xyzzy' in your hand. Type hand to hear them."),
    ("buy Xyzzy", "No card called 'Xyzzy' for sale. Type supply to hear them."),
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


def test_too_many_villagers_asked_for_says_how_many_in_good_english() -> None:
    """'You have 1 Villagers.' was the answer to 'villager 2' with one Villager."""
    session, _ = at(BARGE, [])
    g = session.game
    a = g.players[0]
    for held, words in ((1, "You have 1 Villager."), (2, "You have 2 Villagers.")):
        a.villagers = held
        assert g.why_not(a, TurnAction("villager", None, 3)) == words


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


def test_completion_of_several_picks_completes_the_last_and_counts() -> None:
    from dominion_tui.core.decisions import Decision, card_options
    from dominion_tui.setup import new_game

    g = new_game(Config(["Alice", "Bob"], ["Barge"], ["Banish"], 3), {}, deal=False)
    a = g.players[0]
    for name in ["Duchy", "Duchy", "Estate"]:
        g.new_card(name, a.hand)
    d = Decision(
        "cards", a, "Banish: exile which cards from your hand?", card_options(a.hand.cards), min=0, max=3, one_name=True
    )
    assert suggestions(g, d, "D") == ["Duchy"]
    assert suggestions(g, d, "Duchy, d") == ["Duchy, Duchy"]
    assert suggestions(g, d, "2 D") == ["2 Duchies"] and suggestions(g, d, "1 e") == ["1 Estate"]


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
    session, out = at(ORDER, ["buy Silk Merchant", answer], auto_end=False)
    alice = session.game.players[0]
    assert (
        "Alice: Which happens first: Silk Merchant, or play Sheepdog from your hand? "
        "1. Silk Merchant, 2. Sheepdog." in out
    )
    assert alice.in_play.names() == ["Sheepdog"] and alice.hand.count("Gold") == 2
    assert (alice.coffers, alice.villagers) == (1, 1)
    lines = "\n".join(out)
    assert lines.index("Alice reacts with Sheepdog: draws 2 Golds.") < lines.index("Alice's Silk Merchant: +1 Coffers")


def test_play_or_buy_alone_lists_what_can_be_done_now() -> None:
    session, out = at(BARGE, ["play", "play Copper", "buy", "play"])
    assert "Play what? You can play: Barge, Bounty Hunter, Copper, Sheepdog." in out
    assert "Buy what? You can buy: Copper, Curse." in out
    assert "Nothing to play now." in out
    assert session.game.players[0].coins == 1


# ---------------------------------------------------------------- issue 7: a turn in few lines
WAY_QUESTION = "normally or with a Way?"


def test_play_plays_normally_without_the_way_question_and_records_the_answer() -> None:
    from dominion_tui.core.decisions import TurnAction

    session, out = at(BARGE, ["play Bounty Hunter", "Copper"])
    assert not any(WAY_QUESTION in line for line in out)
    assert "Alice plays Bounty Hunter: +1 Action." in out
    assert "Alice chooses Copper: exiles a Copper, 1 Copper in Alice's Exile; +3 coins." in out
    assert session.game.answers[:2] == [TurnAction("play", "Bounty Hunter"), [0]]  # [0]: normal


@pytest.mark.parametrize(
    "line", ["play Barge as ox", "play barge as Way of the Ox", "play Bar as the ox", "play Barge as w"]
)
def test_play_as_a_way_by_any_unambiguous_part_of_its_name(line: str) -> None:
    session, out = at(BARGE, [line])
    alice = session.game.players[0]
    assert "Alice plays Barge with Way of the Ox: +2 Actions." in out
    assert alice.actions == 2 and not any(WAY_QUESTION in o for o in out)
    assert session.game.answers[1] == [1]  # the Way answer is recorded: replay stays exact


@pytest.mark.parametrize(
    "line,message",
    [
        ("play Copper as ox", "not an Action"),
        ("play Barge as cat", "No 'cat' here."),
        ("play Gold as ox", "You have no Gold in your hand."),
    ],
)
def test_play_as_a_way_refused_in_one_line(line: str, message: str) -> None:
    session, out = at(BARGE, [line])
    assert session.game.answers == [] and session.game.players[0].hand.count("Copper") == 1
    assert len([o for o in out if message in o]) == 1, out


def test_play_as_in_a_game_without_ways_is_refused() -> None:
    session, out = at(BARGE.replace("landscapes: [Way of the Ox]", "landscapes: []"), ["play Barge as ox"])
    assert "There is no Way in this game." in out and session.game.answers == []


def test_ways_ask_setting_asks_on_every_action_and_as_still_answers_it() -> None:
    session, out = at(BARGE, ["ways ask", "play Bounty Hunter", "ox"], auto_end=False)
    assert any(WAY_QUESTION in line for line in out)
    assert "Alice plays Bounty Hunter with Way of the Ox: +2 Actions." in out
    session, out = at(BARGE, ["ways ask", "play Bounty Hunter as normal", "Copper"])
    assert not any(WAY_QUESTION in line for line in out) and "Alice plays Bounty Hunter: +1 Action." in out


def test_a_reaction_played_from_the_hand_asks_the_way_question_only_with_ways_ask() -> None:
    session, out = at(BARGE, ["play Copper", "buy Copper", "yes"])
    assert not any(WAY_QUESTION in line for line in out)
    assert any(line.startswith("Alice reacts with Sheepdog: draws") for line in out), out
    assert session.game.answers[2:4] == [[0], [0]]  # yes, then normal recorded: replay stays exact
    session, out = at(BARGE, ["ways ask", "play Copper", "buy Copper", "yes", ""])  # Enter: normal
    assert any(line.startswith("Alice: Sheepdog reacts: play it normally or with a Way?") for line in out)
    assert any(line.startswith("Alice plays Sheepdog: draws") for line in out), out


def test_the_buy_phase_ends_by_itself_when_nothing_is_left_to_do() -> None:
    from dominion_tui.core.decisions import TurnAction

    session, out = at(BARGE, ["play Copper", "buy Copper", "no"])
    g = session.game
    assert g.current.name == "Bob" and g.answers[-1] == TurnAction("end")  # recorded: replay is exact
    session, out = at(BARGE, ["play Copper", "buy Copper", "no"], auto_end=False)
    assert session.game.current.name == "Alice" and session.game.phase == "buy"
    session, out = at(BARGE, ["autoend off", "play Copper", "buy Copper", "no"])
    assert session.game.current.name == "Alice" and "autoend off." in out
    session, out = at(BARGE, ["play Copper"])  # a Buy left: the phase waits for `end`
    assert session.game.phase == "buy" and session.game.current.name == "Alice"


def test_full_status_only_at_the_start_of_a_turn_and_on_request() -> None:
    session, out = at(BARGE, ["play Bounty Hunter", "Estate", "play Copper", "status", "hand"])
    status = [line for line in out if line.startswith("Alice, action phase") or line.startswith("Alice, buy phase")]
    assert len(status) == 1, out  # not after every move
    assert any(line.startswith("Alice's buy phase. Alice: 1 Action") for line in out)  # `status`
    assert any(line.startswith("Alice's hand: ") for line in out)  # `hand`


def test_hot_seat_pause_comes_before_the_new_turn_and_its_start_effects() -> None:
    session, out = at(
        BARGE, ["play Barge", "next", "end", "end", "yes", "", "end", "end", "yes", "", "quit"], pause=True
    )
    to_bob, to_alice = (
        out.index("Pass the keyboard to Bob, then press Enter."),
        out.index("Pass the keyboard to Alice, then press Enter."),
    )
    assert to_bob < out.index("Bob's turn 1.")
    barge = next(i for i, line in enumerate(out) if line.startswith("Alice's Barge"))
    assert to_alice < out.index("Alice's turn 2.") < barge  # Bob never hears what Barge drew
    assert "'s turn" not in out[to_bob - 1] + out[to_bob]  # the turn is said once, after the pause


def test_quit_at_the_hot_seat_pause() -> None:
    session, out = at(BARGE, ["play Copper", "buy Copper", "no", "quit", "end"], pause=True)
    assert "Pass the keyboard to Bob, then press Enter." in out
    assert "Bob's turn 1." not in out


def test_completion_of_play_as_and_the_settings() -> None:
    from dominion_tui.core.decisions import Decision

    session, _ = at(BARGE, [])
    g = session.game
    d = Decision("turn", g.players[0], "Action phase", topic="action")
    assert suggestions(g, d, "play Barge as o") == ["play Barge as Way of the Ox"]
    assert suggestions(g, d, "play Barge as ") == ["play Barge as normal", "play Barge as Way of the Ox"]
    assert suggestions(g, d, "wa") == ["ways "] and suggestions(g, d, "autoend o") == ["autoend on", "autoend off"]


CATHEDRAL = """
    name: cathedral
    players: [Alice, Bob]
    landscapes: [Cathedral]
    setup:
      Alice:
        hand: [Estate]
        deck: [Estate, Copper, Silver, Copper, Copper]
        projects: [Cathedral]
      Bob:
        hand: [Estate]
    steps: []
"""


def test_a_start_of_turn_question_naming_its_card_is_not_announced_first() -> None:
    """'Alice: Cathedral: trash a card ...' names the Project: no 'Alice's Cathedral.' before it,
    and the answer says what it did."""
    session, out = at(CATHEDRAL, ["end", "end", "end", "end", "Estate"])
    turn = out.index("Alice's turn 2.")
    asked = [i for i, line in enumerate(out) if line.startswith("Alice: Cathedral: trash a card from your hand.")]
    assert asked and asked[0] > turn
    assert not any("Alice's Cathedral" in line for line in out)
    assert "Alice chooses Estate: trashes an Estate." in out
    assert [c.name for c in session.game.trash.cards] == ["Estate"]
