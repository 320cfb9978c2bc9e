"""How far the Razzia and Riffifi engines are from what this machine can do: a C baseline in one run.

``scripts/ceiling/razzia.c`` and ``scripts/ceiling/riffifi.c`` are single-threaded C programs written
for one purpose: to replay *exactly* the games our engines play with random play and the default
settings (5-player Razzia, 4-player Riffifi), from the engines' own stream keys, keeping the same
integer counts. They know nothing else (no other player count, switch or policy) and are not part of
razzmatazz; they answer "is the speed target a hardware limit here?". This script builds them with
gcc, checks that they give our engine's counts bit for bit on the same games, then times both, one
after the other, and prints the rates and the ratio (this VM's speed drifts, so only the ratio of one
run means much). ``scripts/ceiling/razzia_nb.py`` and ``riffifi_nb.py`` are the two programs' design
written in numba, checked and timed the same way: what our own tools reach with that design. Usage::

    python scripts/ceiling.py            # 200,000 games each, best of 3
    python scripts/ceiling.py --games 20000 --repeat 1

Exit status 2 (one line) if gcc is missing or a build fails; 1 if a C program does not replay our games.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[0]))


def _build(source: str, out: Path, *defines: str) -> Path:
    exe = out / (Path(source).stem + "".join(d.replace("=", "") for d in defines))
    cmd = ["gcc", "-O2", "-march=native", *(f"-D{d}" for d in defines), str(HERE / "ceiling" / source), "-o", str(exe)]
    try:
        subprocess.run(cmd, check=True, capture_output=True, text=True)
    except FileNotFoundError:
        _refuse("ceiling: gcc is not installed")
    except subprocess.CalledProcessError as e:
        _refuse(f"ceiling: building {source} failed: {e.stderr.strip().splitlines()[-1] if e.stderr else e}")
    return exe


def _refuse(message: str) -> None:
    """One line on stderr, exit status 2."""
    print(message, file=sys.stderr)
    sys.exit(2)


def _ours(job, games: int, repeat: int) -> tuple[np.ndarray, float]:
    job.run_chunk(0, 10)  # compile
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        out = job.run_chunk(0, games)
        best = min(best, time.perf_counter() - t)
    return out, games / best


def _numba_port(name: str):
    """``scripts/ceiling/<name>_nb.py``: the C program's design in numba."""
    spec = importlib.util.spec_from_file_location(f"{name}_nb", HERE / "ceiling" / f"{name}_nb.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def numba_port(name: str, games: int, repeat: int, seed: int) -> tuple[float, bool]:
    """(games/s of the numba port of ``<name>.c``, its counts equal our engine's)."""
    if name == "razzia":
        from razzmatazz.analysis.razzia import lineup
        from razzmatazz.core.razzia.engine import GameJob
        from razzmatazz.core.razzia.rules import Settings

        n, n_keys = 5, 3  # deal, dice and policy keys
    else:
        from razzmatazz.analysis.riffifi import lineup
        from razzmatazz.core.riffifi.engine import GameJob
        from razzmatazz.core.riffifi.rules import Settings

        n, n_keys = 4, 2  # deal and policy keys
    port = _numba_port(name)
    job = GameJob(Settings(players=n), lineup(["random"], n), seed, games)
    keys = job.kernel_args()[1 : 1 + n_keys]
    port.play(0, 10, *keys)  # compile
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        counts = port.play(0, games, *keys)
        best = min(best, time.perf_counter() - t)
    return games / best, np.array_equal(counts, job.run_chunk(0, games))


def razzia(tmp: Path, games: int, repeat: int, seed: int) -> tuple[float, float, bool]:
    """(our games/s, C games/s, the C program's counts equal ours)."""
    from razzmatazz.analysis.razzia import lineup
    from razzmatazz.core.razzia.engine import GameJob
    from razzmatazz.core.razzia.rules import Settings

    job = GameJob(Settings(players=5), lineup(["random"], 5), seed, games)
    _, deal_key, dice_key, policy_keys, *_ = job.kernel_args()
    keys = [str(int(k)) for k in (deal_key, dice_key, *policy_keys)]
    exe = _build("razzia.c", tmp, "STUDY")
    ours, rate = _ours(job, games, repeat)
    dump = subprocess.run([str(exe), str(games), "1", *keys, "dump"], check=True, capture_output=True, text=True)
    same = np.array_equal(np.array(dump.stdout.split(), np.int64), ours)
    timed = subprocess.run([str(exe), str(games), str(repeat), *keys], check=True, capture_output=True, text=True)
    c_rate = float(re.search(r"wall: best \S+ s (\d+) games/s", timed.stdout).group(1))
    return rate, c_rate, same


def riffifi(tmp: Path, games: int, repeat: int, seed: int) -> tuple[float, float, bool]:
    """(our games/s, C games/s, the C program's counts equal ours)."""
    from razzmatazz.analysis.riffifi import lineup
    from razzmatazz.core.riffifi import engine as E
    from razzmatazz.core.riffifi.rules import Settings

    job = E.GameJob(Settings(players=4), lineup(["random"], 4), seed, games)
    _, deal_key, policy_keys, *_ = job.kernel_args()
    keys = [str(int(k)) for k in (deal_key, *policy_keys)]
    exe = _build("riffifi.c", tmp, "STUDY=1")
    ours, rate = _ours(job, games, repeat)
    run = subprocess.run([str(exe), str(games), str(repeat), *keys], check=True, capture_output=True, text=True)
    lines = {
        ln.split()[0] + (ln.split()[1] if ln.startswith("seat") else ""): ln.split() for ln in run.stdout.splitlines()
    }
    lay = E.layout(4)
    glob, table = lay["global"], lay["table"]
    same = True
    for name, field in (
        ("deals", E.G_DEALS),
        ("redeals", E.G_REDEALS),
        ("undercuts", E.G_UNDERCUTS),
        ("aside", E.G_ASIDE),
        ("lapsed", E.G_LAPSED),
        ("middle", E.G_MIDDLE),
    ):
        same &= int(lines[name][1]) == ours[glob + field]
    for s in range(4):
        row = lines[f"seat{s}"]
        base = lay["seat"] + s * E.N_PFIELDS
        same &= [int(row[i]) for i in (3, 5, 7, 9)] == [
            int(ours[base + f]) for f in (E.P_SCORE, E.P_SCORE2, E.P_WIN, E.P_WIN2)
        ]
    c_table = np.array(lines["table"][1:], np.int64)
    same &= np.array_equal(c_table, ours[table : table + E.N_TABLE])
    return rate, float(lines["games_per_s"][1]), bool(same)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if args.games < 1 or args.repeat < 1:
        parser.exit(2, "ceiling: --games and --repeat must be at least 1\n")
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        print(f"random play, default settings, one thread, {args.games:,} games, best of {args.repeat}")
        print(f"{'game':28s} {'razzmatazz':>12s} {'C baseline':>12s} {'C / ours':>9s}  same counts")
        for name, fn in (("Razzia, 5 players", razzia), ("Riffifi, 4 players", riffifi)):
            ours, c, same = fn(Path(tmp), args.games, args.repeat, args.seed)
            ok &= same
            print(f"{name:28s} {ours:12,.0f} {c:12,.0f} {c / ours:8.1f}x  {'yes' if same else 'NO'}")
        print("\nThe C programs' design in numba (scripts/ceiling/*_nb.py):")
        for name, game in (("Razzia, 5 players", "razzia"), ("Riffifi, 4 players", "riffifi")):
            rate, same = numba_port(game, args.games, args.repeat, args.seed)
            ok &= same
            print(f"{name:28s} {rate:12,.0f} games/s, same counts: {'yes' if same else 'NO'}")
    if not ok:
        sys.exit(1)


if __name__ == "__main__":
    main()
