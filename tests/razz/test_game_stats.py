"""The game's tables against a direct computation from every hand's trace.

The kernel returns integer sums (per player, per seat, cross sums per block); the tables turn
them into means, standard errors and paired differences. Here the same hands are traced one by
one, each player's net chips are collected in plain numpy, and the tables must agree.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.razz import game as G
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz.rules import Settings

SEED = 31


def _nets(settings: Settings, policies, hands: int, duplicate: bool) -> np.ndarray:
    """(hands, players) net chips of each lineup player, traced hand by hand."""
    n = settings.players
    out = np.zeros((hands, n), np.int64)
    for g in range(hands):
        res = G.trace(settings, policies, SEED, g, duplicate=duplicate).results
        for s in range(n):
            out[g, (s - g) % n] = res[s, E.H_NET]
    return out


def _mean_se(blocks: np.ndarray, per_block: int, big_bet: int) -> tuple[float, float]:
    scale = 100 / big_bet / per_block
    return blocks.mean() * scale, blocks.std(ddof=1) / np.sqrt(len(blocks)) * scale


@pytest.mark.parametrize("duplicate", [False, True])
def test_tables_match_the_hands_one_by_one(duplicate):
    settings = Settings(players=3, stack=120)
    policies = G.lineup(["tag", "random:fold=0.3,raise=0.3", "tag"], 3)
    hands = 600
    result = G.play(settings, policies, hands, SEED, duplicate=duplicate, chunk_size=37)
    nets = _nets(settings, policies, hands, duplicate)
    assert (nets.sum(axis=1) == 0).all()
    per_block = 3 if duplicate else 1
    blocks = nets.reshape(-1, per_block, 3).sum(axis=1)
    for p in range(3):
        mean, se = _mean_se(blocks[:, p], per_block, settings.big_bet)
        row = result.players.iloc[p]
        assert row.bb_per_100 == pytest.approx(mean, rel=1e-12, abs=1e-12)
        assert row.stderr == pytest.approx(se, rel=1e-9)
    # "tag" is two players: one row, results per hand per player, block sums of both
    tag = result.policies.set_index("policy").loc["tag"]
    mean, se = _mean_se(blocks[:, 0] + blocks[:, 2], 2 * per_block, settings.big_bet)
    assert (tag.bb_per_100, tag.stderr) == pytest.approx((mean, se), rel=1e-9)
    # paired difference tag - random: per block, (tag total / 2) - random
    pair = result.pairs.iloc[0]
    assert (pair.policy, pair.versus) == ("tag", "random:fold=0.3,raise=0.3")
    diff = (blocks[:, 0] + blocks[:, 2]) / 2 - blocks[:, 1]
    mean, se = _mean_se(diff, per_block, settings.big_bet)
    assert (pair.difference_bb_per_100, pair.stderr) == pytest.approx((mean, se), rel=1e-9)


def test_rates_and_seats_match_the_hands():
    settings = Settings(players=4)
    policies = G.lineup(["reader", "station", "rock", "steal"], 4)
    hands = 400
    result = G.play(settings, policies, hands, SEED)
    vpip = np.zeros(4, int)
    showdown = np.zeros(4, int)
    seat_vpip = np.zeros(4, int)
    seat_net = np.zeros((hands, 4), np.int64)
    for g in range(hands):
        res = G.trace(settings, policies, SEED, g).results
        for s in range(4):
            p = (s - g) % 4
            vpip[p] += res[s, E.H_VPIP]
            showdown[p] += res[s, E.H_SHOWDOWN]
            seat_net[g, s] = res[s, E.H_NET]
            seat_vpip[s] += res[s, E.H_VPIP]
    assert (result.players.vpip * hands).round().astype(int).tolist() == vpip.tolist()
    assert (result.players.showdown * hands).round().astype(int).tolist() == showdown.tolist()
    assert (result.seats.vpip * hands).round().astype(int).tolist() == seat_vpip.tolist()
    for s in range(4):
        mean, se = _mean_se(seat_net[:, s], 1, settings.big_bet)
        assert (result.seats.bb_per_100[s], result.seats.stderr[s]) == pytest.approx((mean, se), rel=1e-9)


def test_two_seeds_agree_within_their_intervals():
    """Independent runs estimate the same thing: their difference stays within 4 standard errors."""
    settings = Settings(players=2)
    policies = G.lineup(["tag", "reader"], 2)
    a = G.play(settings, policies, 100_000, 1).policies.set_index("policy")
    b = G.play(settings, policies, 100_000, 2).policies.set_index("policy")
    for name in a.index:
        gap = abs(a.bb_per_100[name] - b.bb_per_100[name])
        assert gap < 4 * np.hypot(a.stderr[name], b.stderr[name]), name
