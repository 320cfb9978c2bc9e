"""Razzia's search player (``core/razzia/search.py``): it decides from its seat's observation only, plays
legal moves, is reproducible from the seed whatever the chunks, beats greedy on duplicate deals and places
the croupier's free card at least as well as random placement."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.razzia import lineup
from razzmatazz.core.positions import Position
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import search as SR
from razzmatazz.core.razzia import state as S

FIELD = ["greedy", "hunter", "bigpot", "crowd", "random"]
NO_DICE = np.zeros((0, 1), np.int64)


def job(texts, players=5, seed=7, games=40, duplicate=False, **switches):
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(lineup(list(texts), players)), seed, games, duplicate)


def search_decisions(j, games):
    """Every position of games 0.. of ``j`` where player 0 (the search player) is to move."""
    for g in range(games):
        p = Position.begin(S, j, g)
        while not p.over():
            if E.player_of(p.pos, p.actor()) == 0:
                yield g, p
            p.step()


def choose(p, pos=None):
    """The search player's move at ``p`` (on a copy: ``p`` is left as it is) and its stream's new state."""
    w = (p.pos if pos is None else pos).copy()
    return int(SR.choose(w, p.pids, p.params)), int(w[E.W_PSTATE + p.actor()])


def hidden_twin(p, rng):
    """``p`` with a card of another seat's hand swapped for a card of the stock: what the actor cannot see."""
    pos = p.pos.copy()
    me, n = p.actor(), int(pos[R.ST_PLAYERS])
    slots = [
        R.ST_HAND + o * R.HAND + j
        for o in range(n)
        if o != me
        for j in range(R.HAND)
        if pos[R.ST_HAND + o * R.HAND + j] >= 0
    ]
    top, stock = int(pos[E.W_POS]), int(pos[E.W_POS + 1])
    for _ in range(20):
        a, b = int(rng.choice(slots)), E.W_STOCK + top + int(rng.integers(stock))
        if pos[a] != pos[b]:
            pos[a], pos[b] = pos[b], pos[a]
            return pos
    return None


def test_the_decision_depends_only_on_what_the_seat_has_seen():
    """Two true positions with the same observation for the search seat (a hidden card swapped between
    another hand and the stock) give the same move and stream state; a change of the seat's own stream,
    the randomness its samples are drawn from, does change some decisions (so the samples matter)."""
    j = job(["search:samples=2"] + FIELD[:4])
    rng = np.random.default_rng(1)
    same = moved = 0
    for _, p in search_decisions(j, 6):
        twin = hidden_twin(p, rng)
        if twin is None:
            continue
        me = p.actor()
        obs = np.zeros(S.OBS_LEN, np.int64)
        S.observation(p.ro, twin, me, obs)
        assert np.array_equal(obs, p.observation(me)) and not np.array_equal(twin, p.pos)
        assert choose(p) == choose(p, twin)
        same += 1
        other = p.pos.copy()
        other[E.W_PSTATE + me] ^= 0x5DEECE66D
        moved += choose(p)[0] != choose(p, other)[0]
    assert same > 50 and moved > 0


def test_the_observation_handed_to_search_holds_nothing_of_other_games():
    """The kernel's workspace also holds the chunk's counts and the last game's results: blanked."""
    j = job(["search:samples=2"] + FIELD[:4])
    _, p = next(search_decisions(j, 1))
    w = p.pos.copy()
    w[E.W_COUNTS :] = 12345
    w[E.W_RES : E.W_RES + 5 * E.N_RES] = 7
    assert np.array_equal(SR.seat_observation(w, p.actor()), SR.seat_observation(p.pos, p.actor()))


@pytest.mark.parametrize("switches", [{}, {"spielbox": True, "offer_duel": True}])
def test_the_search_players_moves_are_legal(switches):
    j = job(["search:samples=2", "random", "greedy", "hunter"], players=4, **switches)
    kinds = set()
    for _, p in search_decisions(j, 8):
        legal = p.legal()
        move = p.copy().step()
        assert move in legal, (int(p.pos[E.W_KIND]), move)
        kinds.add(int(p.pos[E.W_KIND]))
    assert {R.K_PLAY, R.K_OFFER, R.K_ANSWER} <= kinds
    assert (R.K_ALL if switches else R.K_FREE) in kinds


def test_a_game_with_a_search_seat_is_reproducible_from_its_seed_whatever_the_chunks():
    j = job(["search:samples=3"] + FIELD[:4], games=12)
    whole = j.run_chunk(0, 12)
    assert np.array_equal(whole, j.run_chunk(0, 12))
    assert np.array_equal(whole, j.run_chunk(0, 5) + j.run_chunk(5, 12))
    other = job(["search:samples=3"] + FIELD[:4], games=12, seed=8)
    assert not np.array_equal(whole, other.run_chunk(0, 12))


