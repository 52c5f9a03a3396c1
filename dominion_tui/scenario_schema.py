"""Parse and validate one scenario file (the format is in the scenarios spec).

`load_scenario` / `parse_scenario` turn a YAML scenario into a `Scenario`, with every
card name checked and canonicalised through a `known_names` lookup.  Any problem with
the file raises `ScenarioError` with a one-line message ``<file>: <field>: <problem>``;
no other exception escapes for bad input.

YAML is read with YAML 1.2 "core" scalars: only ``true``/``false`` are booleans (so a
step ``- yes``, ``- no``, ``- on`` stays the text that was typed), only plain digits are
whole numbers, there are no floats or dates, and a repeated key in a mapping is an error.
"""

from __future__ import annotations

import difflib
import os
import re
import stat
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NoReturn

import yaml

KnownNames = Callable[[str], "str | None"]

ZONES = ("hand", "deck", "discard", "in_play", "exile", "set_aside")
COUNTERS = ("actions", "buys", "coins", "coffers", "villagers", "plot_tokens")
HOLDINGS = ("projects", "artifacts")
PLAYER_KEYS = ZONES + COUNTERS + HOLDINGS
EXPECT_PLAYER_KEYS = (
    PLAYER_KEYS
    + ("deck_top", "score")
    + tuple(f"{zone}_count" for zone in ZONES)
    + tuple(f"{zone}_includes" for zone in ZONES)
)
SETUP_TOP_KEYS = ("supply", "trash", "phase", "turn")
EXPECT_TOP_KEYS = (
    "supply",
    "trash",
    "turn",
    "current",
    "phase",
    "game_over",
    "winner",
    "waiting_on",
    "said",
    "not_said",
)
TOP_KEYS = ("name", "players", "kingdom", "landscapes", "mouse", "seed", "setup", "steps", "expect")
REQUIRED_KEYS = ("name", "players", "steps")
RESERVED_PLAYER_NAMES = frozenset(SETUP_TOP_KEYS + EXPECT_TOP_KEYS)
MAX_PLAYERS = 6
MAX_COUNT = 1000  # no real pile or counter comes near; a bigger one would only exhaust memory
MAX_FILE_BYTES = 1_000_000
SETUP_PHASES = ("action", "buy")
EXPECT_PHASES = ("action", "buy", "cleanup")
STEP_KEYS = ("line", "rejected")
_KIND_OF_NAME = {"projects": "project", "artifacts": "artifact", "landscapes": "landscape"}
_BOOL_WORDS = {"true": True, "false": False, "yes": True, "no": False, "on": True, "off": False}


class ScenarioError(Exception):
    """One-line message: '<file>: <field path>: <what is wrong>'"""


@dataclass
class PlayerSetup:
    """One player's `setup` entry; a field left None was not given in the file."""

    hand: list[str] | None = None
    deck: list[str] | None = None
    discard: list[str] | None = None
    in_play: list[str] | None = None
    exile: list[str] | None = None
    set_aside: list[str] | None = None
    actions: int | None = None
    buys: int | None = None
    coins: int | None = None
    coffers: int | None = None
    villagers: int | None = None
    plot_tokens: int | None = None
    projects: list[str] | None = None
    artifacts: list[str] | None = None


@dataclass
class Step:
    """One line typed at the game's command line; `rejected` means the game must refuse it."""

    line: str
    rejected: bool = False


@dataclass
class Scenario:
    """A whole validated scenario file, card names in canonical spelling."""

    path: str
    name: str
    players: list[str]
    kingdom: list[str]
    landscapes: list[str]
    mouse: str | None
    seed: int
    setup_players: dict[str, PlayerSetup]
    supply: dict[str, int]
    trash: list[str]
    phase: str | None
    turn: int | None
    steps: list[Step]
    expect: dict


# --------------------------------------------------------------------------- YAML


class _Loader(yaml.SafeLoader):
    """SafeLoader with YAML 1.2 core scalars, duplicate keys and aliases rejected."""

    def compose_node(self, parent: Any, index: Any) -> Any:
        # A scenario has no use for *aliases, and a few hundred of them nested in a small
        # file make the checks below walk billions of values.
        if self.check_event(yaml.AliasEvent):
            mark = self.peek_event().start_mark
            raise yaml.composer.ComposerError(None, None, "aliases (*name) are not allowed", mark)
        return super().compose_node(parent, index)


