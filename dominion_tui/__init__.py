"""dominion-tui: Dominion for blind and low-vision players, in a terminal."""

__version__ = "0.1.0"
