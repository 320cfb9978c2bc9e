"""Speed of razzmatazz against PokerKit on the same work, measured in one run.

Prints, for each task, our rate, PokerKit's rate and their ratio:

* 7-card Razz evaluation of random hands (ours on every hand, PokerKit on a subset of the
  same hands; both must agree on that subset);
* heads-up all-in equity Monte Carlo, A-2-3 against a random hand (both engines);
* all-in equity Monte Carlo, A-2-3 against 6 random hands (7 players; PokerKit cannot deal
  8 players);
* exact heads-up equity of all 455 starts against a random hand (ours only: PokerKit has no
  exact enumeration; the target is under 60 s);
* hand against a range, Monte Carlo: A-2-3 against ``[A-8][A-8][A-8]!pair`` (ours only, one
  thread; PokerKit's ``calculate_equities`` takes ranges but not Razz's stud positions);
* the exact door-card chart, 455 starts x 13 door cards (ours only; the target is under 2 minutes);
* the full fixed-limit game, 2, 6 and 8 players (``--only razz`` runs just this part): our engine
  with the heuristic policies (tag, rock, steal, reader, cycled) against PokerKit's ``FixedLimitRazz`` state machine
  playing the same kind of hands (every automation on, a tight policy: three cards 8 or lower
  complete or call, anything else folds; then call down); target >= 200,000 hands/s per core
  six-handed;
* Riffifi, four players (a game = four deals, 160 decisions): full games per second of our
  engine against the plain-Python reference engine of the tests (the only other Riffifi
  engine there is) on the same games, with random play, with the default heuristic mix, and
  with each built-in policy alone (its cost per decision follows; ``--only riffifi`` runs just
  this part); random play and the mix also through the general engine, which plays the
  switches and users' policies the fast lane (``core/riffifi/fast.py``) does not;
* Razzia, five players: full games per second of our engine against the plain-Python reference
  engine of the tests (random play on both sides: the same rules and the same amount of work,
  each engine with its own random policies), with random play and with the default heuristic
  mix, and each built-in policy alone (``--only razzia`` runs just this part); random play and
  the mix also through the general engine, which plays the switches and users' policies the
  fast lane (``core/razzia/fast.py``, what these lineups run on) does not;
* Razzia's strong-play targets (issue 25; ``--only razzia-strong`` runs just these, ``--only razzia``
  ends with them): a 5-player game with one ``search`` seat (player 1) in the default mix, games/s per
  core and a decision's cost per budget (samples 1, 2, 4, 8, ``search-strong`` and the two budgets the race
  replaced; target 200 games/s at the default budget); the default ``search`` in the seat of the best tuned
  heuristic of the default mix at 3, 5 and 7 players, its paired gain in win rate with a 95 % interval (target:
  established); ``exploit`` of the default field at 5 players with its defaults on every core, wall time
  (target under 5 minutes);
* plugins (issue 40; ``--only plugins``, not in the full run: it compiles each game's engine for a plugin,
  minutes): each game's ``play`` of 100 games start to finish with a built-in, with a plugin the first
  time (a new cache folder) and again; and the games/s of a plugin that plays exactly a built-in against
  that built-in, in its fast lane and in the general engine that plays plugins (the plugin lane's cost for
  the same logic);
* (not here: ``scripts/ceiling.py`` times both board games against C programs that replay our
  random-play games bit for bit, to show how far the engines are from what the machine can do);
* threads on an idle and on a busy machine: ``razz equity A23 --opponents 3`` through the batch
  runner with one thread and with all threads, first alone, then beside another razzmatazz job
  (a ``razz table`` in a subprocess using every core). The default (all threads) must never be
  much slower than one thread on the busy machine, and should be faster on the idle one.

Our kernels run on one thread unless ``--threads`` says otherwise; rates are per core then.
Compilation happens in a warm-up call that is not timed. Every timing is the best of
``--repeat`` calls, for both engines, because this VM's speed varies from minute to minute.
Usage::

    python scripts/bench.py            # about 1 minute
    python scripts/bench.py --quick    # smaller samples, for a smoke test
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

REPEAT = 3


def _timed(fn, *args):
    """Result and the best wall time of :data:`REPEAT` calls (timeit's rule: noise only slows)."""
    best = float("inf")
    for _ in range(REPEAT):
        start = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - start)
    return out, best