def test_search_beats_greedy_on_duplicate_deals():
    """Five players, one search seat at a small budget among greedy players, every deal played five times
    with the players rotated. An all-greedy table replays each deal identically in every rotation, so each
    greedy player's win rate on these deals is exactly 1/5: search must beat it by 4 standard errors (the
    SE from the deals' totals, the duplicate blocks)."""
    items = 400  # against exact-haggling greedy the edge is ~6 points: 120 deals left it under 4 SE
    baseline = job(["greedy"], games=items, duplicate=True, seed=21).run_chunk(0, items)
    assert baseline[E.P_WIN] == E.WIN * items  # player 0 wins 1/5 of the 5 x items games
    counts = job(["search:samples=6", "greedy"], games=items, duplicate=True, seed=21).run_chunk(0, items)
    per_deal = counts[E.P_WIN] / items  # player 0 = search, summed over the deal's five games
    var = E.view(counts, 5)["cross_win"][0, 0] / items - per_deal**2  # player 0's wins per block, squared
    rate, se = per_deal / 5 / E.WIN, np.sqrt(var / items) / 5 / E.WIN
    assert rate - 0.2 > 4 * se, (rate, se)


def test_the_croupiers_free_card_placed_by_search_is_no_worse_than_at_random():
    """At every free card of greedy games, the same position played on twice, the card once where search
    puts it (the croupier a search player whose rollouts play greedy, the field greedy) and once at a random
    bar: the croupier's money at the end of the game, paired. One-sided: the mean difference is above -4 SE."""
    j = job(["greedy"], games=30, seed=5)
    search = "search:samples=4,rollout=1"  # rollouts by greedy, the field's own policy
    searchers = [S.lineup(job(["greedy"] * q + [search] + ["greedy"] * (4 - q))) for q in range(5)]
    rng = np.random.default_rng(9)
    diffs = []
    for g in range(30):
        p = Position.begin(S, j, g)
        while not p.over():
            if int(p.pos[E.W_KIND]) == R.K_FREE:
                s = p.actor()
                pids, params = searchers[E.player_of(p.pos, s)]
                bar = int(SR.choose(p.pos.copy(), pids, params))
                money = []
                for move in (bar, int(rng.choice(p.legal()))):
                    q = p.copy()
                    q.apply(move)
                    q.playout()
                    money.append(int(q.pos[E.W_RES + s * E.N_RES + E.H_MONEY]))
                diffs.append(money[0] - money[1])
            p.step()
    d = np.array(diffs, np.float64)
    assert len(d) > 300
    assert d.mean() > -4 * d.std(ddof=1) / np.sqrt(len(d)), (d.mean(), d.std(ddof=1))


def _cards(pos, o):
    """Seat ``o``'s hand and face-down card, as a sorted list."""
    h = [int(c) for c in pos[R.ST_HAND + o * R.HAND : R.ST_HAND + (o + 1) * R.HAND] if c >= 0]
    return sorted(h + ([int(pos[R.ST_TABLE + o])] if pos[R.ST_TABLE + o] >= 0 else []))


def test_the_cards_played_face_down_before_the_seat_are_drawn_as_the_field_plays():
    """determinize deals the face-down cards of the seats before the actor at random; played_by_model takes
    each back into its hand and lets the model lineup play from it: each earlier seat keeps its cards, and
    its face-down card is the one the engine's own step plays for it from that hand (greedy: deterministic)."""
    j = job(["search"] + ["greedy"] * 4, games=6, seed=3)
    pids, params = S.lineup(j)
    mpids, mparams = SR.model(pids, params)
    checked = 0
    for g, p in search_decisions(j, 6):
        me = p.actor()
        if int(p.pos[E.W_KIND]) != R.K_PLAY:
            continue
        base = np.zeros(S.POS_LEN, np.int64)
        S.determinize(p.ro, p.observation(me), me, np.uint64(11 + g), 0, base)
        after = base.copy()
        SR.played_by_model(after, mpids, mparams, P.no_user_policy)
        n = int(base[R.ST_PLAYERS])
        assert np.array_equal(np.delete(after, _seat_slots(n)), np.delete(base, _seat_slots(n)))
        for o in range(n):
            assert _cards(after, o) == _cards(base, o)
            if o == me or base[R.ST_TABLE + o] < 0:
                assert np.array_equal(after[_seat_slots(n, o)], base[_seat_slots(n, o)])
                continue
            before = after.copy()  # o's hand as the model held it, o to play
            h = R.ST_HAND + o * R.HAND
            held = [c for c in before[h : h + R.HAND] if c >= 0] + [before[R.ST_TABLE + o]]
            before[h : h + R.HAND] = held + [-1] * (R.HAND - len(held))
            before[R.ST_TABLE + o] = -1
            before[E.W_ACTOR] = o
            before[E.W_STEP] -= 1  # o's play is made again
            E.step(before, mpids, mparams, P.no_user_policy, np.zeros((0, 1), np.int64), False, E.no_search)
            assert before[R.ST_TABLE + o] == after[R.ST_TABLE + o]
            checked += 1
    assert checked > 20
    p = Position.begin(S, j, 0)
    while int(p.pos[E.W_KIND]) == R.K_PLAY:
        p.step()
    pos = p.pos.copy()
    SR.played_by_model(pos, mpids, mparams, P.no_user_policy)
    assert np.array_equal(pos, p.pos)  # no other decision is touched


