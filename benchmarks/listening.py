"""How long a turn takes to hear: whole games played through a pipe, as a player would.

Run by hand: python benchmarks/listening.py [GAMES] [--level LEVEL] [--show SEED]
Plays `python -m dominion_tui --plain ...` through pipes with a simple scripted human (play every
Action it holds while it has Actions, then `treasures`, buy the best affordable card, `end`;
answer every question with its first option), against a computer and in 3-player hot-seat (with
the pause), at each verbosity level (or only LEVEL). Prints medians and 90th percentiles per turn:
own-turn lines, characters and prompts; computer-turn lines.
Goals at the normal level (issue 21): own turn median <= 7 lines and <= 300 characters, 90th
percentile <= 12 lines; computer turn median <= 3 lines, 90th percentile <= 6; a 3-player
hot-seat turn median <= 8 lines, 90th percentile <= 14.

The scripted human looks at its hand and coins with `hand` and `status`; those queries, their
answers and the prompts they were typed at are not counted: a player knows their own hand.
`--show SEED` prints the vs-computer game at the normal level, for reading it as a player would.
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from dominion_tui.core.model import plural  # noqa: E402

KINGDOM = [
    "Bounty Hunter",
    "Supplies",
    "Sheepdog",
    "Black Cat",
    "Village Green",
    "Barge",
    "Silk Merchant",
    "Patron",
    "Border Guard",
]
ACTIONS_FIRST = [
    "Village Green",
    "Border Guard",
    "Bounty Hunter",
    "Horse",
    "Silk Merchant",
    "Patron",
    "Barge",
    "Sheepdog",
    "Black Cat",
]
TREASURES = {"Copper", "Silver", "Gold", "Supplies"}
BUYS = {
    5: ["Barge", "Silver"],
    4: ["Village Green", "Silk Merchant", "Bounty Hunter", "Patron"],
    3: ["Silver", "Sheepdog", "Silver"],
    2: ["Ride", "Black Cat", "Supplies", "Border Guard"],
}
NAMES = KINGDOM + ["Copper", "Silver", "Gold", "Estate", "Duchy", "Province", "Curse", "Horse"]
SINGULAR = {plural(n): n for n in NAMES} | {n: n for n in NAMES}
TURN_LINE = re.compile(r"^(\w+)'s (?:extra )?turn \d+\.")
LEVELS = ("brief", "normal", "verbose")
MAX_TURNS = 60  # per game: enough for a steady picture, short of a full Province race


@dataclass
class Turn:
    player: str
    lines: list[str] = field(default_factory=list)
    prompts: int = 0


@dataclass
class Human:
    """The scripted player: plain money with a few Kingdom cards."""

    bought: int = 0
    actions_owned: int = 0

    def move(self, phase: str, hand: list[str], actions: int, buys: int, coins: int, played_treasures: bool) -> str:
        if phase == "action" and actions:
            for name in ACTIONS_FIRST:
                if name in hand:
                    return f"play {name}"
        if any(c in TREASURES for c in hand) and not played_treasures:
            return "treasures"
        if buys:
            want = self.purchase(coins)
            if want:
                self.bought += 1
                return f"buy {want}"
        return "end"

    def purchase(self, coins: int) -> str | None:
        if coins >= 8:
            return "Province"
        if coins >= 6:
            return "Gold"
        if coins < 2:
            return None
        options = BUYS[min(coins, 5)]
        want = options[self.bought % len(options)]
        if want in KINGDOM and self.actions_owned >= 2 + self.bought // 4:
            return "Silver" if coins >= 3 else None
        self.actions_owned += want in KINGDOM
        return want


def expand(text: str) -> list[str]:
    """'2 Coppers, Estate' -> ['Copper', 'Copper', 'Estate']."""
    out: list[str] = []
    for part in text.split(", "):
        m = re.match(r"(\d+) (.+)", part)
        k, name = (int(m.group(1)), m.group(2)) if m else (1, part)
        out += [SINGULAR.get(name, name)] * k
    return out


def number(pattern: str, text: str) -> int:
    m = re.search(pattern, text)
    return int(m.group(1)) if m else 0


class Game:
    def __init__(self, players: list[str], computers: list[str], seed: int, level: str, pause: bool) -> None:
        args = [
            sys.executable,
            "-m",
            "dominion_tui",
            "--plain",
            "--players",
            ",".join(players),
            "--kingdom",
            ",".join(KINGDOM),
            "--seed",
            str(seed),
            "--verbosity",
            level,
        ]
        if computers:
            args += ["--computer", ",".join(computers)]
        if not pause:
            args.append("--no-pause")
        env = dict(os.environ, XDG_DATA_HOME=tempfile.mkdtemp(prefix="listening-"))
        self.proc = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            env=env,
            bufsize=1,
        )
        self.humans = {p: Human() for p in players if p not in computers}
        self.players = players
        self.turns: list[Turn] = []
        self.transcript: list[str] = []
        self.played_treasures = False
        self.refused = False  # nothing happened after the last move: the game refused it

    def read_to_prompt(self) -> tuple[list[str], str | None]:
        """Lines up to the next prompt (a line ending in '>'); None at the end of the game."""
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                return lines, None
            line = line.rstrip("\n")
            if line.endswith(">") and len(line) < 40:
                return lines, line
            lines.append(line)

    def send(self, text: str) -> None:
        self.transcript.append(f"  [typed] {text}")
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def query(self, q: str) -> str:
        self.send(q)
        lines, _ = self.read_to_prompt()
        self.transcript += [f"  [query] {x}" for x in lines]
        return " ".join(lines)

    def count(self, lines: list[str]) -> None:
        for line in lines:
            self.transcript.append(line)
            m = TURN_LINE.match(line)
            if m:
                self.turns.append(Turn(m.group(1)))
                self.played_treasures = False
            if self.turns:
                self.turns[-1].lines.append(line)

    def play(self) -> None:
        lines, prompt = self.read_to_prompt()
        while prompt is not None:
            self.refused = bool(lines) and not any(re.match(r"\w*", x).group() in self.players for x in lines)
            self.count(lines)
            self.transcript.append(prompt)
            if len(self.turns) > MAX_TURNS or len(self.transcript) > 40 * MAX_TURNS * 3:
                break
            answer = self.answer(prompt)
            if self.turns:
                self.turns[-1].prompts += 1
            self.send(answer)
            lines, prompt = self.read_to_prompt()
        else:
            self.count(lines)
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        if self.turns and len(self.turns) > MAX_TURNS:
            self.turns.pop()  # unfinished

    def answer(self, prompt: str) -> str:
        who, _, what = prompt[:-1].partition(", ")
        if what in ("action", "buy") and who in self.humans:
            hand = expand(self.query("hand").split(": ", 1)[1].rstrip("."))
            status = self.query("status")
            act = self.humans[who].move(
                what,
                hand,
                number(r"(\d+) Actions?", status),
                number(r"(\d+) Buys?", status),
                number(r"(\d+) coins?,", status),
                self.played_treasures,
            )
            self.played_treasures |= act == "treasures"
            return "end" if self.refused else act
        if what == "yes or no":
            return "yes"
        if "Enter" in prompt:
            return ""
        return "1"


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else 0.0


def p90(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=10, method="inclusive")[-1] if len(xs) > 1 else median(xs)


def lines(turns: list[Turn]) -> str:
    n = [len(t.lines) for t in turns]
    return f"{median(n):g} lines (p90 {p90(n):g})"


def measure(games: int, levels: tuple[str, ...]) -> None:
    print(
        f"{games} games per row; medians per turn, 90th percentiles in brackets (goals at normal: "
        "own <= 7 lines (p90 <= 12), <= 300 characters; computer <= 3 lines (p90 <= 6); "
        "hot-seat <= 8 lines (p90 <= 14))"
    )
    for level in levels:
        own: list[Turn] = []
        bot: list[Turn] = []
        seat: list[Turn] = []
        for seed in range(1, games + 1):
            g = Game(["Me", "Bot"], ["Bot"], seed, level, pause=False)
            g.play()
            own += [t for t in g.turns if t.player == "Me"]
            bot += [t for t in g.turns if t.player == "Bot"]
            h = Game(["Ann", "Ben", "Cat"], [], seed, level, pause=True)
            h.play()
            seat += h.turns
        print(
            f"{level:8} vs computer: own turn {lines(own)}, "
            f"{median([sum(map(len, t.lines)) for t in own]):g} characters, "
            f"{median([t.prompts for t in own]):g} prompts; computer turn {lines(bot)} "
            f"({len(own)}+{len(bot)} turns)"
        )
        print(
            f"{'':8} hot-seat 3: own turn {lines(seat)}, "
            f"{median([sum(map(len, t.lines)) for t in seat]):g} characters, "
            f"{median([t.prompts for t in seat]):g} prompts ({len(seat)} turns)"
        )


def main(argv: list[str]) -> None:
    if argv[:1] == ["--show"]:
        seed = int(argv[1]) if len(argv) > 1 else 1
        level = argv[2] if len(argv) > 2 else "normal"
        g = Game(["Me", "Bot"], ["Bot"], seed, level, pause=False)
        g.play()
        print("\n".join(g.transcript))
        return
    levels: tuple[str, ...] = LEVELS
    if "--level" in argv:
        i = argv.index("--level")
        levels, argv = (argv[i + 1],), argv[:i] + argv[i + 2 :]
    measure(int(argv[0]) if argv else 4, levels)


if __name__ == "__main__":
    main(sys.argv[1:])