def bench_eval(n_ours: int, n_pk: int, seed: int) -> tuple[float, float]:
    import pokerkit

    from razzmatazz.core.cards import cards_str
    from razzmatazz.core.razz.evaluate import evaluate

    rng = np.random.default_rng(seed)
    hands = np.argsort(rng.random((n_ours, 52)), axis=1)[:, :7].astype(np.int8)
    evaluate(hands[:8])
    ours, dt = _timed(evaluate, hands)
    texts = [cards_str(h) for h in hands[:n_pk]]
    pk, dt_pk = _timed(lambda: [pokerkit.RegularLowHand.from_game(t).entry.index for t in texts])
    if list(ours[:n_pk]) != pk:
        raise SystemExit("evaluators disagree: benchmark invalid")
    return n_ours / dt, n_pk / dt_pk


def bench_equity(opponents: int, n_ours: int, n_pk: int, seed: int) -> tuple[float, float, float, float]:
    import pokerkit

    from razzmatazz.core import streams
    from razzmatazz.core.razz.deal import make_deal
    from razzmatazz.core.razz.equity import EquityJob

    job = EquityJob(make_deal("As2h3d", ["random"] * opponents), streams.key(seed, "razz", "equity"), n_ours)
    job.run_chunk(0, 100)
    counts, dt = _timed(job.run_chunk, 0, n_ours)
    k = np.arange(counts.shape[1], dtype=float)
    k[0] = np.inf
    ours = float((counts[0] / k).sum() / n_ours)
    ranges = [[list(pokerkit.Card.parse("As2h3d"))]] + [[[]]] * opponents
    pk, dt_pk = _timed(
        lambda: pokerkit.calculate_equities(
            ranges, (), 7, 0, pokerkit.Deck.STANDARD, (pokerkit.RegularLowHand,), sample_count=n_pk
        )
    )
    return n_ours / dt, n_pk / dt_pk, ours, pk[0]


def bench_exact_table() -> float:
    """Seconds for the exact 455-start table (one call, JIT loading from the cache included)."""
    from razzmatazz.core.razz.exact import starting_hands_vs_random

    def once() -> None:
        starting_hands_vs_random.cache_clear()  # remembered within a process: time the computation
        starting_hands_vs_random()

    return _timed(once)[1]


def bench_range(trials: int, seed: int) -> float:
    """Trials/s of A23 against a range (one thread)."""
    from razzmatazz.core import streams
    from razzmatazz.core.razz.deal import make_deal
    from razzmatazz.core.razz.equity import EquityJob

    job = EquityJob(make_deal("A23", ["[A-8][A-8][A-8]!pair"]), streams.key(seed, "razz", "equity"), trials)
    job.run_chunk(0, 100)
    return trials / _timed(job.run_chunk, 0, trials)[1]


def bench_door_chart() -> float:
    """Seconds for the exact door-card chart (455 x 13 cells), all cores, kernels loaded from the cache."""
    from razzmatazz.core.razz.doors import door_chart

    def once() -> None:
        door_chart.cache_clear()
        door_chart()

    return _timed(once)[1]


HEURISTIC_MIX = ("tag", "rock", "steal", "reader")


def bench_game(players: int, hands: int, pk_hands: int, seed: int) -> tuple[float, float]:
    """Hands per second: our engine (one thread) and PokerKit's state machine."""
    import warnings

    from razzmatazz.core.razz.engine import GameJob
    from razzmatazz.core.razz.policies import REGISTRY
    from razzmatazz.core.razz.rules import Settings

    lineup = tuple(REGISTRY.parse(HEURISTIC_MIX[i % len(HEURISTIC_MIX)]) for i in range(players))
    job = GameJob(Settings(players=players), lineup, seed, hands)
    job.run_chunk(0, 100)  # compile
    _, ours = _timed(job.run_chunk, 0, hands)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns when it recycles burned cards
        _, pk = _timed(lambda: [_pokerkit_hand(players) for _ in range(pk_hands)])
    return hands / ours, pk_hands / pk


