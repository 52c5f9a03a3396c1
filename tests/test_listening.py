"""What a player hears (issue 7): each fact once, short computer turns, questions in their own
words, verbosity levels a player can feel, cause before effect, word-wrapped lines."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from test_repl import at

from dominion_tui.core.events import Note
from dominion_tui.narration import Narrator
from dominion_tui.output import Output

BASE = ["--players", "Alice,Bob", "--kingdom", "Barge", "--landscapes", "", "--seed", "5", "--no-pause"]


def piped(tmp_path: Path, args: list[str], script: list[str]) -> list[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))
    res = subprocess.run(
        [sys.executable, "-m", "dominion_tui", *BASE, *args],
        input="\n".join(script) + "\n",
        text=True,
        capture_output=True,
        env=env,
        timeout=60,
    )
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


def recording(viewer: str | None = "Me", level: str = "normal") -> tuple[Output, list[str]]:
    heard: list[str] = []
    out = Output(plain=True, stream=io.StringIO(), level=level, narrator=Narrator(viewer))
    out.sinks.append(heard.append)
    return out, heard


def play(out: Output, who: str, card: str, total: int | None = None, **kind: bool) -> None:
    out.note(Note("play", who, {"card": card, "way": None, **kind}))
    if total is not None:
        out.note(Note("plus", who, {"what": "coins", "n": 1, "total": total}))


# ---- item 2: each fact once
def test_a_gain_that_opens_a_reaction_window_is_said_once() -> None:
    from test_repl import BARGE

    _, out = at(BARGE, ["play Copper", "buy Copper", "no"])
    assert sum("gains a Copper" in line for line in out) == 1, out


VILLAGE_GREEN = """
    name: vg
    players: [Alice, Bob]
    kingdom: [Border Guard, Village Green]
    setup:
      Alice:
        hand: [Border Guard]
        deck: [Village Green, Copper]
    steps: []
"""


def test_a_discard_that_opens_a_reaction_window_is_said_once() -> None:
    session, out = at(VILLAGE_GREEN, ["play Border Guard", "Copper", "no"])
    assert session.game.players[0].discard.names() == ["Village Green"]
    assert sum("discards a Village Green" in line for line in out) == 1, out
    assert "Alice: Play the Village Green you discarded? 1. yes, or no." in out


# ---- item 5: a computer's turn in a few lines
def test_a_computers_treasures_are_one_line(tmp_path: Path) -> None:
    out = piped(tmp_path, ["--computer", "Bob"], ["end", "end", "yes", "quit"])
    bob = out[out.index("Bob's turn 1.") :]
    plays = [line for line in bob if line.startswith("Bob plays ")]
    assert len(plays) == 1 and " in total" in plays[0], bob


def test_other_players_plays_with_unsaid_effects_fold_into_one_line() -> None:
    out, heard = recording()
    play(out, "Bot", "Sheepdog")
    out.note(Note("draw", "Bot", {"cards": ["Copper", "Copper"], "wanted": 2}))
    play(out, "Bot", "Copper", 1, treasure=True)
    play(out, "Bot", "Copper", 2, treasure=True)
    out.note(
        Note(
            "gain",
            "Bot",
            {"card": "Silver", "to": "discard", "left": 39, "bought": True, "plural": "Silvers", "supply": True},
        )
    )
    assert heard == [
        "Bot plays Sheepdog, 2 Coppers, 2 coins in total.",
        "Bot buys and gains a Silver. 39 Silvers left.",
    ]


def test_one_coin_is_said_in_the_singular() -> None:
    out, heard = recording()
    play(out, "Bot", "Copper", 1, treasure=True)
    out.note(
        Note(
            "gain",
            "Bot",
            {"card": "Curse", "to": "discard", "left": 9, "bought": True, "plural": "Curses", "supply": True},
        )
    )
    assert heard[0] == "Bot plays Copper, 1 coin in total."


def test_a_computers_reaction_is_said_and_yours_is_not_said_twice() -> None:
    out, heard = recording(viewer="Me")
    out.note(Note("react", "Bot", {"label": "Sheepdog", "on": "gain"}))
    out.note(Note("react", "Me", {"label": "Sheepdog", "on": "gain"}))
    assert heard == ["Bot reacts with Sheepdog."]


# ---- item 6: questions say what will happen
EXILE = """
    name: exile
    players: [Alice, Bob]
    kingdom: [Bounty Hunter]
    setup:
      Alice:
        hand: [Gold]
        exile: [Silver, Silver, Estate]
    steps: []
