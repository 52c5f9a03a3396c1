"""The opening lines come before prompt_toolkit's import (issue 12: first prompt within 250 ms)."""
from __future__ import annotations

import subprocess
import sys

PROBE = """
import sys
from dominion_tui.repl import PromptReader
reader = PromptReader()
print("prompt_toolkit" in sys.modules)
"""


def test_a_prompt_reader_imports_prompt_toolkit_only_at_its_first_read() -> None:
    res = subprocess.run([sys.executable, "-c", PROBE], text=True, capture_output=True, timeout=60)
    assert res.stdout.strip() == "False", res.stdout + res.stderr