def bench_riffifi(games: int, ref_games: int, seed: int) -> list[tuple[str, float, float]]:
    """Riffifi games per second, four players, one thread: (lineup, ours, the Python reference)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.analysis.riffifi import DEFAULT_MIX, lineup
    from razzmatazz.core.riffifi.engine import GameJob, play_games
    from razzmatazz.core.riffifi.rules import Settings
    from tests.reference.riffifi import reference_game

    settings = Settings(players=4)
    rows = []
    for name, texts in [("random play", ["random"]), ("default mix", list(DEFAULT_MIX[:4]))] + [
        (f"{p} alone", [p]) for p in ("lowest", "undercut", "holdlow", "thief", "expect")
    ]:
        players = lineup(texts, 4)
        job = GameJob(settings, players, seed, games)
        job.run_chunk(0, 10)  # compile
        _, ours = _timed(job.run_chunk, 0, games)
        ref = float("nan")
        if ref_games:
            _, t = _timed(lambda lu=players: [reference_game(settings, lu, seed, g) for g in range(ref_games)])
            ref = ref_games / t
        rows.append((name, games / ours, ref))
        if name in ("random play", "default mix"):  # the general engine (other switches, users' policies)
            play_games(*job.kernel_args(), 0, 10)
            _, general = _timed(play_games, *job.kernel_args(), 0, games)
            rows.append((f"{name}, general engine", games / general, ref))
    return rows


def bench_razzia(games: int, ref_games: int, seed: int) -> list[tuple[str, float, float]]:
    """Razzia games per second, five players, one thread: (lineup, ours, the Python reference with random play)."""
    import random

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.analysis.razzia import DEFAULT_MIX, lineup
    from razzmatazz.core.razzia.engine import GameJob, play_games
    from razzmatazz.core.razzia.rules import Settings
    from tests.reference import razzia as ref

    settings = Settings(players=5)

    def reference_games() -> None:
        for g in range(ref_games):
            deck, dice = ref.stream_randomness(seed, g)
            rng = random.Random(g)
            ref.play_game(ref.Settings(players=5), deck, dice, [ref.RandomPolicy(rng) for _ in range(5)])

    ref_rate = float("nan")
    if ref_games:
        _, t = _timed(reference_games)
        ref_rate = ref_games / t
    rows = []
    for name, texts in [("random play", ["random"]), ("default mix", list(DEFAULT_MIX[:5]))] + [
        (f"{p} alone", [p]) for p in ("greedy", "crowd", "bigpot", "hunter")
    ]:
        job = GameJob(settings, lineup(texts, 5), seed, games)
        job.run_chunk(0, 10)  # compile
        _, ours = _timed(job.run_chunk, 0, games)
        rows.append((name, games / ours, ref_rate))
        if name in ("random play", "default mix"):  # the general engine (other switches, users' policies)
            play_games(*job.kernel_args(), 0, 10)
            _, general = _timed(play_games, *job.kernel_args(), 0, games)
            rows.append((f"{name}, general engine", games / general, ref_rate))
    return rows


SEARCH_BUDGETS = (
    "search",
    "search:samples=1",
    "search:samples=2",
    "search:samples=4",
    "search:samples=8",
    "search-strong",
    "search:samples=32,lead=3,race=0",
    "search:samples=64,lead=2,race=0",
)
"""Razzia: the default, fewer samples, the strong preset, the default before the race (issue 37) and the former
``search-strong``."""


RIFFIFI_BUDGETS = (
    "search",
    "search:samples=1",
    "search:samples=4",
    "search-strong",
    "search:samples=16",
    "search:depth=0",
)
RAZZ_BUDGETS = ("search", "search:samples=10,fit=0", "search:samples=10", "search-strong", "search:samples=32,fit=0")
"""The default, the default before fitted draws (issue 37), fewer samples, the strong preset and the former one."""


def bench_search(
    name: str, players: int, games: int, seed: int, budgets: tuple[str, ...]
) -> tuple[float, list[tuple[str, float, float]]]:
    """Game ``name``, one ``search`` seat in player 1's place in the default mix, one thread: (the search seat's
    decisions per game, [(budget, games/s, microseconds per search decision)])."""
    import importlib

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.core.positions import Position

    lineup = importlib.import_module(f"razzmatazz.analysis.{name}").lineup
    E = importlib.import_module(f"razzmatazz.core.{name}.engine")
    S = importlib.import_module(f"razzmatazz.core.{name}.state")
    registry = importlib.import_module(f"razzmatazz.core.{name}.policies").REGISTRY
    settings = importlib.import_module(f"razzmatazz.core.{name}.rules").Settings(players=players)
    field = lineup([], players)
    mix = E.GameJob(settings, field, seed, games)
    decisions = 0
    for g in range(50):  # player 0's decisions in a game (its heuristic in its seat: about as many as search's)
        p = Position.begin(S, mix, g)
        while not p.over():
            decisions += p.actor() == g % players
            p.step()
    decisions /= 50
    mix.run_chunk(0, 2)
    _, base = _timed(mix.run_chunk, 0, games)
    rows = []
    for text in budgets:
        job = E.GameJob(settings, (registry.parse(text), *field[1:]), seed, games)
        job.run_chunk(0, 2)  # compile
        _, t = _timed(job.run_chunk, 0, games)
        rows.append((text, games / t, 1e6 * (t - base) / games / decisions))
    return decisions, rows


def bench_razzia_search(games: int, seed: int) -> tuple[float, list[tuple[str, float, float]]]:
    """Razzia, five players (:func:`bench_search`)."""
    return bench_search("razzia", 5, games, seed, SEARCH_BUDGETS)


def bench_strong(
    name: str,
    games: int,
    seed: int,
    players: tuple[int, ...],
    by: str,
    against: str | None = None,
    texts: tuple[str, ...] = (),
) -> list[tuple]:
    """``by`` in the seat of a heuristic of game ``name``'s default mix (or of ``texts``) (``against``, or else
    the preset of the highest win rate there), duplicate deals in the paired batches of ``exploit``, one thread,
    per player count: (players, the heuristic, its win rate, ``by``'s, the paired gain and its 95 % interval,
    games per lineup, seconds)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.analysis.games import game
    from razzmatazz.analysis.studies import exploit, paired

    g = game(name)
    rows = []
    for n in players:
        begin = time.perf_counter()
        settings, field = g.settings(n), g.module.lineup(list(texts), n)
        seeds = paired.batch_seeds(seed, g, exploit.EXPLOIT, [x.text for x in field])
        size = paired.batch_games(games)
        duplicate = g.duplicate(settings, None)
        base = paired.play_batches(g, settings, field, size, seeds, duplicate, None)
        if against is None:
            firsts = {p.label: j for j, p in reversed(list(enumerate(field))) if p.preset}
            best = max(firsts.values(), key=lambda j: sum(float(b.win_rate[j]) for b in base))
        else:
            best = next(j for j, p in enumerate(field) if p.label == against)
        swapped = tuple(g.parse(by, n) if i == best else x for i, x in enumerate(field))
        alt = paired.play_batches(g, settings, swapped, size, seeds, duplicate, None)
        d = paired.difference(base, alt, best)
        rows.append(
            (
                n,
                field[best].label,
                d["win_rate"],
                d["alt_win_rate"],
                d["win_rate_difference"],
                d["win_rate_low"],
                d["win_rate_high"],
                d["games"],
                time.perf_counter() - begin,
            )
        )
    return rows


