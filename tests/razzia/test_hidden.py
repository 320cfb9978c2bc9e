"""What a Razzia policy sees (``seeds/razzia.md`` R9, "What a policy sees and decides").

A policy is asked with the view that ``rules.fill_view`` (card choices, money placement) or
``engine._decision_view`` (offers and answers at a bar) builds from the game state. States here are
real mid-game states: a game is played by the kernel (``GameJob.trace``) and replayed in the plain
reference (``tests/reference/razzia.py``) with the kernel's decisions; at each card choice and after
the reveal the reference's game is written in the kernel's state layout (``ST_*``). That the
conversion is faithful is checked by the deterministic built-in policies: asked with the converted
state's view, they choose exactly the card the kernel played.

Changing what seat s may not see (the other hands; before the reveal the cards the others put face
down; with ``open_money`` off the others' winnings) must leave s's view unchanged; changing what s
may see (its own hand, the money at a bar, a revealed card, the discard pile) must change it.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY, decide
from tests.razzia.test_engine_reference import replay_policies
from tests.reference import razzia as ref

UNIT = R.UNIT
SETTINGS = {
    "4p": R.Settings(players=4),
    "3p-closed": R.Settings(players=3, open_money=False, three_player_deck="full"),
    "6p-closed-offer-duel": R.Settings(players=6, open_money=False, offer_duel=True, reshuffle="refill_first"),
    "8p-spielbox": R.Settings(players=8, spielbox=True),
}
MIX = ["greedy", "hunter", "bigpot", "crowd", "random", "greedy:haggle=2", "hunter:min_prob=0.2", "crowd:avoid=0"]


def code(card: ref.Card) -> int:
    return card.bar * 16 + ref.KINDS.index(card.kind) * 8 + card.value


def kernel_state(game: ref.Game, settings: R.Settings) -> np.ndarray:
    """The reference's game in the kernel's state layout (``rules`` module doc)."""
    n = settings.players
    denoms = settings.denominations()
    st = np.zeros(R.ST_LEN, np.int64)
    st[R.ST_HAND : R.ST_HAND + R.MAX_PLAYERS * R.HAND] = -1
    st[R.ST_TABLE : R.ST_TABLE + R.MAX_PLAYERS] = -1
    for s in range(n):
        for j, card in enumerate(game.hands[s]):
            st[R.ST_HAND + s * R.HAND + j] = code(card)
    for s, card in game.table.items():
        st[R.ST_TABLE + s] = code(card)
    for b, cards in game.bar_money.items():
        for v in cards:
            st[R.ST_MONEY + b * R.MAX_DENOMS + denoms.index(v // UNIT)] += 1
            st[R.ST_BAR_UNITS + b] += v // UNIT
    for s in range(n):
        st[R.ST_WON + s] = sum(game.won[s]) // UNIT
        st[R.ST_BARS_WON + s] = game.bars_won[s]
    for card in game.discard:
        st[R.ST_GONE + 2 * card.bar + ref.KINDS.index(card.kind)] += 1
    st[R.ST_DENOM : R.ST_DENOM + len(denoms)] = denoms
    rows = settings.card_rows()
    st[R.ST_PLAYERS], st[R.ST_NBARS], st[R.ST_BARS] = n, settings.n_bars, sum(1 << b for b in game.bars)
    st[R.ST_ROUND], st[R.ST_CROUPIER], st[R.ST_LAST_ROUND] = game.round, game.croupier, game.last_round
    st[R.ST_STOCK], st[R.ST_DISCARD], st[R.ST_MONEY_LEFT] = len(game.stock), len(game.discard), len(game.money_deck)
    st[R.ST_REVEALED] = game.revealed
    st[R.ST_OFFER_DUEL] = settings.offer_duel
    st[R.ST_DUEL_TIE] = R.CHOICES["duel_tie"].index(settings.duel_tie)
    st[R.ST_ONE_DECLINES] = R.CHOICES["one_declines"].index(settings.one_declines)
    st[R.ST_MULTI] = R.CHOICES["multi_duel"].index(settings.multi_duel)
    st[R.ST_MANY] = R.CHOICES["many_order"].index(settings.many_order)
    st[R.ST_NDENOM] = len(denoms)
    st[R.ST_COLOUR_G] = sum(c for k, _, c in rows if k == R.GAMBLER)
    st[R.ST_COLOUR_P] = sum(c for k, _, c in rows if k == R.POLICE)
    return st


def real_states(name: str, games: int = 3, seed: int = 17):
    """(settings, cfg, lineup, kind, seat, state, card the kernel played) at every card choice, and
    (settings, cfg, lineup, "revealed", -1, state, None) once the round's cards are turned over."""
    settings = SETTINGS[name]
    n = settings.players
    lineup = tuple(REGISTRY.parse(t) for t in MIX[:n])
    job = E.GameJob(settings, lineup, seed, games)
    cfg = settings.row()
    ref_settings = ref.Settings(**{k: getattr(settings, k) for k in vars(settings)})
    out = []
    for g in range(games):
        log = job.trace(g).log
        pol = replay_policies(log, n, settings.spielbox)
        seats = [lineup[(s - g) % n] for s in range(n)]

        def observe(stage, game, info=None, pol=pol, seats=seats):
            if stage == "choose":
                out.append(
                    (settings, cfg, seats, "choose", info, kernel_state(game, settings), code(pol[info].q["card"][0]))
                )
            elif stage == "revealed":
                out.append((settings, cfg, seats, "revealed", -1, kernel_state(game, settings), None))

        shuffler, die = ref.stream_randomness(seed, g)
        ref.play_game(ref_settings, shuffler, die, pol, observe)
    return out


