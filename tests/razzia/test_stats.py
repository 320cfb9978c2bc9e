"""The tables of ``razzia play`` (analysis.razzia.play) against games traced one by one, and their intervals.

Every mean in the summary must equal the mean of the traced games (``GameJob.trace``: the log and
per-seat results ``H_MONEY`` in $5,000 units, ``H_WIN`` out of 840, ``H_BARS_WON``; player p sits in
seat (p + g) mod N in game g); every interval must be the normal interval, mean +- 1.96 SE, of the
per-block values (a game, or the N games of a duplicate deal); the card, croupier and haggling
tables must be what the logs of those games show, and agree with the rulings B3/B4 (police without
a gambler take nothing; gamblers beside police take nothing).
"""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest

from razzmatazz.analysis import razzia as Z
from razzmatazz.analysis.stats import Z95
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R

GAMES = 60
UNIT = R.UNIT


class Traced:
    """The games of a run, traced one by one: per game and player (lineup order) money (the money cards won,
    and under ``leftover split`` a share of what is left at the bars, E2), win share, bars won."""

    def __init__(self, settings: R.Settings, lineup, seed: int, games: int, duplicate: bool = False) -> None:
        n = settings.players
        items = -(-games // n) if duplicate else games
        job = E.GameJob(settings, tuple(lineup), seed, items, duplicate)
        self.n, self.games = n, job.games
        self.money = np.zeros((job.games, n))
        self.win = np.zeros((job.games, n))
        self.bars = np.zeros((job.games, n))
        self.seat_money = np.zeros((job.games, n))
        self.seat_win = np.zeros((job.games, n))
        self.cards_money = 0  # the money cards won, all games, all players
        self.logs, self.results = [], []
        for g in range(job.games):
            log, res, _ = job.trace(g)
            self.logs.append(log)
            self.results.append(res)
            assert log[-1, 0] == R.L_END
            share = log[-1, 2] * UNIT / n if settings.leftover == "split" else 0  # E2: the leftover, split
            self.cards_money += res[:n, E.H_MONEY].sum() * UNIT
            for s in range(n):
                p = (s - g) % n
                self.money[g, p] = res[s, E.H_MONEY] * UNIT + share
                self.win[g, p] = res[s, E.H_WIN] / E.WIN
                self.bars[g, p] = res[s, E.H_BARS_WON]
                self.seat_money[g, s] = res[s, E.H_MONEY] * UNIT + share
                self.seat_win[g, s] = res[s, E.H_WIN] / E.WIN


def normal(x: np.ndarray) -> tuple[float, float, float]:
    """Mean and the 95 % normal interval of per-block values."""
    m = x.mean()
    se = x.std(ddof=1) / np.sqrt(len(x))
    return m, m - Z95 * se, m + Z95 * se


def rounds_of(log: np.ndarray):
    """Per round of a game: the croupier, the cards played {seat: (bar, kind, value)}, the money at each bar
    with a card when it is settled {bar: units}, and the payments {(seat, bar): units}."""
    out = []
    for kind, seat, a, b, c in log.tolist():
        if kind == R.L_ROUND:
            out.append({"croupier": seat, "plays": {}, "bars": {}, "pays": {}})
        elif kind == R.L_PLAY:
            out[-1]["plays"][seat] = (a, b, c)
        elif kind == R.L_BAR:
            out[-1]["bars"][a] = b
        elif kind == R.L_PAY:
            out[-1]["pays"][(seat, a)] = out[-1]["pays"].get((seat, a), 0) + b
    return out


def traced_cards(traced: Traced) -> pd.DataFrame:
    """The card table rebuilt from the logs: one row per card played."""
    rows = []
    for log in traced.logs:
        for rnd in rounds_of(log):
            assert set(rnd["bars"]) == {bar for bar, _, _ in rnd["plays"].values()}  # every bar with a card settles
            for s, (bar, kind, value) in rnd["plays"].items():
                here = [k for b, k, _ in rnd["plays"].values() if b == bar]
                police = R.POLICE in here
                table = "police" if kind == R.POLICE else "gambler_police" if police else "gambler_free"
                won = rnd["pays"].get((s, bar), 0)
                rows.append(
                    {
                        "kind": table,
                        "value": value,
                        "bucket_index": int(E.BUCKETS[min(rnd["bars"][bar], 13)]),
                        "others": min(len(here) - 1, 7),
                        "plays": 1,
                        "won": int(won > 0),
                        "money": won * UNIT,
                        "gambler_there": R.GAMBLER in here,
                    }
                )
    return pd.DataFrame(rows)


SETTINGS = {
    "4p": R.Settings(players=4),
    "3p-switches": R.Settings(
        players=3,
        three_player_deck="full",
        leftover="split",
        furthest="circular",
        final_ties="bars_won",
        offer_duel=True,
    ),
    "7p-rolloff": R.Settings(players=7, multi_duel="rolloff", duel_tie="reroll", spielbox=True),
}
MIX = ["greedy", "random", "hunter", "bigpot:haggle=2", "crowd", "random:accept=0.2", "greedy:haggle=1"]


@pytest.fixture(scope="module")
def runs():
    out = {}
    for name, settings in SETTINGS.items():
        lineup = Z.lineup(MIX[: settings.players], settings.players)
        out[name] = (Z.play(settings, lineup, GAMES, 11), Traced(settings, lineup, 11, GAMES))
    return out


@pytest.mark.parametrize("name", list(SETTINGS))
def test_win_rates_and_bars_won_are_the_traced_means(runs, name):
    result, t = runs[name]
    assert result.games == GAMES and (result.players.games == GAMES).all() and (result.seats.games == GAMES).all()
    assert result.players.win_rate.tolist() == pytest.approx(t.win.mean(axis=0).tolist())
    assert result.players.bars_won.tolist() == pytest.approx(t.bars.mean(axis=0).tolist())
    assert t.win.sum() == pytest.approx(GAMES)  # one win a game, shared on ties
    for r in result.players.itertuples():  # the interval is mean +- 1.96 SE of the per-game values
        assert (r.win_rate, r.win_low, r.win_high) == pytest.approx(normal(t.win[:, r.player - 1]))
    for r in result.seats.itertuples():  # seats: the same, seat by seat (seat 1 is the first croupier)
        assert (r.win_rate, r.win_low, r.win_high) == pytest.approx(normal(t.seat_win[:, r.seat - 1]))


@pytest.mark.parametrize("name", list(SETTINGS))
def test_money_is_the_traced_mean(runs, name):
    result, t = runs[name]
    total = result.settings.money_total * UNIT
    assert (t.money.sum(axis=1) <= total + 1e-6).all()
    if result.settings.leftover == "split":
        assert t.money.sum(axis=1) == pytest.approx(np.full(GAMES, total))
    assert result.players.money.tolist() == pytest.approx(t.money.mean(axis=0).tolist())
    for r in result.players.itertuples():  # the interval is mean +- 1.96 SE of the per-game values
        assert (r.money, r.money_low, r.money_high) == pytest.approx(normal(t.money[:, r.player - 1]))
    for r in result.seats.itertuples():
        assert (r.money, r.money_low, r.money_high) == pytest.approx(normal(t.seat_money[:, r.seat - 1]))


def test_policy_groups_and_paired_differences_use_game_blocks():
    settings = R.Settings(players=4)
    lineup = Z.lineup(["hunter", "random", "random", "greedy"], 4)
    result = Z.play(settings, lineup, GAMES, 3)
    t = Traced(settings, lineup, 3, GAMES)
    rand = result.policies.set_index("policy").loc["random"]
    assert rand.players == 2 and rand.games == 2 * GAMES
    x = t.money[:, 1:3].mean(axis=1)  # one value per game: the players of a group are not independent
    assert (rand.money, rand.money_low, rand.money_high) == pytest.approx(normal(x))
    assert (rand.win_rate, rand.win_low, rand.win_high) == pytest.approx(normal(t.win[:, 1:3].mean(axis=1)))
    assert rand.bars_won == pytest.approx(t.bars[:, 1:3].mean())
    pairs = result.pairs.set_index(["policy", "versus"])
    assert len(pairs) == 3
    pair = pairs.loc[("hunter", "random")]
    d = t.win[:, 0] - t.win[:, 1:3].mean(axis=1)
    assert (pair.win_rate_difference, pair.win_rate_low, pair.win_rate_high) == pytest.approx(normal(d))
    assert pair.clear == bool(abs(d.mean()) > Z95 * d.std(ddof=1) / np.sqrt(GAMES))
    m = t.money[:, 0] - t.money[:, 1:3].mean(axis=1)
    assert (pair.money_difference, pair.money_low, pair.money_high) == pytest.approx(normal(m))
    d = t.win[:, 0] - t.win[:, 3]  # a policy of one player against another
    assert (
        pairs.loc[("hunter", "greedy")].win_rate_difference,
        pairs.loc[("hunter", "greedy")].win_rate_low,
        pairs.loc[("hunter", "greedy")].win_rate_high,
    ) == pytest.approx(normal(d))


def test_duplicate_blocks_are_whole_deals():
    settings = R.Settings(players=3)
    lineup = Z.lineup(["hunter", "random", "greedy"], 3)
    result = Z.play(settings, lineup, 30, 8, duplicate=True)
    t = Traced(settings, lineup, 8, 30, duplicate=True)
    assert result.games == t.games == 30
    blocks = t.money.reshape(10, 3, 3).sum(axis=1)  # 10 deals, each played by the 3 rotations
    wins = t.win.reshape(10, 3, 3).sum(axis=1)
    assert result.players.money.tolist() == pytest.approx(t.money.mean(axis=0).tolist())
    for r in result.players.itertuples():
        mean, low, high = normal(blocks[:, r.player - 1] / 3)
        assert (r.money, r.money_low, r.money_high) == pytest.approx((mean, low, high))
    pair = result.pairs.set_index(["policy", "versus"]).loc[("hunter", "random")]
    d = (wins[:, 0] - wins[:, 1]) / 3
    assert (pair.win_rate_difference, pair.win_rate_low, pair.win_rate_high) == pytest.approx(normal(d))
    d = (blocks[:, 0] - blocks[:, 1]) / 3
    assert (pair.money_difference, pair.money_low, pair.money_high) == pytest.approx(normal(d))


def test_identical_random_players_are_even_within_four_standard_errors():
    result = Z.play(R.Settings(players=4), Z.lineup(["random"], 4), 20_000, 9)
    for r in result.players.itertuples():
        se = (r.win_high - r.win_rate) / Z95
        assert abs(r.win_rate - 0.25) < 4 * se
        money_se = (r.money_high - r.money) / Z95
        mean = result.players.money.mean()
        assert abs(r.money - mean) < 4 * money_se
    assert result.policies.win_rate.iloc[0] == pytest.approx(0.25)  # the whole table wins every game
    assert len(result.pairs) == 0


@pytest.mark.parametrize("name", list(SETTINGS))
def test_card_table_is_the_cards_of_the_traced_games(runs, name):
    result, t = runs[name]
    cards = traced_cards(t)
    plays = sum(1 for log in t.logs for row in log if row[0] == R.L_PLAY)
    assert len(cards) == plays == result.rounds * t.n
    police_plays = sum(1 for log in t.logs for row in log if row[0] == R.L_PLAY and row[3] == R.POLICE)
    table = result.cards
    assert table[table.kind == "police"].plays.sum() == police_plays
    # B3: a police card at a bar without a gambler never wins; B4: a gambler beside police never wins
    lonely = cards[(cards.kind == "police") & ~cards.gambler_there]
    assert len(lonely) > 0 and lonely.won.sum() == 0
    assert cards[cards.kind == "gambler_police"].won.sum() == 0 and table[table.kind == "gambler_police"].won.sum() == 0
    assert cards[(cards.kind == "police") & cards.gambler_there].won.sum() > 0
    keys = ["kind", "value", "bucket_index", "others"]
    want = cards.groupby(keys, as_index=False)[["plays", "won", "money"]].sum().sort_values(keys, ignore_index=True)
    got = table[keys + ["plays", "won", "money"]].sort_values(keys, ignore_index=True)
    pd.testing.assert_frame_equal(got, want, check_dtype=False)
    assert table.money.sum() == t.cards_money  # every dollar won at a bar is won by a card
    assert table.bucket.tolist() == [E.BUCKET_NAMES[i] for i in table.bucket_index]
    summary = Z.card_summary(table, "value")
    police = summary[summary.kind == "police"]
    assert police.plays.sum() == police_plays
    assert ((police.win_low <= police.win_rate) & (police.win_rate <= police.win_high)).all()


@pytest.mark.parametrize("name", list(SETTINGS))
def test_croupier_table_is_the_rounds_of_the_traced_games(runs, name):
    result, t = runs[name]
    n = t.n
    per_distance = [[] for _ in range(n)]
    for log in t.logs:
        for rnd in rounds_of(log):
            won = Counter()
            for (s, _), units in rnd["pays"].items():
                won[s] += units
            for s in range(n):
                per_distance[(s - rnd["croupier"]) % n].append(won[s] * UNIT)
    crou = result.croupier
    assert crou.distance.tolist() == list(range(n))
    assert (crou.rounds == result.rounds).all() and crou.rounds.sum() == n * result.rounds
    rounds = sum(1 for log in t.logs for row in log if row[0] == R.L_ROUND)
    assert result.rounds == rounds
    for r in crou.itertuples():
        x = np.array(per_distance[r.distance], float)
        assert len(x) == rounds
        assert (r.money_per_round, r.ci_low, r.ci_high) == pytest.approx(normal(x))


@pytest.mark.parametrize("name", list(SETTINGS))
def test_haggling_counters_are_what_the_logs_show(runs, name):
    result, t = runs[name]
    h = result.haggling.set_index("counter").total
    kinds = Counter(int(row[0]) for log in t.logs for row in log)
    assert h.haggles == kinds[R.L_PROPOSER]
    assert h.calls_without_offer == kinds[R.L_NO_OFFER]
    answers = Counter(int(row[2]) for log in t.logs for row in log if row[0] == R.L_ANSWER)
    assert (h.answers_accepted, h.answers_declined) == (answers[R.ACCEPT], answers[R.DUEL])
    assert h.duels == sum(1 for log in t.logs for row in log if row[0] == R.L_DUEL and row[2] >= 0)
    assert h.reshuffles == kinds[R.L_RESHUFFLE]
    assert h.shared_wins == sum(int((res[:, E.H_WIN] > 0).sum() > 1) for res in t.results)
    bars_with_rolls = 0
    for log in t.logs:
        rolled = False
        for row in log:
            if row[0] == R.L_BAR:
                bars_with_rolls += rolled
                rolled = False
            rolled = rolled or row[0] == R.L_ROLL
        bars_with_rolls += rolled
    assert h.roll_offs == bars_with_rolls
    assert h.duels_won_by_the_caller <= h.duels_with_a_caller <= h.duels
    per_game = result.haggling.set_index("counter").per_game
    assert per_game.haggles == pytest.approx(h.haggles / GAMES)
    if result.settings.offer_duel:
        assert h.calls_without_offer > 0
    if result.settings.multi_duel == "rolloff":
        assert h.knockouts == 0 and h.roll_offs > 0