def bench_razzia_strong(games: int, seed: int, players: tuple[int, ...] = (3, 5, 7), by: str = "search") -> list[tuple]:
    """``by`` (the default ``search``) in the seat of the best tuned heuristic of Razzia's default mix,
    3, 5 and 7 players (:func:`bench_strong`)."""
    return bench_strong("razzia", games, seed, players, by)


def bench_razzia_exploit(seed: int) -> tuple[float, object]:
    """``exploit`` of the default field at 5 players with its defaults on every core: (seconds, its gains)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.analysis.razzia import DEFAULT_MIX
    from razzmatazz.analysis.studies import exploit
    from razzmatazz.core.threads import set_threads

    set_threads(None)
    exploit.exploit("razzia", list(DEFAULT_MIX), 5, games=100, seed=seed)  # compile
    begin = time.perf_counter()
    result = exploit.exploit("razzia", list(DEFAULT_MIX), 5, seed=seed)
    return time.perf_counter() - begin, result


def _razzia_strong_report(rows: list[tuple], title: str = "") -> None:
    print(
        title
        or "\nRazzia, search (default budget) in the seat of the best tuned heuristic of the default mix (paired, "
        "duplicate deals, one thread; target: an established gain at 3, 5 and 7 players)"
    )
    print(
        f"{'players':>7s} {'heuristic':14s} {'its win':>8s} {'search':>8s} {'gain':>7s} {'95 % interval':>17s} "
        f"{'games':>7s} {'s':>6s}"
    )
    for n, name, base, alt, gain, low, high, games, wall in rows:
        print(
            f"{n:7d} {name:14s} {base:8.1%} {alt:8.1%} {gain:+7.1%} [{low:+6.1%}, {high:+6.1%}] {games:7,d} {wall:6.0f}"
        )


def _razzia_exploit_report(wall: float, result: object) -> None:
    gains = result.gains  # type: ignore[attr-defined]
    print(
        f"\nRazzia exploit of the default field, 5 players, {result.games:,} games a lineup, every core: "  # type: ignore[attr-defined]
        f"{wall:.0f} s (target < 300 s)"
    )
    for r in gains.itertuples():
        print(
            f"  {r.policy:14s} win {r.win_rate:6.1%} -> search {r.by_win_rate:6.1%}: {r.win_rate_difference:+.1%} "
            f"[{r.win_rate_low:+.1%}, {r.win_rate_high:+.1%}]"
        )


def _razzia_search_report(
    decisions: float, rows: list[tuple[str, float, float]], title: str = "Razzia search, 5 players"
) -> None:
    print(
        f"\n{title}, one search seat (player 1) in the default mix, one thread ({decisions:.1f} "
        "search decisions a game; target: 200 games/s at the default budget)"
    )
    print(f"{'budget':38s} {'games/s':>10s} {'us/decision':>12s}")
    for text, rate, cost in rows:
        print(f"{text:38s} {rate:10,.0f} {cost:12,.0f}")


def _razzia_report(rows: list[tuple[str, float, float]]) -> None:
    print("\nRazzia, 5 players, one thread: games/s (the reference plays random policies; 12 rounds a game)")
    print(f"{'lineup':38s} {'razzmatazz':>14s} {'reference':>12s} {'ratio':>10s} {'ns/decision':>12s}")
    for name, ours, ref in rows:
        ratio = f"{ours / ref:9,.0f}x" if ref == ref else "      n/a"
        print(f"{name:38s} {ours:14,.0f} {ref:12,.1f} {ratio} {1e9 / ours / (12 * 5):12,.0f}")


def _riffifi_report(rows: list[tuple[str, float, float]]) -> None:
    turns = 4 * 40
    print("\nRiffifi, 4 players, one thread: games/s (a game = 4 deals = 160 decisions)")
    print(f"{'lineup':38s} {'razzmatazz':>14s} {'reference':>12s} {'ratio':>10s} {'ns/decision':>12s}")
    for name, ours, ref in rows:
        ratio = f"{ours / ref:9,.0f}x" if ref == ref else "      n/a"
        print(f"{name:38s} {ours:14,.0f} {ref:12,.1f} {ratio} {1e9 / ours / turns:12,.0f}")


def _pokerkit_hand(players: int) -> list[int]:
    """One PokerKit hand: ante 2, bring-in 5, bets 10/20; three cards 8 or lower play, the rest fold."""
    import pokerkit

    s = pokerkit.FixedLimitRazz.create_state(tuple(pokerkit.Automation), True, 2, 5, 10, 20, 10**6, players)
    while s.status:
        i = s.actor_index
        if s.can_post_bring_in():
            s.post_bring_in()
            continue
        ranks = {c.rank for c in s.hole_cards[i][:3]}
        good = len(ranks) == 3 and all(r in "A2345678" for r in ranks)
        if s.street_index == 0 and not good and s.can_fold():
            s.fold()
        elif s.street_index == 0 and good and s.can_complete_bet_or_raise_to():
            s.complete_bet_or_raise_to()
        else:
            s.check_or_call()
    return list(s.stacks)


def _equity_rate(threads: int, trials: int) -> float:
    """Trials/s of A23 against 3 random hands through the batch runner on ``threads`` threads."""
    from razzmatazz.core import batch, streams
    from razzmatazz.core.razz.deal import make_deal
    from razzmatazz.core.razz.equity import EquityJob

    job = EquityJob(make_deal("A23", ["random"] * 3), streams.key(1, "razz", "equity"), trials)
    _, dt = _timed(lambda: batch.run([job], threads=threads, progress=False))
    return trials / dt


def bench_threads(trials: int) -> list[tuple[str, float, float]]:
    """(machine, rate with all threads, rate with one thread), idle and beside a busy razz table job."""
    from razzmatazz.core.threads import available_cores

    cores = available_cores()
    _equity_rate(cores, 10_000)  # compile
    rows = [("idle", _equity_rate(cores, trials), _equity_rate(1, trials))]
    with tempfile.TemporaryDirectory() as tmp:
        load = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "razzmatazz.analysis.cli",
                "razz",
                "table",
                "--no-exact",
                "--trials",
                "1000000",
                "--quiet",
                "--seed",
                "1",
                "--out",
                str(Path(tmp) / "load"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            time.sleep(8)  # let it start and load its kernels
            rows.append(("busy (beside a razz table job)", _equity_rate(cores, trials), _equity_rate(1, trials)))
        finally:
            load.kill()
            load.wait()
    return rows


def _razzia_strong(scale: float, seed: int, threads: int) -> None:
    """The strong-play targets of issue 25: the search seat's cost, its gain, and exploit's wall time (on every
    core; then back to ``threads``)."""
    from razzmatazz.core.threads import set_threads

    _razzia_search_report(*bench_razzia_search(int(400 * scale) + 20, seed))
    _razzia_strong_report(bench_razzia_strong(int(8000 * scale) + 200, seed))
    wall, result = bench_razzia_exploit(seed)
    _razzia_exploit_report(wall, result)
    set_threads(threads)


RAZZ_STRONG_TABLES = (
    (6, ("textbook-tuned", "reader-tuned", "steal-tuned", "tag", "rock-tuned", "textbook-tuned"), "steal-tuned"),
    (6, ("textbook-tuned", "reader-tuned", "steal-tuned", "tag", "rock-tuned", "textbook-tuned"), "textbook-tuned"),
    (2, ("textbook-tuned", "textbook-tuned"), "textbook-tuned"),
    (2, ("steal-tuned", "steal-tuned"), "steal-tuned"),
)
"""Razz's strong-play lineups: (players, the field, the heuristic whose seat the searcher takes): the tough
field six-handed in the seats of its two best tuned heuristics, and heads-up against each of them."""


def bench_razz_strong(games: int, seed: int, by: str = "search-strong") -> list[tuple]:
    """``by`` in a heuristic's seat (:data:`RAZZ_STRONG_TABLES`), duplicate deals in the paired batches of
    ``exploit``, one thread: (players, the heuristic, its bb/100, ``by``'s, the paired gain and its 95 %
    interval, hands per lineup, seconds)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from razzmatazz.analysis.games import game
    from razzmatazz.analysis.studies import exploit, paired

    g = game("razz")
    rows = []
    for n, texts, against in RAZZ_STRONG_TABLES:
        begin = time.perf_counter()
        settings, field = g.settings(n), g.module.lineup(list(texts), n)
        seeds = paired.batch_seeds(seed, g, exploit.EXPLOIT, [x.text for x in field])
        size = paired.batch_games(games)
        duplicate = g.duplicate(settings, None)
        base = paired.play_batches(g, settings, field, size, seeds, duplicate, None)
        j = texts.index(against)
        swapped = tuple(g.parse(by, n) if i == j else x for i, x in enumerate(field))
        alt = paired.play_batches(g, settings, swapped, size, seeds, duplicate, None)
        d = paired.difference(base, alt, j)
        rows.append(
            (
                n,
                against,
                d["payoff"],
                d["alt_payoff"],
                d["payoff_difference"],
                d["payoff_low"],
                d["payoff_high"],
                d["games"],
                time.perf_counter() - begin,
            )
        )
    return rows


