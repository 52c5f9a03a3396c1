"""The Basic cards: Treasures, Victory cards and Curses, with their pile sizes."""

from dominion_tui.core.dsl import treasure, victory
from dominion_tui.core.registry import CardDB


def _victory_pile(n: int) -> int:
    return 8 if n <= 2 else 12


def _province_pile(n: int) -> int:
    return {5: 15, 6: 18}.get(n, _victory_pile(n))


def register(db: CardDB) -> None:
    db.add(treasure("Copper", 0, 1))
    db.add(treasure("Silver", 3, 2, pile_size=40))
    db.add(treasure("Gold", 6, 3, pile_size=30))
    db.add(victory("Estate", 2, 1))
    db.add(victory("Duchy", 5, 3))
    db.add(victory("Province", 8, 6, ends_game=True))
    db.add(victory("Curse", 0, -1))
    db.starting_deck = {"Copper": 7, "Estate": 3}
    db.pile_rules.update(
        {
            "Copper": lambda n: (60 if n <= 4 else 120) - 7 * n,
            # 5 or 6 players add a second set's Treasures (Copper above: 120 less the decks).
            "Silver": lambda n: 40 if n <= 4 else 80,
            "Gold": lambda n: 30 if n <= 4 else 60,
            "Estate": _victory_pile,
            "Duchy": _victory_pile,
            "Province": _province_pile,
            "Curse": lambda n: 10 * max(1, n - 1),
        }
    )
