"""``GAME play --human SEAT``, used as a person would: a pseudo-terminal (pexpect) plays whole games of
each game with wrong keys, ``?`` and ``q``, and the bad options get one line and exit 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

BIN = str(Path(sys.executable).with_name("razzmatazz"))
PROMPT = r"your move \(\? advice, q quit\): "
FIRST = 900  # the first question: a cold numba cache compiles the game's positions and policies first
TIMEOUT = 120
KEYS = re.compile(r"\[([a-z0-9]+)\] ")


def spawn(*args: str) -> pexpect.spawn:
    """The command in a pseudo-terminal, at its first question."""
    child = pexpect.spawn(BIN, list(args), encoding="utf-8", timeout=TIMEOUT, dimensions=(60, 200))
    child.expect(PROMPT, timeout=FIRST)
    return child


def first_key(screen: str) -> str:
    """The first move key of the listing (the lines starting ``  [``) just before the prompt."""
    lines = screen.replace("\r", "").rstrip("\n").splitlines()
    block = []
    for line in reversed(lines):
        if not line.startswith("  ["):
            break
        block.insert(0, line)
    keys = KEYS.findall(block[0]) if block else []
    assert keys, screen
    return keys[0]


def play_through(child: pexpect.spawn, answer=first_key, games: int = 1) -> str:
    """Answer every question until the session is over; returns everything the terminal showed."""
    seen = []
    while True:
        i = child.expect([PROMPT, r"session over: .*\n"])
        seen.append(child.before + child.after)
        if i == 1:
            child.expect(pexpect.EOF)
            return "".join(seen)
        child.sendline(answer(child.before))


def test_razz_a_person_plays_hands_with_wrong_keys_advice_and_a_phh_log(tmp_path):
    log = tmp_path / "hands.phhs"
    child = spawn("razz", "play", "--players", "3", "--human", "2", "--seed", "5", "--hands", "2", "--log", str(log))
    assert "seat 2 (you)" in child.before and "[x] [x]" in child.before
    child.sendline("zz")
    child.expect(r"'zz' is not a move here: type [a-z, ]+, \? for advice or q to quit")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"would play: ")
    child.expect(r"estimates \(48 rollouts")
    child.expect(PROMPT)
    child.sendline("? station")
    child.expect(r"station would play: (fold|call|check|complete|bet|raise)")
    child.expect(PROMPT)
    child.sendline("? nosuchpolicy")
    child.expect(r"unknown razz policy 'nosuchpolicy'")
    child.expect(PROMPT)
    child.sendline("c")
    shown = play_through(child, lambda screen: "c")
    child.close()
    assert child.exitstatus == 0
    assert shown.count("Result: ") == 2, shown
    assert "Every hand:" not in shown and "score: 2 games" in shown and "session over: 2 games" in shown
    check_phh_log(log, hands=2)


def check_phh_log(log: Path, hands: int) -> None:
    """The log is a PHH collection PokerKit reads and replays to the finishing stacks it states."""
    from pokerkit import HandHistory

    histories = list(HandHistory.loads_all(log.read_text()))
    assert len(histories) == hands
    for hh in histories:
        assert any("(you)" in p for p in hh.players)
        *_, state = hh
        assert list(state.stacks) == hh.finishing_stacks


def test_razz_q_and_end_of_input_end_the_session_cleanly():
    child = spawn("razz", "play", "--players", "2", "--human", "1", "--seed", "3")
    child.sendline("q")
    child.expect(r"session over: no game finished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    child = spawn("razz", "play", "--players", "2", "--human", "2", "--seed", "3")
    child.sendeof()
    child.expect(r"session over: no game finished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert "Traceback" not in (child.before or "")


def test_the_same_seed_deals_the_same_hands():
    def first_screen(seed: str) -> str:
        child = spawn("razz", "play", "--players", "3", "--human", "3", "--seed", seed)
        screen = child.before
        child.sendline("q")
        child.expect(pexpect.EOF)
        return screen

    assert first_screen("11") == first_screen("11") != first_screen("12")


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "3", "--human", "4"], "--human 4: the seats are 1 to 3"),
        (["--human", "0"], "--human"),
        (["--human", "1", "--duplicate"], "--human plays in the terminal: it cannot be used with --duplicate"),
        (["--human", "1", "--trace", "0"], "cannot be used with --trace"),
        (["--human", "1", "--format", "json"], "cannot be used with --format json"),
        (["--log", "x.phhs"], "--log keeps a human seat's decisions: it needs --human SEAT"),
        (["--human", "1", "--policy", "nosuch"], "nosuch"),
    ],
)
def test_razz_bad_human_options_are_one_line_and_exit_2(args, message, tmp_path):
    r = subprocess.run([BIN, "razz", "play", *args], capture_output=True, text=True, cwd=tmp_path, input="")
    assert r.returncode == 2, r.stderr
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0] and "Traceback" not in r.stderr, r.stderr


def test_an_existing_log_file_is_refused_and_kept(tmp_path):
    log = tmp_path / "mine.phhs"
    log.write_text("keep me")
    r = subprocess.run(
        [BIN, "razz", "play", "--human", "1", "--seed", "1", "--log", str(log)],
        capture_output=True,
        text=True,
        input="",
    )
    assert r.returncode == 2 and "the file exists" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert log.read_text() == "keep me"


def test_riffifi_a_person_plays_a_whole_game_with_wrong_keys_advice_and_a_log(tmp_path):
    log = tmp_path / "decisions.jsonl"
    child = spawn("riffifi", "play", "--players", "3", "--human", "2", "--seed", "4", "--games", "1", "--log", str(log))
    screen = child.before
    assert "seat 2 (you)" in screen and "your hand:" in screen
    child.sendline("zz")
    child.expect(r"'zz' is not a move here: type ")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"search would play: ")
    child.expect(r"estimates \(48 rollouts")
    child.expect(PROMPT)
    child.sendline(first_key(screen))
    shown = play_through(child)
    child.close()
    assert child.exitstatus == 0
    assert "game over after" in shown and "session over: 1 game" in shown, shown[-2000:]
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows and all(r["game"] == 0 and r["seat"] == 1 for r in rows)


def test_riffifi_q_ends_the_session():
    child = spawn("riffifi", "play", "--players", "4", "--human", "4", "--seed", "2")
    child.sendline("q")
    child.expect(r"session over: no game finished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("game", ["riffifi", "razzia"])
def test_bad_human_options_are_one_line_and_exit_2_in_every_game(game, tmp_path):
    for args, message in (
        (["--players", "3", "--human", "5"], "--human 5: the seats are 1 to 3"),
        (["--human", "1", "--duplicate"], "cannot be used with --duplicate"),
        (["--human", "1", "--out", str(tmp_path / "r")], "cannot be used with --out"),
    ):
        r = subprocess.run([BIN, game, "play", *args], capture_output=True, text=True, input="")
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and message in lines[0], r.stderr
    assert not (tmp_path / "r").exists()


def test_razzia_a_person_plays_a_whole_game_with_wrong_keys_advice_and_a_log(tmp_path):
    log = tmp_path / "decisions.jsonl"
    child = spawn("razzia", "play", "--players", "3", "--human", "1", "--seed", "8", "--games", "1", "--log", str(log))
    screen = child.before
    assert "seat 1 (you)" in screen and "your hand:" in screen and "bars:" in screen
    child.sendline("zz")
    child.expect(r"'zz' is not a move here: type ")
    child.expect(PROMPT)
    child.sendline("?")
    child.expect(r"search-strong would play: ")
    child.expect(r"estimates \(48 rollouts")
    child.expect(PROMPT)
    child.sendline("? hunter")
    child.expect(r"hunter would play: ")
    child.expect(PROMPT)
    child.sendline(first_key(screen))
    shown = play_through(child)
    child.close()
    assert child.exitstatus == 0
    assert "game over: " in shown and "the cards you did not see:" in shown and "session over: 1 game" in shown
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows and all(r["game"] == 0 and r["seat"] == 0 for r in rows)


def test_razzia_end_of_input_ends_the_session():
    child = spawn("razzia", "play", "--players", "4", "--human", "3", "--seed", "2")
    child.sendeof()
    child.expect(r"session over: no game finished")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