@pytest.fixture(scope="module")
def states():
    return {name: real_states(name) for name in SETTINGS}


def view_of(cfg: np.ndarray, st: np.ndarray, s: int, kind: int = R.K_PLAY, fill: int = 777) -> np.ndarray:
    view = np.full(R.VIEW_LEN, fill, np.int64)
    R.fill_view(cfg, st, s, kind, view)
    return view


def bar_view(cfg: np.ndarray, st: np.ndarray, s: int, kind: int, bar: int) -> np.ndarray:
    """A haggling view (``_decision_view``) for seat s at ``bar``: every seat with a card there contests."""
    n = int(st[R.ST_PLAYERS])
    value = np.zeros(R.MAX_PLAYERS, np.int64)
    contest = 0
    for o in range(n):
        c = int(st[R.ST_TABLE + o])
        if c >= 0 and c >> 4 == bar:
            value[o] = c & 7
            contest |= 1 << o
    proposer = int(np.argmax(value))
    view = np.full(R.VIEW_LEN, 777, np.int64)
    E._decision_view(cfg, st, s, kind, bar, proposer, contest, value, view)
    return view


def others_hands_reshuffled(st: np.ndarray, s: int, n: int, rng: np.random.Generator) -> np.ndarray:
    """The cards of the hands other than s dealt again among them (sizes kept), some swapped for cards of
    other colours and kinds: what s cannot tell apart."""
    twin = st.copy()
    slots = [
        R.ST_HAND + o * R.HAND + j
        for o in range(n)
        if o != s
        for j in range(R.HAND)
        if st[R.ST_HAND + o * R.HAND + j] >= 0
    ]
    pool = st[slots].copy()
    rng.shuffle(pool)
    for i in range(0, len(pool), 3):  # and a third of them other cards altogether (from the stock, unseen)
        pool[i] = (int(rng.integers(0, 6)) << 4) | (int(rng.integers(0, 2)) << 3) | int(rng.integers(3, 7))
    twin[slots] = pool
    return twin


def test_the_states_are_faithful_the_built_in_policies_choose_the_kernels_card(states):
    checked = 0
    for name, found in states.items():
        for _, cfg, seats, stage, s, st, played in found:
            if stage != "choose" or seats[s].spec.name == "random":
                continue
            view = view_of(cfg, st, s)
            slot, _ = decide(seats[s].spec.id, np.array(seats[s].row, np.float64), view, np.uint64(1))
            assert st[R.ST_HAND + s * R.HAND + slot] == played, (name, s, int(st[R.ST_ROUND]))
            checked += 1
    assert checked > 300


