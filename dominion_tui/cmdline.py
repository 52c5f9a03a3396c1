"""Command-line pieces shared by `dominion` (cli) and `dominion simulate`: neither imports the other."""

from __future__ import annotations

import argparse
import sys


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a bad command line gets one clear line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        sys.stderr.write(f"dominion: {message}. Try 'dominion --help'.\n")
        raise SystemExit(2)


def split(text: str) -> list[str]:
    """Comma-separated names, without control characters: names are printed and spoken."""
    text = "".join(ch for ch in text if ch.isprintable())
    return [t.strip() for t in text.split(",") if t.strip()]
