"""The tables of ``riffifi play`` against games traced one by one, and their intervals.

Every mean in the summary must equal the mean of the traced games exactly; every interval must
be the normal interval of the per-block values (a game, or N games of a duplicate deal);
identical players must come out even within 4 standard errors.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis import riffifi as F
from razzmatazz.analysis.stats import Z95
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R

GAMES = 60


def traced(settings: R.Settings, lineup, seed: int, games: int, duplicate: bool = False) -> tuple[np.ndarray, ...]:
    """Per game and player (lineup order): score and win share (in units of one game)."""
    n = settings.players
    job = E.GameJob(settings, lineup, seed, games, duplicate)
    score = np.zeros((games, n))
    win = np.zeros((games, n))
    for g in range(games):
        res = job.trace(g).results
        for s in range(n):
            p = (s - g) % n
            score[g, p] = res[s, E.H_SCORE]
            win[g, p] = res[s, E.H_WIN] / E.WIN
    return score, win


SETTINGS = [R.Settings(4), R.Settings(3, officer=True, tie="chooser"), R.Settings(5, scoring="ticks", max_deals=8)]


@pytest.mark.parametrize("settings", SETTINGS, ids=["4p", "3p-officer", "5p-ticks"])
def test_player_tables_are_the_traced_means(settings):
    lineup = F.lineup(["expect", "random", "thief"], settings.players)
    result = F.play(settings, lineup, GAMES, 11)
    score, win = traced(settings, lineup, 11, GAMES)
    assert result.players.chips.tolist() == pytest.approx(score.mean(axis=0).tolist())
    assert result.players.win_rate.tolist() == pytest.approx(win.mean(axis=0).tolist())
    assert win.sum() == pytest.approx(GAMES)  # one win per game, shared on ties
    for r in result.players.itertuples():  # the interval is mean +- 1.96 SE of the per-game values
        x = score[:, r.player - 1]
        se = x.std(ddof=1) / np.sqrt(GAMES)
        assert (r.chips_low, r.chips_high) == pytest.approx((x.mean() - Z95 * se, x.mean() + Z95 * se))


def test_policy_groups_and_paired_differences_use_game_blocks():
    settings = R.Settings(4)
    lineup = F.lineup(["expect", "random", "random", "lowest"], 4)
    result = F.play(settings, lineup, GAMES, 3)
    score, win = traced(settings, lineup, 3, GAMES)
    rand = result.policies.set_index("policy").loc["random"]
    assert rand.chips == pytest.approx(score[:, 1:3].mean())
    x = score[:, 1:3].mean(axis=1)  # one value per game: the players of the group are not independent
    se = x.std(ddof=1) / np.sqrt(GAMES)
    assert rand.chips_high - rand.chips == pytest.approx(Z95 * se)
    pair = result.pairs.set_index(["policy", "versus"]).loc[("expect", "random")]
    d = win[:, 0] - win[:, 1:3].mean(axis=1)
    assert pair.win_rate_difference == pytest.approx(d.mean())
    assert pair.win_rate_high - pair.win_rate_difference == pytest.approx(Z95 * d.std(ddof=1) / np.sqrt(GAMES))


def test_duplicate_blocks_are_whole_deals():
    settings = R.Settings(3)
    lineup = F.lineup(["expect", "random", "lowest"], 3)
    result = F.play(settings, lineup, 30, 8, duplicate=True)
    score, _ = traced(settings, lineup, 8, 30, duplicate=True)
    blocks = score.reshape(10, 3, 3).sum(axis=1)  # 10 deals, each played by the 3 rotations
    d = blocks[:, 0] - blocks[:, 1]
    pair = result.pairs.set_index(["policy", "versus"]).loc[("expect", "random")]
    assert pair.chips_difference == pytest.approx(d.mean() / 3)
    assert pair.chips_high - pair.chips_difference == pytest.approx(Z95 * d.std(ddof=1) / np.sqrt(10) / 3)


def test_positions_and_middle_account_for_every_chip():
    settings = R.Settings(4)
    result = F.play(settings, F.lineup(["random"], 4), 2000, 5)
    per_deal = result.positions.chips_per_deal.sum() + result.middle / result.deals
    assert per_deal == pytest.approx(60)
    assert (result.positions.deals == result.deals).all()


def test_identical_players_are_even_within_four_standard_errors():
    result = F.play(R.Settings(4, start="fixed"), F.lineup(["random"], 4), 20_000, 9)
    for r in result.players.itertuples():
        se = (r.win_high - r.win_rate) / Z95
        assert abs(r.win_rate - 0.25) < 4 * se
    assert result.policies.win_rate.iloc[0] == pytest.approx(0.25)


def test_first_cards_by_value_pay_less_the_higher_they_are():
    """The rulebook's hint (and michas): an early 8 usually goes unpaid, a 1 always pays."""
    cards = F.play(R.Settings(4), F.lineup(["random"], 4), 5000, 4).cards
    first = cards[cards.orbit == 1].set_index("value")
    assert first.loc[1, "paid_rate"] == 1.0
    assert first.loc[8, "paid_high"] < first.loc[1, "paid_low"]
    assert (np.diff(first.paid_rate.to_numpy()) <= 0).sum() >= 6  # decreasing almost everywhere
