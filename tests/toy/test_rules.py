"""Every rule of ``seeds/toy.md`` (T1-T6), checked on the engine through the decision-point interface."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core import batch, streams
from razzmatazz.core.errors import InputError
from razzmatazz.core.positions import Position
from razzmatazz.core.rng import game_state
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import state as S
from razzmatazz.core.toy.policies import REGISTRY
from razzmatazz.core.toy.rules import DRAW, STAND, Settings
from tests.toy.reference import deck_of


def _job(texts, players=3, n=50, duplicate=False, seed=3, **switches):
    lineup = tuple(REGISTRY.parse(texts[i % len(texts)]) for i in range(players))
    return E.GameJob(Settings(players=players, **switches), lineup, seed, n, duplicate)


def _pos(job, g):
    return Position.begin(S, job, g)


def _set_cards(p, cards):
    """Give the seats these cards (a hand-made deal for a rule's example)."""
    for s, c in enumerate(cards):
        p.pos[E.PS_FIRST + s] = p.pos[E.PS_CARD + s] = c


def test_t1_two_to_five_players_each_antes_one():
    for bad in (1, 6, True, "3"):
        with pytest.raises(InputError, match="2 to 5 players"):
            Settings(players=bad)
    for n in range(2, 6):
        c = E.view(_job(["random"], players=n, n=400).run_chunk(0, 400), n)
        assert c["player"][:, E.P_PAYOFF].sum() == 0  # the antes are all paid out
        assert (c["player"][:, E.P_PAYOFF] >= -400).all() and c["player"][:, E.P_GAMES].tolist() == [400] * n


def test_t2_the_deck_is_copies_of_each_card_shuffled_by_the_deal_stream():
    for copies in (1, 2, 4):
        job = _job(["stand"], copies=copies)
        p = _pos(job, 7)
        deck = p.pos[E.PS_DECK : E.PS_DECK + 10 * copies]
        assert sorted(deck.tolist()) == sorted(list(range(1, 11)) * copies)
        assert deck.tolist() == deck_of(job.settings, game_state(streams.key(3, "toy", "deal"), 7))
    with pytest.raises(InputError, match="copies"):
        Settings(copies=5)
    decks = {tuple(_pos(_job(["stand"]), g).pos[E.PS_DECK : E.PS_DECK + 20]) for g in range(20)}
    assert len(decks) == 20  # a new shuffle every game
    dup = _job(["stand"], duplicate=True)  # duplicate deals: the same deck for games 3i..3i+2
    a, b = (E.trace_game(*dup.kernel_args(), g)[0] for g in (3, 5))
    deals = [row[2] for row in a if row[0] == 0], [row[2] for row in b if row[0] == 0]
    assert deals[0] == deals[1]


def test_t3_seat_s_is_dealt_the_decks_card_s():
    p = _pos(_job(["stand"], players=4), 2)
    assert p.pos[E.PS_CARD : E.PS_CARD + 4].tolist() == p.pos[E.PS_DECK : E.PS_DECK + 4].tolist()
    assert p.pos[E.PS_NEXT] == 4 and p.actor() == 0


def test_t4_in_seat_order_a_draw_takes_the_next_card_and_discards_face_up():
    p = _pos(_job(["stand"]), 0)
    deck = p.pos[E.PS_DECK : E.PS_DECK + 20].tolist()
    assert p.legal().tolist() == [STAND, DRAW]
    p.apply(DRAW)
    assert p.pos[E.PS_CARD] == deck[3] and p.actor() == 1
    assert p.view()[E.R.V_DISCARD] == deck[0]  # seat 1 sees seat 0's discard
    p.apply(7)  # not a move: stands
    assert p.pos[E.PS_DREW + 1] == STAND and p.pos[E.PS_CARD + 1] == deck[1]
    p.apply(DRAW)
    assert p.pos[E.PS_CARD + 2] == deck[4] and p.over()
    down = _pos(_job(["stand"], discards="down"), 0)
    down.apply(DRAW)
    assert down.view()[E.R.V_DISCARD] == 0 and down.view(0)[E.R.V_DISCARD] == down.pos[E.PS_FIRST]
    assert down.view()[E.R.V_DREW] == DRAW  # the decision itself is public


def test_t4_a_seat_never_sees_the_others_cards():
    p = _pos(_job(["stand"], players=4), 1)
    v = p.view(2)
    for other in (0, 1, 3):
        q = p.copy()
        q.pos[E.PS_CARD + other] = 11 - q.pos[E.PS_CARD + other]
        assert np.array_equal(q.view(2), v)


@pytest.mark.parametrize(
    "cards, chips",
    [
        ([9, 4, 2], [3, 0, 0]),  # a sole winner takes the pot
        ([9, 9, 2], [2, 1, 0]),  # two tied on 3 chips: 1 each, the odd chip to the one nearest seat 0
        ([2, 9, 9], [0, 2, 1]),
        ([5, 5, 5], [1, 1, 1]),
        ([7, 7, 3, 7, 1], [2, 2, 0, 1, 0]),  # 5 chips, 3 tied: 1 each, 2 odd to seats 0 and 1
        ([10, 10], [1, 1]),
    ],
)
def test_t5_the_highest_card_takes_the_pot_ties_split_odd_chips_to_the_earliest(cards, chips):
    p = _pos(_job(["stand"], players=len(cards)), 0)
    _set_cards(p, cards)
    while not p.over():
        p.apply(STAND)
    res = p.tally()
    c = E.view(res, len(cards))
    assert c["seat"][:, E.P_PAYOFF].tolist() == [x - 1 for x in chips]
    winners = [s for s, x in enumerate(cards) if x == max(cards)]
    assert c["seat"][:, E.P_WIN].tolist() == [E.WIN // len(winners) if s in winners else 0 for s in range(len(cards))]


def test_t6_players_rotate_a_seat_a_game_and_policies_do_not_change_the_cards():
    job = _job(["redraw:below=11", "stand", "stand"])
    for g in range(6):
        p = _pos(job, g)
        drawer = g % 3  # player 0 (always draws) sits in seat g mod 3
        p.playout()
        assert [s for s in range(3) if p.pos[E.PS_DREW + s] == DRAW] == [drawer]
    other = _job(["random", "odds", "stand"])
    for g in range(6):  # another lineup, the same deck: the deal stream is the policies' own
        deck = slice(E.PS_DECK, E.PS_DECK + 20)
        assert np.array_equal(_pos(job, g).pos[deck], _pos(other, g).pos[deck])


def test_redraw_beats_stand_and_odds_reads_the_discards():
    c = E.view(batch.run([_job(["redraw", "stand"], players=2, n=20_000)], progress=False)[0], 2)
    assert c["player"][0, E.P_PAYOFF] > c["player"][1, E.P_PAYOFF]
    p = _pos(_job(["odds:edge=0.5", "odds:edge=0.5"], players=2, copies=1), 0)
    _set_cards(p, [6, 6])
    q = p.copy()
    q.pos[E.PS_FIRST + 0] = 9  # seat 0 drew over a 9: one high card fewer for seat 1
    q.pos[E.PS_DREW + 0] = DRAW
    q.pos[E.PS_ACTOR] = 1
    r = q.copy()
    r.pos[E.PS_FIRST + 0] = 1  # over a 1: one low card fewer
    assert E.policies.chance_higher(q.view()) < E.policies.chance_higher(r.view())
