"""Choosing a kingdom: recommended sets, the randomizer's rules, the flags and `dominion kingdom`."""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

import pytest

from dominion_tui import cli, kingdoms
from dominion_tui.core.game import Config, Game, SetupError
from dominion_tui.kingdoms import MOUSE, RECOMMENDED, Recommended, card_sets, offered, randomize
from dominion_tui.setup import check_config, database, new_game
from tests.processes import dominion

DB = database()
SET_CHOICES = [card_sets(DB)] + [[s] for s in card_sets(DB)]  # all, then each set alone


def flags(**kw) -> argparse.Namespace:
    base = dict(players="Ann,Ben", kingdom="random", landscapes=None, sets=None, exclude="", seed=1)
    return argparse.Namespace(**{**base, **kw})


def setup_only(config: Config) -> Game:
    check_config(config, DB)
    game = Game(DB, config)
    game.setup(deal=False)
    return game


def rule_breaks(seed: int, sets: list[str]) -> list[str]:
    """Every way the random setup for this seed and these sets breaks the rules (none, we hope)."""
    choice = randomize(DB, seed, sets)
    k, lands = choice.kingdom, choice.landscapes
    why = []
    if len(k) != 10 or len(set(k)) != 10:
        why.append(f"kingdom {k}")
    if any(DB[n].kind != "kingdom" or DB[n].set not in sets for n in k):
        why.append(f"a card outside {sets}: {k}")
    if len(lands) > 2 or len(set(lands)) != len(lands) or sum(DB[n].kind == "way" for n in lands) > 1:
        why.append(f"landscapes {lands}")
    if any(DB[n].kind not in ("event", "way", "project") or DB[n].set not in sets for n in lands):
        why.append(f"a landscape outside {sets}: {lands}")
    game = setup_only(Config(["Ann", "Ben"], k, lands, seed))
    aside = game.set_aside_for.get(MOUSE)
    if (aside is not None) != (MOUSE in lands):
        why.append("Way of the Mouse without its card, or a card without the Way")
    if aside is not None:
        d = aside.defn
        if not (
            d.is_("Action")
            and not d.is_("Duration")
            and d.cost in (2, 3)
            and d.kind == "kingdom"
            and d.name not in k
            and d.set in sets
        ):
            why.append(f"Mouse card {d.name}")
    used = set().union(*(DB[n].uses for n in [*k, *lands, *([aside.name] if aside else [])]))
    if ("Horse" in game.nonsupply) != ("Horse" in used):
        why.append("a Horse pile that nothing uses, or none for a card that needs it")
    if randomize(DB, seed, sets) != choice:
        why.append("the same seed gave another kingdom")
    return [f"seed {seed}, sets {sets}: {w}" for w in why]


@pytest.mark.parametrize("sets", SET_CHOICES, ids=lambda s: "+".join(s))
def test_a_thousand_random_setups_follow_every_rule(sets: list[str]) -> None:
    broken = [w for seed in range(1, 1001) for w in rule_breaks(seed, sets)]
    assert not broken, broken[:5]


def test_random_setups_vary_and_draw_ways_the_mouse_and_landscapes() -> None:
    choices = [randomize(DB, seed, card_sets(DB)) for seed in range(1, 301)]
    assert len({tuple(c.kingdom) for c in choices}) == 300
    assert any(MOUSE in c.landscapes for c in choices)
    # dealt with the Kingdom cards, most draws bring 2 landscapes (the pool has 60 of them)
    assert 2 in {len(c.landscapes) for c in choices} and max(len(c.landscapes) for c in choices) <= 2


def test_the_menagerie_rulebook_sets_are_as_published() -> None:
    sets = {r.name: r for r in RECOMMENDED}
    assert sets["Intro to Horses"].kingdom == (
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
    )
    assert sets["Intro to Horses"].landscapes == ("Enhance", "Way of the Sheep")
    assert set(sets["Intro to Exile"].kingdom) == {
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
    }
    assert sets["Intro to Exile"].landscapes == ("March", "Way of the Worm")


def test_every_recommended_set_is_a_legal_kingdom_and_the_teaching_sets_teach() -> None:
    assert [r.name for r in offered(DB)][:3] == ["First game", "Intro to Horses", "Intro to Exile"]
    for r in offered(DB):
        lands = r.landscapes_in(DB)
        assert len(set(r.kingdom)) == len(r.kingdom) == (9 if r.name == "First game" else 10), r.name
        assert len(lands) <= 2 and sum(DB[n].kind == "way" for n in lands) <= 1, r.name
        assert r.about and "." not in r.about, r.name  # one line, ended by the question
        setup_only(Config(["Ann", "Ben"], list(r.kingdom), lands, 1))
    uses = {r.name: set().union(*(DB[n].uses for n in (*r.kingdom, *r.landscapes_in(DB)))) for r in offered(DB)}
    kinds = {r.name: {DB[n].kind for n in r.landscapes_in(DB)} for r in offered(DB)}
    assert {"Coffers", "Villagers"} <= uses["Saving Up"]
    assert {d.name for d in DB.of_kind("artifact")} <= uses["Heirlooms"]
    assert "project" in kinds["Public Works"] and "Barracks" in RECOMMENDED[5].landscapes_in(DB)
    assert kinds["Market Day"] == {"event"} and "way" in kinds["Ways and Means"]