"""


def test_the_exile_question_names_the_cards_and_still_takes_the_option_name() -> None:
    session, out = at(EXILE, ["play Gold", "buy Silver", "Exile"])
    assert "Alice: Discard your 2 exiled Silvers? 1. yes, or no." in out
    assert session.game.players[0].exile.names() == ["Estate"]


HORN = """
    name: horn
    players: [Alice, Bob]
    kingdom: [Border Guard]
    setup:
      Alice:
        in_play: [Border Guard]
        artifacts: [Horn]
      phase: buy
    steps: []
"""


def test_the_horn_asks_in_its_own_words() -> None:
    session, out = at(HORN, ["end", "yes"])
    assert "Alice: Put Border Guard onto your deck with the Horn? 1. yes, or no." in out
    assert "Border Guard" in session.game.players[0].hand.names()  # the deck, then the new hand


BOUNTY = """
    name: bounty
    players: [Alice, Bob]
    kingdom: [Bounty Hunter]
    setup:
      Alice:
        hand: [Bounty Hunter, Copper, Estate, Copper, Gold, Copper]
        exile: [Copper]
    steps: []
"""


def test_bounty_hunter_groups_its_choices_and_says_why_a_bonus_is_missing() -> None:
    session, out = at(BOUNTY, ["play Bounty Hunter", "3"])
    assert (
        "Alice: Exile a card from your hand. No +3 coins for Copper: already in Exile. "
        "1. Copper (3), 2. Estate, 3. Gold."
    ) in out
    alice = session.game.players[0]
    assert sorted(alice.exile.names()) == ["Copper", "Gold"] and alice.coins == 3


# ---- item 9: verbosity levels a player can feel
def test_brief_never_drops_other_players_buys_or_the_game_end() -> None:
    out, heard = recording(level="brief")
    play(out, "Bot", "Gold", 3, treasure=True)
    play(out, "Bot", "Black Cat", attack=True)
    out.note(
        Note(
            "gain",
            "Bot",
            {"card": "Province", "to": "discard", "left": 7, "bought": True, "plural": "Provinces", "supply": True},
        )
    )
    out.note(Note("plus", "Me", {"what": "actions", "n": 1, "total": 2}))
    out.note(Note("game_over", None, {"winners": ["Bot"], "score": 6, "scores": {"Bot": 6, "Me": 3}}))
    assert heard == [
        "Bot plays Black Cat.",
        "Bot buys and gains a Province. 7 Provinces left.",
        "Game over. Bot wins with 6 points.",
        "Scores: Bot 6, Me 3.",
    ]


def test_the_three_levels_differ(tmp_path: Path) -> None:
    script = ["treasures", "end", "treasures", "end", "quit"]
    said = {
        level: piped(tmp_path, ["--computer", "Bob", "--verbosity", level], script)
        for level in ("brief", "normal", "verbose")
    }
    assert len(said["brief"]) < len(said["normal"]) < len(said["verbose"])
    assert any(line.startswith("Bob buys and gains") for line in said["brief"])


# ---- item 10: cause before effect, describe, log, junk
SUPPLIES = """
    name: supplies
    players: [Alice, Bob]
    kingdom: [Supplies]
    setup:
      Alice:
        hand: [Copper, Supplies, Copper]
    steps: []
