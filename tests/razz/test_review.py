"""``razz review`` (issue 39 item 3): a player's decisions beside the search player's, valued from the player's
own view, with the loss by street, door card and situation, the page and the bad input."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.razz import review as RV
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import search as SR
from razzmatazz.core.razz import state as S
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke
from tests.razz.test_search import job

SITES = Path(__file__).parent / "data" / "sites"
SESSION = [SITES / name for name in ("pokerstars.txt", "fulltilt.txt", "winamax.txt")]
REPLAY = Path(__file__).parent / "data" / "replay"
QUICK = ["--search", "search:samples=4", "--samples", "40", "--seed", "5"]


def review_json(*args) -> dict:
    result = invoke(["razz", "review", *map(str, args), "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def test_the_values_are_drawn_from_the_seats_view_alone():
    """Two positions that differ only in cards the seat has not seen get the same values, bit for bit; the fold's
    value is the chips the seat has put in, in every sample."""
    j = job(["search", "tag", "rock", "station"], players=4, stack=200)
    ro, pids, params = S.read_only(j), *S.lineup(j)
    checked = 0
    for g in range(6):
        p = Position.begin(S, j, g)
        while not p.over():
            s = p.actor()
            if p.pos[S.PS_LOG] > 8 and checked < 12:
                moves, chips = SR.move_values(ro, p.pos, s, pids, params, 16)
                other = p.pos.copy()
                hands, deck = other[S.PS_HANDS : S.PS_VIEW].reshape(R.MAX_PLAYERS, 7), other[S.PS_DECK : S.PS_DECK + 52]
                o = (s + 1) % 4
                top = int(other[S.PS_TOP])
                hands[o, 0], deck[top] = deck[top], hands[o, 0]  # a down card of another seat swapped with the deck's
                assert not np.array_equal(other, p.pos)
                again = SR.move_values(ro, other, s, pids, params, 16)
                assert np.array_equal(moves, again[0]) and np.array_equal(chips, again[1])
                if R.FOLD in moves:
                    put = S._ws(p.pos)[SR.E.W_PUT, s]
                    assert (chips[:, list(moves).index(R.FOLD)] == -put).all()
                checked += len(moves) > 1
            p.step()
    assert checked >= 8


def test_the_situations():
    assert RV.situation(3, False, 5, 5, 10) == "first in"  # facing the bring-in only
    assert RV.situation(3, True, 10, 10, 10) == "facing a completion"
    assert RV.situation(3, True, 20, 10, 10) == "facing a bet"  # a raise of the completion
    assert RV.situation(5, True, 0, 0, 10) == "first in"
    assert RV.situation(5, True, 20, 20, 10) == "facing a bet"
    assert RV.situation(7, True, 0, 0, 10) == "on the end"


def test_the_search_as_hero_loses_nothing(tmp_path):
    """A run of one search seat, reviewed with that search, field model and seed: at every decision of the seat
    the review's search makes the seat's move, so nothing is lost; the valuation's samples are its own, so the
    search's streams are those of the run."""
    search = "search:samples=4"
    args = ["--players", "3", "--stacks", "80,150,100", "--hands", "10", "--seed", "11"]
    lineup = ["--policy", search, "--policy", "tag", "--policy", "tag"]  # the field model plays every other seat
    assert_ok(invoke(["razz", "play", *args, *lineup, "--phh", tmp_path / "h", "--quiet"]))
    players = tomllib.loads(next((tmp_path / "h").iterdir()).read_text())["players"]
    hero = next(p for p in players if p.startswith("search"))  # the file names it with all its parameters
    data = review_json(tmp_path / "h", "--hero", hero, "--search", search, "--samples", "8", "--seed", "11")
    s = data["summary"]
    assert s["hands"] == 10 and s["absent"] == 0 and s["decisions"] >= 15 and s["not_reviewed"] == 0
    assert s["differ"] == 0 and s["bb_per_100_lost"] == s["low"] == s["high"] == 0
    assert all(d["hero_move"] == d["best_move"] and d["loss"] == 0 for d in data["decisions"])
    tag = next(p for p in players if p.startswith("tag"))  # two seats of tag: whose decisions would be unclear
    result = invoke(["razz", "review", tmp_path / "h", "--hero", tag, "--search", search, "--samples", "8"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "no hand read has only one player")


def test_a_site_session_reviewed(tmp_path):
    data = review_json(*SESSION, "--hero", "Hero", *QUICK)
    s, decisions = data["summary"], data["decisions"]
    assert s["hands"] == 3 and s["absent"] == 5 and s["decisions"] == len(decisions) == 19  # Hero at 3 sites
    for d in decisions:
        assert {"hand_id", "street", "hero_move", "best_move", "loss", "loss_low", "loss_high"} <= d.keys()
        assert d["hero_move"] in d["values"] and d["best_move"] in d["values"] and d["samples"] == 40
        if d["hero_move"] == d["best_move"]:
            assert d["loss"] == d["loss_low"] == d["loss_high"] == 0
        else:  # the paired mean is the difference of the means
            diff = d["values"][d["best_move"]]["mean"] - d["values"][d["hero_move"]]["mean"]
            assert d["loss"] == pytest.approx(diff) and d["loss_low"] < d["loss"] < d["loss_high"]
        assert d["door"] == ("3" if d["hand_id"].startswith("777001") else "4")  # Hero's door: 3h at Winamax, 4c
        assert len(d["cards"].split()) == d["street"] and d["cards"].split()[2][0] == d["door"]
    assert sum(r["decisions"] for r in s["by_street"]) == sum(r["decisions"] for r in s["by_situation"]) == 19
    total = sum(d["loss"] for d in decisions)
    assert s["bb_per_100_lost"] == pytest.approx(100 * total / 3) and s["low"] < s["bb_per_100_lost"] < s["high"]
    assert {r["player"] for r in data["stats"]} >= {"Hero"}
    assert review_json(*SESSION, "--hero", "Hero", *QUICK) == data  # the seed repeats it


def test_the_page_and_its_tables(tmp_path):
    out = tmp_path / "review"
    result = invoke(["razz", "review", *SESSION, "--hero", "Hero", *QUICK, "--out", out])
    assert_ok(result)
    assert "estimated loss" in result.stdout
    names = {p.name for p in out.iterdir()}
    wanted = {"review.html", "review.json", "loss_by_street.png", "decisions.csv", "by_street.csv", "manifest.json"}
    assert wanted <= names
    page = (out / "review.html").read_text()
    assert "Review of Hero" in page and "data:image/png;base64," in page and "Tracker statistics" in page
    assert json.loads((out / "review.json").read_text())["summary"]["decisions"] == 19


def test_a_hero_whose_cards_the_file_hides_is_not_reviewed_and_says_why():
    result = RP.replay(RP.parse_history((REPLAY / "unknown-cards.phh").read_text(), "unknown"))
    searcher = RP.searcher("search:samples=2", "tag", 1)
    hidden = next(i for i, cards in enumerate(result.cards) if RP.UNKNOWN in cards)
    r = RV.review([result], result.history.players[hidden], searcher, 4)
    assert r.hands == 1 and not r.decisions and r.not_reviewed
    assert all("own cards" in n["reason"] or "unknown" in n["reason"] for n in r.not_reviewed), r.not_reviewed


def test_a_raise_capped_at_what_the_caller_can_put_in_is_followed():
    """The WSOP hand of issue 39: p1's re-raise capped at 12 is the engine's raise to 15 (3 chips never called),
    so Bob's call after it is reviewed too."""
    data = review_json(REPLAY / "real" / "capped-raise.phh", "--hero", "Bob", *QUICK)
    assert data["summary"]["not_reviewed"] == 0 and data["summary"]["decisions"] == 3
    assert [d["hero_move"] for d in data["decisions"]] == ["bring in", "raise to 10", "call 2"]  # all in


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["--hero", "Nobody"], "--hero 'Nobody': no hand read has a player of that name"),
        (["--hero", "Hero", "--samples", "1"], "--samples 1"),
        (["--hero", "Hero", "--search", "tag"], "not the search player"),
        (["--hero", "Hero", "--search", "none"], "needs a search player"),
        (["--hero", "Hero", "--seed", "-1"], "the seed must be"),
    ],
)
def test_bad_input_is_one_line(args, fragment, tmp_path):
    out = tmp_path / "out"
    result = invoke(["razz", "review", *SESSION, *args, "--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert not out.exists()


def test_a_bad_file_is_named_and_the_others_reviewed(tmp_path):
    (tmp_path / "good.txt").write_text((SITES / "pokerstars.txt").read_text())
    (tmp_path / "bad.phh").write_text("variant = 'FR'\nnot toml [")
    result = invoke(["razz", "review", tmp_path, "--hero", "Hero", *QUICK, "--format", "json"])
    assert result.exit_code == 2
    assert json.loads(result.stdout)["summary"]["hands"] == 1
    assert "bad.phh" in result.stderr and "hands read, 1 refused" in result.stderr.splitlines()[-1]


def test_a_merge_session_reviewed_up_to_a_short_all_in_raise():
    """Merge's XML hands of Hero: the short all-in raise of the second hand (which the engine never makes) stops
    that hand's review there, and says why; the other decisions are reviewed."""
    data = review_json(SITES / "merge.xml", "--hero", "Hero", *QUICK)
    s = data["summary"]
    assert s["hands"] == 3 and s["not_reviewed"] == 1 and s["decisions"] >= 8
    assert "less than a full bet" in data["not_reviewed"][0]["reason"]
    assert {d["hand_id"] for d in data["decisions"]} == {"71234567-42", "71234567-43", "71234567-44"}