def _seat_slots(n, o=None):
    """The hand and face-down slots of seat ``o`` (every seat's if None) and the actor field."""
    seats = range(n) if o is None else [o]
    out = [R.ST_HAND + s * R.HAND + j for s in seats for j in range(R.HAND)] + [R.ST_TABLE + s for s in seats]
    return out + ([E.W_ACTOR, R.V_KIND, R.V_SEAT] if o is None else [])


def test_the_chance_of_finishing_first_is_a_distribution_over_the_seats_and_rises_with_money():
    j = job(["greedy"], games=4, seed=2)
    seen = 0
    for g in range(4):
        p = Position.begin(S, j, g)
        while not p.over():
            if int(p.pos[E.W_KIND]) == R.K_PLAY and int(p.pos[E.W_STEP]) == 0:
                n = int(p.pos[R.ST_PLAYERS])
                keep, gaps = 8.0 / SR.money_total(p.pos), np.zeros(R.MAX_PLAYERS)
                chances = [SR.win_chance(p.pos, s, keep, 1.4, gaps) for s in range(n)]
                assert abs(sum(chances) - 1) < 0.01 and min(chances) >= 0, chances
                richer = p.pos.copy()
                richer[R.ST_WON + 0] += 10
                assert SR.win_chance(richer, 0, keep, 1.4, gaps) > chances[0]
                seen += 1
            p.step()
    assert seen >= 20


def _offers(j, games):
    """Every haggle's offer (``K_OFFER``) of games 0.. of ``j``."""
    for g in range(games):
        p = Position.begin(S, j, g)
        while not p.over():
            if int(p.pos[E.W_KIND]) == R.K_OFFER:
                yield p
            p.step()


def test_the_round_settled_in_expectation_pays_out_what_leaves_the_bars_and_a_duel_at_its_odds():
    j = job(FIELD, games=12, seed=3)
    gains, seen, pairs = np.zeros(R.MAX_PLAYERS), 0, 0
    for p in _offers(j, 12):
        pos, n = p.pos, int(p.pos[R.ST_PLAYERS])
        on_bars = sum(int(pos[R.ST_BAR_UNITS + b]) for b in range(R.MAX_BARS))
        left = SR.settle_expected(pos, gains)
        assert abs(gains[:n].sum() + left - on_bars) < 1e-9 and min(gains[:n]) >= 0
        assert not gains[n:].any()
        contest, bar = int(pos[E.W_CONTEST]), int(pos[E.W_BAR])
        if pos[E.W_OCC] == 0 and bin(contest).count("1") == 2:  # one haggle of two left: each gets its duel odds
            proposer = int(pos[E.W_PROPOSER])
            other = next(s for s in range(n) if contest >> s & 1 and s != proposer)
            mine, theirs = (R.card_value(pos[R.ST_TABLE + s]) for s in (other, proposer))
            win, tie = SR.H.throw_counts(mine, theirs)
            p_win = (win + tie) / 36 if pos[R.ST_DUEL_TIE] == 0 else win / (36 - tie)
            assert gains[other] == pytest.approx(min(p_win, 0.999) * pos[R.ST_BAR_UNITS + bar], rel=1e-3)
            pairs += 1
        keep, gaps = 8.0 / SR.money_total(pos), np.zeros(R.MAX_PLAYERS)
        chances = [SR.settled_chance(pos, s, keep, 1.4, gaps, gains)[0] for s in range(n)]
        assert abs(sum(chances) - 1) < 0.01, chances
        seen += 1
    assert seen >= 20 and pairs >= 3, (seen, pairs)