"""


def test_treasures_are_said_before_the_horse_they_gain() -> None:
    _, out = at(SUPPLIES, ["treasures", "log 5"])
    text = "\n".join(out)
    assert text.index("Alice plays 2 Coppers, Supplies, 3 coins in total.") < text.index("gains a Horse")
    assert out.count("Alice plays 2 Coppers, Supplies, 3 coins in total.") == 2  # said, then in the log
    assert "gets +1 coin" not in text  # the log too sums up a run of Treasures


@pytest.mark.parametrize("line", ["play all", "PLAY Treasures"])
def test_play_all_plays_every_treasure_as_treasures_does(line: str) -> None:
    session, out = at(SUPPLIES, [line])
    assert "Alice plays 2 Coppers, Supplies, 3 coins in total." in out
    assert session.game.players[0].hand.cards == []


def test_describe_says_the_type_once_and_junk_is_echoed_short() -> None:
    from test_repl import BARGE

    junk = "frob" * 100
    _, out = at(BARGE, ["describe Copper", junk])
    assert "Copper: 0 coins, Treasure. 1 coin." in out
    reply = [line for line in out if "Unknown command" in line]
    assert len(reply) == 1 and reply[0].count("frob") <= 6 and len(reply[0]) < 100, reply  # 400 characters typed


# ---- item 12: lines break between words
def test_rich_output_wraps_between_words() -> None:
    buf = io.StringIO()
    out = Output(plain=False, stream=buf)
    line = "Alice plays the set-aside Black Cat, which stays set aside. " * 3
    out.say(line.strip())
    rows = buf.getvalue().splitlines()
    assert len(rows) > 1 and all(len(r) <= 80 for r in rows)
    assert " ".join(r.strip() for r in rows).split() == line.split()


def test_plain_output_at_a_terminal_wraps_between_words_and_a_pipe_gets_whole_lines(monkeypatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.setenv("COLUMNS", "40")
    line = "Alice plays the set-aside Black Cat, which stays set aside."
    term, pipe = Terminal(), io.StringIO()
    Output(plain=True, stream=term).say(line)
    Output(plain=True, stream=pipe).say(line)
    rows = term.getvalue().splitlines()
    assert len(rows) == 2 and all(len(r) < 40 for r in rows) and " ".join(rows) == line
    assert pipe.getvalue() == line + "\n"


def test_a_mode_question_names_its_card() -> None:
    from test_repl import BARGE

    _, out = at(BARGE, ["play Barge", "normal"])
    assert "Alice: Barge now, or at the start of your next turn? 1. now, 2. next." in out


def test_card_names_ending_in_ch_take_es_in_the_plural() -> None:
    from dominion_tui.core.model import plural

    assert plural("Old Witch") == "Old Witches"
    assert plural("Research") == "Researches"
    assert plural("Duchy") == "Duchies"
    assert plural("Supplies") == "Supplies"
    assert plural("Horse") == "Horses"


SCRAP = """
    name: scrap
    players: [Alice, Bob]
    kingdom: [Scrap]
    setup:
      Alice:
        hand: [Scrap, Estate, Copper]
    steps: []
"""


def test_a_pick_of_exactly_n_says_exactly_n() -> None:
    _, out = at(SCRAP, ["play Scrap", "Estate"])
    asked = [line for line in out if "choose 2 different" in line]
    assert asked and asked[0].endswith("Pick 2, separated by commas."), out


def test_a_players_discards_in_a_row_are_one_line() -> None:
    out, heard = recording(viewer="Me")
    play(out, "Bot", "Scholar")
    for card in ("Copper", "Silver", "Copper"):
        out.note(Note("discard", "Bot", {"card": card, "src": "hand"}))
    out.note(Note("discard", "Me", {"card": "Estate", "src": "hand"}))
    out.note(Note("discard", "Bot", {"card": "Gold", "src": "deck"}))
    out.flush()
    assert heard == [
        "Bot plays Scholar: discards 2 Coppers, Silver.",  # one card played, one line
        "Me discards an Estate.",
        "Bot discards a Gold from the deck.",
    ], heard


SCHOLAR = """
    name: scholar
    players: [Alice, Bob]
    kingdom: [Scholar]
    setup:
      Alice:
        hand: [Scholar, Silver, Copper, Silver, Estate]
        deck: [Gold, Gold, Gold, Gold, Gold, Gold, Gold]
    steps: []
