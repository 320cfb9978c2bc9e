"""The Riffifi kernel (razzmatazz.core.riffifi.engine) against the plain-Python reference, game by game.

The reference (``tests/reference/riffifi.py``) plays rules C1-G6 of ``seeds/riffifi.md`` from
the text with the same random streams and the same built-in policies, so every game must come
out identical: each game's log rows and per-seat results from ``GameJob.trace``, and the counts
of ``GameJob.run_chunk`` (checked against the sums of the traced games). The cases cover every
switch of ``Settings``, every built-in policy with varied parameters, mixed lineups and
duplicate deals; :func:`test_cases_reach_the_rare_rules` checks that the rare situations
(tie splits, both lapses, the Officer, stay, the end orbit, redeals, shared wins, both ends of
a ticks game) really occur in the compared games.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

import numpy as np
import pytest

from razzmatazz.core.riffifi import engine
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import REGISTRY, decide
from tests.reference.riffifi import Played, counts_of_games, reference_game

KIND = {
    R.L_DEAL: "deal",
    R.L_TURN: "turn",
    R.L_PLAY: "play",
    R.L_UNDERCUT: "undercut",
    R.L_SELF: "aside",
    R.L_CLAIM: "claim",
    R.L_TAKE: "take",
    R.L_LAPSE: "lapse",
    R.L_OFFICER: "officer",
    R.L_STAY_OFF: "stay-off",
    R.L_DEAL_END: "deal-end",
}
RESULT_COLUMNS = ("score", "win", "ticks", "yellow", "red", "blue", "green", "orange")


def lineup(*texts: str) -> tuple:
    return tuple(REGISTRY.parse(t) for t in texts)


def random_policy(rng: random.Random) -> str:
    """A built-in policy the reference plays (not ``search``, tested in test_search.py) with random values."""
    spec = rng.choice([s for s in REGISTRY if s.name != "search"])
    pairs = []
    for p in spec.params:
        if rng.random() < 0.7:
            x = rng.randint(int(p.lo), int(p.hi)) if p.integer else round(rng.uniform(p.lo, p.hi), 3)
            pairs.append(f"{p.name}={x}")
    return f"{spec.name}:{','.join(pairs)}" if pairs else spec.name


def random_settings(rng: random.Random) -> R.Settings:
    n = rng.choice((3, 4, 5))
    ticks = rng.random() < 0.35
    return R.Settings(
        players=n,
        chips_per_colour=rng.choice((12, 10)),
        officer=rng.random() < 0.5,
        redeal=rng.random() < 0.8,
        reveal_own=rng.random() < 0.5,
        after_claim=rng.choice(R.AFTER),
        end=rng.choice(R.END),
        tie=rng.choice(R.TIE),
        passing=rng.choice(R.PASSING),
        start=rng.choice(R.START),
        scoring="ticks" if ticks else "chips",
        tick_at=rng.randint(3, 12) if ticks else 7,
        max_deals=rng.randint(n, 3 * n) if ticks else 20,
        tally=rng.choice(R.TALLY),
    )


# name: (settings, lineup, seed, duplicate, games)
CASES = {
    "defaults, four players": (R.Settings(), lineup("random", "lowest", "undercut", "holdlow"), 11, False, 36),
    "three players, one 1 kept": (R.Settings(players=3), lineup("thief", "expect", "random"), 12, False, 36),
    "five players, five policies": (
        R.Settings(players=5),
        lineup("expect", "thief", "holdlow", "undercut", "lowest"),
        13,
        False,
        30,
    ),
    "officer, chooser, stay, four players": (
        R.Settings(officer=True, tie="chooser", after_claim="stay"),
        lineup(
            "random",
            "expect:aggression=0.3,deny=2,save=0",
            "thief:steal=3,lead=0,deny=2,officer_at=2,aggression=0.3",
            "lowest:officer_at=8",
        ),
        14,
        False,
        36,
    ),
    "officer, three players, reveal, lapse": (
        R.Settings(players=3, officer=True, reveal_own=True, end="lapse"),
        lineup("undercut:min_claim=1,officer_at=1", "holdlow:keep=4", "random"),
        15,
        False,
        36,
    ),
    "officer, five players, reshuffle, fixed start, 10 chips, no redeal": (
        R.Settings(players=5, officer=True, passing="reshuffle", start="fixed", chips_per_colour=10, redeal=False),
        lineup("random", "random", "thief:officer_at=3", "expect:officer_at=4", "undercut"),
        16,
        False,
        30,
    ),
    "ticks, four players, tick at 4 in a deal, pass past N": (
        R.Settings(scoring="ticks", tick_at=4, max_deals=12, tally="deal"),
        lineup("expect", "random", "thief", "holdlow:keep=0"),
        17,
        False,
        24,
    ),
    "ticks, five players, running tally to 12, pass past N": (
        R.Settings(players=5, scoring="ticks", tick_at=12, max_deals=9),
        lineup("expect", "random", "thief", "undercut", "random"),
        25,
        False,
        16,
    ),
    "ticks, three players, reshuffle, cap of 8 deals": (
        R.Settings(players=3, scoring="ticks", max_deals=8, passing="reshuffle"),
        lineup("lowest", "random", "undercut:min_claim=5"),
        18,
        False,
        24,
    ),
    "ticks, five players, tick at 3, chooser, stay": (
        R.Settings(players=5, scoring="ticks", tick_at=3, max_deals=6, tie="chooser", after_claim="stay"),
        lineup("random", "expect", "random", "thief", "lowest"),
        19,
        False,
        24,
    ),
    "ticks, 10 chips, tick at 2, fixed start": (
        R.Settings(players=4, scoring="ticks", tick_at=2, chips_per_colour=10, start="fixed", max_deals=5),
        lineup("holdlow", "random", "undercut", "expect:save=2"),
        20,
        False,
        24,
    ),
    "duplicate, four players": (R.Settings(), lineup("random", "random", "expect", "thief"), 21, True, 16),
    "duplicate, three players, officer, chooser": (
        R.Settings(players=3, officer=True, tie="chooser"),
        lineup("random", "thief", "expect"),
        22,
        True,
        21,
    ),
    "all random, five players, chooser, stay, lapse, reveal": (
        R.Settings(players=5, tie="chooser", after_claim="stay", end="lapse", reveal_own=True),
        lineup(*["random"] * 5),
        23,
        False,
        30,
    ),
    "identical deterministic players, pass and rotate, clockwise": (
        R.Settings(tie="clockwise"),
        lineup(*["lowest"] * 4),
        24,
        False,
        20,
    ),
}
_rng = random.Random(20240611)
for _i in range(20):
    _settings = random_settings(_rng)
    CASES[f"random table {_i}"] = (
        _settings,
        tuple(REGISTRY.parse(random_policy(_rng)) for _ in range(_settings.players)),
        1000 + _i,
        _rng.random() < 0.3,
        16,
    )


def describe_row(row) -> str:
    kind, seat, a, b, c = (int(x) for x in row)
    text = f"{KIND.get(kind, kind):9s} seat {seat:2d}  ({a}, {b}, {c})"
    if (
        kind in (R.L_PLAY, R.L_SELF, R.L_CLAIM, R.L_STAY_OFF)
        or (kind == R.L_UNDERCUT)
        or (kind == R.L_OFFICER and b >= 0)
    ):
        card = b if kind == R.L_OFFICER else a
        text += f"  {R.card_name(card)}"
    if kind == R.L_TAKE:
        text += f"  {b} {R.COLOURS[a]} from {'the middle' if c == R.MIDDLE else f'seat {c}'}"
    if kind == R.L_LAPSE:
        text += f"  {b} {R.COLOURS[a]} lapse"
    return text


def first_difference(name: str, g: int, settings, log: np.ndarray, res: np.ndarray, played: Played) -> str | None:
    """None if the kernel's game equals the reference's, else a report around the first differing row."""
    ref = np.array(played.rows, np.int64).reshape(-1, 5)
    k = next((i for i in range(min(len(ref), len(log))) if not np.array_equal(ref[i], log[i])), None)
    if k is None and len(ref) != len(log):
        k = min(len(ref), len(log))
    head = f"case {name!r}, game {g}, {settings}\n"
    if k is not None:
        lines = [head + f"log differs at row {k} (kernel {len(log)} rows, reference {len(ref)} rows):"]
        for i in range(max(0, k - 12), k + 4):
            mark = ">>" if i == k else "  "
            kern = describe_row(log[i]) if i < len(log) else "-"
            mine = describe_row(ref[i]) if i < len(ref) else "-"
            lines.append(f"{mark} {i:5d}  kernel {kern:58s} | reference {mine}")
        return "\n".join(lines)
    want = np.array(played.results, np.int64)
    if not np.array_equal(want, res):
        return head + f"results differ (columns {', '.join(RESULT_COLUMNS)}):\nkernel\n{res}\nreference\n{want}"
    return None


def job_of(name: str) -> engine.GameJob:
    settings, players, seed, duplicate, games = CASES[name]
    n_items = -(-games // settings.players) if duplicate else games
    return engine.GameJob(settings, players, seed, n_items, duplicate)


@cache
def reference_run(name: str) -> tuple[tuple[Played, ...], Counter]:
    """The reference's games of a case and how often each decision kind was asked."""
    settings, players, seed, duplicate, games = CASES[name]
    asked: Counter = Counter()

    def ask(pid, row, view, state):
        asked[int(view[R.V_KIND])] += 1
        return decide(pid, row, view, state)

    return tuple(reference_game(settings, players, seed, g, duplicate, ask) for g in range(games)), asked


