"""The README's two set-up commands are the contract: .ci/run runs the test command verbatim."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    """The indented command lines that open the README, before its first section."""
    head = (ROOT / "README.md").read_text(encoding="utf-8").split("\n## ", 1)[0]
    return [line.strip() for line in head.splitlines() if line.startswith("    ") and line.strip()]


def test_readme_opens_with_an_install_and_play_and_an_install_and_test_command() -> None:
    play, test = readme_commands()
    assert play.startswith("python3 -m venv .venv") and play.endswith("&& dominion")
    assert test.startswith("python3 -m venv .venv") and "&& pytest" in test
    assert "&& ruff check . && ruff format --check . && mypy &&" in test  # the checks run before the tests
    assert "dominion scenario tests/scenarios" in test


def test_ci_runs_the_readme_test_command_verbatim_as_its_last_line() -> None:
    test = readme_commands()[1]
    ci = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines() if line.strip()]
    assert ci[-1] == test
