"""`dominion host`: players at separate computers over SSH (issue 24), driven with the real
OpenSSH client over loopback."""

from __future__ import annotations

import os
import re
import select
import time
from pathlib import Path

import pexpect
import pytest

from dominion_tui.host.table import MAX_PENDING, Table
from tests.hostplay import NO_HOST_KEY_CHECK, PROMPT, SSH, Host, Player, hang_up_ends, lines, play_big_money

pytestmark = pytest.mark.skipif(SSH is None, reason="needs the OpenSSH client (ssh)")

GAME = ["--players", "Ann,Ben", "--kingdom", "random", "--landscapes", "0", "--seed", "7"]


@pytest.fixture
def data(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def hosts():
    made = []
    yield made
    for h in made:
        h.stop()


@pytest.fixture
def clients():
    made = []
    yield made
    for c in made:
        c.close()


def host(hosts, data, *flags):
    h = Host(data, *flags)
    hosts.append(h)
    return h


def join(clients, h, name, password=None, *extra, **kw):
    c = Player(h, name, password, *extra, **kw)
    clients.append(c)
    return c


def at_anns_buy(hosts, clients, data):
    """Ann and Ben joined to a hosted game, at Ann's first buy; Ann's hand as she was told it."""
    h = host(hosts, data, *GAME)
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect(r"Ann, action phase\. [^\r]*Hand: ([^\r]*)\.")
    hand = ann.p.match.group(1)
    ann.expect("Ann, action> ")
    ann.send("end")
    ann.expect("Ann, buy> ")
    return h, ann, ben, hand


def private(text: str, other: str) -> list[str]:
    """Lines in `text` that name `other`'s cards: their hand, their status, the cards they draw."""
    bad = re.compile(
        rf"{other}'s hand:|{other}, (action|buy) phase\.|"
        rf"{other}\b[^.\r\n]*?\bdraws (?!\d|a new hand of|nothing)"
    )
    return [ln for ln in lines(text) if bad.search(ln)]


def test_a_whole_game_between_two_ssh_clients_each_hearing_only_their_own_cards(hosts, clients, data):
    h = host(hosts, data, *GAME, "--verbosity", "verbose")
    ann = join(clients, h, "Ann")
    ann.expect("Waiting for Ben")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action phase")
    ben.expect("Ann's turn 1")
    play_big_money([ann, ben])
    a, b = ann.said(), ben.said()
    assert "Ann's hand" not in b and "Ben's hand" not in a
    assert private(a, "Ben") == [] and private(b, "Ann") == []
    # each hears their own new hand by name, the other's as a count
    assert "Ann draws a new hand: " in a and "Ben draws a new hand of 5 cards." in a
    assert "Ben draws a new hand: " in b and "Ann draws a new hand of 5 cards." in b
    for text in (a, b):
        assert "\x1b" not in text  # no colour, no cursor codes
        assert "Ann buys" in text and "Ben buys" in text
    h.expect("The game is over")
    h.expect(pexpect.EOF)  # the host ends with the game, and its autosave goes
    assert not (data / "dominion-tui" / "host.json").exists()


def test_wrong_password_unknown_name_and_taken_seat_are_refused_with_a_clear_line(hosts, clients, data):
    h = host(hosts, data, *GAME)
    wrong = join(clients, h, "Ann", "not-the-password", expect_in=False)
    wrong.expect("Wrong password. Try again.")
    zed = join(clients, h, "Zed", expect_in=False)
    zed.expect(r"There is no seat called Zed\. Seats: Ann, Ben\.")
    zed.expect(pexpect.EOF)
    ann = join(clients, h, "ann")  # the seat's name in any case
    ann.expect("Waiting for Ben")
    again = join(clients, h, "Ann", expect_in=False)
    again.expect("Ann's seat is taken")
    again.expect(pexpect.EOF)
    h.expect("refused as Zed")
    assert "Ann's seat is taken" not in ann.said()


def test_the_game_starts_when_every_seat_has_joined_and_computers_take_no_seat(hosts, clients, data):
    h = host(
        hosts,
        data,
        "--players",
        "Ann,Bot,Ben",
        "--computer",
        "Bot",
        "--kingdom",
        "random",
        "--landscapes",
        "0",
        "--seed",
        "3",
    )
    ann = join(clients, h, "Ann")
    ann.expect("Waiting for Ben")
    bot = join(clients, h, "Bot", expect_in=False)
    bot.expect("Bot is played by the computer")
    ann.send("hand")
    ann.expect("The game starts when everyone has joined. Waiting for Ben.")
    ben = join(clients, h, "Ben")
    ann.expect("Ben joined. Everyone is here.")
    ann.expect("Ann, action phase")
    ben.expect("Ann's turn 1")


def until_reaction(ann, ben, rounds: int = 12) -> str:
    """Ann buys an Estate every turn; Ben buys a Black Cat every turn, until Ben is asked on
    Ann's turn whether to play one (it reacts to another player gaining a Victory card).
    Returns the question's prompt."""
    plans = {"Ann": [], "Ben": []}
    end = time.monotonic() + 60
    turns = 0
    while time.monotonic() < end and turns < rounds * 2:
        select.select([ann.p.child_fd, ben.p.child_fd], [], [], 0.5)
        for pl in (ann, ben):
            if pl.expect([PROMPT, pexpect.TIMEOUT], timeout=0.001) != 0:
                continue
            kind = pl.p.match.group(2)
            if kind == "action":
                turns += 1
                plans[pl.name] = ["treasures", "buy Estate" if pl is ann else "buy Black Cat", "end"]
                pl.send("end")
            elif kind == "buy":
                pl.send(plans[pl.name].pop(0) if plans[pl.name] else "end")
            else:
                assert pl is ben, pl.p.after
                return pl.p.after
    raise AssertionError("Ben was never asked on Ann's turn")


def test_a_reaction_on_another_turn_is_asked_of_its_player_only_and_moves_out_of_turn_are_refused(hosts, clients, data):
    h = host(
        hosts,
        data,
        "--players",
        "Ann,Ben",
        "--kingdom",
        "Black Cat",
        "--landscapes",
        "0",
        "--seed",
        "5",
        "--verbosity",
        "verbose",
    )
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action phase")
    ben.send("buy Silver")
    ben.expect(r"It is Ann's turn\.")
    ben.send("hand")
    ben.expect(r"Ben's hand: ")
    prompt = until_reaction(ann, ben)
    assert prompt.startswith("Ben, ")
    ann.send("buy Silver")  # Ann's own turn, but Ben is being asked
    ann.expect(r"It is Ann's turn; Ben is answering\.")
    ann.send("hand")
    ann.expect(r"Ann's hand: ")
    ben.send("yes")
    ben.expect(r"Ben (plays Black Cat\.\r\nBen draws|reacts with Black Cat: draws) [A-Z]")  # own cards by name
    ann.expect(r"Ben (plays|reacts with) Black Cat")
    ann.expect("Ann gains a Curse")
    ann.send("log 40")  # the story told again is Ann's too
    ann.expect(r"draws 2 cards\.\r\nAnn gains a Curse")  # said again by the log
    a = ann.said()
    assert "Ben, " not in "".join(re.findall(r"\w+, (?:action|buy|choose|yes or no)> ", a))
    assert private(a, "Ben") == [] and private(ben.said(), "Ann") == []


def test_a_dropped_player_rejoins_at_the_same_question_and_the_others_are_told(hosts, clients, data):
    h, ann, ben, hand = at_anns_buy(hosts, clients, data)
    ann.close()  # the connection drops while Ann is being asked
    ben.expect(r"Ann left; the game waits for Ann\.")
    h.expect("Ann left")
    ben.send("status")  # queries still work while the game waits
    ben.expect(r"Ben")
    ben.send("buy Silver")
    ben.expect(r"It is Ann's turn\.")
    ann = join(clients, h, "Ann", expect_in=False)
    ann.expect(r"Welcome back, Ann\. It is Ann's turn\.")
    ann.expect(rf"Ann, buy phase\. [^\r]*Hand: {re.escape(hand)}\.")  # the same question, said again
    ann.expect("Ann, buy> ")
    ben.expect(r"Ann is back\.")
    ann.send("hand")
    ann.expect(rf"Ann's hand: {re.escape(hand)}\.")
    ann.send("treasures")
    ann.expect("Ann plays")
    ann.send("end")
    ben.expect(r"Ben, action phase")
    # a player who is not being asked drops; the game goes on until it needs them
    ann.close()
    ben.expect(r"Ann left\.")
    ben.send("end")
    ben.send("treasures")  # nothing left unplayed to ask about
    ben.send("end")
    ben.expect(r"The game waits for Ann to rejoin\.")
    ann = join(clients, h, "Ann")
    ann.expect(r"Ann, action phase")
    ann.expect("Ann, action> ")


def test_ctrl_c_at_the_host_saves_tells_everyone_and_resume_brings_the_game_back(hosts, clients, data):
    h, ann, ben, hand = at_anns_buy(hosts, clients, data)
    h.p.sendintr()
    for pl in (ann, ben):
        pl.expect(
            r"The host stopped the game\. It is saved: when the host types dominion host "
            r"--resume, join again with the same command\."
        )
        pl.expect(pexpect.EOF)
    h.expect(r"Game saved\. Type dominion host --resume to go on\.")
    h.expect(pexpect.EOF)
    assert (data / "dominion-tui" / "host.json").exists()
    key = data / "dominion-tui" / "host_key"
    assert key.stat().st_mode & 0o777 == 0o600  # made once, readable by its owner only
    made = key.read_bytes()
    h = host(hosts, data, "--resume")
    assert key.read_bytes() == made  # kept: players' ssh knows the host again
    ben = join(clients, h, "Ben")
    ben.expect("Waiting for Ann")
    ann = join(clients, h, "Ann")
    for pl in (ann, ben):
        pl.expect(r"Resum")
    ann.expect("Ann, buy> ")  # the same question, with the same hand
    ann.send("hand")
    ann.expect(rf"Ann's hand: {re.escape(hand)}\.")
    ann.send("treasures")
    ann.send("end")
    ben.expect(r"Ben, action phase")


HOSTILE = [
    "\x1b[31mred\x1b[0m",  # colour codes pasted
    "\x1b[A\x1b[B\x1b[C\x1b[D\x1bOP",  # arrow and function keys
    "\x00\x01\x1a\x1c\x1d\x1e\x1f",  # control keys
    "x" * 10_000,  # past the line limit
    "play \u202eCopper \u200b\u2028",  # bidirectional override, zero width, a line separator
    "buy \U0001d54aily \u0301\u0301\u0301",  # mathematical letters, lone combining marks
    "log 99999999999999999999",
    "describe " + "y" * 400,
    "%s%n%x {0} {game} ${HOME} `ls` $(ls)",
    "save /tmp/dominion-host-evil.json",
    "speech on",
    "rules " + "\u00e9" * 300,
    "help " * 99,
    "ways ask",
    "autoend off",
]


def test_a_seat_with_too_many_lines_waiting_is_refused_more():
    table = Table(["Ann", "Ben"])
    ann = table.seats["Ann"]
    assert all(table.typed(ann, "hand") is None for _ in range(MAX_PENDING))
    assert table.typed(ann, "hand") == "Too many lines at once; that one was not read."
    assert table.typed(table.seats["Ben"], "hand") is None  # per seat
    table.next()
    assert table.typed(ann, "hand") is None


def quiet(pl, seconds: float = 0.5, most: float = 30) -> None:
    """Read until nothing more has come for `seconds`."""
    end = time.monotonic() + most
    while time.monotonic() < end:
        size = len(pl.seen)
        time.sleep(seconds)
        if len(pl.said()) == size:
            return


def test_hostile_lines_over_ssh_get_one_line_each_and_the_game_goes_on(hosts, clients, data):
    h = host(hosts, data, *GAME)
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action> ")
    for pl in (ann, ben):  # the one asked and the one waiting
        for line in HOSTILE:
            pl.send(line)
        os.write(pl.p.child_fd, b"\xff\xfe\xc3(\r")  # bytes that are not UTF-8
        pl.expect("That line is not UTF-8 text; nothing was done.")
        pl.p.send("hanx\x7fd\r")  # backspace
        pl.expect(rf"{pl.name}'s hand: ")
        pl.p.send("junk\x15hand\r")  # Ctrl+U, then a line
        pl.expect(rf"{pl.name}'s hand: ")
        pl.p.send("more junk\x03hand\r")  # Ctrl+C drops the line being typed
        pl.expect(rf"{pl.name}'s hand: ")
        pl.p.send("hand\r" * 300)  # a paste flood: answered, or refused past a limit
        quiet(pl)
        pl.send("status")  # and the next line is read as ever
        pl.expect(r"Deck \d+, discard \d+", timeout=30)
    time.sleep(0.5)
    a, b = ann.said(), ben.said()
    assert "It is Ann's turn." in b and "That line is too long" in b
    assert "The host's computer saves the game" in a and "Speech is your screen reader's" in a
    assert "That line is too long" in a and "Unknown command 'red'." in a
    ann.send("treasures")  # Ann is in her Buy phase: the hostile "play Copper" played one
    ann.expect("Ann, buy> ")
    ann.send("end")
    ben.expect("Ben, action> ")
    assert not Path("/tmp/dominion-host-evil.json").exists()
    assert h.p.isalive()
    for text in (ann.said(), ben.said()):
        assert "went wrong" not in text and "Traceback" not in text


def test_only_the_game_is_offered_no_command_file_transfer_or_forwarding(hosts, clients, data):
    h = host(hosts, data, *GAME)
    base = ["-p", h.port, *NO_HOST_KEY_CHECK]
    for extra, said in (
        [["Ann@127.0.0.1", "ls"], "exec request failed"],
        [["-s", "Ann@127.0.0.1", "sftp"], "subsystem request failed"],
        [["-W", "127.0.0.1:22", "Ann@127.0.0.1"], "open failed"],
        [["-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:22", "Ann@127.0.0.1"], "forwarding failed"],
    ):
        p = pexpect.spawn(SSH, base + extra, encoding="utf-8", timeout=20, preexec_fn=hang_up_ends)
        p.expect("assword: ")
        p.sendline(h.password)
        p.expect(said)
        p.close(force=True)
    ann = join(clients, h, "Ann")  # and the seat is still free
    ann.expect("Waiting for Ben")


def wrong_password(clients, h) -> int:
    """Ben's wrong password: 0 when told to try again, 1 when locked out. A connection that ends
    with neither verdict was not judged: the host may not have seen the last try's connection
    close yet (a loaded machine), and refused this one as one too many, and it is tried again. A
    try the host counted without saying so would still show: the lock-out would come early."""
    seen = ""
    for _ in range(50):
        wrong = join(clients, h, "Ben", "guess", expect_in=False)
        said = wrong.expect(["Wrong password. Try again.", "Too many wrong passwords", pexpect.EOF])
        seen = wrong.said()
        wrong.close()
        if said < 2 or "Too many wrong passwords" in seen:
            return min(said, 1)
        time.sleep(0.1)
    raise AssertionError(f"no try was judged; the last connection said: {seen[-300:]!r}")


def test_failed_passwords_lock_an_address_out_and_connections_per_address_are_limited(hosts, clients, data):
    h = host(hosts, data, *GAME, "--max-connections", "2")
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    third = join(clients, h, "Ann", expect_in=False)
    third.expect(pexpect.EOF)
    assert "Too many connections from your address; close one and try again." in third.said()
    third.close()
    ben.close()
    for i in range(5):  # the fifth wrong password locks the address out at once
        assert wrong_password(clients, h) == (i == 4)
    right = join(clients, h, "Ben", expect_in=False)
    right.expect(pexpect.EOF)
    assert "Too many wrong passwords from your address; try again in 10 minutes." in right.said()
    assert h.p.isalive()
    ann.send("hand")  # the game goes on for those in, and waits for Ben
    ann.expect("Ann's hand: ")


def test_an_idle_connection_is_closed_and_may_rejoin(hosts, clients, data):
    h = host(hosts, data, *GAME, "--idle-timeout", "0.02")  # a second or so
    ann = join(clients, h, "Ann")
    ann.expect(r"No key pressed for [\d.]+ seconds: disconnected\.", timeout=10)
    ann.expect(pexpect.EOF)
    ann = join(clients, h, "Ann")
    ann.expect("Waiting for Ben")


def test_the_host_takes_a_seat_at_its_own_terminal_and_sees_who_joins_and_leaves(hosts, clients, data):
    h = host(hosts, data, *GAME, "--seat", "ann")
    ben = join(clients, h, "Ben")
    h.expect(r"Ben joined from 127\.0\.0\.1\.")
    h.expect(r"Ann, action phase\. [^\r]*Hand: ")
    ben.expect("Ann's turn 1")
    h.expect("Ann, action> ")
    h.p.sendline("end")
    h.expect("Ann, buy> ")
    h.p.sendline("treasures")
    h.p.sendline("end")
    ben.expect("Ben, action> ")
    ben.send("hand")
    ben.expect("Ben's hand: ")
    h.p.sendline("hand")  # the host's queries, on another's turn
    h.expect("Ann's hand: ")
    ben.close()
    h.expect(r"Ben left; the game waits for Ben\.")
    assert "Ben's hand" not in h.log.getvalue() and "Ben, action phase" not in h.log.getvalue()


def test_quit_or_ctrl_d_leaves_and_the_seat_waits_for_its_player(hosts, clients, data):
    h = host(hosts, data, *GAME)
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action> ")
    ben.send("quit")  # not being asked
    ben.expect(r"You left the game, Ben\. Join again with the same command; the game waits for you\.")
    ben.expect(pexpect.EOF)
    ann.expect(r"Ben left\.")
    ann.p.send("\x04")  # Ctrl+D on an empty line, at Ann's own question
    ann.expect("You left the game, Ann")
    ann.expect(pexpect.EOF)
    ben = join(clients, h, "Ben")
    ben.expect(r"The game waits for Ann to rejoin\.|It is Ann's turn\.")
    ann = join(clients, h, "Ann")
    ann.expect("Ann, action> ")
    assert h.p.isalive()


def test_tab_completes_and_up_recalls_the_last_line_over_ssh(hosts, clients, data):
    h = host(hosts, data, *GAME)
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action> ")
    ann.p.send("ha\t")
    ann.expect("hand")
    ann.p.send("\r")
    ann.expect("Ann's hand: ")
    ann.p.send("\x1b[A\r")  # Up: the line before, again
    ann.expect("Ann's hand: ")
    ben.p.send("sup\t\r")  # not asked: the commands that only ask complete
    ben.expect(r"coins: Copper")
    ann.p.send("en\t\r")
    ann.expect("Ann, buy> ")


def test_undo_over_ssh_is_heard_by_everyone_and_only_the_asked_player_may_undo(hosts, clients, data):
    h = host(hosts, data, *GAME)
    ann = join(clients, h, "Ann")
    ben = join(clients, h, "Ben")
    ann.expect("Ann, action> ")
    ann.send("end")
    ann.expect("Ann, buy> ")
    ann.send("treasures")
    ben.expect("Ann plays")
    ben.send("undo")  # not Ben's to take back
    ben.expect(r"It is Ann's turn\.")
    ann.send("undo")
    ann.expect("Ann takes back: treasures.")
    ben.expect("Ann takes back: treasures.")
    ann.expect("Ann, buy> ")
    ann.send("status")
    ann.expect(r"0 coins")


def test_host_setup_mistakes_get_one_line_and_exit_status_2(tmp_path):
    import socket
    import subprocess
    import sys

    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path))

    def run(*flags):
        return subprocess.run(
            [sys.executable, "-m", "dominion_tui", "host", "--listen", "127.0.0.1", *flags],
            capture_output=True,
            text=True,
            env=env,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )

    game = ["--players", "Ann,Ben", "--kingdom", "random"]
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        res = run(*game, "--port", str(busy.getsockname()[1]))
    assert res.returncode == 2 and "it is in use; choose another with --port." in res.stderr
    res = run(*game, "--seat", "Zed", "--port", "0")
    assert res.returncode == 2 and "--seat names no player's seat: Zed. Seats: Ann, Ben." in res.stderr
    res = run("--players", "Bot", "--computer", "Bot", "--kingdom", "random", "--port", "0")
    assert res.returncode == 2 and "every seat is the computer's" in res.stderr
    res = run("--resume")
    assert res.returncode == 2 and "host.json" in res.stderr
    assert "Traceback" not in res.stderr


def test_a_client_without_a_terminal_sends_whole_lines_and_hears_no_echo(hosts, clients, data):
    h = host(hosts, data, *GAME)
    ben = join(clients, h, "Ben")
    ann = join(clients, h, "Ann", None, "-T")  # no terminal asked for: the client's own line editing
    ann.expect("Ann, action> ")
    ann.send("hand")
    ann.expect(r"Ann's hand: ")
    ann.expect("Ann, action> ")
    ann.send("end")
    ann.expect("Ann, buy> ")
    text = ann.said()  # typed text is echoed once, by the client's own terminal, not again by the host
    assert "Ann, action> hand\r\nAnn's hand: " in text and "end\r\nAnn, buy> " in text
    assert text.count("hand\r\n") == 1 and text.count("end\r\n") == 1
    ben.expect("Ann's turn 1")