def test_a_set_naming_a_card_we_lack_is_not_offered_and_refused_in_one_line(monkeypatch) -> None:
    ghost = Recommended("Ghost Town", "not yet", ("Sheepdog", "Nonesuch"), ("Barracks",))
    monkeypatch.setattr(kingdoms, "RECOMMENDED", RECOMMENDED + (ghost,))
    assert "Ghost Town" not in [r.name for r in offered(DB)]
    with pytest.raises(SetupError, match="^Ghost Town needs Nonesuch, which this game does not have yet.$"):
        cli.choose(flags(kingdom="ghost town"))
    # a Project not written yet is simply left out of a set that would take it
    later = Recommended("Later", "x", ("Sheepdog",), ("Barracks",), if_present=("Nonesuch", "Ride"))
    assert later.landscapes_in(DB) == ["Barracks", "Ride"]


def test_the_flags_take_beginnings_sets_numbers_and_exclusions() -> None:
    assert cli.choose(flags(kingdom="sheepd,barg,village g")).kingdom == ["Sheepdog", "Barge", "Village Green"]
    with pytest.raises(SetupError, match="could be .*Sheepdog"):
        cli.choose(flags(kingdom="s"))
    horses = cli.choose(flags(kingdom="intro to HORSES"))
    assert horses.name == "Intro to Horses" and horses.landscapes == ["Enhance", "Way of the Sheep"]
    assert len(cli.choose(flags(kingdom="Intro to Horses", landscapes="1")).landscapes) == 1
    assert cli.choose(flags(kingdom="Intro to Horses", landscapes="")).landscapes == []
    assert cli.choose(flags(kingdom="barge", landscapes="ride,ox")).landscapes == ["Ride", "Way of the Ox"]
    for seed in range(1, 60):
        c = cli.choose(flags(seed=seed, sets="menag", landscapes="2", exclude="Sheepdog,Way of the Ox"))
        assert len(c.landscapes) == 2 and {DB[n].set for n in c.kingdom + c.landscapes} == {"Menagerie"}
        assert "Sheepdog" not in c.kingdom and "Way of the Ox" not in c.landscapes
    with pytest.raises(SetupError, match="Unknown set: chess"):
        cli.choose(flags(sets="chess"))
    with pytest.raises(SetupError, match="0 to 2"):
        cli.choose(flags(landscapes="3"))
    # --exclude is for random draws: a set asked for by name is played as it is
    assert "Sheepdog" in cli.choose(flags(kingdom="Intro to Horses", exclude="sheepdog")).kingdom
    with pytest.raises(SetupError, match="10 are needed"):
        cli.choose(
            flags(
                sets="renaissance",
                exclude="Ducat,Lackeys,Improve,Priest,Seer,Spices,"
                "Villain,Patron,Scholar,Scepter,Research,Hideout,Inventor,Experiment,"
                "Recruiter,Sculptor",
            )
        )


def run(args: list[str], stdin: str = "", home: Path | None = None) -> subprocess.CompletedProcess:
    return dominion(args, stdin, home, timeout=60)


def mouse_seed() -> int:
    return next(s for s in range(1, 500) if MOUSE in randomize(DB, s, card_sets(DB)).landscapes)


def test_dominion_kingdom_prints_what_the_game_would_play(tmp_path: Path) -> None:
    seed = mouse_seed()
    res = run(["kingdom", "--kingdom", "random", "--seed", str(seed)])
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["Kingdom", "Landscapes", MOUSE]
    # the game with the same flags plays exactly that kingdom and sets aside that card
    played = run(
        ["--players", "Ann,Ben", "--no-pause", "--kingdom", "random", "--seed", str(seed)], "quit\n", tmp_path
    ).stdout.splitlines()
    assert lines[0] in played
    choice = cli.choose(flags(seed=seed))
    game = new_game(Config(["Ann", "Ben"], choice.kingdom, choice.landscapes, seed))
    assert lines[2] == f"{MOUSE}: {game.set_aside_for[MOUSE].name}."
    res = run(["kingdom", "--kingdom", "Intro to Exile", "--seed", "3"])
    assert res.stdout.splitlines() == [
        "Kingdom: Black Cat, Camel Train, Snowy Village, Stockpile, Bounty Hunter, Cardinal, "
        "Falconer, Mastermind, Sanctuary, Wayfarer.",
        "Landscapes: March, Way of the Worm.",
    ]
    bad = run(["kingdom", "--kingdom", "s"])
    assert bad.returncode == 2 and bad.stdout == "" and len(bad.stderr.splitlines()) == 1