"""


def test_a_whole_hand_discarded_is_one_line_the_last_card_included() -> None:
    # the last card used to lose its source (an empty hand is a falsy zone) and split the line
    _, out = at(SCHOLAR, ["play Scholar"])
    assert "Alice plays Scholar: discards 2 Silvers, Copper, Estate; draws 7 Golds." in out, out


HOSTELRY = """
    name: hostelry
    players: [Alice, Bob]
    kingdom: [Hostelry]
    setup:
      phase: buy
      Alice:
        hand: [HAND]
        coins: 4
    steps: []
"""


def test_a_trigger_that_does_nothing_is_not_named() -> None:
    _, out = at(HOSTELRY.replace("HAND", "Estate"), ["buy Hostelry"])
    assert not any("Hostelry." in line and "'s " in line for line in out), out


def test_a_trigger_that_does_something_is_named_before_it() -> None:
    _, out = at(HOSTELRY.replace("HAND", "Copper"), ["buy Hostelry"])
    named = out.index("Alice's Hostelry.")
    assert out[named + 1].startswith("Alice: Discard"), out


def test_too_few_picks_say_how_many_and_how() -> None:
    _, out = at(SCRAP, ["play Scrap", "Estate", "1"])
    assert any(line.startswith("You picked 1; choose 2, separated by commas: 1. card") for line in out), out


def test_everyone_hears_that_the_game_ends_with_a_fleet_round() -> None:
    for level in ("brief", "normal"):
        out, heard = recording(viewer="Ann", level=level)
        out.note(Note("final_round", None, {"players": ["Bot"]}))
        out.note(Note("extra_turn", "Bot", {}))
        assert heard == [
            "The game has ended. One more round for Bot.",
            "Bot will take an extra turn after this one.",
        ], (level, heard)


def test_status_leaves_out_coffers_and_villagers_a_game_does_not_use() -> None:
    _, out = at(SCHOLAR, ["status", "others"])
    assert out[-2].startswith("Alice's action phase. Alice: 1 Action, 1 Buy, 0 coins. Deck 7"), out
    assert out[-1].startswith("Bob: hand 5, deck 5, discard 0, in play nothing."), out
    _, out = at(HOSTELRY.replace("HAND", "Copper").replace("[Hostelry]", "[Patron]"), ["status"])
    assert "4 coins, 0 Coffers, 0 Villagers." in out[-1], out


CITY_GATE = """
    name: city gate
    players: [Alice, Bob]
    kingdom: [Scholar]
    landscapes: [City Gate]
    setup:
      Alice:
        hand: [Copper, Copper, Copper, Copper, Estate]
        deck: [Silver, Gold]
        projects: [City Gate]
      Bob:
        hand: [Gold, Copper, Copper, Copper, Copper]
        deck: [Silver, Silver, Silver, Silver, Silver, Silver]
        projects: [City Gate]
    steps: []
"""


def test_a_card_put_from_the_hand_onto_the_deck_is_named_only_to_its_owner() -> None:
    session, _ = at(CITY_GATE, ["end", "end", "yes", "Gold"])
    assert session.game.players[1].deck.cards[0].name == "Gold"
    note = next(n for n in session.output.history if n.kind == "to_deck")
    assert Narrator("Alice").note(note) == ["Bob puts a card onto their deck."]
    assert Narrator("Bob").note(note) == ["Bob puts a Gold onto their deck."]


def test_the_same_card_trashed_or_put_on_the_deck_again_in_a_row_is_one_line() -> None:
    """Pursue's 3 matches put back were 3 lines; now as discards are: one, with the count."""
    out, heard = recording(viewer="Ann")
    for who in ("Ann", "Bot"):
        for _ in range(3):
            out.note(Note("to_deck", who, {"card": "Gold", "hidden": who == "Bot"}))
        out.note(Note("to_deck", who, {"card": "Silver", "hidden": False}))
        for _ in range(2):
            out.note(Note("trash", who, {"card": "Copper"}))
    out.flush()
    assert heard == [
        "Ann puts 3 Golds onto their deck.",
        "Ann puts a Silver onto their deck.",
        "Ann trashes 2 Coppers.",
        "Bot puts 3 cards onto their deck.",
        "Bot puts a Silver onto their deck.",
        "Bot trashes 2 Coppers.",
    ], heard