def _razz_search(scale: float, seed: int) -> None:
    """Issue 27's speed target: six-handed hands with one search seat (target 1,000 hands/s per core)."""
    decisions, rows = bench_search("razz", 6, int(2000 * scale) + 50, seed, RAZZ_BUDGETS)
    print(
        f"\nRazz search, 6 players, one search seat (player 1) in the default mix, one thread ({decisions:.1f} "
        "search decisions a hand; target: 1,000 hands/s at the default budget)"
    )
    print(f"{'budget':38s} {'hands/s':>10s} {'us/decision':>12s}")
    for text, rate, cost in rows:
        print(f"{text:38s} {rate:10,.0f} {cost:12,.0f}")
    for by in ("search", "search-strong"):
        print(
            f"\nRazz, {by} in a heuristic's seat (paired, duplicate deals, one thread; big bets per 100 hands; "
            "target: an established gain six-handed and heads-up)"
        )
        print(
            f"{'players':>7s} {'heuristic':14s} {'its bb/100':>10s} {'search':>8s} {'gain':>7s} "
            f"{'95 % interval':>17s} {'hands':>7s} {'s':>5s}"
        )
        for n, name, base, alt, gain, low, high, hands, wall in bench_razz_strong(int(6000 * scale) + 300, seed, by):
            print(
                f"{n:7d} {name:14s} {base:10.1f} {alt:8.1f} {gain:+7.1f} [{low:+6.1f}, {high:+6.1f}] {hands:7,d} "
                f"{wall:5.0f}"
            )


