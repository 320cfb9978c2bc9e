"""The fast lane (``core/riffifi/fast.py``) plays the general engine's games: the same integer sums, bit
for bit, for every built-in policy at every player count and with every switch it follows, and it takes
only what it supports (everything else stays with the general engine)."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import lineup
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import fast as F
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.rules import Settings
from razzmatazz.core.rng import game_state

LINEUPS = [
    ["random"],
    ["lowest"],
    ["undercut"],
    ["undercut:min_claim=1"],
    ["holdlow"],
    ["holdlow:keep=0"],
    ["holdlow:keep=6"],
    ["thief"],
    ["thief:steal=0.3,lead=0,deny=1.5"],
    ["thief:steal=3,lead=5,deny=0"],
    ["thief:aggression=0.2"],
    ["expect"],
    ["expect:aggression=0.9,save=1.2,deny=0"],
    ["expect:aggression=0,save=2"],
    ["random", "thief", "expect", "holdlow", "undercut"],
]
HEURISTICS = ["expect", "undercut", "lowest", "thief-tuned", "expect-tuned"]
"""The default mix before its planner (a search seat, which the fast lane does not play) came in."""


def both(settings: Settings, texts: list[str], games: int, duplicate: bool, seed: int) -> tuple[np.ndarray, ...]:
    job = E.GameJob(settings, lineup(texts[: settings.players], settings.players), seed, games, duplicate)
    assert F.supports(job.settings, job.kernel_args().lineup_pids, job.user)
    return E.play_games(*job.kernel_args(), 0, games), job.run_chunk(0, games)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_fast_lane_plays_the_general_engines_games(players):
    """The defaults, ``tie chooser`` among them: each collector's policy picks who gives an odd chip."""
    for i, texts in enumerate(LINEUPS + [HEURISTICS]):
        general, fast = both(Settings(players=players), texts, 300, i % 2 == 1, 40 + i)
        assert np.array_equal(general, fast), (players, texts)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_collectors_choice_changes_the_games_the_lanes_compare(players):
    """The odd chips of the compared games do change hands by the collector's choice (else the comparison
    above would not test it): the sums differ from those of ``tie clockwise``, for random play (the choice
    draws from the stream) and for the heuristics (the leader)."""
    for texts in (["random"], HEURISTICS):
        chooser, _ = both(Settings(players=players), texts, 300, False, 9)
        clockwise, fast = both(Settings(players=players, tie="clockwise"), texts, 300, False, 9)
        assert np.array_equal(clockwise, fast)
        assert not np.array_equal(chooser, clockwise), texts


@pytest.mark.parametrize(
    "change",
    [
        {"reveal_own": True},
        {"end": "lapse"},
        {"passing": "reshuffle"},
        {"start": "fixed"},
        {"chips_per_colour": 10},
        {"redeal": False},
        {"tick_at": 3, "players": 3},
        {"tick_at": 3, "tally": "deal"},
        {"players": 5, "reveal_own": True, "end": "lapse"},
        {"tie": "clockwise"},
        {"tie": "clockwise", "players": 5, "end": "lapse"},
    ],
)
def test_the_fast_lane_follows_the_switches_it_supports(change):
    for i, texts in enumerate([["random"], ["thief"], ["expect"], HEURISTICS]):
        general, fast = both(Settings(**change), texts, 150, i == 3, 7 + i)
        assert np.array_equal(general, fast), (change, texts)


@pytest.mark.parametrize(
    "change",
    [
        {"officer": True},
        {"after_claim": "stay"},
        {"scoring": "ticks"},
        {"scoring": "ticks", "tally": "deal"},
        {"scoring": "ticks", "tie": "clockwise"},
        {"officer": True, "players": 3},
    ],
)
def test_other_switches_stay_with_the_general_engine(change):
    settings = Settings(**change)
    job = E.GameJob(settings, lineup(["random", "expect", "thief"], settings.players), 3, 20)
    assert not F.supports(settings, job.kernel_args().lineup_pids, None)
    assert np.array_equal(job.run_chunk(0, 20), E.play_games(*job.kernel_args(), 0, 20))


def test_users_policies_stay_with_the_general_engine():
    job = E.GameJob(Settings(), lineup(["random"], 4), 3, 20)
    assert not F.supports(job.settings, job.kernel_args().lineup_pids, lambda *a: None)
    pids = job.kernel_args().lineup_pids.copy()
    pids[0] = E.USER_ID
    assert not F.supports(job.settings, pids, None)


def test_a_claim_takes_the_chips_the_rules_say():
    """``_steal`` (the whole claim without branches) against ``rules.claim`` and the engine's clockwise odd
    chips, on random holdings with many ties."""
    rng = np.random.default_rng(5)
    log = np.zeros((1, 5), np.int64)
    cfg = Settings(tie="clockwise").row()
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


