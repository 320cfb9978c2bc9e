"""Soak test of the game engines: many games, random policies, every rule switch, every invariant.

For each of ``--tables`` random tables (2 to 8 players, random stakes, cap, bring-in tie rule,
short-deck rule, deep / equal / per-player stacks, uncapped heads-up) with a random lineup
(random-legal policies with random parameters, and the heuristic policies), the Razz engine
plays ``--games`` games in all, split evenly, on the batch runner, and checks:

* counts: every player played every hand; chips are conserved (the nets add up to zero, for
  players, seats and the squared block sums); rates within their bounds;
* hand by hand, on a sample traced with their logs: the dealt cards are distinct and at most
  seven per player; no folded or all-in player acts; every bet and raise is one bet size above
  the level before it; no round has more than ``cap`` bets (unless uncapped heads-up); each
  seat's result is what it won minus what it put in; the pot shared is the chips put in;
* hidden information, on a sample: a probe policy hashing its whole view acts the same when
  the other seats' down cards and the undealt cards are permuted (``tests/razz/hidden.py``).

Prints the number of violations (zero expected) and exits 1 if there is any. Usage::

    python scripts/soak.py                       # 10^7 games (about 2 minutes on 2 cores)
    python scripts/soak.py --games 200000 --tables 20
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from razzmatazz.core import batch  # noqa: E402
from razzmatazz.core.razz import engine as E  # noqa: E402
from razzmatazz.core.razz import rules as R  # noqa: E402
from razzmatazz.core.razz.policies import REGISTRY  # noqa: E402

HEURISTICS = ("tag", "rock", "steal", "reader", "station")


def random_table(rng: random.Random) -> tuple[R.Settings, tuple]:
    """A random legal table and lineup."""
    n = rng.randint(2, 8)
    small = rng.choice([2, 4, 10, 20])
    bring_in = rng.randint(1, small - 1)
    ante = rng.choice([0, 1, small // 5, small // 2])
    big = rng.choice([small, 2 * small, 3 * small])
    low = ante + bring_in
    kind = rng.choice(["deep", "equal", "each"])
    stack = rng.randint(low, 40 * big) if kind == "equal" else 0
    stacks = tuple(rng.randint(low, 40 * big) for _ in range(n)) if kind == "each" else ()
    settings = R.Settings(
        players=n,
        ante=ante,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        cap=rng.randint(1, 6),
        uncapped_heads_up=kind != "deep" and rng.random() < 0.3,
        bring_in_tie=rng.choice(["seat", "suit"]),
        exhausted=rng.choice(["community", "reshuffle"]),
        stack=stack,
        stacks=stacks,
    )
    lineup = []
    for _ in range(n):
        if rng.random() < 0.5:
            lineup.append(REGISTRY.parse(f"random:fold={rng.random():.3f},raise={rng.random():.3f}"))
        else:
            lineup.append(REGISTRY.parse(rng.choice(HEURISTICS)))
    return settings, tuple(lineup)


def check_counts(counts: np.ndarray, settings: R.Settings, hands: int) -> list[str]:
    """Invariants of one job's integer sums."""
    n = settings.players
    c = E.view(counts, n)
    pl, se, cross = c["player"], c["seat"], c["cross"]
    bad = []
    if not (pl[:, E.P_HANDS] == hands).all() or not (se[:, E.Q_HANDS] == hands).all():
        bad.append("a player or seat missed hands")
    if pl[:, E.P_NET].sum() != 0 or se[:, E.Q_NET].sum() != 0 or cross.sum() != 0:
        bad.append("chips not conserved")
    for f in (E.P_VPIP, E.P_SHOWDOWN, E.P_WON_NO_SD):
        if (pl[:, f] < 0).any() or (pl[:, f] > hands).any():
            bad.append(f"rate field {f} out of bounds")
    if (pl[:, E.P_SD_WON] > pl[:, E.P_SHOWDOWN]).any():
        bad.append("more showdowns won than played")
    return bad