# ---- issue 21: the end and the piles, what did not happen, one card one line, who asks
def test_a_computers_coffers_spent_one_at_a_time_are_one_line() -> None:
    out, heard = recording(viewer="Me")
    for left in (2, 1, 0):
        out.note(Note("spend", "Bot", {"what": "coffers", "n": 1, "left": left}))
        out.note(Note("plus", "Bot", {"what": "coins", "n": 1, "total": 3 - left}))
    out.flush()
    assert heard == ["Bot spends 3 Coffers for 3 coins, 0 left."], heard


def test_a_villager_or_coffers_spent_is_one_line_with_the_new_total() -> None:
    """Seen by all (hot-seat, a game of computers): "+1 Action, 1 in total" after "spends 1
    Villager for 1 Action" was the same fact again; a Coffers spend's new coin total joins its line."""
    out, heard = recording(viewer=None)
    out.note(Note("spend", "Bot", {"what": "villagers", "n": 1, "left": 1}))
    out.note(Note("plus", "Bot", {"what": "actions", "n": 1, "total": 1}))
    play(out, "Bot", "Black Cat")
    out.note(Note("spend", "Ann", {"what": "coffers", "n": 2, "left": 0}))
    out.note(Note("plus", "Ann", {"what": "coins", "n": 2, "total": 5}))
    out.flush()
    assert heard == [
        "Bot spends 1 Villager for 1 Action, 1 left.",
        "Bot plays Black Cat.",
        "Ann spends 2 Coffers for 2 coins, 5 coins in total, 0 Coffers left.",
    ], heard


def test_a_duration_and_the_cards_it_puts_into_the_hand_are_one_line() -> None:
    """Research's cards came to the hand a line each after "Ann's Research resolves."; now one line,
    the cards named only to their owner."""
    for viewer, heard_line in (
        (None, "Ann's Research resolves: puts Gold, 2 Coppers into their hand."),
        ("Ann", "Ann's Research resolves: puts Gold, 2 Coppers into their hand."),
        ("Ben", "Ann's Research resolves: puts 3 cards into their hand."),
    ):
        out, heard = recording(viewer=viewer)
        out.note(Note("duration", "Ann", {"card": "Research"}))
        for card in ("Gold", "Copper", "Copper"):
            out.note(Note("to_hand", "Ann", {"card": card, "hidden": True}))
        play(out, "Ann", "Copper", total=1, treasure=True)
        out.flush()
        assert heard[0] == heard_line, heard


def test_what_the_last_of_a_run_of_treasures_did_is_one_line_named_by_it() -> None:
    """A Stockpile played after a Copper: its +1 Buy and its Exile were a line each, unnamed."""
    out, heard = recording(viewer=None)
    play(out, "Al", "Copper", total=1, treasure=True)
    play(out, "Al", "Stockpile", total=4, treasure=True)
    out.note(Note("plus", "Al", {"what": "buys", "n": 1, "total": 2}))
    out.note(Note("exile", "Al", {"card": "Stockpile", "mat": ["Stockpile"], "src": "play"}))
    out.note(Note("shuffle", "Al", {"size": 9}))
    out.flush()
    assert heard[:2] == [
        "Al plays Copper, Stockpile, 4 coins in total.",
        "Al's Stockpile: +1 Buy, 2 in total; exiles a Stockpile, 1 Stockpile in Al's Exile.",
    ], heard
    assert heard[2] == "Al shuffles, 9 cards in the deck.", heard  # Clean-up's, not the Stockpile's