@pytest.mark.parametrize("name", list(CASES))
def test_kernel_matches_reference(name):
    settings = CASES[name][0]
    job = job_of(name)
    played, _ = reference_run(name)
    for g, game in enumerate(played):
        log, res, _ = job.trace(g)
        assert len(log) < R.LOG_ROWS * 4 - 1, "the kernel's trace log is full: choose a smaller case"
        report = first_difference(name, g, settings, log, res, game)
        if report:
            print(report)
        assert report is None, report


def test_cases_reach_the_rare_rules():
    seen: Counter = Counter()
    for name, (settings, *_rest) in CASES.items():
        played, asked = reference_run(name)
        seen["split asked"] += asked[R.K_SPLIT]
        seen["target asked"] += asked[R.K_TARGET]
        for game in played:
            seen.update(game.events)
            seen["redeal"] += game.redeals
            seen["shared win"] += max(r[1] for r in game.results) < engine.WIN
            if settings.scoring == "ticks":
                seen["ticks: all five"] += any(r[2] == 5 for r in game.results)
                seen["ticks: max deals"] += all(r[2] < 5 for r in game.results)
                seen["ticks: fresh deal after N"] += settings.passing == "pass" and game.deals > settings.players
    print(dict(seen))
    for what in (
        "split asked",
        "target asked",
        "redeal",
        "shared win",
        "ticks: all five",
        "ticks: max deals",
        "ticks: fresh deal after N",
        "undercut",
        "aside unseen",
        "aside shown",
        "take from a seat",
        "cap lapse",
        "nobody has any",
        "tied richest",
        "richest run out",
        "odd chip",
        "officer hit",
        "officer on nothing",
        "stay off",
        "end orbit claim",
    ):
        assert seen[what] > 0, f"no compared game reaches {what!r}"


