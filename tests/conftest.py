"""Every tests/scenarios/**/*.yaml file is collected as its own test (pytest -k bounty)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominion_tui.scenario import load, report, run_scenario
from dominion_tui.scenario_schema import ScenarioError


def pytest_collect_file(parent, file_path: Path):
    if file_path.suffix in (".yaml", ".yml") and "scenarios" in file_path.parts:
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        try:
            sc = load(str(self.path))
        except ScenarioError as e:
            raise ScenarioFailure(f"invalid scenario: {e}") from None
        out = run_scenario(sc)
        if not out.passed:
            raise ScenarioFailure(report(out, tail=12))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailure):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"


class ScenarioFailure(Exception):
    pass


_DATA_DIRS: list[str] = []


def pytest_configure(config) -> None:
    """Keep autosaves and crash logs of test games out of the user's real data directory."""
    import os
    import tempfile

    _DATA_DIRS.append(tempfile.mkdtemp(prefix="dominion-test-data-"))
    os.environ["XDG_DATA_HOME"] = _DATA_DIRS[-1]
    os.environ["PROMPT_TOOLKIT_NO_CPR"] = "1"


def pytest_unconfigure(config) -> None:
    """The data directory goes with the run: each run made a new one and left it in /tmp."""
    import shutil

    while _DATA_DIRS:
        shutil.rmtree(_DATA_DIRS.pop(), ignore_errors=True)