def test_a_new_hand_is_never_told_as_what_a_card_did() -> None:
    """Verbose says the new hand; Clean-up draws it, not the card whose line was still open."""
    out, heard = recording(viewer=None, level="verbose")
    out.note(Note("duration", "Ann", {"card": "Research"}))
    out.note(Note("to_hand", "Ann", {"card": "Gold", "hidden": True}))
    out.note(Note("draw", "Ann", {"cards": ["Copper"] * 5, "new_hand": True}))
    out.flush()
    assert heard == [
        "Ann's Research resolves: puts a Gold into their hand.",
        "Ann draws a new hand: 5 Coppers.",
    ], heard


def test_a_project_bought_and_its_cube_are_one_line() -> None:
    """'Bo buys the Project Cathedral for 3 coins.' then 'Bo has Cathedral, 1 cube left.': one buy,
    one line; Clean-up's shuffle after it stays its own."""
    out, heard = recording(viewer=None)
    out.note(Note("buy", "Bo", {"what": "project", "card": "Barracks", "cost": 6}))
    out.note(Note("cube", "Bo", {"project": "Barracks", "owned": ["Barracks"], "cubes": 1}))
    out.note(Note("buy", "Bo", {"what": "project", "card": "Canal", "cost": 7}))
    out.note(Note("cube", "Bo", {"project": "Canal", "owned": ["Canal", "Barracks"], "cubes": 0}))
    out.note(Note("shuffle", "Bo", {"size": 9}))
    out.flush()
    assert heard == [
        "Bo buys the Project Barracks for 6 coins: 1 cube left.",
        "Bo buys the Project Canal for 7 coins: has Canal and Barracks, 0 cubes left.",
        "Bo shuffles, 9 cards in the deck.",
    ], heard


def test_clean_ups_shuffle_is_not_told_as_what_a_lone_treasure_did() -> None:
    """'Al plays Copper: shuffles, 38 cards in the deck; 1 coin in total.' when Al bought nothing."""
    out, heard = recording(viewer=None)
    play(out, "Al", "Copper", total=1, treasure=True)
    out.note(Note("shuffle", "Al", {"size": 38}))
    out.flush()
    assert heard == ["Al plays Copper, 1 coin in total.", "Al shuffles, 38 cards in the deck."], heard


def test_clean_ups_shuffle_after_an_empty_buy_phase_is_not_told_as_what_an_action_did() -> None:
    """An Action played, no Treasure, nothing bought: the shuffle that follows is Clean-up's."""
    out, heard = recording(viewer=None)
    play(out, "Bo", "Old Witch")
    out.note(Note("draw", "Bo", {"cards": ["Copper"] * 3}))
    out.note(Note("bought_nothing", "Bo", {}))
    out.note(Note("shuffle", "Bo", {"size": 12}))
    out.flush()
    assert heard == ["Bo plays Old Witch: draws 3 Coppers.", "Bo shuffles, 12 cards in the deck."], heard


def test_way_of_the_chameleons_swap_joins_the_play_and_is_told_once() -> None:
    """It was 3 lines: the play, 'Way of the Chameleon: Cy gets +3 coins instead of +3 Cards.', then
    'Cy gets +3 coins, 5 in total.'"""
    out, heard = recording(viewer=None)
    out.note(Note("play", "Cy", {"card": "Swashbuckler", "way": "Way of the Chameleon"}))
    out.note(Note("swap", "Cy", {"way": "Way of the Chameleon", "n": 3, "got": "coins", "instead": "Cards"}))
    out.note(Note("plus", "Cy", {"what": "coins", "n": 3, "total": 5}))
    out.flush()
    assert heard == ["Cy plays Swashbuckler with Way of the Chameleon: +3 coins instead of +3 Cards, 5 in total."], (
        heard
    )