def _holdings(rng, n: int, s: int) -> tuple[np.ndarray, np.ndarray, int]:
    """Random chips (few values: many ties) of colour 0 and points of the earlier deals, and a middle."""
    held = rng.integers(0, int(rng.choice([4, 13])), n)
    held[s] = rng.integers(0, 13)
    score = np.zeros(R.MAX_PLAYERS, np.int64)
    score[:n] = rng.integers(0, 3, n)
    return held, score, int(rng.integers(0, 3))


def test_a_claim_under_tie_chooser_takes_what_the_collectors_policy_picks():
    """``_steal_chosen`` against ``rules.claim`` with each odd chip asked of the collector's built-in policy as the
    general engine asks it (``random`` draws from its stream, the others take it from the leader): the same
    chips from the same seats, and the stream left in the same state."""
    rng = np.random.default_rng(8)
    log = np.zeros((1, 5), np.int64)
    cfg = Settings().row()
    differs = 0
    for i in range(4000):
        n = int(rng.integers(3, 6))
        cfg[R.C_PLAYERS] = n
        s = int(rng.integers(n))
        held, score, middle = _holdings(rng, n, s)
        value = int(rng.integers(1, 9))
        pid = int(rng.choice([P.RANDOM.id, P.LOWEST.id, P.EXPECT.id]))
        other = rng.integers(0, 3, n)  # chips of colour 1: points that make a leader
        st = np.zeros(R.VIEW_LEN, np.int64)
        st[R.ST_PLAYERS] = n
        st[R.ST_UP_OWNER : R.ST_UP_OWNER + R.N_COLOURS] = -1
        st[R.ST_UP_OWNER], st[R.ST_UP_VALUE] = s, value
        st[R.ST_SCORE : R.ST_SCORE + R.MAX_PLAYERS] = score
        words = np.zeros(R.N_COLOURS, np.int64)
        words[0] = middle << F._MIDDLE
        for o in range(n):
            st[R.ST_CHIPS + o * R.N_COLOURS], st[R.ST_CHIPS + o * R.N_COLOURS + 1] = held[o], other[o]
            words[0] |= int(held[o]) << (8 * o)
            words[1] |= int(other[o]) << (8 * o)
        st[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS] = middle
        stream = np.uint64(game_state(np.uint64(77), i))
        ps = stream
        odd, tied = R.claim(cfg, st, s, 0, log)
        while odd > 0:
            R.ask_fields(st, s, R.K_SPLIT, 0, odd, tied)
            giver, ps = P.decide(pid, np.zeros(4), st, ps)
            ps = np.uint64(ps)
            differs += giver != R.clockwise_from(s, n, tied)
            R.move_chips(st, giver, s, 0, 1, log)
            tied &= ~(1 << giver)
            odd -= 1
        need = min(value, R.CAP - int(held[s]))
        take = min(max(need, 0), middle)
        left, taken, after = F._steal_chosen(
            np.int64(words[0] - (take << F._MIDDLE)),
            s,
            n,
            max(need - take, 0),
            pid,
            score,
            np.int64(words.sum()),
            stream,
        )
        for o in range(n):
            expected = st[R.ST_CHIPS + o * R.N_COLOURS] if o != s else held[s]
            assert (left >> (8 * o)) & 0xFF == expected, (n, s, held, score, other, middle, value, pid)
        assert taken + take == st[R.ST_CHIPS + s * R.N_COLOURS] - held[s]
        assert after == ps
    assert differs > 50, "the choices must differ from the clockwise rule's often enough to test them"


def test_every_setting_is_classified_for_the_fast_lane():
    """Each field of Settings is followed by the lane or sends the game to the general engine: a new switch
    fails here until it is put in one of the two lists."""
    from dataclasses import fields, replace

    names = [f.name for f in fields(Settings)]
    assert sorted(F.FOLLOWED + F.GENERAL) == sorted(names) and not set(F.FOLLOWED) & set(F.GENERAL)
    job = E.GameJob(Settings(players=4), lineup(HEURISTICS[:4], 4), 3, 20)
    pids = job.kernel_args().lineup_pids
    assert F.supports(job.settings, pids, None)
    for name, other in (("officer", True), ("after_claim", "stay"), ("scoring", "ticks")):
        assert name in F.GENERAL
        assert not F.supports(replace(Settings(players=4), **{name: other}), pids, None), name


def test_thief_aggression_is_a_parameter_that_changes_its_play():
    """Issue 26: thief's survival pessimism (0.7, hard-coded before) is its ``aggression`` parameter; another
    value plays differently, in the fast lane and in the general engine alike."""
    settings = Settings(players=4)
    assert lineup(["thief"], 3)[0].params["aggression"] == 0.7
    mild = both(settings, ["thief:aggression=0.7", "expect", "undercut", "lowest"], 300, False, 5)
    same = both(settings, ["thief", "expect", "undercut", "lowest"], 300, False, 5)
    bold = both(settings, ["thief:aggression=0", "expect", "undercut", "lowest"], 300, False, 5)
    assert all(np.array_equal(a, b) for a, b in zip(mild, same))
    assert np.array_equal(bold[0], bold[1]) and not np.array_equal(bold[0], mild[0])
