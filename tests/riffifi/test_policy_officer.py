"""The Officer as a scored move of every built-in policy but ``random`` (seeds/riffifi.md, "The Officer as a
scored move"): played when ``officer_weight`` x the largest opponent claim (at least ``officer_at``) beats the
chips the policy's card would collect times its survival, and always as the last card."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R
from tests.riffifi.test_rules import card, mask, place, table

RED, BLUE = R.COLOURS.index("red"), R.COLOURS.index("blue")
POLICIES = ("lowest", "undercut", "holdlow", "thief", "expect")


def _view(claim: int, mine: list[int]) -> np.ndarray:
    """Seat 0 to play, holding ``mine`` and the Officer; seat 1's blue ``claim`` face up; every hand of five."""
    hands = [[*mine, R.OFFICER], *[[card(c, 8) for c in (2, 3, 4)] + [card(BLUE, 7), card(RED, 8)]] * 3]
    cfg, st = table(R.Settings(players=4, officer=True), hands[:4])
    place(cfg, st, 1, card(BLUE, claim))
    view = np.zeros(R.VIEW_LEN, np.int64)
    R.fill_view(st, 0, R.K_PLAY, view)
    return view


def _move(name: str, view: np.ndarray, **params: float) -> int:
    text = name + ("" if not params else ":" + ",".join(f"{k}={v}" for k, v in params.items()))
    policy = P.REGISTRY.parse(text)
    move, _ = P.decide(policy.spec.id, policy.row, view, np.uint64(1))
    return int(move)


def _worth(view: np.ndarray, c: int) -> float:
    """What the Officer's score is weighed against: the card's chips now times its survival."""
    return float(P.card_chips(view, c)) * float(P.survival(view, c, P.SURVIVAL_MODEL))


@pytest.mark.parametrize("name", POLICIES)
def test_the_officer_is_played_exactly_when_its_score_beats_the_card(name):
    view = _view(4, [card(RED, 6)])
    chosen = _move(name, view, officer_weight=0)  # weight 0: the Officer never beats a card
    assert chosen == card(RED, 6)
    worth = _worth(view, chosen)
    assert 0 < worth < 6  # red 6 would collect 6 chips, and some unseen red card below it may undercut it
    assert _move(name, view, officer_weight=round(1.02 * worth / 4, 4)) == R.OFFICER
    assert _move(name, view, officer_weight=round(0.98 * worth / 4, 4)) == chosen
    assert _move(name, view, officer_weight=10, officer_at=5) == chosen  # the claim is below officer_at
    assert _move(name, view, officer_weight=10, officer_at=4) == R.OFFICER


@pytest.mark.parametrize("name", POLICIES)
def test_the_officer_is_always_played_as_the_last_card(name):
    view = _view(4, [])
    assert _move(name, view, officer_weight=0, officer_at=8) == R.OFFICER


def test_a_card_set_aside_at_once_is_worth_nothing_against_the_officer():
    view = _view(4, [card(BLUE, 6)])  # blue 6 over blue 4: set aside at once, collects nothing
    assert P.card_chips(view, card(BLUE, 6)) == 0
    assert _move("lowest", view, officer_weight=0.01) == R.OFFICER


def test_without_the_officer_the_policies_play_as_before():
    view = _view(4, [card(RED, 6)])
    view[R.ST_HAND] = mask([card(RED, 6), card(RED, 2)])
    for name in POLICIES:
        assert _move(name, view, officer_weight=10) != R.OFFICER
