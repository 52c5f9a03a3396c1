"""Choosing a kingdom: the recommended sets, the randomizer, and what a setup brings.

Everything here turns flags or answers into plain lists of card names; the chosen names go into
the Config, so a saved game resumes with its kingdom without drawing it again. The randomizer
has its own generator seeded with the game's seed: the same seed gives the same kingdom, and the
game's own generator is left untouched (Way of the Mouse's card is drawn by the game's setup).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from cards.menagerie.ways import MOUSE, mouse_pool

from .core.game import SetupError
from .core.registry import CardDB
from .interpreter import match_name

LANDSCAPES = ("event", "way", "project")
MAX_LANDSCAPES, MAX_WAYS, KINGDOM_SIZE = 2, 1, 10
RANDOM = "random"


@dataclass(frozen=True)
class Recommended:
    """A kingdom with a name and one line a player hears before choosing it."""

    name: str
    about: str
    kingdom: tuple[str, ...]
    landscapes: tuple[str, ...] = ()
    # Projects still being written: each joins the set once the card database has it
    if_present: tuple[str, ...] = ()

    def missing(self, db: CardDB) -> list[str]:
        return [n for n in (*self.kingdom, *self.landscapes) if n not in db]

    def landscapes_in(self, db: CardDB) -> list[str]:
        extra = [n for n in self.if_present if n in db]
        return [*self.landscapes, *extra][:MAX_LANDSCAPES]


PILOT_KINGDOM = [
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
PILOT_LANDSCAPES = ["Ride", "Barracks"]

RECOMMENDED: tuple[Recommended, ...] = (
    Recommended(
        "First game",
        "this game's own: a gentle start with a little of everything, Horses and Exile included",
        tuple(PILOT_KINGDOM),
        tuple(PILOT_LANDSCAPES),
    ),
    # The two sets of the Menagerie rulebook, as published randomizer data lists them.
    Recommended(
        "Intro to Horses",
        "Menagerie rulebook: Horses, an Event and a Way",
        (
            "Supplies",
            "Goatherd",
            "Scrap",
            "Sheepdog",
            "Hostelry",
            "Barge",
            "Livery",
            "Paddock",
            "Destrier",
            "Animal Fair",
        ),
        ("Enhance", "Way of the Sheep"),
    ),
    Recommended(
        "Intro to Exile",
        "Menagerie rulebook: Exile mats, an Event and a Way",
        (
            "Black Cat",
            "Camel Train",
            "Snowy Village",
            "Stockpile",
            "Bounty Hunter",
            "Cardinal",
            "Falconer",
            "Mastermind",
            "Sanctuary",
            "Wayfarer",
        ),
        ("March", "Way of the Worm"),
    ),
    # Our own kingdoms, one for each new idea of the two sets; none of them is official.
    Recommended(
        "Saving Up",
        "this game's own: Coffers save coins and Villagers save Actions",
        (
            "Lackeys",
            "Ducat",
            "Acting Troupe",
            "Improve",
            "Silk Merchant",
            "Patron",
            "Recruiter",
            "Sculptor",
            "Spices",
            "Villain",
        ),
    ),
    Recommended(
        "Heirlooms",
        "this game's own: all 5 Artifacts, passed from player to player",
        (
            "Border Guard",
            "Experiment",
            "Cargo Ship",
            "Flag Bearer",
            "Mountain Village",
            "Hideout",
            "Scholar",
            "Old Witch",
            "Swashbuckler",
            "Treasurer",
        ),
    ),
    Recommended(
        "Public Works",
        "this game's own: Projects, bought once and kept all game",
        (
            "Ducat",
            "Experiment",
            "Improve",
            "Priest",
            "Inventor",
            "Mountain Village",
            "Research",
            "Seer",
            "Scepter",
            "Recruiter",
        ),
        ("Barracks",),
        if_present=("Pageant", "Academy", "Fair"),
    ),
    Recommended(
        "Market Day",
        "this game's own: Events, bought instead of a card",
        (
            "Sleigh",
            "Goatherd",
            "Snowy Village",
            "Cavalry",
            "Groom",
            "Hunting Lodge",
            "Kiln",
            "Fisherman",
            "Coven",
            "Wayfarer",
        ),
        ("Gamble", "Commerce"),
    ),
    Recommended(
        "Ways and Means",
        "this game's own: a Way, another use for every Action card",
        (
            "Black Cat",
            "Sheepdog",
            "Scrap",
            "Hostelry",
            "Falconer",
            "Displace",
            "Patron",
            "Priest",
            "Sculptor",
            "Destrier",
        ),
        ("Way of the Otter", "Delay"),
    ),
)


def offered(db: CardDB) -> list[Recommended]:
    """The recommended sets a player can pick: a set naming a card we lack is left out."""
    return [r for r in RECOMMENDED if not r.missing(db)]


def find_recommended(text: str) -> Recommended | None:
    low = " ".join(text.split()).lower()
    return next((r for r in RECOMMENDED if r.name.lower() == low), None)


def card_sets(db: CardDB) -> list[str]:
    return sorted({d.set for d in db.of_kind("kingdom")})


def parse_sets(text: str | None, db: CardDB) -> list[str]:
    """`--sets menagerie,renaissance` (any case, any unambiguous beginning); none means all."""
    names = card_sets(db)
    if not text or text.strip().lower() in ("all", ""):
        return names
    out = []
    for word in [w.strip() for w in text.split(",") if w.strip()]:
        name, why = match_name(word, names)
        if name is None:
            raise SetupError(f"Unknown set: {word[:24]}. Sets: {', '.join(n.lower() for n in names)}.")
        out.append(name)
    return sorted(set(out))


def resolve(words: list[str], db: CardDB, kinds: tuple[str, ...], what: str) -> list[str]:
    """Card names from exact names or any unambiguous beginning; one clear line when not."""
    candidates = sorted(d.name for d in db.of_kind(*kinds))
    out = []
    for word in words:
        name, why = match_name(word, candidates)
        if name is None:
            if why and "could be" in why:
                raise SetupError(f"{what} {why}")
            raise SetupError(f"Unknown {what}: {word}.")
        out.append(name)
    return out


def cost_order(names: list[str], db: CardDB) -> list[str]:
    return sorted(names, key=lambda n: (db[n].cost or 0, n))


@dataclass
class Choice:
    """A kingdom to play: its cards, its landscapes, and the recommended set it came from."""

    kingdom: list[str]
    landscapes: list[str]
    name: str | None = None


def randomize(
    db: CardDB,
    seed: int,
    sets: list[str],
    landscapes: str | int | list[str] = RANDOM,
    exclude: frozenset[str] = frozenset(),
    kingdom: list[str] | None = None,
) -> Choice:
    """A random kingdom as the rules suggest: landscapes are shuffled in with the Kingdom cards,
    cards are dealt until there are 10 Kingdom cards, and at most 2 landscapes (at most 1 Way)
    are kept. `landscapes` may instead be a number (exactly that many, drawn at random) or names.
    A given `kingdom` is kept; only the landscapes are then drawn."""
    rng = random.Random(seed)
    pool = sorted(d.name for d in db.of_kind("kingdom") if d.set in sets and d.name not in exclude)
    lands = sorted(d.name for d in db.of_kind(*LANDSCAPES) if d.set in sets and d.name not in exclude)
    if kingdom is None and len(pool) < KINGDOM_SIZE:
        raise SetupError(f"Only {len(pool)} Kingdom cards are left to choose from; 10 are needed.")
    if isinstance(landscapes, int) and not 0 <= landscapes <= MAX_LANDSCAPES:
        raise SetupError("--landscapes takes a number from 0 to 2, random, or names.")
    deck = pool + lands
    rng.shuffle(deck)
    dealt = [n for n in deck if db[n].kind == "kingdom"][:KINGDOM_SIZE]
    chosen = list(kingdom) if kingdom is not None else dealt
    if isinstance(landscapes, list):
        picked = list(landscapes)
    else:
        # with "random", the landscapes dealt before the 10th Kingdom card; with N, the first N
        last = deck.index(dealt[-1]) if dealt and landscapes == RANDOM else len(deck)
        want = MAX_LANDSCAPES if landscapes == RANDOM else landscapes
        picked = []
        for name in [n for n in deck if db[n].kind != "kingdom"]:
            if len(picked) == want or (landscapes == RANDOM and deck.index(name) > last):
                break
            if db[name].kind == "way" and any(db[p].kind == "way" for p in picked):
                continue  # at most 1 Way
            if name == MOUSE and not mouse_pool(db, chosen):
                continue  # no unused 2- or 3-cost Action left for it to set aside
            picked.append(name)
    return Choice(cost_order(chosen, db), picked)


def brings(db: CardDB, kingdom: list[str], landscapes: list[str], aside: Sequence[str] = ()) -> list[str]:
    """What the chosen cards add to the game, as a player needs to hear it before starting."""
    uses: set[str] = set()
    for n in [*kingdom, *landscapes, *aside]:
        uses |= db[n].uses
    parts = []
    if "Horse" in uses:
        parts.append("the Horse pile")
    if "Exile" in uses:
        parts.append("Exile mats")
    parts += [t for t in ("Coffers", "Villagers") if t in uses]
    parts += [f"the {u}" for u in sorted(uses) if u in db and db[u].kind == "artifact"]
    return parts