def test_the_view_is_the_state_with_the_hidden_parts_blanked(states):
    for found in states.values():
        for settings, cfg, _, _, _, st, _ in found[::7]:
            n = settings.players
            for s in range(n):
                view = view_of(cfg, st, s)
                assert view[R.V_KIND] == R.K_PLAY and view[R.V_SEAT] == s
                for o in range(R.MAX_PLAYERS):
                    hand = view[R.ST_HAND + o * R.HAND : R.ST_HAND + (o + 1) * R.HAND]
                    want = st[R.ST_HAND + o * R.HAND : R.ST_HAND + (o + 1) * R.HAND] if o == s else -1
                    assert (hand == want).all()
                    table = st[R.ST_TABLE + o] if (o == s or st[R.ST_REVEALED]) else -1
                    assert view[R.ST_TABLE + o] == table
                    if o < n:
                        visible = settings.open_money or o == s
                        assert view[R.ST_WON + o] == (st[R.ST_WON + o] if visible else -1)
                        assert view[R.ST_BARS_WON + o] == (st[R.ST_BARS_WON + o] if visible else -1)
                public = np.r_[R.ST_MONEY : R.ST_WON, R.ST_GONE : R.ST_LEN]
                assert np.array_equal(view[public], st[public]), "money at the bars, discards, scalars"


@pytest.mark.parametrize("name", list(SETTINGS))
def test_other_hands_are_hidden(states, name):
    rng = np.random.default_rng(2)
    changed = 0
    for settings, cfg, seats, stage, _, st, _ in states[name]:
        n = settings.players
        for s in range(n):
            twin = others_hands_reshuffled(st, s, n, rng)
            assert not np.array_equal(twin, st)
            for kind in (R.K_PLAY, R.K_FREE, R.K_ALL):
                assert np.array_equal(view_of(cfg, twin, s, kind), view_of(cfg, st, s, kind))
            if stage == "revealed":
                for bar in {int(c) >> 4 for c in st[R.ST_TABLE : R.ST_TABLE + n]}:
                    for kind in (R.K_OFFER, R.K_ANSWER):
                        assert np.array_equal(bar_view(cfg, twin, s, kind, bar), bar_view(cfg, st, s, kind, bar))
            if seats[s].spec.name != "random":  # the same view, the same decision
                row = np.array(seats[s].row, np.float64)
                a, _ = decide(seats[s].spec.id, row, view_of(cfg, twin, s), np.uint64(5))
                b, _ = decide(seats[s].spec.id, row, view_of(cfg, st, s), np.uint64(5))
                assert a == b
            changed += 1
    assert changed > 100


@pytest.mark.parametrize("name", list(SETTINGS))
def test_cards_played_face_down_are_hidden_until_the_reveal(states, name):
    rng = np.random.default_rng(3)
    hidden = revealed = 0
    for settings, cfg, _, stage, chooser, st, _ in states[name]:
        n = settings.players
        down = [o for o in range(n) if st[R.ST_TABLE + o] >= 0]
        for o in down:
            twin = st.copy()
            twin[R.ST_TABLE + o] = st[R.ST_HAND + ((o + 1) % n) * R.HAND]  # another card altogether
            if twin[R.ST_TABLE + o] == st[R.ST_TABLE + o]:
                continue
            if stage == "choose":  # before the reveal: the chooser sees none of the cards already down
                assert np.array_equal(view_of(cfg, twin, chooser), view_of(cfg, st, chooser))
                hidden += 1
            else:  # after the reveal everyone sees every card (negative control)
                s = int(rng.choice([x for x in range(n) if x != o]))
                assert not np.array_equal(view_of(cfg, twin, s), view_of(cfg, st, s))
                revealed += 1
        if stage == "choose" and down:  # its own card, once down, it still sees
            o = down[0]
            twin = st.copy()
            twin[R.ST_TABLE + o] = -1
            assert not np.array_equal(view_of(cfg, twin, o), view_of(cfg, st, o))
    assert hidden > 50 and revealed > 20


