"""``ladder``: the search player's budgets climbed in the seat of the default mix's best heuristic.

Oracles: with the batches' results made up (a skill curve that flattens at a known budget), the ladder takes
the best heuristic's seat, states each rung's gain over the rung below and over the heuristic exactly as the
batches' paired means, and stops at the first doubling without an established gain; a real run of Riffifi
plays every rung on the same deals; bad input is one line and exit status 2, writing nothing.
"""

from __future__ import annotations

import json
import math
import re

import numpy as np
import pandas as pd
import pytest
from click.testing import CliRunner

from razzmatazz.analysis.cli import main
from razzmatazz.analysis.studies import ladder as L
from razzmatazz.analysis.studies import paired
from razzmatazz.core.errors import InputError

PLATEAU = 8
"""The budget from which the made-up skill curve gains nothing more."""


def _made_up(g, settings, lineup, games, seeds, duplicate, executor, tick=None):
    """Each batch's results: player 2 is the best heuristic; ``search:samples=s`` wins 0.30 + 0.05 log2(s),
    flat from :data:`PLATEAU`; the same noise in every lineup's batch (paired deals) plus a tiny jitter."""
    out = []
    for b, seed in enumerate(seeds):
        noise = 0.02 * math.sin(seed % 97)
        rows = []
        for i, p in enumerate(lineup):
            m = re.match(r"search:samples=(\d+)", p.text)
            base = [0.2, 0.3, 0.25][i % 3]
            rate = 0.30 + 0.05 * math.log2(min(int(m.group(1)), PLATEAU)) if m else base
            rate += noise + 0.001 * ((b * 7 + i) % 3 - 1)
            rows.append({"games": games, "payoff": 10 * rate, "win_rate": rate})
        out.append(pd.DataFrame(rows))
        if tick:
            tick(1)
    return out


def test_budgets_double_up_to_the_top():
    assert L.budgets(64) == [1, 2, 4, 8, 16, 32, 64]
    assert L.budgets(1) == [1] and L.budgets(5) == [1, 2, 4]
    assert L.measure_of("hand") == "payoff" and L.measure_of("game") == "win_rate"


def test_the_ladder_climbs_until_a_doubling_gains_nothing_established(monkeypatch):
    monkeypatch.setattr(paired, "play_batches", _made_up)
    r = L.ladder("razzia", players=3, games=400, seed=4)
    assert r.seat == 1 and r.heuristic == r.field[1]  # the made-up best heuristic's seat
    rungs = r.rungs.set_index("samples")
    assert list(r.rungs.columns) == list(L.RUNG_COLUMNS)
    # one sample is level with the heuristic (the first rung never ends the climb); 1 -> 2 -> 4 -> 8 each gain
    # 5 points (established); 16 gains nothing: the climb ends there
    assert list(rungs.index) == [1, 2, 4, 8, 16]
    assert list(rungs.established) == [False, True, True, True, False]
    assert rungs.gain.loc[[2, 4, 8]].to_numpy() == pytest.approx([0.05] * 3, abs=2e-3)
    assert rungs.gain.loc[16] == pytest.approx(0.0, abs=2e-3) and rungs.gain_low.loc[16] <= 0
    assert rungs.gain.loc[1] == pytest.approx(rungs.over_heuristic.loc[1])  # the first rung's: over the heuristic
    assert rungs.over_heuristic.loc[8] == pytest.approx(0.30 + 0.15 - 0.30, abs=2e-3)
    assert r.stopped.startswith("rung 5 (16 samples) gains no established amount")
    assert r.measure == "win_rate" and r.games == 400 // paired.BATCHES * paired.BATCHES


def test_a_ladder_that_keeps_gaining_stops_at_the_top(monkeypatch):
    monkeypatch.setattr(paired, "play_batches", _made_up)
    r = L.ladder("razz", players=3, games=400, seed=4, top=4)
    assert list(r.rungs.samples) == [1, 2, 4] and r.stopped == "reached --top 4"
    assert r.measure == "payoff" and r.unit == "bb/100"
    assert r.rungs.gain.iloc[1] == pytest.approx(0.5, abs=0.02)  # payoff is ten times the win rate here


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        ({"game_name": "poker"}, "unknown game"),
        ({"game_name": "riffifi", "players": 9}, "players"),
        ({"game_name": "riffifi", "games": 0}, "games"),
        ({"game_name": "riffifi", "top": 0}, "--top"),
        ({"game_name": "riffifi", "top": 5000}, "--top"),
    ],
)
def test_bad_input_is_refused_naming_it(args, fragment):
    with pytest.raises(InputError, match=re.escape(fragment)):
        L.check(args.pop("game_name"), args.get("players"), args.get("games"), args.get("top", L.TOP))


def test_riffifi_climbs_on_the_same_deals_and_the_cli_says_so_in_json(tmp_path):
    """A real, small ladder: every rung plays the batches of the same seeds (a rung against itself would gain
    exactly nothing), the JSON carries the rungs, and --out writes the table with its manifest."""
    out = tmp_path / "ladder"
    res = CliRunner().invoke(
        main,
        ["ladder", "riffifi", "--players", "3", "--games", "100", "--top", "2", "--seed", "3", "--format", "json"]
        + ["--quiet", "--threads", "1", "--out", str(out)],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["game"] == "riffifi" and data["measure"] == "win_rate" and data["heuristic"] in data["field"]
    assert [r["samples"] for r in data["rungs"]][:1] == [1] and len(data["rungs"]) <= 2
    first = data["rungs"][0]
    assert {"samples", "games", "gain", "gain_low", "gain_high"} <= set(first)
    assert first["gain"] == pytest.approx(first["over_heuristic"]) and first["games"] >= 100
    table = pd.read_parquet(out / "rungs.parquet")
    assert np.allclose(table.gain, [r["gain"] for r in data["rungs"]])
    assert json.loads((out / "manifest.json").read_text())["kind"] == "ladder"


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["ladder", "poker"], "unknown game"),
        (["ladder", "razz", "--players", "1"], "players"),
        (["ladder", "razzia", "--top", "0"], "--top"),
        (["ladder", "riffifi", "--games", "-3"], "games"),
    ],
)
def test_the_cli_refuses_bad_input_in_one_line_and_writes_nothing(tmp_path, argv, fragment):
    out = tmp_path / "out"
    res = CliRunner().invoke(main, [*argv, "--out", str(out)])
    assert res.exit_code == 2, res.output
    assert len(res.stderr.strip().splitlines()) == 1 and fragment in res.stderr
    assert not out.exists()
