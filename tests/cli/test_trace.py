"""One trace object in every game (issue 24): ``trace`` returns a :class:`GameTrace` in the three games.

Oracles: the object's log, results and flags are the engine's ``GameJob.trace`` (a core ``Trace``); its text
is byte for byte what ``play --trace N`` printed before the object existed (files in ``traces/``, written by
the code of commit 9532eb0); ``play --trace N --format json`` prints one shape in the three games, whose
events are the log rows in order and whose results are the engine's per-seat results.
"""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.trace import GameTrace
from razzmatazz.core.trace import Trace
from tests.cli.test_razz_cli import assert_ok, invoke
from tests.conformance.cases import gather

TRACES = Path(__file__).parent / "traces"

CASES = {
    "razz-three-station": ["razz", "play", "--players", "3", "--policy", "station", "--seed", "1", "--trace", "4"],
    "razz-eight-reshuffle": [
        "razz",
        "play",
        "--players",
        "8",
        "--policy",
        "station",
        "--exhausted",
        "reshuffle",
        "--stack",
        "300",
        "--seed",
        "6",
        "--trace",
        "0",
    ],
    "razz-heads-up-duplicate": [
        "razz",
        "play",
        "--players",
        "2",
        "--policy",
        "tag",
        "--policy",
        "steal:door=7,behind=1",
        "--duplicate",
        "--seed",
        "2",
        "--trace",
        "3",
    ],
    "razzia-four-random": ["razzia", "play", "--players", "4", "--seed", "3", "--trace", "2", "--policy", "random"],
    "razzia-three-duplicate": [
        "razzia",
        "play",
        "--players",
        "3",
        "--policy",
        "hunter",
        "--policy",
        "greedy:haggle=2",
        "--duplicate",
        "--seed",
        "2",
        "--trace",
        "5",
    ],
    "riffifi-two-policies": [
        "riffifi",
        "play",
        "--seed",
        "3",
        "--trace",
        "2",
        "--policy",
        "expect",
        "--policy",
        "random",
    ],
    "riffifi-five-ticks-officer": [
        "riffifi",
        "play",
        "--players",
        "5",
        "--scoring",
        "ticks",
        "--officer",
        # the default mix when the file was written, with the Officer rule of then: officer_weight 10 is the old
        # rule (the Officer on the first claim of officer_at or more), and the game is the file's to the last
        # card; only the Seats line, which names the rows, was rewritten when the defaults changed
        *(f"--policy={p}:officer_at=5,officer_weight=10" for p in ("expect", "undercut", "lowest", "thief", "holdlow")),
        "--seed",
        "7",
        "--trace",
        "1",
    ],
}
"""``play --trace`` command lines and the file holding what each printed before this change."""

FILES = {name: TRACES / f"{name}.txt" for name in CASES}
"""Where each case's text is kept: ``traces/`` for the shipped games, the game's own test folder for the others."""
for _game, (_name, _args) in gather("TRACES"):  # a game's own cases (tests/<game>/conformance.py, TRACES)
    CASES[_name] = _args
    FILES[_name] = Path(__file__).parents[1] / _game / f"{_name}.txt"

KEYS = [
    "game",
    "seed",
    "index",
    "duplicate",
    "settings",
    "lineup",
    "seats",
    "flags",
    "payoff_unit",
    "events",
    "results",
]
GAMES = tuple(g for g in games.names() if games.game(g).form)
"""The registered games with a play command (and so --trace)."""