@pytest.mark.parametrize("name", list(SETTINGS))
def test_others_winnings_are_hidden_with_closed_money(states, name):
    rng = np.random.default_rng(4)
    for settings, cfg, _, _, _, st, _ in states[name]:
        n = settings.players
        for s in range(n):
            o = int(rng.choice([x for x in range(n) if x != s]))
            twin = st.copy()
            twin[R.ST_WON + o] += int(rng.integers(1, 30))
            twin[R.ST_BARS_WON + o] += 1
            same = np.array_equal(view_of(cfg, twin, s), view_of(cfg, st, s))
            assert same == (not settings.open_money), "others' winnings: public with open_money, else hidden"
            mine = st.copy()
            mine[R.ST_WON + s] += 1
            assert not np.array_equal(view_of(cfg, mine, s), view_of(cfg, st, s)), "its own winnings it knows"


@pytest.mark.parametrize("name", list(SETTINGS))
def test_negative_control_what_s_may_see_changes_its_view(states, name):
    """Its own hand (a card swapped with another hand), the money at a bar, the discard pile."""
    rng = np.random.default_rng(5)
    controls = {"hand": 0, "money": 0, "discard": 0, "haggle": 0}
    for settings, cfg, _, stage, _, st, _ in states[name]:
        n = settings.players
        for s in range(n):
            before = view_of(cfg, st, s)
            o = int(rng.choice([x for x in range(n) if x != s]))
            j, k = int(rng.integers(0, R.HAND)), int(rng.integers(0, R.HAND))
            a, b = R.ST_HAND + s * R.HAND + j, R.ST_HAND + o * R.HAND + k
            if st[a] >= 0 and st[b] >= 0 and st[a] != st[b]:
                twin = st.copy()
                twin[a], twin[b] = st[b], st[a]
                assert not np.array_equal(view_of(cfg, twin, s), before)
                controls["hand"] += 1
                if stage == "revealed":
                    bar = int(st[R.ST_TABLE + s]) >> 4
                    assert not np.array_equal(
                        bar_view(cfg, twin, s, R.K_ANSWER, bar), bar_view(cfg, st, s, R.K_ANSWER, bar)
                    )
                    controls["haggle"] += 1
            bars = [b for b in range(R.MAX_BARS) if st[R.ST_BARS] >> b & 1]
            twin = st.copy()
            bar = int(rng.choice(bars))
            twin[R.ST_MONEY + bar * R.MAX_DENOMS] += 1
            twin[R.ST_BAR_UNITS + bar] += st[R.ST_DENOM]
            assert not np.array_equal(view_of(cfg, twin, s), before)
            controls["money"] += 1
            twin = st.copy()
            twin[R.ST_GONE + 2 * bar] += 1
            twin[R.ST_DISCARD] += 1
            assert not np.array_equal(view_of(cfg, twin, s), before)
            controls["discard"] += 1
    assert all(v > 10 for v in controls.values()), controls


def test_a_view_does_not_carry_what_the_previous_seat_left_in_the_buffer(states):
    settings, cfg, _, _, _, st, _ = next(x for x in states["4p"] if x[3] == "choose")
    view = np.zeros(R.VIEW_LEN, np.int64)
    R.fill_view(cfg, st, 1, R.K_PLAY, view)  # seat 1 chooses, as play_game asks it, and writes its hand
    view[R.V_OFFER : R.V_OFFER + R.HAND] = st[R.ST_HAND + R.HAND : R.ST_HAND + 2 * R.HAND]
    R.fill_view(cfg, st, 2, R.K_PLAY, view)  # then seat 2, in the same buffer
    assert not np.isin(st[R.ST_HAND + R.HAND : R.ST_HAND + 2 * R.HAND], view[R.ST_LEN :]).all(), "seat 1's hand leaks"
    assert np.array_equal(view, view_of(cfg, st, 2, fill=0))