def _riffifi_strong(scale: float, seed: int) -> None:
    """The strong-play targets of issue 26: the search seat's cost at 4 players and its gain over ``expect``."""
    _razzia_search_report(
        *bench_search("riffifi", 4, int(1000 * scale) + 20, seed, RIFFIFI_BUDGETS), title="Riffifi search, 4 players"
    )
    games = int(4000 * scale) + 200
    # expect at its best row: its defaults at 3 players (expect-tuned loses there), expect-tuned at 4 (in expect's
    # place in the mix) and 5 (the mix's own)
    rows = bench_strong("riffifi", games, seed, (3,), "search", "expect")
    tuned4 = ("expect-tuned", "undercut", "lowest", "thief-tuned")
    rows += bench_strong("riffifi", games, seed, (4,), "search", "expect-tuned", tuned4)
    rows += bench_strong("riffifi", games, seed, (5,), "search", "expect-tuned")
    _razzia_strong_report(
        rows,
        "\nRiffifi, search (default budget) in the seat of expect at its best row in the default mix (expect at 3 "
        "players, expect-tuned at 4 and 5; paired, duplicate deals, one thread; target: an established gain at 3, 4 "
        "and 5 players)",
    )


MIRROR = """
import numpy as np
from numba import njit

from razzmatazz.core.policy import PolicySpec
from razzmatazz.core.{game} import policies as P

POLICIES = [PolicySpec("mirror", 1000, (), "the built-in {name} with its default row, as a plugin")]
ROW = np.array({row})


@njit
def decide(pid, row, view, state):
    return P.decide({pid}, ROW, view, state)
"""
"""A plugin playing exactly a built-in policy (id and default row baked in): the plugin lane's cost, same logic."""

