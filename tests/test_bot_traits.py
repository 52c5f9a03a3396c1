"""Every card's traits as the bots judge it, pinned: the traits are read from the rules text, so a
reworded card (or a changed parse) shows here as a changed line instead of silently changing how
the bots play. A new card adds its line. After a deliberate change, write the table again:

    python tests/test_bot_traits.py > tests/bot_traits.txt

and check that each changed line says what the card really does (DECLARED in
dominion_tui/bots/traits.py corrects what the text cannot say)."""

from __future__ import annotations

import difflib
import sys
from pathlib import Path

PINNED = Path(__file__).resolve().parent / "bot_traits.txt"


def current() -> list[str]:
    from dominion_tui.bots.traits import table
    from dominion_tui.setup import database

    return table(database())


def test_every_cards_traits_are_pinned() -> None:
    changed = list(difflib.unified_diff(PINNED.read_text().splitlines(), current(), "pinned", "now", lineterm="", n=0))
    assert not changed, "\n".join(changed)


if __name__ == "__main__":
    sys.path.insert(0, str(PINNED.parent.parent))
    print("\n".join(current()))
