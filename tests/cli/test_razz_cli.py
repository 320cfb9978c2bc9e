"""The ``razzmatazz`` command line (razzmatazz.analysis.cli): help, ``razz eval``, ``razz equity``, ``razz table``.

Most cases run in-process with click's CliRunner; a few run the installed console script in a
subprocess to check what a user really sees: the exit status, and on bad input exactly one
line on stderr starting with ``razzmatazz: error:`` and never a traceback. Bad input must
not create a result directory nor touch a previous one, and a successful run replaces a
result directory as a whole (store.write_result).

Oracles: the exact heads-up enumeration (As2h3d vs 6s7h8d: 0.59558; A23 vs one random
opponent: 0.73468), hand-checked ace-to-five lows, and reproducibility from the seed.
"""

from __future__ import annotations

import io
import json
import os
import shlex
import shutil
import subprocess
import sys
from math import comb
from pathlib import Path

import click
import numba
import pandas as pd
import pytest
from click.testing import CliRunner

from razzmatazz.analysis.cli import main

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(sys.executable).with_name("razzmatazz")

HERO, VILLAIN = "As2h3d", "6s7h8d"
EXACT_EQUITY = 0.59558  # As2h3d vs 6s7h8d, all 18,265,297,050 deals
EQUITY_KEYS = {
    "hero",
    "opponents",
    "equity",
    "win",
    "tie",
    "stderr",
    "ci95",
    "trials",
    "exact",
    "seed",
    "community_card",
    "convention",
}
TABLE_FILES = {"table.parquet", "table.csv", "heatmap.png", "best_starts.png", "manifest.json"}
TABLE_COLUMNS = {"hand", "opponents", "equity", "stderr", "ci_low", "ci_high", "trials", "exact", "community_card"}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


# ----------------------------------------------------------------------------- helpers


def invoke(args: list[str], input: str | None = None):
    """Run the CLI in-process; stdout and stderr stay separate (click >= 8.2)."""
    return CliRunner().invoke(main, [str(a) for a in args], input=input, prog_name="razzmatazz")


def run_script(args: list[str], cwd: Path | None = None) -> subprocess.CompletedProcess:
    """Run the installed console script, as a user would."""
    assert SCRIPT.exists(), f"console script not installed at {SCRIPT}"
    return subprocess.run([str(SCRIPT), *map(str, args)], capture_output=True, text=True, timeout=300, cwd=cwd or ROOT)


def assert_ok(result) -> None:
    assert result.exit_code == 0, f"exit {result.exit_code}\nstdout:\n{result.stdout}\nstderr:\n{result.stderr}" + (
        f"\nexception: {result.exception!r}"
        if result.exception and not isinstance(result.exception, SystemExit)
        else ""
    )


def assert_one_line_error(exit_code: int, stdout: str, stderr: str, fragment: str) -> str:
    """Exit 2, nothing on stdout, exactly one ``razzmatazz: error:`` line naming the problem."""
    assert exit_code == 2, f"exit {exit_code}, expected 2\nstdout:\n{stdout}\nstderr:\n{stderr}"
    assert "Traceback" not in stderr + stdout
    assert stdout == "", f"stdout should be empty on error, got {stdout!r}"
    lines = stderr.splitlines()
    assert len(lines) == 1, f"stderr should be exactly one line, got {len(lines)}: {stderr!r}"
    assert lines[0].startswith("razzmatazz: error: "), lines[0]
    assert fragment.lower() in lines[0].lower(), f"{fragment!r} not named in {lines[0]!r}"
    return lines[0]


def snapshot(directory: Path) -> dict[str, bytes]:
    """Every file under ``directory`` with its bytes."""
    return {str(p.relative_to(directory)): p.read_bytes() for p in sorted(directory.rglob("*")) if p.is_file()}


def hidden_leftovers(out: Path) -> list[str]:
    """Temporary ``.name.tmp-*`` / ``.name.old-*`` entries left beside a result directory."""
    return sorted(p.name for p in out.parent.iterdir() if p.name.startswith(f".{out.name}."))