def test_identical_deterministic_players_replay_one_deal():
    """G2: with pass and rotate, identical deterministic policies play each dealt hand from the same place
    relative to the start player in every deal, so all seats end level and share every win (odd chips given
    clockwise; the collector's choice of the leader looks at the earlier deals)."""
    name = "identical deterministic players, pass and rotate, clockwise"
    job = job_of(name)
    for g, game in enumerate(reference_run(name)[0]):
        res = job.trace(g).results
        assert len({r[0] for r in game.results}) == 1
        assert list(res[:, engine.H_WIN]) == [engine.WIN // 4] * 4


def test_all_switches_and_policies_are_covered():
    settings = [case[0] for case in CASES.values()]
    for name, allowed in (
        ("players", (3, 4, 5)),
        ("chips_per_colour", (10, 12)),
        ("officer", (False, True)),
        ("redeal", (False, True)),
        ("reveal_own", (False, True)),
        ("after_claim", R.AFTER),
        ("end", R.END),
        ("tie", R.TIE),
        ("passing", R.PASSING),
        ("start", R.START),
        ("scoring", R.SCORING),
        ("tally", R.TALLY),
    ):
        assert {getattr(s, name) for s in settings} == set(allowed), name
    assert {p.spec.name for case in CASES.values() for p in case[1]} == {s.name for s in REGISTRY} - {"search"}
    assert {case[3] for case in CASES.values()} == {False, True}


# ---------------------------------------------------------------------------------------------
# The batch path: run_chunk's counts are the sums of the traced games
# ---------------------------------------------------------------------------------------------


def counts_from_traces(name: str, stop: int) -> np.ndarray:
    """Every count of ``run_chunk(0, stop)`` of a case from its traced games (G_REDEALS from the reference)."""
    job = job_of(name)

    def game(g: int) -> tuple[np.ndarray, np.ndarray, int]:
        log, res, _ = job.trace(g)
        return log, res, reference_run(name)[0][g].redeals

    return counts_of_games(job, 0, stop, game)


@pytest.mark.parametrize(
    "name",
    [
        "officer, chooser, stay, four players",
        "duplicate, three players, officer, chooser",
        "ticks, four players, tick at 4 in a deal, pass past N",
        "officer, five players, reshuffle, fixed start, 10 chips, no redeal",
    ],
)
def test_chunk_counts_equal_traced_sums(name):
    job = job_of(name)
    stop = 4 if job.duplicate else 12
    got = job.run_chunk(0, stop)
    want = counts_from_traces(name, stop)
    lay = engine.layout(job.settings.players)
    assert got.shape == want.shape == (lay["size"],)
    blocks = sorted((v, k) for k, v in lay.items() if k != "size")
    global_names = {getattr(engine, k): k for k in dir(engine) if k.startswith("G_")}
    for i in np.flatnonzero(got != want)[:10]:
        start, block = max((v, k) for v, k in blocks if v <= i)
        field = global_names.get(i - start, "?") if block == "global" else i - start
        print(f"count {i} ({block} block, {field}): run_chunk {got[i]}, traced {want[i]}")
    assert np.array_equal(got, want)
    n = job.settings.players
    games = stop * (n if job.duplicate else 1)
    assert got[lay["global"] + engine.G_GAMES] == games
    assert sum(got[p * engine.N_PFIELDS + engine.P_WIN] for p in range(n)) == engine.WIN * games  # 60 = 1..5 shares