def _json(name: str) -> dict:
    result = invoke([*CASES[name], "--quiet", "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", CASES)
def test_trace_text_is_unchanged(name):
    result = invoke([*CASES[name], "--quiet"])
    assert_ok(result)
    assert result.stdout == FILES[name].read_text()


def _api(game: str):
    return importlib.import_module(f"razzmatazz.analysis.{game}.game")


def _traced(
    game: str, players: int, texts: list[str], seed: int, index: int, duplicate: bool, **switches
) -> tuple[GameTrace, Trace]:
    """The analysis trace of a game and the engine's own trace of the same game."""
    api = _api(game)
    settings = importlib.import_module(f"razzmatazz.core.{game}.rules").Settings(players=players, **switches)
    lineup = api.lineup(texts, players)
    engine = importlib.import_module(f"razzmatazz.core.{game}.engine")
    return (
        api.trace(settings, lineup, seed, index, duplicate=duplicate),
        engine.GameJob(settings, lineup, seed, 1, duplicate).trace(index),
    )


API_CASES = [
    ("razz", 8, ["station"], 6, 0, False, {"exhausted": "reshuffle", "stack": 300}),
    ("razz", 3, ["tag", "reader"], 4, 7, False, {}),
    ("razz", 2, ["tag", "steal"], 2, 3, True, {}),
    ("razzia", 4, ["random", "greedy"], 3, 2, False, {}),
    ("razzia", 3, ["hunter", "greedy:haggle=2"], 2, 5, True, {}),
    ("riffifi", 4, ["expect", "random"], 3, 2, False, {}),
    ("riffifi", 5, [], 7, 1, False, {"scoring": "ticks", "officer": True}),
]


@pytest.mark.parametrize("case", API_CASES, ids=lambda c: f"{c[0]}-{c[1]}-seed{c[3]}-{c[4]}")
def test_the_trace_object_holds_the_engines_trace(case):
    game, players, texts, seed, index, duplicate, switches = case
    t, want = _traced(*case[:6], **switches)
    assert isinstance(want, Trace) and isinstance(t, GameTrace) and isinstance(t.trace, Trace)
    assert (t.game, t.seed, t.index, t.duplicate) == (game, seed, index, duplicate)
    np.testing.assert_array_equal(t.log, want.log)
    np.testing.assert_array_equal(t.results, want.results)
    assert t.flags == want.flags
    assert t.text() == _api(game).trace_text(t.settings, t.policies, want.log, want.results, index, seed)
    assert [e["step"] for e in t.events()] == list(range(len(want.log)))
    n = len(t.policies)
    assert [p.text for p in t.seat_policies()] == [t.lineup[(s - index) % n] for s in range(n)]


def test_flags_are_razzs_g6_flags_and_zero_elsewhere():
    t, want = _traced("razz", 8, ["station"], 6, 0, False)  # eight stations: the deck runs short (G6)
    assert t.flags == want.flags and t.flags & 1
    assert any(e["event"] == "community card" for e in t.events())
    for game, players in (("razzia", 3), ("riffifi", 3)):
        assert _traced(game, players, [], 1, 0, False)[0].flags == 0


def test_json_has_one_shape_in_the_three_games():
    shapes = {}
    for name, args in CASES.items():
        data = _json(name)
        game, players = args[0], len(data["seats"])
        assert list(data) == KEYS, name
        assert (data["game"], data["seed"], data["index"]) == (
            game,
            int(args[args.index("--seed") + 1]),
            int(args[args.index("--trace") + 1]),
        )
        assert data["settings"]["players"] == players == len(data["results"])
        for i, e in enumerate(data["events"]):
            assert list(e)[:3] == ["step", "seat", "event"] and e["step"] == i, (name, e)
            assert e["seat"] is None or 0 <= e["seat"] < players, (name, e)
            assert isinstance(e["event"], str) and e["event"].strip(), (name, e)
        for s, r in enumerate(data["results"]):
            assert list(r)[:4] == ["seat", "policy", "payoff", "win"] and r["seat"] == s, (name, r)
            assert r["policy"] == data["seats"][s]
        shapes[game] = (list(data), list(data["events"][0])[:3], list(data["results"][0])[:4])
    assert set(shapes) == set(GAMES) and len(set(map(repr, shapes.values()))) == 1


def test_json_results_are_the_engines_results_in_the_games_units():
    razz = _json("razz-three-station")
    t, _ = _traced("razz", 3, ["station"], 1, 4, False)
    assert [r["payoff"] for r in razz["results"]] == t.results[:, 0].tolist()
    assert sum(r["payoff"] for r in razz["results"]) == 0  # chips are conserved
    assert sum(r["win"] for r in razz["results"]) >= 1
    razzia = _json("razzia-four-random")
    t, _ = _traced("razzia", 4, ["random"], 3, 2, False)
    assert [r["payoff"] for r in razzia["results"]] == (t.results[:, 0] * 5000).tolist()
    assert sum(r["win"] for r in razzia["results"]) == pytest.approx(1)
    riffifi = _json("riffifi-two-policies")
    t, _ = _traced("riffifi", 4, ["expect", "random"], 3, 2, False)
    assert [r["payoff"] for r in riffifi["results"]] == t.results[:, 0].tolist()
    assert sum(r["win"] for r in riffifi["results"]) == pytest.approx(1)


def test_json_events_say_what_the_text_says():
    """Spot checks against the pinned text: the cards dealt, the offers and duels, the claims."""
    razz = _json("razz-three-station")
    text = (TRACES / "razz-three-station.txt").read_text()
    cards = [e["card"] for e in razz["events"] if e["event"] == "deal"]
    assert len(cards) == len(set(cards)) and all(c in text for c in cards)
    razzia = _json("razzia-three-duplicate")
    text = (TRACES / "razzia-three-duplicate.txt").read_text()
    bars = [e["bar"] for e in razzia["events"] if e["event"] == "bar"]
    assert bars and all(f"{b}: " in text for b in bars)
    assert sum(e["event"] == "offer" for e in razzia["events"]) == text.count("  offer: ")
    riffifi = _json("riffifi-five-ticks-officer")
    text = (TRACES / "riffifi-five-ticks-officer.txt").read_text()
    claims = [e for e in riffifi["events"] if e["event"] == "claim"]
    assert claims and len(claims) == text.count(" claims ")
    assert all(f"seat {e['seat']} claims {e['card']}: {e['chips']} " in text for e in claims)


@pytest.mark.parametrize("game", GAMES)
def test_every_log_kind_has_an_event_name(game):
    api = _api(game)
    rules = importlib.import_module(f"razzmatazz.core.{game}.rules")
    kinds = sorted(v for k, v in vars(rules).items() if k.startswith("L_") and isinstance(v, int))
    width = 4 if game == "razz" else 5
    names = [api.trace_event((kind, 3, 1, 1, 1)[:width])["event"] for kind in kinds]
    assert all(isinstance(x, str) and x for x in names)
    assert len(set(names)) == len(kinds), names
    with pytest.raises(ValueError, match="unknown log row kind"):
        api.trace_event((max(kinds) + 1, 0, 0, 0, 0)[:width])


def test_csv_lists_the_events():
    result = invoke([*CASES["razz-three-station"], "--quiet", "--format", "csv"])
    assert_ok(result)
    frame = pd.read_csv(io.StringIO(result.stdout))
    events = _json("razz-three-station")["events"]
    assert list(frame.columns[:3]) == ["step", "seat", "event"]
    assert frame["event"].tolist() == [e["event"] for e in events]


def test_the_razzia_search_lane_traces_the_same_object():
    t, want = _traced("razzia", 4, ["search:samples=2", "greedy"], 1, 0, False)
    assert isinstance(want, Trace) and want.flags == 0
    np.testing.assert_array_equal(t.log, want.log)
    np.testing.assert_array_equal(t.results, want.results)
    assert t.events()[-1]["event"] == "end" and t.seat_results()[0]["policy"].startswith("search")
    assert sum(r["win"] for r in t.seat_results()) == pytest.approx(1)


@pytest.mark.parametrize("game", GAMES)
def test_a_users_policy_is_traced_into_the_same_object(game, monkeypatch):
    """``GameJob.trace`` with a user's policy wraps its kernel's tuple in a Trace (the kernel is stubbed: compiling
    an engine for a user's function takes minutes; ``riffifi play --plugin --trace`` runs it in test_riffifi_cli)."""
    engine = importlib.import_module(f"razzmatazz.core.{game}.engine")
    rules = importlib.import_module(f"razzmatazz.core.{game}.rules")
    log, res, calls = np.zeros((2, 5), np.int64), np.ones((3, 3), np.int64), []

    def kernel(*args):
        calls.append(args[-1])
        return (log, res, 3) if game == "razz" else (log, res)

    def user(*args):
        return 0, 0

    lanes = importlib.import_module(engine.GameJob.__module__)  # where its lanes name the kernel (Razzia: job.py)
    monkeypatch.setattr(lanes, "trace_game_with", kernel)
    monkeypatch.setattr(lanes, "with_nrt", lambda f: f, raising=False)
    job = engine.GameJob(rules.Settings(players=3), _api(game).lineup(["random"], 3), 1, 1, False, user)
    got = job.trace(0)
    assert isinstance(got, Trace) and got.log is log and got.results is res and calls == [user]
    assert got.flags == (3 if game == "razz" else 0)