def opening(tmp_path: Path, answers: list[str]) -> list[str]:
    res = run(["--players", "Ann,Ben", "--no-pause", "--seed", "7"], "\n".join(answers) + "\n", tmp_path)
    assert res.returncode == 0, res.stderr
    return res.stdout.splitlines()


def test_the_opening_question_lists_the_sets_describes_cards_and_defaults_to_the_first_game(tmp_path: Path) -> None:
    out = opening(tmp_path, ["describe camel", "0", "", "quit"])
    n = len(offered(DB))
    assert out[0] == "Which kingdom? Enter for 1, First game. Type describe and a card to hear it."
    assert out[2].startswith("2. Intro to Horses: Menagerie rulebook")
    assert out[n + 1].startswith(f"{n + 1}. random") and out[n + 2] == f"{n + 2}. by name: you name the cards."
    assert any(line.startswith("Camel Train: 3 coins, Action. Exile a non-Victory card") for line in out)
    assert f"Type a number from 1 to {n + 2}, or press Enter for First game." in out
    assert (
        "Kingdom: Black Cat, Border Guard, Supplies, Sheepdog, Bounty Hunter, Patron, Silk Merchant, "
        "Village Green, Barge." in out
    )
    assert "This game uses the Horse pile, Exile mats, Coffers, Villagers, the Horn and the Lantern." in out


def test_the_opening_questions_take_a_set_by_name_random_by_sets_and_cards_by_name(tmp_path: Path) -> None:
    out = opening(tmp_path, ["intro to ex", "quit"])
    assert any(line.startswith("Kingdom: Black Cat, Camel Train") for line in out)
    assert "This game uses Exile mats." in out
    out = opening(tmp_path / "2", ["random", "describe sheepdog", "3", "quit"])
    assert out[-1] != "" and "Cards from which sets? 1. all, 2. Menagerie, 3. Renaissance. Enter for all." in out
    kingdom = next(line for line in out if line.startswith("Kingdom: "))
    want = cli.choose(flags(seed=7, sets="Renaissance"))
    assert kingdom == f"Kingdom: {', '.join(want.kingdom)}."
    out = opening(tmp_path / "3", ["by name", "sheep,sheepdog", "sheep,barg", "ride, ox", "quit"])
    assert "Name up to 10 different Kingdom cards, or press Enter for a random kingdom." in out
    assert "Kingdom: Sheepdog, Barge." in out and "Ride, 2 coins: Event. Gain a Horse." in out


def test_quit_works_at_the_sets_and_names_questions(tmp_path: Path) -> None:
    for i, answers in enumerate((["random", "quit"], ["by name", "quit"], ["by name", "barge", "quit"])):
        out = opening(tmp_path / str(i), answers)
        assert out[-1] == "No game started." and not any(line.startswith("Kingdom: ") for line in out)


def test_exile_mats_are_mentioned_only_when_a_card_uses_them() -> None:
    from dominion_tui.queries import Queries

    plain = new_game(Config(["Ann", "Ben"], ["Sheepdog", "Barge"], [], 1))
    exiling = new_game(Config(["Ann", "Ben"], ["Sheepdog", "Barge"], ["Way of the Worm"], 1))
    ann = plain.players[0]
    assert Queries(plain, list, list).q_exile("", ann) == ["No card in this game uses Exile mats."]
    assert "Exile" not in " ".join(Queries(plain, list, list).q_others("", ann))
    assert "Horse" not in plain.nonsupply and "Horse" in new_game(Config(["Ann", "Ben"], ["Supplies"], [], 1)).nonsupply
    assert Queries(exiling, list, list).q_exile("", exiling.players[0])[0] == "Ann's Exile mat: nothing."
    assert "Exile nothing" in " ".join(Queries(exiling, list, list).q_others("", exiling.players[0]))


def test_way_of_the_mouse_named_with_one_set_sets_aside_a_card_of_that_set() -> None:
    for seed in range(1, 80):
        choice = cli.choose(flags(seed=seed, sets="renaissance", landscapes="way of the mouse"))
        game = setup_only(Config(["Ann", "Ben"], choice.kingdom, choice.landscapes, seed))
        assert game.set_aside_for[MOUSE].defn.set == "Renaissance"