def test_a_settling_rollout_stops_at_the_last_rounds_first_haggle_and_scores_it_in_expectation():
    j = job(FIELD, games=6, seed=4)
    mpids, mparams = SR.model(*S.lineup(j))
    gaps, gains, stopped = np.zeros(R.MAX_PLAYERS), np.zeros(R.MAX_PLAYERS), 0
    for g in range(6):
        p = Position.begin(S, j, g)
        while int(p.pos[E.W_KIND]) != R.K_PLAY or int(p.pos[E.W_STEP]) != 0:
            p.step()
        stop = int(p.pos[R.ST_ROUND]) + 1
        pos, keep = p.pos.copy(), 8.0 / SR.money_total(p.pos)
        win, money = SR.rollout(pos, 0, stop, 3, keep, 1.4, gaps, gains, mpids, mparams, P.no_user_policy, NO_DICE)
        if int(pos[E.W_KIND]) == R.K_OFFER:
            assert int(pos[R.ST_ROUND]) == stop - 1
            p_win, expected = SR.settled_chance(pos, 0, keep, 1.4, gaps, gains)
            assert (win, money) == (round(E.WIN * p_win), round(expected))
            stopped += 1
        else:
            assert int(pos[R.ST_ROUND]) == stop  # no haggle this round: played to the next round as lead=2
    assert stopped >= 2


def test_a_card_scored_once_the_others_are_down_is_the_settling_rollouts_score_when_a_haggle_follows():
    """The search's shortcut for a card to play (``lead`` 3, one round): the others' cards drawn once a sample
    (:func:`.search.play_round`), then each card scored on the revealed table; where the round has a haggle,
    the same score as a rollout to it."""
    j = job(FIELD, games=8, seed=5)
    mpids, mparams = SR.model(*S.lineup(j))
    gaps, gains, hand, same, other = (
        np.zeros(R.MAX_PLAYERS),
        np.zeros(R.MAX_PLAYERS),
        np.zeros(R.HAND, np.int64),
        0,
        0,
    )
    for g in range(8):
        p = Position.begin(S, j, g)
        while not p.over():
            if int(p.pos[E.W_KIND]) == R.K_PLAY:
                seat, stop = p.actor(), int(p.pos[R.ST_ROUND]) + 1
                keep = 8.0 / SR.money_total(p.pos)
                down = p.pos.copy()
                SR.play_round(down, seat, mpids, mparams, P.no_user_policy)
                for slot in range(R.HAND):
                    if p.pos[R.ST_HAND + seat * R.HAND + slot] < 0:
                        continue
                    before = down.copy()
                    fast = SR.played_leaf(down, seat, slot, keep, 1.4, gaps, gains, hand)
                    assert np.array_equal(before, down)  # left as it was
                    rolled = p.pos.copy()
                    E.apply(rolled, slot, NO_DICE)
                    slow = SR.rollout(
                        rolled, seat, stop, 3, keep, 1.4, gaps, gains, mpids, mparams, P.no_user_policy, NO_DICE
                    )
                    if int(rolled[E.W_KIND]) == R.K_OFFER:
                        assert fast == slow, (g, seat, slot)
                        same += 1
                    else:
                        other += 1
            p.step()
    assert same >= 30 and other >= 5, (same, other)


def test_a_redeal_on_the_last_sample_is_the_determinized_position():
    """The search's samples after the first redraw on the last (:func:`.state.redeal`): the same position as
    :func:`.state.determinize` builds, the policies' scratch and a user's view (written before read) aside."""
    j = job(["search"] + FIELD[1:], games=3, seed=6)
    pids, params = S.lineup(j)
    mpids, mparams = SR.model(pids, params)
    keep = np.ones(S.POS_LEN, bool)
    keep[E.W_PSCR : E.W_CFG] = False
    checked = 0
    for _, p in search_decisions(j, 3):
        seat, ro = p.actor(), (p.pos[E.W_CFG : E.W_CFG + R.N_CFG].copy(),)
        obs = SR.seat_observation(p.pos, seat)
        fresh, again = np.zeros(S.POS_LEN, np.int64), np.zeros(S.POS_LEN, np.int64)
        S.determinize(ro, obs, seat, np.uint64(11), 0, again)
        for draw in range(1, 4):
            SR.played_by_model(again, mpids, mparams, P.no_user_policy)
            S.redeal(ro, obs, seat, np.uint64(11), draw, again)
            S.determinize(ro, obs, seat, np.uint64(11), draw, fresh)
            assert np.array_equal(fresh[keep], again[keep]), np.flatnonzero(fresh[keep] != again[keep])[:5]
            checked += 1
    assert checked >= 60