PLUGIN_RUNS = {"razz": ("textbook", 6, 20_000), "razzia": ("greedy", 5, 4_000), "riffifi": ("expect", 4, 40_000)}
"""Per game: the built-in the plugin mirrors, the players, the games timed for games/s (at scale 1)."""


def _cli_seconds(args: list[str], cache: Path) -> float:
    """Wall time of one ``razzmatazz`` command in a new process (start-up included)."""
    env = {**os.environ, "RAZZMATAZZ_CACHE_DIR": str(cache)}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "razzmatazz.analysis.cli", *args], capture_output=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"razzmatazz {' '.join(args)} failed: {done.stderr.decode()[-400:]}")
    return time.perf_counter() - start


def _games_per_s(g, settings, lineup: list, count: int, seed: int) -> float:
    """Games (hands) per second of ``count`` games of ``lineup`` through the game's ``play`` (best of REPEAT)."""
    return count / _timed(g.play, settings, lineup, count, seed, False, None, False)[1]


def _plugins(scale: float, seed: int) -> None:
    """Issue 40: each game's ``play`` start-up with built-ins and with a plugin (cold: a new cache folder; warm:
    again), and the games/s of a plugin that mirrors a built-in against that built-in, in one run."""
    from razzmatazz.analysis import games

    print("\nplugins: 'GAME play --games 100' start to finish (s), and games/s of a plugin mirroring a built-in")
    print(f"{'game':8s} {'built-in':>9s} {'plugin cold':>12s} {'plugin warm':>12s} {'warm/built-in':>14s}")
    rates = []
    with tempfile.TemporaryDirectory() as tmp:
        for game, (name, players, n) in PLUGIN_RUNS.items():
            g = games.game(game)
            spec = g.registry.get(name)
            plugin = Path(tmp) / f"{game}_mirror.py"
            row = ", ".join(repr(float(x)) for x in spec.defaults())
            plugin.write_text(MIRROR.format(game=game, name=name, pid=spec.id, row=f"[{row}]"))
            base = [game, "play", "--players", str(players), "--seed", str(seed), "--games", "100", "--quiet"]
            base = [a if a != "--games" or game != "razz" else "--hands" for a in base]
            cache = Path(tmp) / f"cache-{game}"
            _cli_seconds([*base, "--policy", name], cache)  # the built-in engine compiled or loaded once
            built = _cli_seconds([*base, "--policy", name], cache)
            mine = [*base, "--plugin", str(plugin), "--policy", "mirror"]
            cold, warm = _cli_seconds(mine, cache), _cli_seconds(mine, cache)
            print(f"{game:8s} {built:9.1f} {cold:12.1f} {warm:12.1f} {warm / built:13.1f}x")
            count = max(200, int(n * scale))
            settings = g.settings(players)
            builtin_rate = _games_per_s(g, settings, [g.parse(name, players)] * players, count, seed)
            with _no_fast_lane(game):
                general_rate = _games_per_s(g, settings, [g.parse(name, players)] * players, count, seed)
            os.environ["RAZZMATAZZ_CACHE_DIR"] = str(cache)
            with games.plugged(game, plugin):
                gp = games.game(game)
                plugin_rate = _games_per_s(gp, settings, [gp.parse("mirror", players)] * players, count, seed)
            rates.append((game, name, players, builtin_rate, general_rate, plugin_rate))
    print(
        f"{'game':8s} {'policy':10s} {'players':>7s} {'built-in/s':>11s} {'general/s':>10s} {'plugin/s':>10s} "
        f"{'plugin/built-in':>16s} {'plugin/general':>15s}"
    )
    for game, name, players, b, e, u in rates:
        print(f"{game:8s} {name:10s} {players:7d} {b:11,.0f} {e:10,.0f} {u:10,.0f} {u / b:15.2f}x {u / e:14.2f}x")


