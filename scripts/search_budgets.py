"""Each search budget against ``search-strong``, in one run (issue 37): paired gain and time a game.

For a game, the default mix at a player count with ``search-strong`` in player 1's seat is played on the
paired batches of duplicate deals that ``exploit`` uses (one thread); then each budget takes that seat on the
same deals. Printed per budget: its paired gain over ``search-strong`` (the game's payoff for Razz, in bb/100;
win-rate points for the board games) with its 95 % interval, and the seconds its lineup took against the
``search-strong`` lineup's, every lineup compiled before it is timed (a ratio from one run carries between
days; absolute times do not).

    .venv/bin/python scripts/search_budgets.py razz --players 6 --games 20000 search search:samples=8
    .venv/bin/python scripts/search_budgets.py razzia --players 5 --games 3000 search search:samples=16,rollout=3
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def compare(name: str, players: int, games: int, seed: int, budgets: list[str], strong: str) -> list[tuple]:
    """(budget, gain, low, high, games, seconds, seconds of the ``strong`` lineup) per budget."""
    from razzmatazz.analysis.games import game
    from razzmatazz.analysis.studies import exploit, paired

    g = game(name)
    settings = g.settings(players)
    field = list(g.module.lineup([], players))
    field[0] = g.parse(strong, players)
    seeds = paired.batch_seeds(seed, g, exploit.EXPLOIT, [x.text for x in field])
    size, duplicate = paired.batch_games(games), g.duplicate(settings, None)
    warm = paired.batch_games(20 * paired.BATCHES)
    paired.play_batches(g, settings, tuple(field), warm, seeds[:1], duplicate, None)  # compiled before timing
    begin = time.perf_counter()
    base = paired.play_batches(g, settings, tuple(field), size, seeds, duplicate, None)
    strong_wall = time.perf_counter() - begin
    key = "payoff" if name == "razz" else "win_rate"
    rows = []
    for text in budgets:
        lineup = (g.parse(text, players), *field[1:])
        paired.play_batches(g, settings, lineup, warm, seeds[:1], duplicate, None)
        begin = time.perf_counter()
        alt = paired.play_batches(g, settings, lineup, size, seeds, duplicate, None)
        wall = time.perf_counter() - begin
        d = paired.difference(base, alt, 0)
        rows.append((text, d[f"{key}_difference"], d[f"{key}_low"], d[f"{key}_high"], d["games"], wall, strong_wall))
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("game")
    ap.add_argument("budgets", nargs="+")
    ap.add_argument("--players", type=int, required=True)
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--strong", default="search-strong")
    a = ap.parse_args()
    from razzmatazz.core.threads import set_threads

    set_threads(1)
    scale = 100 if a.game != "razz" else 1
    unit = "bb/100" if a.game == "razz" else "points"
    where = f"each budget in {a.strong}'s seat (player 1) of the default mix"
    print(f"{a.game}, {a.players} players, {where}, seed {a.seed}")
    print(f"{'budget':34s} {'gain':>7s} {'95 % interval':>17s} {'games':>7s} {'time vs ' + a.strong:>22s}")
    for text, d, lo, hi, n, wall, strong_wall in compare(a.game, a.players, a.games, a.seed, a.budgets, a.strong):
        d, lo, hi = (scale * x for x in (d, lo, hi))
        print(f"{text:34s} {d:+7.1f} [{lo:+6.1f}, {hi:+6.1f}] {n:7,d} {wall / strong_wall:21.2f}x  ({unit})")


if __name__ == "__main__":
    main()