def equity_json(*args: str) -> dict:
    result = invoke(["razz", "equity", *args, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


@pytest.fixture(autouse=True)
def _all_threads():
    """``--threads`` changes numba's thread count for the whole process; restore it afterwards."""
    yield
    numba.set_num_threads(numba.config.NUMBA_NUM_THREADS)


# ----------------------------------------------------------------------------- 1. help


def _command_paths(cmd: click.Command = main, path: tuple[str, ...] = ()):
    yield path, cmd
    if isinstance(cmd, click.Group):
        for name, sub in sorted(cmd.commands.items()):
            yield from _command_paths(sub, (*path, name))


COMMANDS = list(_command_paths())


def test_command_tree_is_what_the_tests_expect():
    leaves = {" ".join(p) for p, c in COMMANDS if not isinstance(c, click.Group)}
    assert {"razz eval", "razz equity", "razz table"} <= leaves


@pytest.mark.parametrize("path,cmd", COMMANDS, ids=[" ".join(("razzmatazz", *p)) for p, _ in COMMANDS])
def test_every_command_has_help_with_an_example(path, cmd):
    assert cmd.help and cmd.help.strip(), f"{' '.join(path) or 'razzmatazz'} has no help text"
    result = invoke([*path, "--help"])
    assert_ok(result)
    assert result.stdout.startswith("Usage: razzmatazz"), result.stdout[:200]
    assert "Example" in result.stdout, f"no Example in the help of {' '.join(path) or 'razzmatazz'}"
    for param in cmd.params:
        if isinstance(param, click.Option):
            assert param.help, f"option {param.opts} of {' '.join(path) or 'razzmatazz'} has no help"
    if isinstance(cmd, click.Group):
        for name in cmd.commands:
            assert name in result.stdout


def test_help_and_version_from_the_console_script():
    for args in (["--help"], ["-h"], ["razz", "--help"], ["razz", "equity", "--help"]):
        proc = run_script(args)
        assert proc.returncode == 0, (args, proc.stderr)
        assert "Example" in proc.stdout and proc.stderr == ""
    proc = run_script(["--version"])
    assert proc.returncode == 0 and "0.1.0" in proc.stdout


def test_help_does_not_import_numba():
    helps = [[*p, "--help"] for p, _ in COMMANDS]
    code = (
        "import sys\n"
        "from click.testing import CliRunner\n"
        "from razzmatazz.analysis.cli import main\n"
        f"for args in {helps!r}:\n"
        "    r = CliRunner().invoke(main, args)\n"
        "    assert r.exit_code == 0, (args, r.output)\n"
        "    assert 'Example' in r.stdout, args\n"
        "    heavy = [m for m in ('numba', 'pandas') if m in sys.modules]\n"
        "    assert not heavy, (args, heavy)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr


# ----------------------------------------------------------------------------- 2. eval


def test_eval_table_output():
    result = invoke(["razz", "eval", "As2h3d4c5s6h7d"])
    assert_ok(result)
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["hand", "best", "name", "category", "class"]
    assert lines[1].split() == ["As2h3d4c5s6h7d", "5s4c3d2hAs", "wheel", "no", "pair", "0"]
    assert len(lines) == 2


def test_eval_json():
    result = invoke(["razz", "eval", "--format", "json", "As2h3d4c5s6h7d", "KhKs7c7d4h4s2c", "4c4d4h4sKcKdKh"])
    assert_ok(result)
    rows = json.loads(result.stdout)
    assert isinstance(rows, list) and len(rows) == 3
    for row in rows:
        assert set(row) == {"hand", "best", "name", "category", "class"}
        assert isinstance(row["class"], int) and 0 <= row["class"] <= 6174
    assert rows[0] == {
        "hand": "As2h3d4c5s6h7d",
        "best": "5s4c3d2hAs",
        "name": "wheel",
        "category": "no pair",
        "class": 0,
    }
    assert rows[1]["name"] == "pair of fours" and rows[2]["name"] == "full house, fours full of kings"
    assert rows[1]["hand"] == "KhKs7c7d4h4s2c"
    assert rows[1]["category"] == "one pair"
    assert rows[1]["best"] == "4h4sKh7c2c"  # the lowest pair (fours) with K-7-2
    assert rows[2]["category"] == "full house"
    assert rows[2]["best"] == "4c4d4hKcKd"  # 4444KKK: fours full of kings
    assert rows[0]["class"] < rows[1]["class"] < rows[2]["class"]


def test_eval_reads_hands_from_stdin():
    stdin = "As2h3d4c5s6h7d\n\nKh Ks 7c 7d 4h 4s 2c\n4c4d4h4sKcKdKh\n"
    result = invoke(["razz", "eval", "--format", "json", "-"], input=stdin)
    assert_ok(result)
    rows = json.loads(result.stdout)
    assert [r["hand"] for r in rows] == ["As2h3d4c5s6h7d", "KhKs7c7d4h4s2c", "4c4d4h4sKcKdKh"]
    assert [r["category"] for r in rows] == ["no pair", "one pair", "full house"]
    # stdin and arguments together, in command-line order
    result = invoke(["razz", "eval", "--format", "json", "-", "A2345"], input="KhKs7c7d4h4s2c\n")
    assert_ok(result)
    rows = json.loads(result.stdout)
    assert [r["category"] for r in rows] == ["one pair", "no pair"]
    assert rows[1]["class"] == 0


def test_eval_csv_has_a_header():
    result = invoke(["razz", "eval", "--format", "csv", "As2h3d4c5s6h7d", "KhKs7c7d4h4s2c"])
    assert_ok(result)
    assert result.stdout.splitlines()[0] == "hand,best,name,category,class"
    df = pd.read_csv(io.StringIO(result.stdout))
    as_json = invoke(["razz", "eval", "--format", "json", "As2h3d4c5s6h7d", "KhKs7c7d4h4s2c"])
    assert df.to_dict(orient="records") == json.loads(as_json.stdout)


def test_eval_out_writes_a_result(tmp_path):
    out = tmp_path / "ev"
    result = invoke(["razz", "eval", "--format", "json", "--out", out, "As2h3d4c5s6h7d", "4c4d4h4sKcKdKh"])
    assert_ok(result)
    assert {p.name for p in out.iterdir()} == {"eval.parquet", "eval.csv", "manifest.json"}
    df = pd.read_parquet(out / "eval.parquet")
    assert df.to_dict(orient="records") == json.loads(result.stdout)
    assert list(pd.read_csv(out / "eval.csv")["best"]) == ["5s4c3d2hAs", "4c4d4hKcKd"]
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "razz eval" and meta["hands"] == 2
    assert set(meta["files"]) == {"eval.parquet", "eval.csv"}
    assert hidden_leftovers(out) == []


# ----------------------------------------------------------------------------- 3. equity


@pytest.fixture(scope="module")
def exact_heads_up() -> dict:
    return equity_json(HERO, "--vs", VILLAIN, "--exact")


def test_equity_exact(exact_heads_up):
    d = exact_heads_up
    assert EQUITY_KEYS <= set(d)
    assert round(d["equity"], 5) == EXACT_EQUITY
    assert d["exact"] is True and d["stderr"] == 0
    assert d["trials"] == comb(46, 4) * comb(42, 4)  # every completion of both hands
    assert d["ci95"] == [d["equity"], d["equity"]]
    assert d["hero"] == HERO and [o["hand"] for o in d["opponents"]] == [VILLAIN]
    assert d["equity"] + d["opponents"][0]["equity"] == pytest.approx(1, abs=1e-12)
    assert d["community_card"] is False


def test_equity_monte_carlo_agrees_with_exact(exact_heads_up):
    d = equity_json(HERO, "--vs", VILLAIN, "--seed", "5", "--trials", "200000")
    assert EQUITY_KEYS <= set(d)
    assert d["exact"] is False and d["seed"] == 5 and d["trials"] == 200_000
    assert 0 < d["stderr"] < 0.01
    assert abs(d["equity"] - exact_heads_up["equity"]) < 4 * d["stderr"]
    lo, hi = d["ci95"]
    assert lo < d["equity"] < hi


def test_equity_same_seed_same_bytes_any_threads():
    args = ["razz", "equity", HERO, "--vs", VILLAIN, "--seed", "5", "--trials", "200000", "--format", "json"]
    outputs = []
    for extra in ([], [], ["--threads", "1"], ["--threads", str(min(2, numba.config.NUMBA_NUM_THREADS))]):
        result = invoke(args + extra)
        assert_ok(result)
        outputs.append(result.stdout)
    assert len(set(outputs)) == 1


def test_equity_without_seed_reports_the_seed():
    d = equity_json(HERO, "--vs", VILLAIN, "--trials", "3000")
    seed = d["seed"]
    assert isinstance(seed, int) and 0 <= seed < 2**63
    # the reported seed reproduces the run
    assert equity_json(HERO, "--vs", VILLAIN, "--trials", "3000", "--seed", str(seed)) == d

    result = invoke(["razz", "equity", HERO, "--vs", VILLAIN, "--trials", "3000"])
    assert_ok(result)
    notes = [line for line in result.stderr.splitlines() if line.startswith("seed: ")]
    assert len(notes) == 1, result.stderr
    seed = int(notes[0].split()[1])
    assert f"seed {seed}" in result.stdout


def test_equity_seven_opponents_uses_the_community_card():
    d = equity_json(HERO, "--opponents", "7", "--trials", "2000", "--seed", "1")
    assert d["community_card"] is True
    assert [o["hand"] for o in d["opponents"]] == ["random"] * 7
    assert d["equity"] + sum(o["equity"] for o in d["opponents"]) == pytest.approx(1)
    assert "community" in d["convention"]

    result = invoke(["razz", "equity", HERO, "--opponents", "7", "--trials", "2000", "--seed", "1"])
    assert_ok(result)
    assert "Community card: the deck cannot give all 8 players a 7th card" in result.stdout
    assert "worth more against 7 opponents than against 6" in result.stdout
    assert len([line for line in result.stdout.splitlines() if line.startswith("opp ")]) == 7

    heads_up = equity_json(HERO, "--vs", VILLAIN, "--trials", "1000", "--seed", "1")
    assert heads_up["community_card"] is False


def test_equity_opponents_fills_with_random():
    d = equity_json(HERO, "--opponents", "3", "--vs", VILLAIN, "--trials", "3000", "--seed", "2")
    assert [o["hand"] for o in d["opponents"]] == [VILLAIN, "random", "random"]
    assert d["equity"] + sum(o["equity"] for o in d["opponents"]) == pytest.approx(1)
    # default: as many opponents as --vs, or one random
    assert len(equity_json(HERO, "--vs", VILLAIN, "--vs", "xx8", "--trials", "500", "--seed", "2")["opponents"]) == 2
    assert [o["hand"] for o in equity_json(HERO, "--trials", "500", "--seed", "2")["opponents"]] == ["random"]


def test_equity_out_writes_a_result(tmp_path):
    out = tmp_path / "eq"
    proc = run_script(
        ["razz", "equity", HERO, "--vs", VILLAIN, "--trials", "20000", "--seed", "5", "--format", "json", "--out", out]
    )
    assert proc.returncode == 0, proc.stderr
    assert {p.name for p in out.iterdir()} == {"equity.parquet", "equity.csv", "manifest.json"}
    shown = json.loads(proc.stdout)
    meta = json.loads((out / "manifest.json").read_text())
    for key in ("seed", "trials", "versions", "git", "command", "wall_time_s", "threads"):
        assert key in meta, key
    assert meta["seed"] == 5 and meta["trials"] == 20_000
    assert (
        meta["command"] == f"razzmatazz razz equity {HERO} --vs {VILLAIN} --trials 20000 --seed 5 "
        f"--format json --out {out}"
    )
    assert meta["versions"]["numba"] and meta["versions"]["razzmatazz"]
    assert "commit" in meta["git"]
    assert isinstance(meta["threads"], int) and meta["threads"] >= 1
    assert meta["wall_time_s"] >= 0
    assert meta["result"] == shown
    df = pd.read_parquet(out / "equity.parquet")
    assert list(df["player"]) == ["hero", "opponent 1"]
    assert list(df["hand"]) == [HERO, VILLAIN]
    assert df["equity"].iloc[0] == shown["equity"]
    assert len(pd.read_csv(out / "equity.csv")) == 2
    assert hidden_leftovers(out) == []


# ----------------------------------------------------------------------------- 4. table


def _table(out: Path, *extra: str):
    return invoke(
        ["razz", "table", "--trials", "300", "--opponents", "1,7", "--seed", "3", "--out", out, "--quiet", *extra]
    )


@pytest.fixture(scope="module")
def table_run(tmp_path_factory):
    out = tmp_path_factory.mktemp("table") / "razz-table"
    result = _table(out)
    assert_ok(result)
    return result, out


def test_table_files(table_run):
    result, out = table_run
    assert {p.name for p in out.iterdir()} == TABLE_FILES
    for png in ("heatmap.png", "best_starts.png"):
        assert (out / png).read_bytes()[:8] == PNG_MAGIC
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["seed"] == 3 and meta["opponents"] == [1, 7] and meta["trials_per_cell"] == 300
    assert set(meta["files"]) | {"manifest.json"} == TABLE_FILES
    assert result.stderr == ""  # --quiet
    assert "Community card: the deck cannot give all 8 players a 7th card" in result.stdout
    assert hidden_leftovers(out) == []


def test_table_contents(table_run):
    _, out = table_run
    df = pd.read_parquet(out / "table.parquet")
    assert len(df) == 455 * 2
    assert TABLE_COLUMNS <= set(df.columns)
    assert sorted(df["opponents"].unique()) == [1, 7]
    for _, col in df.groupby("opponents"):
        assert len(col) == 455 and col["hand"].nunique() == 455
    assert (df["community_card"] == (df["opponents"] == 7)).all()
    mc = df[df["opponents"] == 7]
    assert not mc["exact"].any() and (mc["trials"] == 300).all()
    assert df[df["opponents"] == 1]["exact"].all()  # heads-up is exact by default
    assert ((df["ci_low"] <= df["equity"]) & (df["equity"] <= df["ci_high"])).all()
    assert df["equity"].between(0, 1).all() and (df["stderr"] >= 0).all()
    csv = pd.read_csv(out / "table.csv")
    assert len(csv) == len(df) and list(csv["hand"]) == list(df["hand"])


def test_table_same_seed_same_table(table_run, tmp_path):
    _, out = table_run
    result = _table(tmp_path / "again")
    assert_ok(result)
    pd.testing.assert_frame_equal(
        pd.read_parquet(tmp_path / "again" / "table.parquet"), pd.read_parquet(out / "table.parquet")
    )
    assert result.stdout.replace(str(tmp_path / "again"), "OUT") == table_run[0].stdout.replace(str(out), "OUT")


def test_table_exact_heads_up(tmp_path):
    out = tmp_path / "exact"
    result = invoke(["razz", "table", "--exact", "--opponents", "1", "--seed", "1", "--out", out, "--quiet"])
    assert_ok(result)
    df = pd.read_parquet(out / "table.parquet")
    assert len(df) == 455
    assert df["exact"].all() and (df["stderr"] == 0).all() and not df["community_card"].any()
    a23 = df.set_index("hand").loc["A23"]
    assert round(a23["equity"], 4) == round(0.73468, 4)
    assert a23["rank"] == 1
    assert (df["ci_low"] == df["equity"]).all() and (df["ci_high"] == df["equity"]).all()


# ----------------------------------------------------------------------------- 5. bad input

TEN_DEAD = "4c4d4h4s5c5d5h5s6c6d"
EQ = ["razz", "equity"]
BAD_INPUT = {
    # name: (arguments, words the error line must contain)
    "unknown card": (EQ + ["Zs2h3d", "--vs", VILLAIN], "Zs"),
    "unknown card in --vs": (EQ + [HERO, "--vs", "6s7h8z"], "8z"),
    "duplicate card": (EQ + [HERO, "--vs", "As7h8d"], "As"),
    "card in hand and dead": (EQ + [HERO, "--vs", VILLAIN, "--dead", "9cAs"], "As"),
    "hero with 2 cards": (EQ + ["As2h", "--vs", VILLAIN], "hero"),
    "opponents 8": (EQ + [HERO, "--opponents", "8"], "opponents"),
    "opponents 0": (EQ + [HERO, "--opponents", "0"], "opponents"),
    "opponents -1": (EQ + [HERO, "--opponents", "-1"], "opponents"),
    "more --vs than --opponents": (EQ + [HERO, "--vs", VILLAIN, "--vs", "9s9h9d", "--opponents", "1"], "opponents"),
    "trials 0": (EQ + [HERO, "--vs", VILLAIN, "--trials", "0"], "trials must be"),
    "trials -5": (EQ + [HERO, "--vs", VILLAIN, "--trials", "-5"], "trials must be"),
    "exact with 2 opponents": (EQ + [HERO, "--opponents", "2", "--exact"], "heads-up"),
    "exact with trials": (EQ + [HERO, "--vs", VILLAIN, "--exact", "--trials", "1000"], "no number of trials"),
    "threads 0": (EQ + [HERO, "--vs", VILLAIN, "--threads", "0"], "threads must be"),
    "threads 999": (EQ + [HERO, "--vs", VILLAIN, "--threads", "999"], "threads must be"),
    "unknown option": (EQ + [HERO, "--vs", VILLAIN, "--bogus"], "--bogus"),
    "too many dead for 7 opponents": (EQ + [HERO, "--opponents", "7", "--dead", TEN_DEAD], "fit"),
    "table opponents 9": (["razz", "table", "--opponents", "9"], "opponents"),
    "table trials 0": (["razz", "table", "--trials", "0"], "trials must be"),
    "eval 4 cards": (["razz", "eval", "As2h3d4c"], "As2h3d4c"),
    "eval 8 cards": (["razz", "eval", "As2h3d4c5s6h7d8c"], "As2h3d4c5s6h7d8c"),
    "eval unknown card": (["razz", "eval", "As2h3d4cZz"], "Z"),
}


def _with_seed(args: list[str]) -> list[str]:
    """Fix the seed so the 'seed: N' note does not mix into this check (tested on its own below)."""
    return args + ["--seed", "1"] if args[:2] in (["razz", "equity"], ["razz", "table"]) else args


@pytest.fixture(scope="module")
def previous_result(tmp_path_factory) -> Path:
    """A genuine earlier result directory to copy into each test."""
    out = tmp_path_factory.mktemp("previous") / "res"
    assert_ok(invoke(["razz", "eval", "--out", out, "As2h3d4c5s6h7d"]))
    return out


@pytest.mark.parametrize("where", ["new dir", "previous result"])
@pytest.mark.parametrize("name", list(BAD_INPUT))
def test_bad_input_is_one_line_and_writes_nothing(name, where, tmp_path, previous_result):
    args, fragment = BAD_INPUT[name]
    if where == "new dir":
        out = tmp_path / "not-yet" / "res"
    else:
        out = tmp_path / "res"
        shutil.copytree(previous_result, out)
        before = snapshot(out)
    result = invoke(_with_seed(args) + ["--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    if where == "new dir":
        assert not (tmp_path / "not-yet").exists()
    else:
        assert snapshot(out) == before
        assert hidden_leftovers(out) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ([] if where == "new dir" else ["res"])


@pytest.mark.parametrize(
    "command",
    [
        ["razz", "eval", "As2h3d4c5s"],
        EQ + [HERO, "--vs", VILLAIN, "--trials", "100", "--seed", "1"],
        ["razz", "table", "--trials", "10", "--opponents", "1", "--seed", "1"],
    ],
    ids=["eval", "equity", "table"],
)
def test_out_is_an_existing_file(command, tmp_path):
    target = tmp_path / "result"
    target.write_text("precious\n")
    result = invoke(command + ["--out", target])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "output directory")
    assert target.read_text() == "precious\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["result"]


@pytest.mark.parametrize(
    "name", ["unknown card", "duplicate card", "trials 0", "opponents 8", "too many dead for 7 opponents"]
)
def test_bad_input_without_seed_is_still_one_line(name, tmp_path):
    """With no --seed, a drawn 'seed: N' note must not precede the error (one line, nothing else)."""
    args, fragment = BAD_INPUT[name]
    result = invoke(args + ["--out", tmp_path / "res"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert not (tmp_path / "res").exists()


@pytest.mark.parametrize("name", ["unknown card", "unknown option", "threads 999", "table opponents 9"])
def test_bad_input_from_the_console_script(name, tmp_path):
    args, fragment = BAD_INPUT[name]
    out = tmp_path / "res"
    proc = run_script(_with_seed(args) + ["--out", out], cwd=tmp_path)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, fragment)
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_bad_input_from_the_console_script_without_seed(tmp_path):
    args, fragment = BAD_INPUT["unknown card"]
    proc = run_script(args, cwd=tmp_path)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, fragment)


def test_eval_with_nothing_on_stdin_is_an_error():
    for fmt in ("table", "json", "csv"):
        result = invoke(["razz", "eval", "--format", fmt, "-"], input="\n")
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "hand")


# ----------------------------------------------------------------------------- 6. atomic result directories


def _stale_result(out: Path) -> None:
    out.mkdir(parents=True)
    (out / "stale.txt").write_text("from an older run\n")
    (out / "manifest.json").write_text('{"tool": "razzmatazz", "kind": "old", "files": ["stale.txt"]}\n')


def test_success_replaces_an_existing_result_completely(tmp_path):
    out = tmp_path / "res"
    _stale_result(out)
    assert_ok(invoke(["razz", "eval", "--out", out, "As2h3d4c5s6h7d"]))
    assert {p.name for p in out.iterdir()} == {"eval.parquet", "eval.csv", "manifest.json"}
    assert json.loads((out / "manifest.json").read_text())["kind"] == "razz eval"
    assert hidden_leftovers(out) == []

    assert_ok(invoke(EQ + [HERO, "--vs", VILLAIN, "--trials", "1000", "--seed", "1", "--out", out, "--quiet"]))
    assert {p.name for p in out.iterdir()} == {"equity.parquet", "equity.csv", "manifest.json"}
    assert json.loads((out / "manifest.json").read_text())["kind"] == "razz equity"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["res"]


def test_success_creates_missing_parents(tmp_path):
    out = tmp_path / "a" / "b" / "res"
    assert_ok(invoke(["razz", "eval", "--out", out, "A2345"]))
    assert (out / "manifest.json").exists()
    assert sorted(p.name for p in out.parent.iterdir()) == ["res"]
    assert os.listdir(tmp_path) == ["a"]


def test_out_refuses_a_directory_that_is_not_a_result(tmp_path, monkeypatch):
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("important\n")
    result = invoke(["razz", "eval", "--out", precious, "A2345"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "does not hold a razzmatazz result")
    assert [p.name for p in precious.iterdir()] == ["notes.txt"]
    monkeypatch.chdir(precious)
    for out in (".", "..", ""):
        result = invoke(["razz", "eval", "--out", out, "A2345"])
        assert result.exit_code == 2 and result.stdout == "", (out, result.stdout)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["precious"]
    assert [p.name for p in precious.iterdir()] == ["notes.txt"]


def test_out_below_a_regular_file_is_one_line(tmp_path):
    blocker = tmp_path / "afile"
    blocker.write_text("x")
    result = invoke(["razz", "eval", "--out", blocker / "sub", "A2345"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "not a directory")


def test_exact_reports_the_community_card_when_used():
    dead = "4c4d4h4s5c5d5h5s6c6d6h6s7c7d7h7s8c8d8h8s9c9d9h9sTcTdThTsJcJdJhJsQcQdQhQsKcKdKh"
    result = invoke(EQ + ["A23", "--dead", dead, "--exact", "--format", "json"])
    assert_ok(result)
    data = json.loads(result.stdout)
    assert data["community_card"] is True and data["exact"] is True
    mc = json.loads(
        invoke(EQ + ["A23", "--dead", dead, "--trials", "200000", "--seed", "2", "--format", "json"]).stdout
    )
    assert mc["community_card"] is True
    assert abs(mc["equity"] - data["equity"]) < 4 * mc["stderr"]


@pytest.mark.parametrize(
    "args, message",
    [
        (EQ + ["A23", "--trials", str(10**13)], "between 1 and"),
        (EQ + ["A23", "--exact", "--seed", "3"], "takes no seed"),
        (["razz", "table", "--rank-by", "1", "--opponents", "2-3", "--trials", "10"], "cannot rank by 1"),
        (["razz", "table", "--trials", str(10**13)], "between 1 and"),
        (EQ + ["A23", "--vs", "xxxxxx8", "--opponents", "7"], "already has 7 cards"),
    ],
)
def test_more_bad_requests(args, message, tmp_path):
    out = tmp_path / "never"
    result = invoke(args + ["--out", out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, message)
    assert not out.exists()


def test_manifest_keeps_the_quoting_of_the_command_line(tmp_path):
    out = tmp_path / "q"
    proc = subprocess.run(
        [str(SCRIPT), "razz", "eval", "Kh Ks 7c 7d 4h", "--out", str(out)], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    command = json.loads((out / "manifest.json").read_text())["command"]
    assert shlex.split(command)[3] == "Kh Ks 7c 7d 4h"


def test_eval_echoes_rank_only_cards_without_suits():
    rows = json.loads(invoke(["razz", "eval", "--format", "json", "A2345", "As2s3s4s5s6s7s"]).stdout)
    assert rows[0]["hand"] == "A2345" and rows[0]["best"] == "5432A"
    assert rows[1]["best"] == "5s4s3s2sAs"