_DROPPED_TAGS = {
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:timestamp",
    "tag:yaml.org,2002:value",
}
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED_TAGS]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", re.compile(r"^[-+]?[0-9]+$"), list("-+0123456789"))


def _construct_int(loader: _Loader, node: yaml.ScalarNode) -> int:
    text = loader.construct_scalar(node)
    try:
        return int(text, 10)
    except ValueError:  # past the digits Python will read (4,300): no count or seed is this long
        raise yaml.constructor.ConstructorError(
            None, None, f"a number of {len(text.lstrip('+-'))} digits is far too long", node.start_mark
        ) from None


def _construct_mapping(loader: _Loader, node: yaml.Node) -> dict:
    if isinstance(node, yaml.MappingNode):
        seen: set = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = loader.construct_object(key_node, deep=True)
            try:
                duplicate = key in seen
            except TypeError:  # unhashable: construct_mapping reports it
                continue
            if duplicate:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"key {key!r} appears twice in the same mapping",
                    key_node.start_mark,
                )
            seen.add(key)
    return loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]  # it says why a non-mapping is not one


_Loader.add_constructor("tag:yaml.org,2002:int", _construct_int)
_Loader.add_constructor("tag:yaml.org,2002:map", _construct_mapping)


# --------------------------------------------------------------------------- helpers


@dataclass(frozen=True)
class _Ctx:
    path: str
    known_names: KnownNames

    def fail(self, where: str, problem: str) -> NoReturn:
        raise ScenarioError(f"{self.path}: {where}: {problem}")


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _quote(text: str) -> str:
    return repr(_clip(text))


def _describe(value: Any) -> str:
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {_clip(str(value))}"
    if isinstance(value, str):
        return f"text {_quote(value)}"
    if isinstance(value, list):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, dict):
        return "a mapping"
    return f"a value of type {type(value).__name__}"


def _show_key(key: Any) -> str:
    if isinstance(key, str) and key.isprintable() and len(key) <= 40 and key:
        return key
    return _quote(key) if isinstance(key, str) else _clip(repr(key))


def _join(prefix: str, key: Any) -> str:
    shown = _show_key(key)
    return f"{prefix}.{shown}" if prefix else shown


