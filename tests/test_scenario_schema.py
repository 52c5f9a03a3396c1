"""Tests for dominion_tui.scenario_schema: parsing and validating scenario files."""

from __future__ import annotations

import copy
import os
import random
import textwrap

import pytest
import yaml

from dominion_tui.scenario_schema import (
    PlayerSetup,
    Scenario,
    ScenarioError,
    Step,
    load_scenario,
    parse_scenario,
)

CARD_NAMES = [
    "Bounty Hunter",
    "Copper",
    "Estate",
    "Silver",
    "Gold",
    "Province",
    "Horse",
    "Way of the Ox",
    "Sheepdog",
    "Barracks",
    "Key",
]
_BY_LOWER = {name.lower(): name for name in CARD_NAMES}


def known(name: str) -> str | None:
    return _BY_LOWER.get(name.lower())


SPEC_EXAMPLE = textwrap.dedent(
    """\
    name: Bounty Hunter gives +3 coins only for a card not yet in Exile   # required
    players: [Alice, Bob]        # required, 1 to 6 names, in turn order; the first is taking a turn
    kingdom: [Bounty Hunter]     # kingdom piles in the Supply besides the basic piles
    landscapes: [Way of the Ox]  # Events, Ways and Projects in the game (optional)
    mouse: Sheepdog              # with Way of the Mouse: the set-aside card (optional)
    seed: 7                      # random seed for every shuffle (optional, default 0)
    setup:                       # optional; see the rules below
      Alice:
        hand: [Bounty Hunter, Copper, Estate]
        deck: [Silver, Gold]     # top card first
        discard: [Copper]
        exile: [Estate]
        coffers: 0
        villagers: 0
        projects: [Barracks]     # cubes already placed
        artifacts: [Key]
      Bob:
        hand: [Copper, Copper, Copper, Estate, Estate]
      supply: {Province: 2, Horse: 5}   # pile sizes that differ from a normal setup
      trash: [Gold]
    steps:
      - play Bounty Hunter
      - Copper                   # the answer to the question the game asked
      - line: buy Province
        rejected: true           # the game must refuse this line, say why, and change nothing
    expect:
      Alice:
        exile: [Estate, Copper]
        hand: [Estate]
        coins: 3
        actions: 1
      said:
        - [Alice, Exile, Copper]       # some line said during the steps holds all these words
      not_said:
        - [Bob, Exile]
    """
)

MINIMAL = "name: minimal\nplayers: [Alice, Bob]\nsteps: []\n"


def parse(text: str, path: str = "bad.yaml") -> Scenario:
    return parse_scenario(textwrap.dedent(text), path, known)


