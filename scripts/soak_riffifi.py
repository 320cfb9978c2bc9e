"""Soak test of the Riffifi engine: many games, random tables and policies, every invariant.

For each of ``--tables`` random tables (3 to 5 players, every switch of ``Settings`` drawn at
random) with a random lineup (every built-in policy but search, random parameters), the engine plays
``--games`` games in all on the batch runner, and checks:

* counts: every player and seat played every game; each deal's chips are someone's points or
  still in the middle (60, or 50 with 10 a colour); one win per game; a card pays at most as
  often as it is played and at most 8 chips a time;
* game by game, on a sample traced with their logs: every card of a hand is played exactly
  once a deal; the chips a claim moves come from the middle first, then from opponents only,
  nobody ever holds more than 12 of a colour or less than none, the middle never goes below
  zero; at most one card of a colour lies face up, an undercut always turns down the higher
  card, a set-aside card was higher than the face-up one; the per-seat results are the chips
  the log moved.

Prints the number of violations (zero expected) and exits 1 if there is any. Usage::

    python scripts/soak_riffifi.py                      # 10^6 games (about 2 minutes on 2 cores)
    python scripts/soak_riffifi.py --games 100000 --tables 20
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from razzmatazz.core.riffifi import engine as E  # noqa: E402
from razzmatazz.core.riffifi import rules as R  # noqa: E402
from razzmatazz.core.riffifi.policies import REGISTRY  # noqa: E402
from scripts import soak_loop  # noqa: E402


def random_table(rng: random.Random) -> tuple[R.Settings, tuple]:
    """A random legal table and lineup."""
    n = rng.choice([3, 4, 5])
    scoring = rng.choice(["chips", "ticks"])
    settings = R.Settings(
        players=n,
        chips_per_colour=rng.choice([12, 10]),
        officer=rng.random() < 0.5,
        redeal=rng.random() < 0.8,
        reveal_own=rng.random() < 0.5,
        after_claim=rng.choice(R.AFTER),
        end=rng.choice(R.END),
        tie=rng.choice(R.TIE),
        passing=rng.choice(R.PASSING),
        start=rng.choice(R.START),
        scoring=scoring,
        tick_at=rng.randint(3, 12) if scoring == "ticks" else 7,
        max_deals=rng.randint(n, 3 * n) if scoring == "ticks" else 20,
        tally=rng.choice(R.TALLY),
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
    player, seat, pos, glob, table = c["player"], c["seat"], c["position"], c["global"], c["table"]
    out = []
    if not ((player[:, E.P_GAMES] == games).all() and (seat[:, E.P_GAMES] == games).all()):
        out.append("not every player and seat played every game")
    loot = 5 * settings.chips_per_colour * int(glob[E.G_DEALS])
    if int(player[:, E.P_SCORE].sum()) + int(glob[E.G_MIDDLE]) != loot:
        out.append(f"chips not conserved: {player[:, E.P_SCORE].sum()} + {glob[E.G_MIDDLE]} != {loot}")
    if not (player[:, E.P_SCORE].sum() == seat[:, E.P_SCORE].sum() == pos[:, 1].sum()):
        out.append("players, seats and positions disagree on the chips")
    if int(player[:, E.P_WIN].sum()) != E.WIN * games:
        out.append("not one win per game")
    if (table[..., E.T_PAID] > table[..., E.T_PLAYS]).any() or (table[..., E.T_CHIPS] > 8 * table[..., E.T_PAID]).any():
        out.append("a card paid more often or more than it can")
    return out


def check_log(settings: R.Settings, log: np.ndarray, res: np.ndarray) -> list[str]:
    """Violations of the rules in one traced game's log (see the module doc)."""
    n = settings.players
    out: list[str] = []
    chips = np.zeros((R.MAX_PLAYERS + 1, R.N_COLOURS), np.int64)
    totals = np.zeros((n, R.N_COLOURS), np.int64)
    up: dict[int, tuple[int, int]] = {}  # colour -> (seat, card)
    played: list[int] = []
    last_play = None
    for kind, seat, a, b, c in log.tolist():
        if kind == R.L_DEAL:
            chips[:] = 0
            chips[R.MIDDLE] = settings.chips_per_colour
            up.clear()
            played = []
        elif kind == R.L_PLAY:
            played.append(a)
            last_play = (seat, a)
            colour = a // R.N_VALUES
            if colour not in up:
                up[colour] = (seat, a)
        elif kind == R.L_SELF:
            colour = a // R.N_VALUES
            if colour not in up or up[colour][1] == a or up[colour][1] > a:
                out.append(f"{R.card_name(a)} set aside but not higher than the face-up card")
        elif kind == R.L_UNDERCUT:
            colour = a // R.N_VALUES
            if up.get(colour, (None, None))[1] != a or last_play is None or last_play[1] >= a:
                out.append(f"undercut of {R.card_name(a)} not by a lower card of its colour")
            up[colour] = last_play
        elif kind == R.L_CLAIM:
            colour = a // R.N_VALUES
            if up.get(colour) != (seat, a):
                out.append(f"seat {seat} claims {R.card_name(a)}, which is not its face-up card")
            if settings.after_claim == "pile":
                up.pop(colour, None)
        elif kind in (R.L_STAY_OFF,):
            up.pop(a // R.N_VALUES, None)
        elif kind == R.L_OFFICER:
            played.append(R.OFFICER)
            if a >= 0 and up.get(a, (None, None))[1] != b:
                out.append("the Officer turned down a card that was not face up")
            up.pop(a, None)
        elif kind == R.L_TAKE:
            giver = c
            if giver == seat:
                out.append("a seat took chips from itself")
            if giver != R.MIDDLE and chips[R.MIDDLE, a] > 0:
                out.append("chips taken from an opponent while the middle still had some")
            chips[giver, a] -= b
            chips[seat, a] += b
            if chips[giver, a] < 0 or chips[seat, a] > R.CAP:
                out.append(f"chips out of bounds after a take: {chips[giver, a]}, {chips[seat, a]}")
        elif kind == R.L_DEAL_END:
            if sorted(played) != sorted(set(played)) or len(played) != n * settings.hand_size:
                out.append("a deal did not play every card of every hand exactly once")
            if chips[:n].sum() + chips[R.MIDDLE].sum() != 5 * settings.chips_per_colour:
                out.append("chips not conserved in a deal")
            totals += chips[:n]
    if not np.array_equal(totals, res[:n, E.H_CHIPS : E.H_CHIPS + R.N_COLOURS]):
        out.append("the results are not the chips the log moved")
    if not np.array_equal(totals.sum(axis=1), res[:n, E.H_SCORE]):
        out.append("the scores are not the chips the log moved")
    return out


def soak(games: int, tables: int, seed: int, traced: int = 20) -> tuple[int, list[str]]:
    """Play ``games`` games over ``tables`` random tables; returns (games played, violations)."""
    return soak_loop.soak(E, random_table, check_counts, check_log, games, tables, seed, traced)


if __name__ == "__main__":
    soak_loop.main(__doc__, soak)
