"""Soak test of the Razzia engine: many games, random tables and policies, every invariant.

For each of ``--tables`` random tables (2 to 8 players, every switch of ``Settings`` drawn at
random) with a random lineup (every built-in policy with random parameters), the engine plays
``--games`` games in all on the batch runner, and checks:

* counts: every player and seat played every game; one win per game; the money won by all
  players plus the money left at the bars is every money card of every game; a card wins at
  most as often as it is played; a gambling card never wins beside police (B4);
* game by game, on a sample traced with their logs: every seat plays exactly one card a round;
  every money card laid out goes to a bar in play; every payment is made at a bar where cards
  were played, to a player who played there; the money paid at a bar is at most what lay
  there; the game's payments plus the leftover are all the money laid out; the results are the
  payments of the log.

Prints the number of violations (zero expected) and exits 1 if there is any. Usage::

    python scripts/soak_razzia.py                      # 10^6 games (a few minutes on 2 cores)
    python scripts/soak_razzia.py --games 100000 --tables 20
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from razzmatazz.core.razzia import engine as E  # noqa: E402
from razzmatazz.core.razzia import rules as R  # noqa: E402
from razzmatazz.core.razzia.policies import REGISTRY  # noqa: E402
from scripts import soak_loop  # noqa: E402


def random_table(rng: random.Random) -> tuple[R.Settings, tuple]:
    """A random legal table and lineup."""
    n = rng.randint(2, 8)
    switches = {name: rng.choice(values) for name, values in R.CHOICES.items()}
    settings = R.Settings(
        players=n, offer_duel=rng.random() < 0.3, spielbox=rng.random() < 0.3, open_money=rng.random() < 0.7, **switches
    )
    lineup = []
    for _ in range(n):
        spec = rng.choice([s for s in REGISTRY if s.name != "search"])  # search: far slower, own tests
        values = {
            p.name: (rng.randint(int(p.lo), int(p.hi)) if p.integer else round(rng.uniform(p.lo, p.hi), 3))
            for p in spec.params
        }
        lineup.append(
            REGISTRY.parse(spec.name + (":" + ",".join(f"{k}={v}" for k, v in values.items()) if values else ""))
        )
    return settings, tuple(lineup)


def check_counts(counts: np.ndarray, settings: R.Settings, games: int) -> list[str]:
    """Violations of the conservation laws in a run's counts."""
    n = settings.players
    c = E.view(counts, n)
    player, seat, glob = c["player"], c["seat"], c["global"]
    out = []
    if not ((player[:, E.P_GAMES] == games).all() and (seat[:, E.P_GAMES] == games).all()):
        out.append("not every player and seat played every game")
    if int(player[:, E.P_WIN].sum()) != E.WIN * games:
        out.append("not one win per game")
    if int(player[:, E.P_MONEY].sum()) + int(glob[E.G_LEFTOVER]) != settings.money_total * games:
        out.append(
            f"money not conserved: {player[:, E.P_MONEY].sum()} + {glob[E.G_LEFTOVER]} != "
            f"{settings.money_total * games}"
        )
    for kind in ("police", "gambler_police", "gambler_free"):
        t = c[kind].reshape(-1, 3)
        if (t[:, E.T_WON] > t[:, E.T_PLAYS]).any():
            out.append(f"{kind}: a card won more often than it was played")
    if c["gambler_police"][..., E.T_WON].any():
        out.append("a gambling card won beside police")
    return out


def check_log(settings: R.Settings, log: np.ndarray, res: np.ndarray) -> list[str]:
    """Violations of the rules in one traced game's log (see the module doc)."""
    n = settings.players
    out: list[str] = []
    at_bar = np.zeros(R.MAX_BARS, np.int64)
    laid = paid = 0
    won = np.zeros(n, np.int64)
    played: dict[int, int] = {}
    players_at: dict[int, set[int]] = {}
    bar_money = 0
    bar = -1
    for kind, seat, a, b, _ in log.tolist():
        if kind == R.L_ROUND:
            if played and sorted(played) != list(range(n)):
                out.append("a round in which not every seat played one card")
            played, players_at = {}, {}
        elif kind == R.L_MONEY:
            at_bar[a] += b
            laid += b
        elif kind == R.L_PLAY:
            if seat in played:
                out.append(f"seat {seat} played two cards in a round")
            played[seat] = a
            players_at.setdefault(a, set()).add(seat)
        elif kind == R.L_BAR:
            bar, bar_money = a, b
            if b != at_bar[a]:
                out.append(f"bar {a} settled with {b} units, but {at_bar[a]} lay there")
        elif kind == R.L_PAY:
            if a != bar or seat not in players_at.get(a, set()):
                out.append(f"seat {seat} paid at bar {a} without a card there")
            at_bar[a] -= b
            bar_money -= b
            paid += b
            won[seat] += b
            if bar_money < 0:
                out.append(f"more paid at bar {a} than lay there")
        elif kind == R.L_END:
            if paid + a != laid:
                out.append(f"payments {paid} + leftover {a} != money laid out {laid}")
    if not np.array_equal(won, res[:n, E.H_MONEY]):
        out.append("the results are not the payments of the log")
    return out


def soak(games: int, tables: int, seed: int, traced: int = 20) -> tuple[int, list[str]]:
    """Play ``games`` games over ``tables`` random tables; returns (games played, violations)."""
    return soak_loop.soak(E, random_table, check_counts, check_log, games, tables, seed, traced)


if __name__ == "__main__":
    soak_loop.main(__doc__, soak)
