"""The toy game's report section (``analysis/toy/report.py``): the run at a test scale writes its tables, figure and
findings, each finding read back from the written tables; the findings follow tables handed to the topics; no
claim under strong play; ``razzmatazz report toy`` from the command line (the suite registers the toy game)."""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest
from click.testing import CliRunner

from razzmatazz.analysis.report import build, build_report, games_of
from razzmatazz.analysis.report.findings import FORMATS, Tables
from razzmatazz.analysis.toy import game as G
from razzmatazz.analysis.toy import report as R

SEED, SCALE = 5, 0.03
TABLES = (R.POLICIES, R.PAIRS, R.COMPARISONS, R.COUNTS, R.PRECISION)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> build.Report:
    return build_report("toy", tmp_path_factory.mktemp("report") / "toy", quick=True, seed=SEED, scale=SCALE)


def test_the_section_writes_its_tables_figure_and_findings(made):
    listed = set(json.loads((made.directory / "manifest.json").read_text())["files"])
    assert made.main == made.directory / "toy" / "toy.html"
    assert {f"toy/{n}.{x}" for n in TABLES for x in ("csv", "parquet")} | {"toy/toy-policies.png"} <= listed
    pol = pd.read_parquet(made.directory / "toy" / f"{R.POLICIES}.parquet")
    assert sorted(pol.policy) == sorted(p.label for p in G.lineup(G.DEFAULT_MIX, len(G.DEFAULT_MIX)))
    assert (pol.players == R.PLAYERS).all() and (pol.games >= 200 * pol.tables).all()
    comp = pd.read_parquet(made.directory / "toy" / f"{R.COMPARISONS}.parquet")
    assert len(comp) == (comp.family == 10).sum() == 10 and (comp.difference >= 0).all()
    findings = pd.read_csv(made.directory / "findings.csv")
    assert {R.WINS, "Sample sizes and precision"} <= set(findings.topic) and set(findings.game) == {"toy"}
    assert not findings.text.str.contains("strong play").any()  # no search player: no verdict under strong play
    page = (made.directory / "toy" / "toy.md").read_text()
    for f in findings.itertuples():
        refs = json.loads(f.refs)
        for r in refs:
            table = pd.read_parquet(made.directory / "toy" / f"{r['table']}.parquet")
            assert FORMATS[r["fmt"]](table[r["column"]].iloc[r["row"]]) == r["text"], (f.text, r)
        assert f.template.format(**{r["name"]: r["text"] for r in refs}) == f.text and f.text in page


def _handed(results: dict[str, tuple[float, float]], half: float) -> Tables:
    """Tables as the tournament writes them, three policies each at one table: ``results`` gives each policy's win
    rate and chips a game (intervals of 2 points and 0.1 chips), each pair's difference its chips' difference with
    a 95 % half-width of ``half``."""
    names = list(results)
    pol = pd.DataFrame(
        [
            {"policy": p, "win_rate": w, "win_low": w - 0.02, "win_high": w + 0.02, "tables": 1, "games": 900}
            | {"payoff": c, "payoff_low": c - 0.1, "payoff_high": c + 0.1, "players": 3}
            for p, (w, c) in results.items()
        ]
    )
    pairs = pd.DataFrame(
        [
            {"policy": a, "versus": b, "difference": d, "ci_low": d - half, "ci_high": d + half, "players": 3}
            for a in names
            for b in names
            if a != b
            for d in [results[a][1] - results[b][1]]
        ]
    )
    tables = {R.POLICIES: pol, R.PAIRS: pairs}
    R.derive_toy(tables, build.sizes_for(True))
    return tables


def _said(tables: Tables) -> str:
    return " ".join(f.text for t in R.toy_topics(tables) for f in t.findings)


def test_the_findings_follow_the_tables_they_are_handed():
    clear = _said(_handed({"odds": (0.25, -0.2), "stand": (0.45, 0.4), "random": (0.30, -0.2)}, 0.05))
    assert "stand wins 45.0 % of its 3-player games (95 % CI 43.0–47.0 %, 900 games over its tables;" in clear
    assert "stand is ahead of random by 0.60 chips a game (95 % CI 0.55 to 0.65; simultaneous over 3 " in clear
    assert "the lead is established." in clear and "2 of the 3 differences between two policies with 3 " in clear
    close = _said(_handed({"odds": (0.34, 0.02), "stand": (0.33, 0.0), "random": (0.33, -0.02)}, 0.05))
    assert "odds wins 34.0 % of its 3-player games" in close and "odds is ahead of stand by 0.02 chips a game" in close
    assert "the lead is not established, the simultaneous interval covers zero." in close
    assert (
        "0 of the 3 differences" in close and "at most 1.0 points; the half-widths reached run from 2.0 to 2.0" in close
    )


def test_report_toy_from_the_command_line_makes_the_same_tables(tmp_path, monkeypatch, made):
    from razzmatazz.analysis.cli import main

    assert "toy" in games_of("all") and games_of("toy") == ["toy"]  # a game of RAZZMATAZZ_GAMES with a section
    monkeypatch.chdir(tmp_path)
    quick = build.sizes_for
    monkeypatch.setattr(build, "sizes_for", lambda q, scale=1.0: quick(q, SCALE))  # the command, at test scale
    args = ["report", "toy", "--quick", "--seed", str(SEED), "--quiet", "--threads", "1"]
    result = CliRunner().invoke(main, args, prog_name="razzmatazz")
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert re.fullmatch(r"report: results/report/\d{8}-\d{6}(-\d+)?/toy/toy\.html", line), line
    folder = (tmp_path / line.split(": ", 1)[1]).parent
    assert f"razzmatazz report toy --quick --seed {SEED}" in (folder / "toy.html").read_text()
    for name in TABLES:  # the same seed plays the same games, whatever the threads
        pd.testing.assert_frame_equal(
            pd.read_parquet(folder / f"{name}.parquet"), pd.read_parquet(made.directory / "toy" / f"{name}.parquet")
        )