@contextlib.contextmanager
def _no_fast_lane(game: str) -> Iterator[None]:
    """The built-in played by the general engine, as a plugin is (Razzia's and Riffifi's fast lanes turned off)."""
    if game == "razz":  # one kernel plays built-ins and plugins alike
        yield
        return
    fast = importlib.import_module(f"razzmatazz.core.{game}.fast")
    supports = fast.supports
    fast.supports = lambda *args: False
    try:
        yield
    finally:
        fast.supports = supports


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small samples (smoke test)")
    parser.add_argument("--threads", type=int, default=1, help="worker threads for our kernels (default 1)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--skip-exact", action="store_true", help="skip the exact 455-start table")
    parser.add_argument("--skip-threads", action="store_true", help="skip the idle/busy thread comparison")
    parser.add_argument("--repeat", type=int, default=3, help="timings per figure; the best counts")
    parser.add_argument(
        "--only",
        choices=["razz", "razz-strong", "riffifi", "razzia", "razzia-strong", "riffifi-strong", "plugins", "luck"],
        default=None,
        help="run only this game's benchmark (razz: the full game, 2, 6 and 8 players)",
    )
    args = parser.parse_args()
    global REPEAT
    REPEAT = max(1, args.repeat)
    scale = 0.05 if args.quick else 1.0
    if args.only is not None:
        from razzmatazz.core.threads import set_threads as set_game_threads

        set_game_threads(args.threads)
        if args.only == "razz":
            for players in (2, 6, 8):
                ours, pk = bench_game(players, int(2_000_000 * scale), int(300 * scale) + 20, args.seed)
                print(f"{f'full game, {players} players (hands/s)':38s} {ours:14,.0f} {pk:12,.0f} {ours / pk:9,.0f}x")
            _razz_search(scale, args.seed)
        elif args.only == "razz-strong":
            _razz_search(scale, args.seed)
        elif args.only == "plugins":
            _plugins(scale, args.seed)
        elif args.only == "luck":  # issue 38: scripts/bench_luck.py
            sys.path.insert(0, str(Path(__file__).resolve().parent))
            importlib.import_module("bench_luck").report(scale, args.seed)
        elif args.only == "razzia-strong":
            _razzia_strong(scale, args.seed, args.threads)
        elif args.only == "riffifi":
            _riffifi_report(bench_riffifi(int(200_000 * scale), int(200 * scale) + 5, args.seed))
            _riffifi_strong(scale, args.seed)
        elif args.only == "riffifi-strong":
            _riffifi_strong(scale, args.seed)
        else:
            _razzia_report(bench_razzia(int(200_000 * scale), int(200 * scale) + 5, args.seed))
            _razzia_strong(scale, args.seed, args.threads)
        return

    from razzmatazz.core.threads import available_cores, set_threads

    set_threads(args.threads)
    rows = []
    ours, pk = bench_eval(int(4_000_000 * scale), int(10_000 * scale), args.seed)
    rows.append(("7-card evaluation (hands/s)", ours, pk))
    for opp in (1, 6):
        ours, pk, e_ours, e_pk = bench_equity(opp, int(10_000_000 * scale), int(10_000 * scale / opp), args.seed)
        rows.append((f"A23 vs {opp} random, MC (trials/s)", ours, pk))
        print(f"  check A23 vs {opp} random: ours {e_ours:.4f}, pokerkit {e_pk:.4f}")
        if abs(e_ours - e_pk) > 0.05:
            raise SystemExit("engines disagree on the equity: benchmark invalid")
    print(f"\nrazzmatazz vs PokerKit, {args.threads} thread(s) for razzmatazz, PokerKit single process")
    print(f"{'task':38s} {'razzmatazz':>14s} {'PokerKit':>12s} {'ratio':>10s}")
    for name, ours, pk in rows:
        print(f"{name:38s} {ours:14,.0f} {pk:12,.0f} {ours / pk:9,.0f}x")
    for players in (2, 6, 8):
        ours, pk = bench_game(players, int(2_000_000 * scale), int(300 * scale) + 20, args.seed)
        print(f"{f'full game, {players} players (hands/s)':38s} {ours:14,.0f} {pk:12,.0f} {ours / pk:9,.0f}x")
    print(f"{'A23 vs range, MC (trials/s)':38s} {bench_range(int(4_000_000 * scale), args.seed):14,.0f} {'n/a':>12s}")
    _riffifi_report(bench_riffifi(int(200_000 * scale), int(200 * scale) + 5, args.seed))
    _riffifi_strong(scale, args.seed)
    _razzia_report(bench_razzia(int(200_000 * scale), int(200 * scale) + 5, args.seed))
    _razzia_strong(scale, args.seed, args.threads)
    set_threads(None)
    if not args.skip_exact:
        dt = bench_exact_table()
        print(f"{'exact HU table, 455 starts (s, all cores)':38s} {dt:14.1f} {'n/a':>12s} {'target < 60 s':>14s}")
        dt = bench_door_chart()
        print(f"{'exact door chart, 455 x 13 (s, all cores)':38s} {dt:14.1f} {'n/a':>12s} {'target < 120 s':>14s}")
    if not args.skip_threads:
        print(f"\nthreads: A23 vs 3 random through the batch runner, {available_cores()} threads vs 1 (trials/s)")
        print(f"{'machine':38s} {'all threads':>14s} {'1 thread':>12s} {'ratio':>10s}")
        for name, every, one in bench_threads(int(3_000_000 * max(scale, 0.2))):
            print(f"{name:38s} {every:14,.0f} {one:12,.0f} {every / one:9.2f}x")


if __name__ == "__main__":
    main()