def _suggest(key: Any, allowed: tuple[str, ...]) -> str:
    if not isinstance(key, str):
        return ""
    close = difflib.get_close_matches(key, allowed, n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _check_keys(ctx: _Ctx, prefix: str, mapping: dict, allowed: tuple[str, ...], hint: str = "") -> None:
    for key in mapping:
        if key not in allowed:
            ctx.fail(_join(prefix, key), "unknown key" + (_suggest(key, allowed) or hint))


def _mapping(ctx: _Ctx, where: str, value: Any) -> dict:
    if not isinstance(value, dict):
        ctx.fail(where, f"expected a mapping of keys to values, got {_describe(value)}")
    return value


def _list(ctx: _Ctx, where: str, value: Any) -> list:
    if not isinstance(value, list):
        ctx.fail(where, f"expected a list (write [] for none), got {_describe(value)}")
    return value


def _whole(ctx: _Ctx, where: str, value: Any, minimum: int | None = 0, maximum: int | None = MAX_COUNT) -> int:
    if minimum is None:
        wanted = "expected a whole number"
    elif maximum is None:
        wanted = f"expected a whole number ({minimum} or more)"
    else:
        wanted = f"expected a whole number ({minimum} to {maximum})"
    if isinstance(value, bool) or not isinstance(value, int):
        ctx.fail(where, f"{wanted}, got {_describe(value)}")
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        ctx.fail(where, f"{wanted}, got {_clip(str(value))}")
    return value


def _seed(ctx: _Ctx, value: Any) -> int:
    """A seed no game can take (setup refuses it) is a fault of the file, not of the game."""
    from .setup import MAX_SEED

    seed = _whole(ctx, "seed", value, minimum=None, maximum=None)
    if not -MAX_SEED <= seed <= MAX_SEED:
        ctx.fail(
            "seed",
            f"expected a whole number of at most {len(str(MAX_SEED))} digits, got one of {len(str(abs(seed)))} digits",
        )
    return seed


def _bool(ctx: _Ctx, where: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOL_WORDS:
        return _BOOL_WORDS[value.strip().lower()]
    ctx.fail(where, f"expected true or false, got {_describe(value)}")


def _text(ctx: _Ctx, where: str, value: Any, what: str = "text") -> str:
    if not isinstance(value, str) or not value.strip():
        ctx.fail(where, f"expected {what}, got {_describe(value)}")
    text = value.strip()
    if not text.isprintable():
        ctx.fail(where, f"expected {what} on one line, got {_describe(value)}")
    return text


def _choice(ctx: _Ctx, where: str, value: Any, options: tuple[str, ...]) -> str:
    word = value.strip().lower() if isinstance(value, str) else None
    if word not in options:
        ctx.fail(where, f"expected one of {', '.join(options)}, got {_describe(value)}")
    return word


def _card(ctx: _Ctx, where: str, value: Any, what: str = "card") -> str:
    if not isinstance(value, str) or not value.strip():
        ctx.fail(where, f"expected a {what} name, got {_describe(value)}")
    canonical = ctx.known_names(value.strip())
    if canonical is None:
        ctx.fail(where, f"unknown {what} {_quote(value)}")
    return canonical


def _cards(ctx: _Ctx, where: str, value: Any, what: str = "card") -> list[str]:
    items = _list(ctx, where, value)
    return [_card(ctx, f"{where}[{i}]", item, what) for i, item in enumerate(items)]


def _unique_cards(ctx: _Ctx, where: str, value: Any, what: str = "card") -> list[str]:
    names = _cards(ctx, where, value, what)
    for i, name in enumerate(names):
        if name in names[:i]:
            ctx.fail(f"{where}[{i}]", f"{name} is listed twice")
    return names


def _pile_sizes(ctx: _Ctx, where: str, value: Any) -> dict[str, int]:
    sizes: dict[str, int] = {}
    for key, count in _mapping(ctx, where, value).items():
        name = _card(ctx, where, key)
        if name in sizes:
            ctx.fail(where, f"{name} is listed twice")
        sizes[name] = _whole(ctx, f"{where}.{name}", count)
    return sizes


# --------------------------------------------------------------------------- players


def _find_player(value: Any, players: list[str]) -> str | None:
    if not isinstance(value, str):
        return None
    wanted = value.strip().lower()
    return next((player for player in players if player.lower() == wanted), None)


def _player(ctx: _Ctx, where: str, value: Any, players: list[str]) -> str:
    if not isinstance(value, str):
        ctx.fail(where, f"expected a player name, got {_describe(value)}")
    found = _find_player(value, players)
    if found is None:
        ctx.fail(where, f"{_quote(value)} is not one of the players ({', '.join(players)})")
    return found


def _player_key(ctx: _Ctx, prefix: str, key: Any, players: list[str], keys: tuple[str, ...]) -> str:
    found = _find_player(key, players)
    if found is None:
        hint = f" (expected a player name or one of {', '.join(keys)})"
        ctx.fail(_join(prefix, key), "unknown key" + (_suggest(key, keys) or hint))
    return found


def _parse_players(ctx: _Ctx, value: Any) -> list[str]:
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PLAYERS:
        ctx.fail("players", f"expected a list of 1 to {MAX_PLAYERS} names, got {_describe(value)}")
    names: list[str] = []
    for i, item in enumerate(value):
        names.append(_new_player(ctx, f"players[{i}]", item, names))
    return names


def _new_player(ctx: _Ctx, where: str, item: Any, names: list[str]) -> str:
    name = _text(ctx, where, item, "a player name")
    if name.lower() in RESERVED_PLAYER_NAMES:
        ctx.fail(where, f"{_quote(name)} cannot be a player name: it is a key of setup or expect")
    if _find_player(name, names) is not None:
        ctx.fail(where, f"{_quote(name)} is listed twice")
    return name


# --------------------------------------------------------------------------- setup


@dataclass
class _Setup:
    players: dict[str, PlayerSetup] = field(default_factory=dict)
    supply: dict[str, int] = field(default_factory=dict)
    trash: list[str] = field(default_factory=list)
    phase: str | None = None
    turn: int | None = None


def _player_value(ctx: _Ctx, where: str, key: str, value: Any) -> Any:
    if key in COUNTERS:
        return _whole(ctx, where, value)
    if key in HOLDINGS:
        return _unique_cards(ctx, where, value, _KIND_OF_NAME[key])
    return _cards(ctx, where, value)


def _player_setup(ctx: _Ctx, where: str, value: Any) -> PlayerSetup:
    mapping = _mapping(ctx, where, value)
    _check_keys(ctx, where, mapping, PLAYER_KEYS)
    values = {key: _player_value(ctx, f"{where}.{key}", key, item) for key, item in mapping.items()}
    return PlayerSetup(**values)


def _parse_setup(ctx: _Ctx, value: Any, players: list[str]) -> _Setup:
    setup = _Setup()
    for key, item in _mapping(ctx, "setup", value).items():
        where = _join("setup", key)
        if key == "supply":
            setup.supply = _pile_sizes(ctx, where, item)
        elif key == "trash":
            setup.trash = _cards(ctx, where, item)
        elif key == "phase":
            setup.phase = _choice(ctx, where, item, SETUP_PHASES)
        elif key == "turn":
            setup.turn = _whole(ctx, where, item, minimum=1)
        else:
            _add_player_setup(ctx, setup, key, item, players)
    return setup


def _add_player_setup(ctx: _Ctx, setup: _Setup, key: Any, item: Any, players: list[str]) -> None:
    player = _player_key(ctx, "setup", key, players, SETUP_TOP_KEYS)
    if player in setup.players:
        ctx.fail(_join("setup", key), f"player {player} is set up twice")
    setup.players[player] = _player_setup(ctx, f"setup.{player}", item)


# --------------------------------------------------------------------------- steps


def _step_line(ctx: _Ctx, where: str, value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        return str(value)
    if not isinstance(value, str):
        ctx.fail(where, f"expected a line of text, got {_describe(value)}")
    line = value.rstrip("\r\n")
    if "\n" in line or "\r" in line:
        ctx.fail(where, f"expected a single line, got {_describe(value)}")
    return line


def _parse_step(ctx: _Ctx, where: str, item: Any) -> Step:
    if not isinstance(item, dict):
        return Step(_step_line(ctx, where, item))
    hint = " (a step is a line or {line: ..., rejected: true}; quote lines containing ': ')"
    _check_keys(ctx, where, item, STEP_KEYS, hint)
    if "line" not in item:
        ctx.fail(f"{where}.line", "missing (required)")
    line = _step_line(ctx, f"{where}.line", item["line"])
    return Step(line, _bool(ctx, f"{where}.rejected", item.get("rejected", False)))


def _parse_steps(ctx: _Ctx, value: Any) -> list[Step]:
    items = _list(ctx, "steps", value)
    return [_parse_step(ctx, f"steps[{i}]", item) for i, item in enumerate(items)]


# --------------------------------------------------------------------------- expect


def _word(ctx: _Ctx, where: str, value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str) or not value.strip():
        ctx.fail(where, f"expected a word, got {_describe(value)}")
    return value.strip()


def _phrase(ctx: _Ctx, where: str, item: Any) -> list[str]:
    if isinstance(item, (str, int)):
        return [_word(ctx, where, item)]
    if not isinstance(item, list) or not item:
        ctx.fail(where, f"expected a list of one or more words, got {_describe(item)}")
    return [_word(ctx, f"{where}[{i}]", word) for i, word in enumerate(item)]


def _phrases(ctx: _Ctx, where: str, value: Any, players: list[str]) -> list[list[str]]:
    items = _list(ctx, where, value)
    return [_phrase(ctx, f"{where}[{i}]", item) for i, item in enumerate(items)]


def _winner(ctx: _Ctx, where: str, value: Any, players: list[str]) -> str | list[str]:
    if not isinstance(value, list):
        return _player(ctx, where, value, players)
    if not value:
        ctx.fail(where, "expected a player name or a list of one or more names, got an empty list")
    names = [_player(ctx, f"{where}[{i}]", item, players) for i, item in enumerate(value)]
    for i, name in enumerate(names):
        if name in names[:i]:
            ctx.fail(f"{where}[{i}]", f"{name} is listed twice")
    return names


_EXPECT_TOP: dict[str, Callable[[_Ctx, str, Any, list[str]], Any]] = {
    "supply": lambda ctx, where, value, players: _pile_sizes(ctx, where, value),
    "trash": lambda ctx, where, value, players: _cards(ctx, where, value),
    "turn": lambda ctx, where, value, players: _whole(ctx, where, value, minimum=1),
    "current": _player,
    "waiting_on": _player,
    "phase": lambda ctx, where, value, players: _choice(ctx, where, value, EXPECT_PHASES),
    "game_over": lambda ctx, where, value, players: _bool(ctx, where, value),
    "winner": _winner,
    "said": _phrases,
    "not_said": _phrases,
}


def _expect_player_value(ctx: _Ctx, where: str, key: str, value: Any) -> Any:
    if key == "score":
        return _whole(ctx, where, value, minimum=None, maximum=None)
    if key.endswith("_count"):
        return _whole(ctx, where, value)
    return _player_value(ctx, where, key, value)


def _expect_player(ctx: _Ctx, where: str, value: Any) -> dict[str, Any]:
    mapping = _mapping(ctx, where, value)
    _check_keys(ctx, where, mapping, EXPECT_PLAYER_KEYS)
    return {key: _expect_player_value(ctx, f"{where}.{key}", key, item) for key, item in mapping.items()}


def _empty_expect() -> dict:
    return {"players": {}, "top": {}}


def _parse_expect(ctx: _Ctx, value: Any, players: list[str]) -> dict:
    result: dict[str, dict] = _empty_expect()
    for key, item in _mapping(ctx, "expect", value).items():
        where = _join("expect", key)
        if key in _EXPECT_TOP:
            result["top"][key] = _EXPECT_TOP[key](ctx, where, item, players)
            continue
        player = _player_key(ctx, "expect", key, players, EXPECT_TOP_KEYS)
        if player in result["players"]:
            ctx.fail(where, f"player {player} has two expect entries")
        result["players"][player] = _expect_player(ctx, f"expect.{player}", item)
    return result


# --------------------------------------------------------------------------- top level


def _load_yaml(ctx: _Ctx, text: str) -> Any:
    try:
        return yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}" if mark is not None else "file"
        problem = " ".join(str(error.problem or error.context or "syntax error").split())
        ctx.fail(where, f"not valid YAML: {problem}")
    except RecursionError:
        ctx.fail("file", "not valid YAML: nested too deeply")
    except Exception as error:  # noqa: BLE001 - any parser failure is a bad file
        ctx.fail("file", f"not valid YAML: {_clip(' '.join(str(error).split()), 100)}")


def _optional(data: dict, key: str, parse: Callable[[Any], Any], default: Any) -> Any:
    return parse(data[key]) if key in data else default


def parse_scenario(text: str, path: str, known_names: KnownNames) -> Scenario:
    """Validate the YAML `text` of the scenario file at `path`; raise ScenarioError."""
    ctx = _Ctx(path, known_names)
    data = _load_yaml(ctx, text)
    if not isinstance(data, dict):
        wanted = "expected a mapping of scenario keys (name, players, steps, ...)"
        ctx.fail("top level", f"{wanted}, got {_describe(data)}")
    _check_keys(ctx, "", data, TOP_KEYS)
    for key in REQUIRED_KEYS:
        if key not in data:
            ctx.fail(key, "missing (required)")
    name = _text(ctx, "name", data["name"], "the scenario name as text")
    players = _parse_players(ctx, data["players"])
    setup = _optional(data, "setup", lambda value: _parse_setup(ctx, value, players), _Setup())
    return Scenario(
        path=path,
        name=name,
        players=players,
        kingdom=_optional(data, "kingdom", lambda value: _unique_cards(ctx, "kingdom", value), []),
        landscapes=_optional(
            data,
            "landscapes",
            lambda value: _unique_cards(ctx, "landscapes", value, "landscape"),
            [],
        ),
        mouse=_optional(data, "mouse", lambda value: _card(ctx, "mouse", value), None),
        seed=_optional(data, "seed", lambda value: _seed(ctx, value), 0),
        setup_players=setup.players,
        supply=setup.supply,
        trash=setup.trash,
        phase=setup.phase,
        turn=setup.turn,
        steps=_parse_steps(ctx, data["steps"]),
        expect=_optional(data, "expect", lambda value: _parse_expect(ctx, value, players), _empty_expect()),
    )


def load_scenario(path: str, known_names: KnownNames) -> Scenario:
    """Read and validate the scenario file at `path`; raise ScenarioError."""
    try:
        raw = _read_regular_file(path)
    except OSError as error:
        raise ScenarioError(f"{path}: file: cannot read: {error.strerror or error}") from error
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ScenarioError(f"{path}: file: not UTF-8 text (byte {error.start})") from error
    return parse_scenario(text, path, known_names)


def _read_regular_file(path: str) -> bytes:
    """The bytes of a regular file of sane size. Opening without blocking and checking the
    open file itself means a named pipe cannot hang the runner, nor /dev/zero fill memory."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ScenarioError(f"{path}: file: cannot read: not a regular file")
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise ScenarioError(f"{path}: file: too large (more than {MAX_FILE_BYTES:,} bytes)")
    return raw