def test_two_exiles_in_a_row_are_one_line() -> None:
    out, heard = recording(viewer="Me")
    out.note(Note("exile", "Bot", {"card": "Estate", "mat": ["Estate"], "src": "Estate"}))
    out.note(Note("exile", "Bot", {"card": "Estate", "mat": ["Estate", "Estate"], "src": "Estate"}))
    out.flush()
    assert heard == ["Bot exiles 2 Estates, 2 Estates in Bot's Exile."], heard


def test_a_trigger_that_did_nothing_heard_is_not_named_alone() -> None:
    for level in ("brief", "normal"):
        out, heard = recording(viewer="Me", level=level)
        out.note(Note("trigger", "Rob", {"label": "Flag Bearer", "on": "gain"}))
        out.note(Note("artifact_kept", "Rob", {"artifact": "Flag"}))  # not said to Me at this level
        out.note(Note("trigger_done", "Rob", {}))
        out.note(
            Note(
                "gain",
                "Rob",
                {"card": "Silver", "to": "discard", "left": 39, "bought": True, "plural": "Silvers", "supply": True},
            )
        )  # Rob's next buy
        out.end_batch()
        assert heard == ["Rob buys and gains a Silver. 39 Silvers left."], (level, heard)


def test_buying_nothing_is_said_to_the_others_only() -> None:
    out, heard = recording(viewer="Me")
    out.note(Note("bought_nothing", "Rob", {}))
    out.note(Note("bought_nothing", "Me", {}))
    assert heard == ["Rob buys nothing."], heard


KEY_AND_CARGO = """
    name: key and cargo ship
    players: [Alice, Bob]
    kingdom: [Treasurer, Cargo Ship]
    setup:
      Alice:
        hand: [Cargo Ship, Silver]
        deck: [Copper, Copper, Copper, Copper, Copper]
        artifacts: [Key]
    steps: []
"""


def test_an_order_that_cannot_matter_is_not_asked_of_a_player() -> None:
    # the scenario contract still asks it (key_and_cargo_ship_start_of_turn_order_asked.yaml)
    session, out = at(
        KEY_AND_CARGO,
        ["play Cargo Ship", "play Silver", "buy Silver", "Cargo Ship", "end", "end", "end", "yes"],
        auto_end=False,
    )
    alice = session.game.players[0]
    assert not any("Which happens first" in line for line in out), out
    assert session.game.current is alice and alice.coins == 1 and alice.hand.count("Silver") == 1
    assert "Alice's Key: +1 coin." in out, out


def test_a_yes_is_echoed_by_what_it_did_and_a_no_by_the_answer() -> None:
    from test_repl import BARGE

    _, out = at(BARGE, ["play Copper", "buy Copper", "yes"], auto_end=False)
    assert not any("chooses" in line for line in out), out
    assert any(line.startswith("Alice reacts with Sheepdog: draws") for line in out), out
    _, out = at(BARGE, ["play Copper", "buy Copper", "no"], auto_end=False)
    assert "Alice chooses none." in out, out


def test_the_hot_seat_line_says_an_attack_must_be_answered() -> None:
    from dominion_tui.core.decisions import Cause, Decision, Option
    from dominion_tui.session import Session

    class Current:
        current = type("P", (), {"name": "Ann"})()

    ben = type("P", (), {"name": "Ben"})()
    attack = Decision(
        "cards",
        ben,
        "Discard a card costing 2 or more.",
        [Option("Gold"), Option("Silver")],
        context=Cause("Villain", "Ann"),
    )
    react = Decision("option", ben, "Play Sheepdog from your hand?", [Option("Sheepdog")], min=0, topic="react")
    assert Session.why_asked(Current(), attack) == "Ben must answer Ann's Villain. "
    assert Session.why_asked(Current(), react) == "Ben may react on Ann's turn. "
    assert (
        Narrator("Ben").question(attack)[0].startswith("Ben: Villain (Ann): discard a card costing 2 or more. 1. Gold")
    )