def check_log(settings: R.Settings, log: np.ndarray, res: np.ndarray, stacks: list[int]) -> list[str]:
    """Invariants of one hand's log (see the module doc)."""
    n = settings.players
    bad: list[str] = []
    cards = [c for kind, s, c, _ in log.tolist() if kind == R.L_DEAL]
    if len(set(cards)) != len(cards):
        bad.append("a card was dealt twice")
    per_seat = [sum(1 for kind, s, _, _ in log.tolist() if kind == R.L_DEAL and s == t) for t in range(n)]
    if max(per_seat) > 7:
        bad.append("a player got more than seven cards")
    put = [0] * n
    bet = [0] * n
    out = set()
    allin = set()
    level = 0
    made = 0
    street = 3
    size = settings.small_bet
    for kind, s, a, b in log.tolist():
        if kind == R.L_ANTE:
            put[s] += a
        elif kind == R.L_STREET:
            street, level, made, bet = s, 0, 0, [0] * n
            size = settings.small_bet if street <= 4 else settings.big_bet
        elif kind in (R.L_BRING_IN, R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE):
            if s in out or s in allin:
                bad.append(f"seat {s} acted after folding or going all-in")
            if kind == R.L_BRING_IN:
                bet[s] = put_add = a
                put[s] += put_add
                level = a
            elif kind == R.L_FOLD:
                out.add(s)
            elif kind == R.L_CALL:
                bet[s] += a
                put[s] += a
                if b:
                    allin.add(s)
                elif bet[s] != level:
                    bad.append(f"seat {s} called to {bet[s]}, not the bet of {level}")
            elif kind == R.L_RAISE:
                want = size if (street == 3 and level < settings.small_bet) or level == 0 else level + size
                if a != want:
                    bad.append(f"a raise to {a} where {want} was the only amount")
                put[s] += a - bet[s]
                bet[s] = level = a
                made += 1
                left = n - len(out)
                if made > settings.cap and not (settings.uncapped_heads_up and left == 2):
                    bad.append(f"{made} bets in a round with a cap of {settings.cap}")
            if put[s] == stacks[s]:
                allin.add(s)
    won = [0] * n
    for kind, s, a, _ in log.tolist():
        if kind == R.L_WIN:
            won[s] += a
    if sum(won) != sum(put):
        bad.append(f"{sum(won)} chips shared out of a pot of {sum(put)}")
    if [w - p for w, p in zip(won, put)] != res[:, E.H_NET].tolist():
        bad.append("a seat's result is not what it won minus what it put in")
    return bad


def soak(games: int, tables: int, seed: int, traced: int = 40, hidden: int = 20) -> tuple[int, list[str]]:
    """Play ``games`` games over ``tables`` random tables; returns (games played, violations)."""
    from tests.razz.hidden import check_hidden_information

    rng = random.Random(seed)
    per_table = max(1, games // tables)
    violations: list[str] = []
    played = 0
    for t in range(tables):
        settings, lineup = random_table(rng)
        job = E.GameJob(settings, lineup, seed * 1000 + t, per_table)
        counts = batch.run([job], progress=False)[0]
        played += per_table
        where = f"table {t} ({settings}, {[p.text for p in lineup]})"
        violations += [f"{where}: {v}" for v in check_counts(counts, settings, per_table)]
        for g in rng.sample(range(per_table), min(traced, per_table)):
            log, res, _ = job.trace(g)
            stacks = [settings.player_stacks()[(s - g) % settings.players] for s in range(settings.players)]
            violations += [f"{where}, hand {g}: {v}" for v in check_log(settings, log, res, stacks)]
    try:
        check_hidden_information(None, seed, hidden)
    except AssertionError as e:
        violations.append(f"hidden information: {e}")
    return played, violations


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=10_000_000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    played, violations = soak(args.games, args.tables, args.seed, hidden=200)
    for v in violations[:50]:
        print(v)
    print(
        f"razz: {played:,} games on {args.tables} random tables, {len(violations)} violations, "
        f"{time.perf_counter() - start:.0f} s"
    )
    sys.exit(1 if violations else 0)


if __name__ == "__main__":
    main()
