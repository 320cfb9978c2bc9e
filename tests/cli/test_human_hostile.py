"""Issue 42, the human seat: a --log that cannot be created is refused before the session starts; a session
survives anything typed; a drawn seed (it deals every card) is shown only at the end; ``? NAME`` asks a
plugin's policy too."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.seat import Quit, Session, check_log
from razzmatazz.core.errors import InputError
from razzmatazz.core.positions import Position

BIN = str(Path(sys.executable).with_name("razzmatazz"))
ROOT = Path(__file__).resolve().parents[2]
HUGE = "7" * 4400  # more digits than int() reads
GAMES = tuple(g for g in games.names() if games.game(g).form)
"""Every registered game with a play command (a human seat plays in it)."""


def _run(args: list[str], stdin: str = "", cwd: Path | None = None, timeout: int = 600) -> subprocess.CompletedProcess:
    return subprocess.run([BIN, *args], capture_output=True, text=True, input=stdin, cwd=cwd, timeout=timeout)


def _one_line(r: subprocess.CompletedProcess, fragment: str) -> str:
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "Traceback" not in r.stderr, r.stderr[-2000:]
    assert fragment in lines[0], lines[0]
    return lines[0]


# --- 1. --log that cannot be created -----------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_log_that_cannot_be_created_is_one_line_before_the_first_screen(game, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("mine")
    for log in (tmp_path / "missing" / "x.log", a_file / "x.log", Path("/proc/razzmatazz-x.log")):
        r = _run([game, "play", "--players", "3", "--human", "1", "--seed", "1", "--log", str(log)], stdin="q\n")
        line = _one_line(r, f"--log {log}: cannot create the file")
        assert r.stdout == "", (line, r.stdout)  # refused before the session starts
    assert a_file.read_text() == "mine" and not (tmp_path / "missing").exists()


def test_check_log_leaves_nothing_behind(tmp_path):
    check_log(tmp_path / "new.log")
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(InputError, match="is not a folder"):
        check_log(Path(__file__) / "x.log")


# --- 2. anything typed -------------------------------------------------------------------------------


def _decisions(state, job, kind: int, field: int, games: int = 40) -> Iterator[Position]:
    """Positions (from games 0, 1, ...) where the actor's decision is of ``kind`` (the view's ``field``)."""
    for g in range(games):
        p = Position.begin(state, job, g)
        while not p.over():
            if int(p.view(p.actor())[field]) == kind:
                yield p
            p.step()


def _hints(style, registry, job, p: Position, typed: list[str]) -> list[str]:
    """What the session says at ``p`` (its actor's question) to each of ``typed`` before ``q``: one line each."""

    def said(answers: list[str]) -> str:
        out, left = io.StringIO(), iter([*answers, "q"])
        session = Session(style, job, p.actor(), registry, None, samples=2, out=out, read=lambda _: next(left))
        with pytest.raises(Quit):
            session.ask(p.copy(), 0, session.names(0))
        return out.getvalue()

    question = said([])
    text = said(typed)
    assert text.startswith(question)
    lines = text[len(question) :].splitlines()
    assert len(lines) == len(typed) and all(line.startswith("  ") and len(line) < 300 for line in lines), lines
    return lines


def test_razzia_offers_and_placements_of_any_text_get_a_hint():
    from razzmatazz.analysis.razzia.game import lineup
    from razzmatazz.analysis.razzia.seat import STYLE
    from razzmatazz.core.razzia import engine as E
    from razzmatazz.core.razzia import rules as R
    from razzmatazz.core.razzia import state as S
    from razzmatazz.core.razzia.policies import REGISTRY

    job = E.GameJob(R.Settings(players=4, spielbox=True), lineup(["random"], 4), 5, 1, False, None)
    offer = next(_decisions(S, job, R.K_OFFER, R.V_KIND))
    hints = _hints(STYLE, REGISTRY, job, offer, ["²:10000", f"{HUGE}:10000", f"2:{HUGE}", f"2:5000+{HUGE}", HUGE])
    assert "give each share as SEAT:DOLLARS" in hints[0] and "is not a move here" in hints[-1], hints
    placement = next(_decisions(S, job, R.K_ALL, R.V_KIND))
    k = int(placement.view(placement.actor())[R.V_NDRAWN])
    typed = [HUGE, " ".join(["1"] * (k - 1) + [HUGE]), " ".join(["1"] * (k - 1) + ["²"]), "١ ٢ ٣ ٤ ٥ ٦ ١"]
    hints = _hints(STYLE, REGISTRY, job, placement, typed)
    assert "is not a bar" in hints[1], hints


def test_riffifi_odd_chip_answers_of_any_text_get_a_hint():
    from razzmatazz.analysis.riffifi.game import lineup
    from razzmatazz.analysis.riffifi.seat import STYLE
    from razzmatazz.core.riffifi import engine as E
    from razzmatazz.core.riffifi import rules as R
    from razzmatazz.core.riffifi import state as S
    from razzmatazz.core.riffifi.policies import REGISTRY

    job = E.GameJob(R.Settings(), lineup(["expect", "undercut", "lowest", "thief"], 4), 5, 1, False, None)
    split = next(_decisions(S, job, R.K_SPLIT, R.V_KIND))
    hints = _hints(STYLE, REGISTRY, job, split, ["seat ²", "²", f"seat {HUGE}", HUGE])
    assert "write a seat by its number" in hints[0] and "is not a move here" in hints[1], hints
    assert "the seats are 1 to 4" in hints[2] and "the seats are 1 to 4" in hints[3], hints


# --- 3. a drawn seed is shown only at the end ---------------------------------------------------------


def test_a_drawn_seed_appears_only_in_the_summary_and_at_the_end_of_the_log(tmp_path):
    log = tmp_path / "hands.phhs"
    r = _run(["razz", "play", "--players", "2", "--human", "1", "--hands", "2", "--log", str(log)], stdin="c\n" * 300)
    assert r.returncode == 0, r.stderr[-2000:]
    before, end = r.stdout.split("the deals' seed: ")
    seed = re.match(r"(\d+) \(--seed \1 deals these games again\)\nsession over: 2 games", end).group(1)
    assert "seed" not in before and seed not in before and seed not in r.stderr
    assert "=== game 1: you are seat 1 of 2" in before and "=== game 2:" in before
    text = log.read_text()
    assert seed not in text[: text.rindex("# session over")]
    assert text.rstrip().endswith(f"# session over: 2 games finished, seed {seed}")


def test_a_seed_given_is_shown_as_before_and_the_json_log_ends_with_it(tmp_path):
    log = tmp_path / "decisions.jsonl"
    r = _run(["riffifi", "play", "--players", "3", "--human", "2", "--seed", "9", "--log", str(log)], stdin="q\n")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "(seed 9)" in r.stdout.splitlines()[0] and "=== game 1 (seed 9): you are seat 2 of 3" in r.stdout
    assert "the deals' seed: 9 (--seed 9 deals these games again)\nsession over: no game finished" in r.stdout
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows == [{"game": 0, "seat": 1, "session": "over", "games": 0, "seed": 9}]


# --- 4. ? NAME asks a plugin's policy -----------------------------------------------------------------


def test_advice_asks_a_plugins_policy():
    plugin = ROOT / "examples" / "razz_policy.py"
    r = _run(
        ["razz", "play", "--plugin", str(plugin), "--players", "2", "--human", "1", "--hands", "1", "--seed", "3"],
        stdin="? wheel-chaser\nq\n",
    )
    assert r.returncode == 0, r.stderr[-2000:]
    assert "unknown razz policy" not in r.stdout
    assert re.search(r"wheel-chaser would play: (fold|call|check|complete|bet|raise)", r.stdout), r.stdout[-2000:]