def test_a_list_of_numbers_is_typed_not_read_out() -> None:
    from dominion_tui.core.decisions import Decision, Option

    ann = type("P", (), {"name": "Ann"})()
    d = Decision("option", ann, "Exile how many Estates?", [Option("1"), Option("2"), Option("3")])
    assert Narrator("Ann").question(d) == ["Ann: Exile how many Estates? Type a number from 1 to 3."]


HORN_AT_THE_END = """
    name: horn at the end
    players: [Alice, Bob]
    kingdom: [Border Guard]
    setup:
      phase: buy
      Alice:
        in_play: [Border Guard]
        coins: 8
        artifacts: [Horn]
      supply: {Province: 1}
    steps: []
"""


def test_no_question_after_the_game_ending_buy() -> None:
    session, out = at(HORN_AT_THE_END, ["buy Province"])
    assert session.game.over, out
    assert not any("Horn?" in line for line in out), out
    assert any(line.startswith("Game over. The Provinces are gone.") for line in out), out
    session, out = at(HORN_AT_THE_END.replace("{Province: 1}", "{Province: 2}"), ["buy Province"])
    assert any("Horn?" in line for line in out), out  # a game that goes on still asks


def test_a_computers_reaction_and_its_play_are_one_line() -> None:
    out, heard = recording(viewer="Me")
    out.note(Note("react", "Bot", {"label": "Black Cat", "on": "gain"}))
    play(out, "Bot", "Black Cat", attack=True)
    out.note(Note("draw", "Bot", {"cards": ["Copper", "Gold"], "wanted": 2}))
    out.note(Note("gain", "Me", {"card": "Curse", "to": "discard", "left": 9, "plural": "Curses", "supply": True}))
    out.flush()
    assert heard == ["Bot reacts with Black Cat.", "Me gains a Curse. 9 Curses left."], heard


def test_an_unsaid_play_ends_the_line_of_the_card_before_it() -> None:
    out, heard = recording(viewer="Me", level="brief")
    play(out, "Bot", "Black Cat", attack=True)
    play(out, "Bot", "Bounty Hunter")  # not said at brief
    out.note(Note("exile", "Bot", {"card": "Estate", "mat": ["Estate"], "src": "hand"}))
    out.flush()
    assert heard == ["Bot plays Black Cat.", "Bot exiles an Estate, 1 Estate in Bot's Exile."], heard


def test_an_attack_on_an_empty_curse_pile_is_one_line_for_everyone_it_reaches() -> None:
    """Issue 22: with the Curses gone, each cursing attack said a line per player (94 lines in
    one 3-player game); now one line per attack, the same words for one player or several."""
    position = """
        name: old witch, no Curses
        players: [Alice, Bob, Carol]
        kingdom: [Old Witch]
        setup:
          Alice:
            hand: [Old Witch, Old Witch]
            deck: [Copper, Copper, Copper, Copper, Copper]
            actions: 2
          Bob:
            hand: [Curse, Copper, Copper, Copper, Copper]
          Carol:
            hand: [Copper, Copper, Copper, Copper, Copper]
          supply: {Curse: 0}
        steps: []
    """
    _, out = at(position, ["play Old Witch", "yes", "play Old Witch"])
    failed = [line for line in out if "no Curse" in line]
    # Bob is asked about his Curse between his and Carol's turns at the pile: two lines there
    assert failed[:2] == ["Bob gains no Curse: the pile is empty.", "Carol gains no Curse: the pile is empty."], out
    assert failed[2:] == ["Bob and Carol gain no Curse: the pile is empty."], out


def test_players_who_gain_nothing_from_one_empty_pile_in_a_row_are_one_line() -> None:
    out, heard = recording(viewer="Me")
    for who in ("Bob", "Carol", "Dan"):
        out.note(Note("gain_fail", who, {"card": "Horse"}))
    out.note(Note("gain_fail", "Eve", {"card": "Silver"}))
    out.flush()
    assert heard == [
        "Bob, Carol and Dan gain no Horse: the pile is empty.",
        "Eve gains no Silver: the pile is empty.",
    ], heard
