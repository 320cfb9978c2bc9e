"""What a Riffifi policy sees (``seeds/riffifi.md``, "What a policy sees and decides"; D3).

A policy is asked with ``R.fill_view(st, s, kind, view)`` only. States come from real deals
(``E.first_deal`` hands, then turns played with the rule functions: claims, undercuts, cards set
aside, the Officer). Changing what seat s may not see (the other hands, the cards another seat set
aside unseen) must leave s's view unchanged; changing what s may see (its own hand, a face-up card,
its own set-aside cards) must change it.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import policies as P
from razzmatazz.core.riffifi import rules as R

NOLOG = np.zeros((1, 5), np.int64)
KEY = np.uint64(4242)
SETTINGS = {
    "default": R.Settings(),
    "three": R.Settings(players=3),
    "officer5": R.Settings(players=5, officer=True),
    "stay": R.Settings(after_claim="stay", officer=True),
}


def bits(m) -> list[int]:
    m = int(m)
    return [c for c in range(R.OFFICER + 1) if m >> c & 1]


def play_partway(settings: R.Settings, item: int, turns: int, rng: np.random.Generator) -> np.ndarray:
    """Deal ``item``'s hands and play ``turns`` turns of random cards with the rule functions."""
    cfg = settings.row()
    n = settings.players
    hands, _ = E.first_deal(cfg, KEY, item)
    st = np.zeros(R.VIEW_LEN, np.int64)
    start = item % n
    R.new_deal(
        cfg, st, np.concatenate([hands, np.zeros(R.MAX_PLAYERS - n, np.int64)]), 0, start, settings.chips_per_colour
    )
    for t in range(turns):
        s = (start + t) % n
        if settings.after_claim == "stay":
            R.retire_paid(st, s, NOLOG)
        c = R.claim_colour(st, s)
        if c >= 0:
            odd, tied = R.claim(cfg, st, s, c, NOLOG)
            for _ in range(odd):
                giver = R.clockwise_from(s, n, tied)
                R.move_chips(st, giver, s, c, 1, NOLOG)
                tied &= ~(1 << giver)
        x = int(rng.choice(bits(st[R.ST_HAND + s])))
        if x == R.OFFICER:
            R.play_officer(st, s, int(rng.integers(-1, R.N_COLOURS)), NOLOG)
        else:
            R.play_card(cfg, st, s, x, t // n, NOLOG)
    st[R.ST_TURN] = turns
    st[R.ST_SCORE : R.ST_SCORE + n] = rng.integers(0, 60, n)
    return st


def states(name: str, count: int = 40, seed: int = 1):
    """(settings, state) pairs from ``count`` deals of setup ``name`` stopped after a random turn."""
    settings = SETTINGS[name]
    rng = np.random.default_rng(seed)
    total = settings.players * settings.hand_size
    for item in range(count):
        yield settings, play_partway(settings, item, int(rng.integers(settings.players, total)), rng)


def view_of(st: np.ndarray, s: int, kind: int = R.K_PLAY) -> np.ndarray:
    view = np.full(R.VIEW_LEN, 777, np.int64)  # stale values must be overwritten
    R.fill_view(st, s, kind, view)
    return view


def unseen_aside(st: np.ndarray, o: int) -> list[int]:
    """Cards seat ``o`` set aside without showing them."""
    return bits(int(st[R.ST_PLAYED + o]) & ~int(st[R.ST_PUBLIC]))


def test_the_view_is_the_state_with_the_hidden_parts_blanked():
    for name in SETTINGS:
        for settings, st in states(name, 15):
            n = settings.players
            for s in range(n):
                for kind in (R.K_PLAY, R.K_TARGET, R.K_SPLIT):
                    view = view_of(st, s, kind)
                    assert view[R.V_KIND] == kind and view[R.V_SEAT] == s
                    assert (view[R.V_COLOUR], view[R.V_ODD], view[R.V_TIED]) == (-1, 0, 0)
                    counts = [len(bits(st[R.ST_HAND + o])) for o in range(R.MAX_PLAYERS)]
                    assert view[R.V_HAND_N : R.V_HAND_N + R.MAX_PLAYERS].tolist() == counts
                    assert counts[n:] == [0] * (R.MAX_PLAYERS - n)
                    for o in range(R.MAX_PLAYERS):
                        if o == s:
                            assert view[R.ST_HAND + o] == st[R.ST_HAND + o]
                            assert view[R.ST_PLAYED + o] == st[R.ST_PLAYED + o], "its own set-aside cards too"
                        else:
                            assert view[R.ST_HAND + o] == 0
                            assert view[R.ST_PLAYED + o] == st[R.ST_PLAYED + o] & st[R.ST_PUBLIC]
                    rest = [i for i in range(R.ST_LEN) if not R.ST_HAND <= i < R.ST_PLAYED + R.MAX_PLAYERS]
                    assert np.array_equal(view[rest], st[rest]), "face-up cards, chips, points, ticks, turn"
                    assert view.shape == (R.VIEW_LEN,)


@pytest.mark.parametrize("name", list(SETTINGS))
def test_other_hands_are_hidden(name):
    """Swapping cards between two other hands (sizes kept), or reshuffling all other hands, leaves the view."""
    rng = np.random.default_rng(2)
    changed = 0
    for settings, st in states(name):
        n = settings.players
        for s in range(n):
            before = view_of(st, s)
            others = [o for o in range(n) if o != s and st[R.ST_HAND + o]]
            if len(others) < 2:
                continue
            a, b = rng.choice(others, 2, replace=False)
            x = int(rng.choice(bits(st[R.ST_HAND + a])))
            y = int(rng.choice(bits(st[R.ST_HAND + b])))
            twin = st.copy()
            twin[R.ST_HAND + a] ^= (1 << x) | (1 << y)
            twin[R.ST_HAND + b] ^= (1 << x) | (1 << y)
            assert np.array_equal(view_of(twin, s), before)
            pool = [c for o in others for c in bits(st[R.ST_HAND + o])]
            rng.shuffle(pool)
            shuffled = st.copy()
            for o in others:
                k = len(bits(st[R.ST_HAND + o]))
                shuffled[R.ST_HAND + o] = sum(1 << c for c in pool[:k])
                pool = pool[k:]
            assert np.array_equal(view_of(shuffled, s), before)
            changed += 1
    assert changed > 50


@pytest.mark.parametrize("name", list(SETTINGS))
def test_cards_others_set_aside_unseen_are_hidden(name):
    """Another seat's unseen set-aside card exchanged with a card of a hand that is not s's: same view."""
    rng = np.random.default_rng(3)
    changed = 0
    for settings, st in states(name):
        n = settings.players
        for s in range(n):
            before = view_of(st, s)
            for o in range(n):
                if o == s or not unseen_aside(st, o):
                    continue
                x = int(rng.choice(unseen_aside(st, o)))
                holders = [h for h in range(n) if h != s and st[R.ST_HAND + h] & ~(1 << R.OFFICER)]
                if not holders:
                    continue
                h = int(rng.choice(holders))
                y = int(rng.choice([c for c in bits(st[R.ST_HAND + h]) if c != R.OFFICER]))
                twin = st.copy()
                twin[R.ST_PLAYED + o] ^= (1 << x) | (1 << y)
                twin[R.ST_HAND + h] ^= (1 << x) | (1 << y)
                assert np.array_equal(view_of(twin, s), before), f"seat {s} sees seat {o}'s unseen card"
                changed += 1
    assert changed > 20


def test_with_reveal_own_set_aside_cards_are_seen():
    rng = np.random.default_rng(4)
    settings = R.Settings(reveal_own=True)
    seen = 0
    for item in range(30):
        st = play_partway(settings, item, 30, rng)
        assert all(not unseen_aside(st, o) for o in range(4))
        for s in range(4):
            view = view_of(st, s)
            for o in range(4):
                assert view[R.ST_PLAYED + o] == st[R.ST_PLAYED + o]
        seen += sum(len(bits(st[R.ST_PLAYED + o])) for o in range(4))
    assert seen > 0


@pytest.mark.parametrize("name", list(SETTINGS))
def test_negative_control_what_s_may_see_changes_its_view(name):
    """Own hand, a face-up card, own unseen set-aside card, chips: each change shows in s's view."""
    rng = np.random.default_rng(5)
    controls = {"hand": 0, "face_up": 0, "own_aside": 0, "chips": 0}
    for settings, st in states(name):
        n = settings.players
        for s in range(n):
            before = view_of(st, s)
            others = [o for o in range(n) if o != s and st[R.ST_HAND + o]]
            if st[R.ST_HAND + s] and others:
                o = int(rng.choice(others))
                x, y = int(rng.choice(bits(st[R.ST_HAND + s]))), int(rng.choice(bits(st[R.ST_HAND + o])))
                twin = st.copy()
                twin[R.ST_HAND + s] ^= (1 << x) | (1 << y)
                twin[R.ST_HAND + o] ^= (1 << x) | (1 << y)
                assert not np.array_equal(view_of(twin, s), before)
                controls["hand"] += 1
            up = [c for c in range(R.N_COLOURS) if st[R.ST_UP_OWNER + c] >= 0]
            if up:
                c = int(rng.choice(up))
                twin = st.copy()
                R.turn_down(twin, c)
                assert not np.array_equal(view_of(twin, s), before), "a face-up card turned down"
                twin = st.copy()
                twin[R.ST_UP_VALUE + c] = twin[R.ST_UP_VALUE + c] % R.N_VALUES + 1
                assert not np.array_equal(view_of(twin, s), before), "a face-up card's value"
                controls["face_up"] += 1
            mine = unseen_aside(st, s)
            holders = [h for h in range(n) if h != s and st[R.ST_HAND + h] & ~(1 << R.OFFICER)]
            if mine and holders:
                h = int(rng.choice(holders))
                y = int(rng.choice([c for c in bits(st[R.ST_HAND + h]) if c != R.OFFICER]))
                twin = st.copy()
                twin[R.ST_PLAYED + s] ^= (1 << mine[0]) | (1 << y)
                twin[R.ST_HAND + h] ^= (1 << mine[0]) | (1 << y)
                assert not np.array_equal(view_of(twin, s), before), "s knows what it set aside"
                controls["own_aside"] += 1
            twin = st.copy()
            colour = int(rng.integers(R.N_COLOURS))
            holder = int(rng.choice([o for o in range(n) if o != s]))
            twin[R.ST_CHIPS + holder * R.N_COLOURS + colour] += 1
            twin[R.ST_CHIPS + R.MIDDLE * R.N_COLOURS + colour] -= 1
            assert not np.array_equal(view_of(twin, s), before), "everyone's chips are public"
            controls["chips"] += 1
    assert all(k > 10 for k in controls.values()), controls


def test_hand_counts_follow_the_hands():
    """V_HAND_N: how many cards each hand holds, the Officer included; moving a card between two other
    hands changes the counts (sizes are seen), a swap does not."""
    settings, st = next(states("officer5", 1))
    view = view_of(st, 0)
    assert view[R.V_HAND_N : R.V_HAND_N + 5].tolist() == [len(bits(st[R.ST_HAND + o])) for o in range(5)]
    twin = st.copy()
    x = bits(twin[R.ST_HAND + 1])[0]
    twin[R.ST_HAND + 1] ^= 1 << x
    twin[R.ST_HAND + 2] |= 1 << x
    moved = view_of(twin, 0)
    assert moved[R.V_HAND_N + 1] == view[R.V_HAND_N + 1] - 1 and moved[R.V_HAND_N + 2] == view[R.V_HAND_N + 2] + 1
    assert moved[R.ST_HAND + 1] == moved[R.ST_HAND + 2] == 0


def test_fill_view_returns_the_player_count():
    for name in ("three", "default", "officer5"):
        settings, st = next(states(name, 1))
        assert R.fill_view(st, 0, R.K_PLAY, np.zeros(R.VIEW_LEN, np.int64)) == settings.players


def live_state(st: np.ndarray, s: int, kind: int, colour: int = -1, odd: int = 0, tied: int = 0) -> np.ndarray:
    """The engine's live state as a built-in policy reads it: everything, plus the decision fields."""
    live = np.zeros(R.VIEW_LEN, np.int64)
    live[:] = st
    for o in range(R.MAX_PLAYERS):
        live[R.V_HAND_N + o] = len(bits(st[R.ST_HAND + o]))  # the engine keeps these current
    R.ask_fields(live, s, kind, colour, odd, tied)
    return live


@pytest.mark.parametrize("name", list(SETTINGS))
def test_built_in_policies_answer_the_live_state_as_they_answer_the_view(name):
    """The engine lets built-in policies read its live state (no copy). They must not peek: on every
    decision, with the hidden parts scrambled too, each answers (card, target, giver, stream) exactly
    as it does on the filtered view a user's policy gets."""
    rng = np.random.default_rng(8)
    asked = 0
    for settings, st in states(name, 25):
        n = settings.players
        for s in range(n):
            scrambled = st.copy()
            others = [o for o in range(n) if o != s and st[R.ST_HAND + o]]
            pool = [c for o in others for c in bits(st[R.ST_HAND + o])]
            rng.shuffle(pool)
            for o in others:  # other hands reshuffled, sizes kept
                k = len(bits(st[R.ST_HAND + o]))
                scrambled[R.ST_HAND + o] = sum(1 << c for c in pool[:k])
                pool = pool[k:]
            tied = sum(1 << o for o in range(n) if o != s)
            for kind, colour, odd in ((R.K_PLAY, -1, 0), (R.K_TARGET, -1, 0), (R.K_SPLIT, 2, 1)):
                view = view_of(st, s, kind)
                view[R.V_COLOUR], view[R.V_ODD], view[R.V_TIED] = colour, odd, tied if kind == R.K_SPLIT else 0
                for spec in P.REGISTRY:
                    row = spec.defaults() if spec.params else np.zeros(1)
                    state = np.uint64(rng.integers(1, 2**63))
                    want = P.decide(spec.id, row, view, state)
                    for live_src in (st, scrambled):
                        live = live_state(live_src, s, kind, colour, odd, tied if kind == R.K_SPLIT else 0)
                        assert P.decide(spec.id, row, live, state) == want, (spec.name, kind, s)
                    asked += 1
    assert asked > 500


def test_memory_hides_the_hands_the_seat_never_held():
    """Later deals at 4 players (G1 pass, one hand passed so far): a card swapped between the two hands seat s
    never held (neither card shown before) leaves s's view unchanged; one swapped between the hand s held last
    deal and another hand changes it (negative control)."""
    rng = np.random.default_rng(6)
    settings = R.Settings(players=4)
    hidden = controls = 0
    for _, st in states("default", 30, seed=7):
        st[R.V_ROUND] = 1
        for o in range(4):  # one card shown from each hand in the deal before
            mine = bits(st[R.ST_HAND + o])
            st[R.V_KNOWN + o] = 1 << int(rng.choice(mine)) if mine else 0
        for s in range(settings.players):
            held, a, b = (s + 1) % 4, (s + 2) % 4, (s + 3) % 4
            assert R.held_earlier(s, held, 4, 1) and not R.held_earlier(s, a, 4, 1)
            before = view_of(st, s)
            assert before[R.V_KNOWN + held] == st[R.ST_HAND + held] | st[R.ST_PLAYED + held]
            xs = bits(st[R.ST_HAND + a] & ~st[R.V_KNOWN + a])
            ys = bits(st[R.ST_HAND + b] & ~st[R.V_KNOWN + b])
            zs = bits(st[R.ST_HAND + held] & ~st[R.V_KNOWN + held])
            if xs and ys:
                x, y = int(rng.choice(xs)), int(rng.choice(ys))
                twin = st.copy()
                twin[R.ST_HAND + a] ^= (1 << x) | (1 << y)
                twin[R.ST_HAND + b] ^= (1 << x) | (1 << y)
                assert np.array_equal(view_of(twin, s), before), f"seat {s} sees a hand it never held"
                hidden += 1
            if xs and zs:
                x, z = int(rng.choice(xs)), int(rng.choice(zs))
                twin = st.copy()
                twin[R.ST_HAND + a] ^= (1 << x) | (1 << z)
                twin[R.ST_HAND + held] ^= (1 << x) | (1 << z)
                assert not np.array_equal(view_of(twin, s), before), f"seat {s} forgot the hand it held"
                controls += 1
    assert hidden > 30 and controls > 30, (hidden, controls)