def error_of(text: str, path: str = "bad.yaml") -> str:
    with pytest.raises(ScenarioError) as caught:
        parse(text, path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    return message


# --------------------------------------------------------------------------- valid files


def test_spec_example_parses_completely() -> None:
    scenario = parse_scenario(SPEC_EXAMPLE, "bounty.yaml", known)
    assert scenario.path == "bounty.yaml"
    assert scenario.name == "Bounty Hunter gives +3 coins only for a card not yet in Exile"
    assert scenario.players == ["Alice", "Bob"]
    assert scenario.kingdom == ["Bounty Hunter"]
    assert scenario.landscapes == ["Way of the Ox"]
    assert scenario.mouse == "Sheepdog"
    assert scenario.seed == 7
    assert scenario.setup_players["Alice"] == PlayerSetup(
        hand=["Bounty Hunter", "Copper", "Estate"],
        deck=["Silver", "Gold"],
        discard=["Copper"],
        exile=["Estate"],
        coffers=0,
        villagers=0,
        projects=["Barracks"],
        artifacts=["Key"],
    )
    assert scenario.setup_players["Bob"] == PlayerSetup(hand=["Copper"] * 3 + ["Estate"] * 2)
    assert scenario.supply == {"Province": 2, "Horse": 5}
    assert scenario.trash == ["Gold"]
    assert scenario.phase is None and scenario.turn is None
    assert scenario.steps == [
        Step("play Bounty Hunter"),
        Step("Copper"),
        Step("buy Province", rejected=True),
    ]
    assert scenario.expect == {
        "players": {"Alice": {"exile": ["Estate", "Copper"], "hand": ["Estate"], "coins": 3, "actions": 1}},
        "top": {"said": [["Alice", "Exile", "Copper"]], "not_said": [["Bob", "Exile"]]},
    }


def test_spec_file_example_if_available() -> None:
    """The example inside the shared spec itself, when the spec is present."""
    import pathlib
    import re

    spec = pathlib.Path("/work/shared/spec/scenarios.md")
    if not spec.exists():
        pytest.skip("shared spec not present")
    block = re.search(r"```yaml\n(.*?)```", spec.read_text(), re.S)
    assert block is not None
    scenario = parse_scenario(block.group(1), "spec.yaml", known)
    assert scenario.kingdom == ["Bounty Hunter"]


def test_minimal_scenario_defaults() -> None:
    scenario = parse(MINIMAL)
    assert scenario.kingdom == [] and scenario.landscapes == []
    assert scenario.mouse is None
    assert scenario.seed == 0
    assert scenario.setup_players == {} and scenario.supply == {} and scenario.trash == []
    assert scenario.phase is None and scenario.turn is None
    assert scenario.steps == []
    assert scenario.expect == {"players": {}, "top": {}}


def test_player_absent_from_setup_is_not_in_setup_players() -> None:
    scenario = parse(MINIMAL + "setup:\n  Alice: {}\n")
    assert scenario.setup_players == {"Alice": PlayerSetup()}


def test_card_names_are_canonicalised_everywhere() -> None:
    scenario = parse(
        """\
        name: case test
        players: [Alice, Bob]
        kingdom: [bounty hunter]
        landscapes: [WAY OF THE OX]
        mouse: sheepdog
        setup:
          alice:
            hand: [copper, ' Silver ']
            deck: [gold]
            discard: [estate]
            in_play: [PROVINCE]
            exile: [horse]
            set_aside: [silver]
            projects: [barracks]
            artifacts: [key]
          supply: {province: 3, HORSE: 0}
          trash: [gold]
        steps: []
        expect:
          ALICE:
            hand: [copper]
            deck_top: [gold]
            exile_includes: [horse]
            projects: [barracks]
            artifacts: [key]
          supply: {province: 1}
          trash: [GOLD]
          winner: [alice, bob]
          current: bob
          waiting_on: ALICE
        """
    )
    assert scenario.kingdom == ["Bounty Hunter"]
    assert scenario.landscapes == ["Way of the Ox"]
    assert scenario.mouse == "Sheepdog"
    alice = scenario.setup_players["Alice"]
    assert alice.hand == ["Copper", "Silver"]
    assert alice.deck == ["Gold"] and alice.discard == ["Estate"]
    assert alice.in_play == ["Province"] and alice.exile == ["Horse"]
    assert alice.set_aside == ["Silver"]
    assert alice.projects == ["Barracks"] and alice.artifacts == ["Key"]
    assert scenario.supply == {"Province": 3, "Horse": 0}
    assert scenario.trash == ["Gold"]
    assert scenario.expect["players"] == {
        "Alice": {
            "hand": ["Copper"],
            "deck_top": ["Gold"],
            "exile_includes": ["Horse"],
            "projects": ["Barracks"],
            "artifacts": ["Key"],
        }
    }
    top = scenario.expect["top"]
    assert top["supply"] == {"Province": 1}
    assert top["trash"] == ["Gold"]
    assert top["winner"] == ["Alice", "Bob"]
    assert top["current"] == "Bob" and top["waiting_on"] == "Alice"


def test_setup_counters_phase_and_turn() -> None:
    scenario = parse(
        MINIMAL
        + textwrap.dedent(
            """\
            setup:
              Bob: {actions: 0, buys: 2, coins: 5, coffers: 1, villagers: 3, plot_tokens: 4}
              phase: buy
              turn: 3
            """
        )
    )
    assert scenario.setup_players["Bob"] == PlayerSetup(
        actions=0, buys=2, coins=5, coffers=1, villagers=3, plot_tokens=4
    )
    assert scenario.phase == "buy" and scenario.turn == 3


def test_steps_conversions() -> None:
    scenario = parse(
        """\
        name: steps
        players: [Alice]
        steps:
          - 1
          - yes
          - no
          - on
          - true
          - false
          -
          - none
          - "  play Copper"
          - 1, 2
          - line: 2
            rejected: yes
          - line:
            rejected: false
          - {line: end}
        """
    )
    assert scenario.steps == [
        Step("1"),
        Step("yes"),
        Step("no"),
        Step("on"),
        Step("yes"),
        Step("no"),
        Step(""),
        Step("none"),
        Step("  play Copper"),
        Step("1, 2"),
        Step("2", rejected=True),
        Step("", rejected=False),
        Step("end"),
    ]


def test_steps_block_scalar_trailing_newline_is_dropped() -> None:
    scenario = parse("name: s\nplayers: [A]\nsteps:\n  - |\n    play Copper\n")
    assert scenario.steps == [Step("play Copper")]


def test_expect_full_keys() -> None:
    scenario = parse(
        """\
        name: expect
        players: [Alice, Bob]
        steps: []
        expect:
          Alice:
            hand_count: 0
            deck_count: 3
            discard_includes: [Copper, Copper]
            in_play_count: 1
            set_aside_includes: []
            score: -2
            coffers: 0
            plot_tokens: 1
          Bob: {}
          turn: 2
          phase: cleanup
          game_over: false
          winner: Bob
          said:
            - Alice
            - [Bob, 3, gains]
          not_said: []
        """
    )
    assert scenario.expect["players"]["Alice"] == {
        "hand_count": 0,
        "deck_count": 3,
        "discard_includes": ["Copper", "Copper"],
        "in_play_count": 1,
        "set_aside_includes": [],
        "score": -2,
        "coffers": 0,
        "plot_tokens": 1,
    }
    assert scenario.expect["players"]["Bob"] == {}
    assert scenario.expect["top"] == {
        "turn": 2,
        "phase": "cleanup",
        "game_over": False,
        "winner": "Bob",
        "said": [["Alice"], ["Bob", "3", "gains"]],
        "not_said": [],
    }


def test_seed_may_be_negative_and_phase_is_case_insensitive() -> None:
    scenario = parse(MINIMAL + "seed: -4\nsetup: {phase: Action}\n")
    assert scenario.seed == -4 and scenario.phase == "action"


def test_player_names_are_stripped_and_kept() -> None:
    assert parse("name: n\nplayers: [' Ann ', Bo, Cy, Di, Ed, Flo]\nsteps: []\n").players == [
        "Ann",
        "Bo",
        "Cy",
        "Di",
        "Ed",
        "Flo",
    ]


def test_load_scenario_reads_file(tmp_path) -> None:
    target = tmp_path / "bounty.yaml"
    target.write_text(SPEC_EXAMPLE, encoding="utf-8")
    scenario = load_scenario(str(target), known)
    assert scenario.path == str(target)
    assert scenario.steps[-1] == Step("buy Province", rejected=True)


def test_load_scenario_accepts_byte_order_mark(tmp_path) -> None:
    target = tmp_path / "bom.yaml"
    target.write_bytes(b"\xef\xbb\xbf" + MINIMAL.encode())
    assert load_scenario(str(target), known).name == "minimal"


# --------------------------------------------------------------------------- file-level errors


def test_missing_file(tmp_path) -> None:
    path = str(tmp_path / "nope.yaml")
    with pytest.raises(ScenarioError, match=r"nope\.yaml: file: cannot read"):
        load_scenario(path, known)


def test_directory_is_not_a_file(tmp_path) -> None:
    with pytest.raises(ScenarioError, match="cannot read"):
        load_scenario(str(tmp_path), known)


def test_large_numbers_are_refused_in_one_short_line() -> None:
    message = error_of(MINIMAL + "setup:\n  supply: {Copper: " + "7" * 4000 + "}\n")
    assert len(message) < 120, message


def test_aliases_are_refused() -> None:
    # 20,000 aliases of a 20,000-step list (100 KB of text) used to take minutes to check.
    text = "name: n\nplayers: [A]\nsteps: &w [a, a]\nexpect:\n  said: [*w, *w]\n"
    assert error_of(text) == "bad.yaml: line 5: not valid YAML: aliases (*name) are not allowed"


def test_a_named_pipe_is_refused_at_once(tmp_path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # opening it for reading used to wait forever for a writer
    with pytest.raises(ScenarioError, match=r"pipe\.yaml: file: cannot read: not a regular file"):
        load_scenario(str(fifo), known)


def test_a_device_is_refused_at_once(tmp_path) -> None:
    link = tmp_path / "zero.yaml"
    link.symlink_to("/dev/zero")  # reading it used to fill memory
    with pytest.raises(ScenarioError, match=r"zero\.yaml: file: cannot read: not a regular file"):
        load_scenario(str(link), known)


def test_a_huge_file_is_refused(tmp_path) -> None:
    target = tmp_path / "huge.yaml"
    target.write_bytes(MINIMAL.encode() + b"#" * 2_000_000 + b"\n")
    with pytest.raises(ScenarioError, match=r"huge\.yaml: file: too large"):
        load_scenario(str(target), known)


def test_not_utf8(tmp_path) -> None:
    target = tmp_path / "latin.yaml"
    target.write_bytes(b"name: caf\xe9\nplayers: [A]\nsteps: []\n")
    with pytest.raises(ScenarioError, match=r"latin\.yaml: file: not UTF-8"):
        load_scenario(str(target), known)


def test_invalid_yaml_gives_line_number() -> None:
    message = error_of("name: x\nplayers: [Alice\nsteps: []\nfoo: : :\n")
    assert "not valid YAML" in message
    assert "line " in message


def test_invalid_yaml_line_number_is_right() -> None:
    message = error_of("name: x\nplayers: [A]\nsteps:\n  - ok\n  bad: [\n")
    assert message.startswith("bad.yaml: line 5: not valid YAML")


def test_duplicate_keys_are_rejected() -> None:
    message = error_of("name: x\nplayers: [A]\nsteps: []\nname: y\n")
    assert "line 4" in message and "twice" in message


def test_duplicate_nested_keys_are_rejected() -> None:
    message = error_of(MINIMAL + "expect:\n  Alice: {coins: 1}\n  Alice: {coins: 2}\n")
    assert "line 6" in message and "'Alice'" in message


def test_several_documents_are_rejected() -> None:
    assert "not valid YAML" in error_of(MINIMAL + "---\n" + MINIMAL)


def test_python_tags_are_rejected() -> None:
    assert "not valid YAML" in error_of("!!python/object/apply:os.system ['true']\n")


def test_deep_nesting_is_rejected_cleanly() -> None:
    assert "not valid YAML" in error_of("name: " + "[" * 5000 + "]" * 5000 + "\n")


@pytest.mark.parametrize("text", ["", "# only a comment\n", "- a\n- b\n", "just text\n", "42\n"])
def test_top_level_must_be_a_mapping(text: str) -> None:
    assert error_of(text).startswith("bad.yaml: top level: expected a mapping")


# --------------------------------------------------------------------------- field errors

FIELD_ERRORS = [
    # top level
    ("players: [A]\nsteps: []\n", "bad.yaml: name: missing"),
    ("name: x\nsteps: []\n", "bad.yaml: players: missing"),
    ("name: x\nplayers: [A]\n", "bad.yaml: steps: missing"),
    (MINIMAL + "colour: red\n", "bad.yaml: colour: unknown key"),
    (MINIMAL + "kingdon: [Copper]\n", "bad.yaml: kingdon: unknown key (did you mean 'kingdom'?)"),
    (MINIMAL + "3: x\n", "bad.yaml: 3: unknown key"),
    ("name: [x]\nplayers: [A]\nsteps: []\n", "bad.yaml: name: expected the scenario name as text"),
    ("name: ''\nplayers: [A]\nsteps: []\n", "bad.yaml: name: expected the scenario name"),
    ("name: 5\nplayers: [A]\nsteps: []\n", "bad.yaml: name: expected the scenario name as text, got the number 5"),
    # players
    ("name: x\nplayers: []\nsteps: []\n", "bad.yaml: players: expected a list of 1 to 6 names"),
    (
        "name: x\nplayers: [A, B, C, D, E, F, G]\nsteps: []\n",
        "bad.yaml: players: expected a list of 1 to 6 names, got a list of 7 items",
    ),
    ("name: x\nplayers: Alice\nsteps: []\n", "bad.yaml: players: expected a list of 1 to 6 names, got text 'Alice'"),
    ("name: x\nplayers: [Alice, alice]\nsteps: []\n", "bad.yaml: players[1]: 'alice' is listed twice"),
    ("name: x\nplayers: [Alice, '']\nsteps: []\n", "bad.yaml: players[1]: expected a player name"),
    ("name: x\nplayers: [Alice, 7]\nsteps: []\n", "bad.yaml: players[1]: expected a player name, got the number 7"),
    ("name: x\nplayers: [Alice, [Bob]]\nsteps: []\n", "bad.yaml: players[1]: expected a player name, got a list"),
    ("name: x\nplayers: [Alice, supply]\nsteps: []\n", "bad.yaml: players[1]: 'supply' cannot be a player name"),
    ('name: x\nplayers: [Alice, "B\\nob"]\nsteps: []\n', "bad.yaml: players[1]: expected a player name on one line"),
    # kingdom, landscapes, mouse, seed
    (MINIMAL + "kingdom: [Copper, Coper]\n", "bad.yaml: kingdom[1]: unknown card 'Coper'"),
    (MINIMAL + "kingdom: Copper\n", "bad.yaml: kingdom: expected a list"),
    (MINIMAL + "kingdom: [Copper, copper]\n", "bad.yaml: kingdom[1]: Copper is listed twice"),
    (MINIMAL + "kingdom: [3]\n", "bad.yaml: kingdom[0]: expected a card name, got the number 3"),
    (MINIMAL + "kingdom:\n", "bad.yaml: kingdom: expected a list (write [] for none), got nothing"),
    (MINIMAL + "landscapes: [Way of the Mule]\n", "bad.yaml: landscapes[0]: unknown landscape 'Way of the Mule'"),
    (MINIMAL + "mouse: Shepdog\n", "bad.yaml: mouse: unknown card 'Shepdog'"),
    (MINIMAL + "mouse: [Sheepdog]\n", "bad.yaml: mouse: expected a card name, got a list"),
    (MINIMAL + "seed: seven\n", "bad.yaml: seed: expected a whole number, got text 'seven'"),
    (MINIMAL + "seed: 1.5\n", "bad.yaml: seed: expected a whole number, got text '1.5'"),
    (MINIMAL + "seed: true\n", "bad.yaml: seed: expected a whole number, got true"),
    # a seed no game takes is the file's fault (INVALID), not the game's (FAIL): issue 19
    (
        MINIMAL + "seed: " + "9" * 300 + "\n",
        "bad.yaml: seed: expected a whole number of at most 19 digits, got one of 300 digits",
    ),
    (
        MINIMAL + "seed: -" + "1" * 20 + "\n",
        "bad.yaml: seed: expected a whole number of at most 19 digits, got one of 20 digits",
    ),
    (
        MINIMAL + "seed: " + "9" * 5000 + "\n",
        "bad.yaml: line 4: not valid YAML: a number of 5000 digits is far too long",
    ),
    # setup
    (MINIMAL + "setup: [Alice]\n", "bad.yaml: setup: expected a mapping"),
    (
        MINIMAL + "setup:\n  Carol: {}\n",
        "bad.yaml: setup.Carol: unknown key (expected a player name or one of supply, trash, phase, turn)",
    ),
    (MINIMAL + "setup:\n  suply: {}\n", "bad.yaml: setup.suply: unknown key (did you mean 'supply'?)"),
    (MINIMAL + "setup:\n  Alice: {}\n  alice: {}\n", "bad.yaml: setup.alice: player Alice is set up twice"),
    (MINIMAL + "setup:\n  Alice: [Copper]\n", "bad.yaml: setup.Alice: expected a mapping"),
    (MINIMAL + "setup:\n  Alice:\n", "bad.yaml: setup.Alice: expected a mapping of keys to values, got nothing"),
    (
        MINIMAL + "setup:\n  Alice: {hand: [Copper, Silver, Coper]}\n",
        "bad.yaml: setup.Alice.hand[2]: unknown card 'Coper'",
    ),
    (MINIMAL + "setup:\n  Alice: {handd: []}\n", "bad.yaml: setup.Alice.handd: unknown key (did you mean 'hand'?)"),
    (MINIMAL + "setup:\n  Alice: {deck: Copper}\n", "bad.yaml: setup.Alice.deck: expected a list"),
    (MINIMAL + "setup:\n  Alice: {deck_top: [Copper]}\n", "bad.yaml: setup.Alice.deck_top: unknown key"),
    (
        MINIMAL + "setup:\n  Alice: {coins: -1}\n",
        "bad.yaml: setup.Alice.coins: expected a whole number (0 to 1000), got -1",
    ),
    (
        MINIMAL + "setup:\n  Alice: {actions: false}\n",
        "bad.yaml: setup.Alice.actions: expected a whole number (0 to 1000), got false",
    ),
    (
        MINIMAL + "setup:\n  Alice: {villagers: '2'}\n",
        "bad.yaml: setup.Alice.villagers: expected a whole number (0 to 1000), got text '2'",
    ),
    (MINIMAL + "setup:\n  Alice: {plot_tokens: [1]}\n", "bad.yaml: setup.Alice.plot_tokens: expected a whole number"),
    (
        MINIMAL + "setup:\n  Alice: {projects: [Barrack]}\n",
        "bad.yaml: setup.Alice.projects[0]: unknown project 'Barrack'",
    ),
    (
        MINIMAL + "setup:\n  Alice: {projects: [Barracks, barracks]}\n",
        "bad.yaml: setup.Alice.projects[1]: Barracks is listed twice",
    ),
    (MINIMAL + "setup:\n  Alice: {artifacts: [Flag]}\n", "bad.yaml: setup.Alice.artifacts[0]: unknown artifact 'Flag'"),
    (MINIMAL + "setup:\n  supply: [Province]\n", "bad.yaml: setup.supply: expected a mapping"),
    (MINIMAL + "setup:\n  supply: {Provnce: 2}\n", "bad.yaml: setup.supply: unknown card 'Provnce'"),
    (
        MINIMAL + "setup:\n  supply: {Province: -2}\n",
        "bad.yaml: setup.supply.Province: expected a whole number (0 to 1000), got -2",
    ),
    (MINIMAL + "setup:\n  supply: {Province: lots}\n", "bad.yaml: setup.supply.Province: expected a whole number"),
    (
        MINIMAL + "setup:\n  supply: {Copper: 1000000000}\n",
        "bad.yaml: setup.supply.Copper: expected a whole number (0 to 1000), got 1000000000",
    ),
    (
        MINIMAL + "setup:\n  supply: {Copper: " + "7" * 4000 + "}\n",
        "bad.yaml: setup.supply.Copper: expected a whole number (0 to 1000), got 777",
    ),
    (
        MINIMAL + "setup:\n  Alice: {coffers: 1001}\n",
        "bad.yaml: setup.Alice.coffers: expected a whole number (0 to 1000), got 1001",
    ),
    (
        MINIMAL + "setup:\n  Alice: {actions: " + "9" * 4000 + "}\n",
        "bad.yaml: setup.Alice.actions: expected a whole number (0 to 1000)",
    ),
    (MINIMAL + "setup:\n  supply: {Province: 2, province: 3}\n", "bad.yaml: setup.supply: Province is listed twice"),
    (MINIMAL + "setup:\n  supply: {5: 3}\n", "bad.yaml: setup.supply: expected a card name, got the number 5"),
    (MINIMAL + "setup:\n  trash: Gold\n", "bad.yaml: setup.trash: expected a list"),
    (MINIMAL + "setup:\n  trash: [Gold, Gould]\n", "bad.yaml: setup.trash[1]: unknown card 'Gould'"),
    (MINIMAL + "setup:\n  phase: cleanup\n", "bad.yaml: setup.phase: expected one of action, buy, got text 'cleanup'"),
    (MINIMAL + "setup:\n  phase: 1\n", "bad.yaml: setup.phase: expected one of action, buy"),
    (MINIMAL + "setup:\n  turn: 0\n", "bad.yaml: setup.turn: expected a whole number (1 to 1000), got 0"),
    (MINIMAL + "setup:\n  turn: first\n", "bad.yaml: setup.turn: expected a whole number (1 to 1000)"),
    # steps
    ("name: x\nplayers: [A]\nsteps: play Copper\n", "bad.yaml: steps: expected a list"),
    ("name: x\nplayers: [A]\nsteps:\n", "bad.yaml: steps: expected a list (write [] for none), got nothing"),
    (
        "name: x\nplayers: [A]\nsteps:\n  - ok\n  - [play, Copper]\n",
        "bad.yaml: steps[1]: expected a line of text, got a list",
    ),
    (
        "name: x\nplayers: [A]\nsteps:\n  - play: Copper\n",
        "bad.yaml: steps[0].play: unknown key (a step is a line or {line: ..., rejected: true}; quote lines containing ': ')",
    ),
    ("name: x\nplayers: [A]\nsteps:\n  - {rejected: true}\n", "bad.yaml: steps[0].line: missing (required)"),
    (
        "name: x\nplayers: [A]\nsteps:\n  - {line: end, rejected: maybe}\n",
        "bad.yaml: steps[0].rejected: expected true or false, got text 'maybe'",
    ),
    (
        "name: x\nplayers: [A]\nsteps:\n  - {line: end, rejected: 1}\n",
        "bad.yaml: steps[0].rejected: expected true or false, got the number 1",
    ),
    (
        "name: x\nplayers: [A]\nsteps:\n  - {line: end, rejectd: true}\n",
        "bad.yaml: steps[0].rejectd: unknown key (did you mean 'rejected'?)",
    ),
    (
        "name: x\nplayers: [A]\nsteps:\n  - {line: [end]}\n",
        "bad.yaml: steps[0].line: expected a line of text, got a list",
    ),
    ('name: x\nplayers: [A]\nsteps:\n  - "play\\nend"\n', "bad.yaml: steps[0]: expected a single line"),
    # expect: players
    (MINIMAL + "expect: [x]\n", "bad.yaml: expect: expected a mapping"),
    (
        MINIMAL + "expect:\n  Alice:\n    handd: [Estate]\n",
        "bad.yaml: expect.Alice.handd: unknown key (did you mean 'hand'?)",
    ),
    (
        MINIMAL + "expect:\n  Carol: {coins: 1}\n",
        "bad.yaml: expect.Carol: unknown key (expected a player name or one of supply",
    ),
    (MINIMAL + "expect:\n  Alice: {hand: [Estat]}\n", "bad.yaml: expect.Alice.hand[0]: unknown card 'Estat'"),
    (
        MINIMAL + "expect:\n  Alice: {hand_count: many}\n",
        "bad.yaml: expect.Alice.hand_count: expected a whole number (0 to 1000), got text 'many'",
    ),
    (
        MINIMAL + "expect:\n  Alice: {hand_count: -1}\n",
        "bad.yaml: expect.Alice.hand_count: expected a whole number (0 to 1000), got -1",
    ),
    (MINIMAL + "expect:\n  Alice: {coins_count: 1}\n", "bad.yaml: expect.Alice.coins_count: unknown key"),
    (
        MINIMAL + "expect:\n  Alice: {exile_includes: Copper}\n",
        "bad.yaml: expect.Alice.exile_includes: expected a list",
    ),
    (
        MINIMAL + "expect:\n  Alice: {deck_top: [Copper, Coppr]}\n",
        "bad.yaml: expect.Alice.deck_top[1]: unknown card 'Coppr'",
    ),
    (
        MINIMAL + "expect:\n  Alice: {score: 1.5}\n",
        "bad.yaml: expect.Alice.score: expected a whole number, got text '1.5'",
    ),
    (MINIMAL + "expect:\n  Alice: {score: true}\n", "bad.yaml: expect.Alice.score: expected a whole number, got true"),
    (
        MINIMAL + "expect:\n  Alice: 3\n",
        "bad.yaml: expect.Alice: expected a mapping of keys to values, got the number 3",
    ),
    (MINIMAL + "expect:\n  Alice: {}\n  ALICE: {}\n", "bad.yaml: expect.ALICE: player Alice has two expect entries"),
    # expect: top level
    (MINIMAL + "expect:\n  supply: {Province: x}\n", "bad.yaml: expect.supply.Province: expected a whole number"),
    (MINIMAL + "expect:\n  supply: {Duchy: 1}\n", "bad.yaml: expect.supply: unknown card 'Duchy'"),
    (MINIMAL + "expect:\n  trash: [Goldd]\n", "bad.yaml: expect.trash[0]: unknown card 'Goldd'"),
    (MINIMAL + "expect:\n  turn: 0\n", "bad.yaml: expect.turn: expected a whole number (1 to 1000), got 0"),
    (
        MINIMAL + "expect:\n  current: Carol\n",
        "bad.yaml: expect.current: 'Carol' is not one of the players (Alice, Bob)",
    ),
    (MINIMAL + "expect:\n  current: 1\n", "bad.yaml: expect.current: expected a player name, got the number 1"),
    (MINIMAL + "expect:\n  waiting_on: [Alice]\n", "bad.yaml: expect.waiting_on: expected a player name, got a list"),
    (
        MINIMAL + "expect:\n  phase: clean-up\n",
        "bad.yaml: expect.phase: expected one of action, buy, cleanup, got text 'clean-up'",
    ),
    (MINIMAL + "expect:\n  game_over: sometimes\n", "bad.yaml: expect.game_over: expected true or false"),
    (MINIMAL + "expect:\n  game_over:\n", "bad.yaml: expect.game_over: expected true or false, got nothing"),
    (MINIMAL + "expect:\n  winner: Carol\n", "bad.yaml: expect.winner: 'Carol' is not one of the players"),
    (MINIMAL + "expect:\n  winner: []\n", "bad.yaml: expect.winner: expected a player name or a list"),
    (MINIMAL + "expect:\n  winner: [Alice, Carol]\n", "bad.yaml: expect.winner[1]: 'Carol' is not one of the players"),
    (MINIMAL + "expect:\n  winner: [Alice, alice]\n", "bad.yaml: expect.winner[1]: Alice is listed twice"),
    (MINIMAL + "expect:\n  said: Alice\n", "bad.yaml: expect.said: expected a list"),
    (
        MINIMAL + "expect:\n  said:\n    - []\n",
        "bad.yaml: expect.said[0]: expected a list of one or more words, got a list of 0 items",
    ),
    (
        MINIMAL + "expect:\n  said:\n    - {Alice: Exile}\n",
        "bad.yaml: expect.said[0]: expected a list of one or more words, got a mapping",
    ),
    (
        MINIMAL + "expect:\n  said:\n    - [Alice, [Exile]]\n",
        "bad.yaml: expect.said[0][1]: expected a word, got a list",
    ),
    (
        MINIMAL + "expect:\n  not_said:\n    - [Alice, '']\n",
        "bad.yaml: expect.not_said[0][1]: expected a word, got text ''",
    ),
    (
        MINIMAL + "expect:\n  not_said:\n    -\n",
        "bad.yaml: expect.not_said[0]: expected a list of one or more words, got nothing",
    ),
    (MINIMAL + "expect:\n  Said: []\n", "bad.yaml: expect.Said: unknown key (did you mean 'said'?)"),
]


@pytest.mark.parametrize(("text", "expected"), FIELD_ERRORS)
def test_field_errors(text: str, expected: str) -> None:
    message = error_of(text)
    assert message.startswith(expected), message


def test_error_uses_given_path() -> None:
    message = error_of(MINIMAL + "kingdom: [Coper]\n", path="tests/scenarios/some dir/x.yaml")
    assert message == "tests/scenarios/some dir/x.yaml: kingdom[0]: unknown card 'Coper'"


def test_load_scenario_reports_field_errors_with_path(tmp_path) -> None:
    target = tmp_path / "bad.yaml"
    target.write_text(MINIMAL + "setup:\n  Alice:\n    hand: [Copper, Silver, Coper]\n")
    with pytest.raises(ScenarioError) as caught:
        load_scenario(str(target), known)
    assert str(caught.value) == f"{target}: setup.Alice.hand[2]: unknown card 'Coper'"


def test_long_and_multiline_values_stay_on_one_line() -> None:
    message = error_of(MINIMAL + 'kingdom: ["' + "x" * 200 + '\\nmore"]\n')
    assert "\n" not in message and len(message) < 120


def test_scenario_error_is_an_exception() -> None:
    assert issubclass(ScenarioError, Exception)


# --------------------------------------------------------------------------- fuzzing


def _random_value(rng: random.Random, depth: int = 0) -> object:
    choices = [
        None,
        True,
        False,
        0,
        -1,
        7,
        10**30,
        "",
        "Copper",
        "copper",
        "Coper",
        "Alice",
        "yes",
        "no",
        "1.5",
        "supply",
        "hand",
        "line",
        "\n",
        "x: y",
        "[",
        "Bob",
    ]
    kind = rng.randrange(4 if depth < 3 else 1)
    if kind == 0:
        return rng.choice(choices)
    if kind == 1:
        return [_random_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 2:
        keys = ["hand", "Alice", "supply", "line", "said", "coins", "name", "x", 3]
        return {rng.choice(keys): _random_value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return rng.choice(["play Copper", 3, ["Copper"], {"Province": 2}])


def _paths(value: object, prefix: tuple = ()) -> list[tuple]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, prefix + (index,))
    return found


def _replace(value: object, path: tuple, new: object) -> object:
    if not path:
        return new
    head, rest = path[0], path[1:]
    value[head] = _replace(value[head], rest, new)  # type: ignore[index]
    return value


def _assert_only_scenario_error(text: str) -> None:
    try:
        result = parse_scenario(text, "fuzz.yaml", known)
    except ScenarioError as error:
        message = str(error)
        assert message.startswith("fuzz.yaml: ") and "\n" not in message, message
    else:
        assert isinstance(result, Scenario)


def test_fuzz_replacing_any_value_raises_only_scenario_error() -> None:
    rng = random.Random(1234)
    base = yaml.safe_load(SPEC_EXAMPLE)
    paths = _paths(base)
    for _ in range(500):
        data = _replace(copy.deepcopy(base), rng.choice(paths), _random_value(rng))
        _assert_only_scenario_error(yaml.safe_dump(data))


def test_fuzz_random_documents_raise_only_scenario_error() -> None:
    rng = random.Random(99)
    for _ in range(500):
        _assert_only_scenario_error(yaml.safe_dump(_random_value(rng)))


def test_fuzz_mangled_text_raises_only_scenario_error() -> None:
    rng = random.Random(7)
    alphabet = ":-[]{}'\"#&*!|>%@`,?\n\t x1"
    for _ in range(500):
        chars = list(SPEC_EXAMPLE)
        for _ in range(rng.randrange(1, 6)):
            position = rng.randrange(len(chars))
            action = rng.randrange(3)
            if action == 0:
                del chars[position]
            elif action == 1:
                chars.insert(position, rng.choice(alphabet))
            else:
                chars[position] = rng.choice(alphabet)
        _assert_only_scenario_error("".join(chars))


@pytest.mark.parametrize(
    "text",
    [
        "a: &x [*x]\n",
        "name: &x {a: *x}\nplayers: [A]\nsteps: []\n",
        "players: !!binary aGVsbG8=\nname: x\nsteps: []\n",
        "name: x\nplayers: [A]\nsteps: []\nseed: !!int 0x1F\n",
        "name: x\nplayers: [A]\nsteps: []\nseed: " + "9" * 5000 + "\n",
        "name: x\nplayers: [A]\nsteps: []\nseed: !!float 1.5\n",
        "name: x\nplayers: [A]\nsteps: [!!timestamp 2020-13-45]\n",
        "? [a, b]\n: c\n",
        "name: x\nplayers: [A]\nsteps: [!!set {a, b}]\n",
        "\x00\x01",
        "name: x\nplayers: [A]\nsteps: []\n<<: {seed: 3}\n",
        "name: x\nplayers: [A]\nsteps: [!!binary aGVsbG8=]\n",
    ],
)
def test_odd_yaml_raises_only_scenario_error(text: str) -> None:
    _assert_only_scenario_error(text)
