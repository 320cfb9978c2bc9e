"""The fast lane (``core/riffifi/fast.py``) plays the general engine's games: the same integer sums, bit
for bit, for every built-in policy at every player count and with every switch it follows, and it takes
only what it supports (everything else stays with the general engine)."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import DEFAULT_MIX, lineup
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import fast as F
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.rules import Settings

LINEUPS = [["random"], ["lowest"], ["undercut"], ["undercut:min_claim=1"], ["holdlow"], ["holdlow:keep=0"],
           ["holdlow:keep=6"], ["thief"], ["thief:steal=0.3,lead=0,deny=1.5"], ["thief:steal=3,lead=5,deny=0"],
           ["expect"], ["expect:aggression=0.9,save=1.2,deny=0"], ["expect:aggression=0,save=2"],
           ["random", "thief", "expect", "holdlow", "undercut"]]


def both(settings: Settings, texts: list[str], games: int, duplicate: bool, seed: int) -> tuple[np.ndarray, ...]:
    job = E.GameJob(settings, lineup(texts[:settings.players], settings.players), seed, games, duplicate)
    assert F.supports(job.settings, job.arrays()[3], job.user)
    return E.play_games(*job.arrays(), 0, games), job.run_chunk(0, games)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fast_lane_plays_the_general_engines_games(players):
    for i, texts in enumerate(LINEUPS + [list(DEFAULT_MIX)]):
        general, fast = both(Settings(players=players), texts, 300, i % 2 == 1, 40 + i)
        assert np.array_equal(general, fast), (players, texts)


@pytest.mark.parametrize("change", [{"reveal_own": True}, {"end": "lapse"}, {"passing": "reshuffle"},
                                    {"start": "fixed"}, {"chips_per_colour": 10}, {"redeal": False},
                                    {"tick_at": 3, "players": 3}, {"players": 5, "reveal_own": True, "end": "lapse"}])
def test_the_fast_lane_follows_the_switches_it_supports(change):
    for i, texts in enumerate([["random"], ["thief"], ["expect"], list(DEFAULT_MIX)]):
        general, fast = both(Settings(**change), texts, 150, i == 3, 7 + i)
        assert np.array_equal(general, fast), (change, texts)


@pytest.mark.parametrize("change", [{"officer": True}, {"after_claim": "stay"}, {"tie": "chooser"},
                                    {"scoring": "ticks"}, {"officer": True, "players": 3}])
def test_other_switches_stay_with_the_general_engine(change):
    settings = Settings(**change)
    job = E.GameJob(settings, lineup(["random", "expect", "thief"], settings.players), 3, 20)
    assert not F.supports(settings, job.arrays()[3], None)
    assert np.array_equal(job.run_chunk(0, 20), E.play_games(*job.arrays(), 0, 20))


def test_users_policies_stay_with_the_general_engine():
    job = E.GameJob(Settings(), lineup(["random"], 4), 3, 20)
    assert not F.supports(job.settings, job.arrays()[3], lambda *a: None)
    pids = job.arrays()[3].copy()
    pids[0] = E.USER_ID
    assert not F.supports(job.settings, pids, None)


def test_a_claim_takes_the_chips_the_rules_say():
    """``_steal`` (the whole claim without branches) against ``rules.claim`` and the engine's clockwise odd
    chips, on random holdings with many ties."""
    rng = np.random.default_rng(5)
    log = np.zeros((1, 5), np.int64)
    cfg = Settings().row()
    for _ in range(3000):
        n = int(rng.integers(3, 6))
        cfg[R.C_PLAYERS] = n
        s = int(rng.integers(n))
        held = rng.integers(0, int(rng.choice([5, 13])), n)  # mostly few values: many ties
        held[s] = rng.integers(0, 13)
        middle = int(rng.integers(0, 3))
        value = int(rng.integers(1, 9))
        st = np.zeros(R.VIEW_LEN, np.int64)
        st[R.ST_PLAYERS] = n
        for c in range(R.N_COLOURS):
            st[R.ST_UP_OWNER + c] = -1
        st[R.ST_UP_OWNER] = s
        st[R.ST_UP_VALUE] = value
        word = middle << F._MIDDLE
        for o in range(n):
            st[R.ST_CHIPS + o * R.N_COLOURS] = held[o]
            word |= int(held[o]) << (8 * o)
        st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS] = middle
        odd, tied = R.claim(cfg, st, s, 0, log)
        for _ in range(odd):
            giver = R.clockwise_from(s, n, tied)
            R.move_chips(st, giver, s, 0, 1, log)
            tied &= ~(1 << giver)
        need = min(value, R.CAP - int(held[s]))
        take = min(max(need, 0), middle)
        left, taken = F._steal(word - (take << F._MIDDLE), s, n, max(need - take, 0))
        for o in range(n):
            expected = st[R.ST_CHIPS + o * R.N_COLOURS] if o != s else held[s]
            assert (left >> (8 * o)) & 0xFF == expected, (n, s, held, middle, value)
        assert taken + take == st[R.ST_CHIPS + s * R.N_COLOURS] - held[s]


@pytest.mark.parametrize("nth", [F._nth_card_counted] + ([F._nth_card_pdep] if F._has_pdep() else []))
def test_the_nth_card_of_a_hand(nth):
    rng = np.random.default_rng(3)
    for _ in range(2000):
        cards = sorted(rng.choice(40, int(rng.integers(1, 13)), replace=False))
        hand = sum(1 << int(c) for c in cards)
        for i, card in enumerate(cards):
            assert nth(np.int64(hand), np.int64(i)) == card
