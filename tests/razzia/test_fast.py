"""The fast lane (``core/razzia/fast.py``) plays the general engine's games: the same integer sums, bit
for bit, for every built-in policy and haggling style at every player count it takes, and it takes
only what it supports (everything else stays with the general engine)."""

from __future__ import annotations

import inspect

import numpy as np
import pytest

from razzmatazz.analysis.razzia import DEFAULT_MIX, lineup
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import fast as F
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.rules import Settings

LINEUPS = [
    ["random"],
    ["random:accept=0.9"],
    ["greedy"],
    ["greedy:police_weight=1.5,value_weight=0.6,margin=1.4"],
    ["greedy:haggle=1"],
    ["greedy:haggle=2"],
    ["crowd"],
    ["crowd:avoid=3,margin=0.5"],
    ["bigpot"],
    ["bigpot:threshold=2,haggle=1"],
    ["hunter"],
    ["hunter:min_prob=0.1,haggle=2"],
    ["random:accept=0.2", "greedy:haggle=1", "hunter:margin=0.7", "crowd:haggle=2", "bigpot:threshold=3"],
]


def both(settings: Settings, texts: list[str], games: int, duplicate: bool, seed: int) -> tuple[np.ndarray, ...]:
    job = E.GameJob(settings, lineup(texts[: settings.players], settings.players), seed, games, duplicate)
    assert F.supports(job.settings, job.kernel_args().lineup_pids, job.user)
    return E.play_games(*job.kernel_args(), 0, games), job.run_chunk(0, games)


@pytest.mark.parametrize("players", range(3, 9))
def test_the_fast_lane_plays_the_general_engines_games(players):
    for i, texts in enumerate(LINEUPS + [list(DEFAULT_MIX)]):
        general, fast = both(Settings(players=players), texts, 400, i % 2 == 1, 40 + i)
        assert np.array_equal(general, fast), (players, texts)


@pytest.mark.parametrize(
    "settings",
    [
        Settings(players=3, three_player_deck="full"),
        Settings(players=4, bars="players_plus_one"),
        Settings(players=5, leftover="split", open_money=False),
    ],
)
def test_the_fast_lane_follows_the_decks_and_bars_of_the_settings(settings):
    general, fast = both(settings, list(DEFAULT_MIX), 200, False, 9)
    assert np.array_equal(general, fast)


@pytest.mark.parametrize(
    "change",
    [
        {"offer_duel": True},
        {"spielbox": True},
        {"furthest": "circular"},
        {"duel_tie": "reroll"},
        {"one_declines": "own_share"},
        {"multi_duel": "rolloff"},
        {"many_order": "seat"},
        {"reshuffle": "refill_first"},
        {"free_card": "random"},
        {"dropped_bars": "random", "players": 3},
        {"final_ties": "bars_won"},
        {"players": 2},
        {"players": 2, "two_player_deck": "full"},
    ],
)
def test_other_switches_stay_with_the_general_engine(change):
    settings = Settings(**{"players": 5, **change})
    job = E.GameJob(settings, lineup(["random"], settings.players), 3, 20)
    assert not F.supports(settings, job.kernel_args().lineup_pids, None)
    assert np.array_equal(job.run_chunk(0, 20), E.play_games(*job.kernel_args(), 0, 20))


def test_users_policies_stay_with_the_general_engine():
    job = E.GameJob(Settings(players=4), lineup(["random"], 4), 3, 20)
    assert not F.supports(job.settings, job.kernel_args().lineup_pids, lambda *a: None)
    pids = job.kernel_args().lineup_pids.copy()
    pids[0] = E.USER_ID
    assert not F.supports(job.settings, pids, None)


@pytest.mark.parametrize("deck, size", [("reduced", 27), ("full", 36)])
def test_two_player_deck_the_engines_agree_on_the_deck(deck, size):
    """K4, V3: two players, three bars; the 4-6 removal too (27) or the unused bars' cards only (36)."""
    from tests.reference import razzia as ref

    settings = Settings(players=2, two_player_deck=deck)
    assert settings.deck_size == size and settings.row()[R.C_DECK] == size
    assert len(F.decks(settings.row())[0]) == size
    mine = ref.Settings(players=2, two_player_deck=deck)
    assert len(ref.build_deck(mine, ref.choose_bars(mine, None))) == size
    job = E.GameJob(settings, lineup(["greedy", "hunter"], 2), 3, 4)
    assert not F.supports(settings, job.kernel_args().lineup_pids, None)


def test_two_player_deck_changes_nothing_for_more_players():
    for n in range(3, 9):
        assert Settings(players=n, two_player_deck="full").row().tolist() == Settings(players=n).row().tolist()
    job = E.GameJob(Settings(players=4, two_player_deck="full"), lineup(list(DEFAULT_MIX[:4]), 4), 3, 20)
    assert F.supports(job.settings, job.kernel_args().lineup_pids, None)


def test_every_setting_is_classified_for_the_fast_lane():
    """Each field of Settings is followed by the lane or sends the game to the general engine: a new switch
    fails here until it is put in one of the two lists."""
    from dataclasses import fields, replace

    names = [f.name for f in fields(Settings)]
    assert sorted(F.FOLLOWED + F.GENERAL) == sorted(names) and not set(F.FOLLOWED) & set(F.GENERAL)
    job = E.GameJob(Settings(players=4), lineup(list(DEFAULT_MIX[:4]), 4), 3, 20)
    pids = job.kernel_args().lineup_pids
    for name in F.GENERAL:
        default = getattr(Settings(), name)
        other = (not default) if isinstance(default, bool) else next(v for v in R.CHOICES[name] if v != default)
        assert not F.supports(replace(Settings(players=4), **{name: other}), pids, None), name


def test_the_fast_kernel_takes_the_jobs_arguments_after_its_two_decks():
    fields = list(E.Args._fields)
    fast = list(inspect.signature(F.play_games.py_func).parameters)
    assert fast[:1] + fast[3 : 3 + len(fields) - 1] == fields
