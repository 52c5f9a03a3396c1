"""The names of the player's commands, apart from the code that runs them: the REPL completes
them before the game (and its cards) are loaded, so this module imports nothing."""

# The commands that only ask, in the order help and completion give them.
NAMES = (
    "hand",
    "supply",
    "status",
    "others",
    "exile",
    "trash",
    "describe",
    "kingdom",
    "log",
    "repeat",
    "score",
    "rules",
    "help",
)
