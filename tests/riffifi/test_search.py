"""Riffifi's search player (``core/riffifi/search.py``): it decides from its seat's observation only, plays
legal moves (the Officer on each target among its candidates), is reproducible from the seed whatever the
chunks, is refused by the fast lane, beats expect on duplicate deals and runs from the CLI."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import lineup
from razzmatazz.core.positions import Position
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import fast
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import search as SR
from razzmatazz.core.riffifi import state as S

FIELD = ["expect", "undercut", "lowest", "thief"]


def job(texts, players=4, seed=7, games=40, duplicate=False, **switches):
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(lineup(list(texts), players)), seed, games, duplicate)


def player_of(pos, s):
    return (s - int(pos[E.PS_GAME])) % int(pos[R.ST_PLAYERS])


def search_decisions(j, games):
    """Every position of games 0.. of ``j`` where player 0 (the search player) is to move."""
    for g in range(games):
        p = Position.begin(S, j, g)
        while not p.over():
            if player_of(p.pos, p.actor()) == 0:
                yield g, p
            p.step()


def choose(p, pos=None):
    """The search player's move at ``p`` (on a copy: ``p`` is left as it is) and its stream's new state."""
    w = (p.pos if pos is None else pos).copy()
    cfg = p.ro[0]
    return int(SR.choose(cfg, w, p.pids, p.params)), int(w[E.PS_POLICY + p.actor()])


def bits(m):
    return [c for c in range(R.OFFICER + 1) if (int(m) >> c) & 1]


def hidden_twin(p, rng):
    """``p`` with a card of one opponent's hand swapped for a card of another's (the dealt hands kept in step),
    if the actor's observation cannot tell them apart; else None."""
    me, n = p.actor(), int(p.pos[R.ST_PLAYERS])
    others = [o for o in range(n) if o != me and p.pos[R.ST_HAND + o]]
    want = p.observation(me)
    for _ in range(30):
        if len(others) < 2:
            return None
        o1, o2 = (int(x) for x in rng.choice(others, 2, replace=False))
        a, b = int(rng.choice(bits(p.pos[R.ST_HAND + o1]))), int(rng.choice(bits(p.pos[R.ST_HAND + o2])))
        pos = p.pos.copy()
        for i in [R.ST_HAND + o1, R.ST_HAND + o2] + list(range(E.PS_DEALT, E.PS_DEALT + n)):
            x = int(pos[i])
            if ((x >> a) & 1) != ((x >> b) & 1):
                pos[i] = x ^ (1 << a) ^ (1 << b)
        if R.OFFICER in (a, b):
            pos[E.PS_HOLDER] = o2 if a == R.OFFICER else o1
        obs = np.zeros(S.OBS_LEN, np.int64)
        S.observation(p.ro, pos, me, obs)
        if np.array_equal(obs, want):
            return pos
    return None


@pytest.mark.parametrize(
    ("player", "switches"),
    [("search:samples=2", {}), ("search:samples=2", {"officer": True, "passing": "reshuffle"}), ("planner", {})],
)
def test_the_decision_depends_only_on_what_the_seat_has_seen(player, switches):
    """Two true positions with the same observation for the search seat (unseen cards swapped between two
    opponents' hands) give the same move and stream state; a change of the seat's own stream, the randomness
    its samples are drawn from, does change some decisions (so the samples matter). The default mix's
    ``planner`` (one sample, rollouts to its next card) too."""
    j = job([player] + FIELD[:3], **switches)
    rng = np.random.default_rng(1)
    same = moved = 0
    for _, p in search_decisions(j, 4):
        twin = hidden_twin(p, rng)
        if twin is None:
            continue
        assert not np.array_equal(twin, p.pos)
        assert choose(p) == choose(p, twin)
        same += 1
        other = p.pos.copy()
        other[E.PS_POLICY + p.actor()] ^= 0x5DEECE66D
        moved += choose(p)[0] != choose(p, other)[0]
    assert same > 50 and moved > 0


def test_a_passed_hand_the_seat_held_is_known_to_it():
    """With hands passed left, the hand the seat held in the last deal is in its left neighbour's hands in
    every sample: the search player's samples keep it, so its decision may depend on it."""
    j = job(["search:samples=2"] + FIELD[:3])
    for _, p in search_decisions(j, 3):
        deal = int(p.pos[R.ST_DEAL])
        if deal == 0:
            continue
        me, n = p.actor(), int(p.pos[R.ST_PLAYERS])
        left = (me + 1) % n
        held = int(p.pos[R.ST_HAND + left] | p.pos[R.ST_PLAYED + left])
        for draw in range(3):
            q = p.determinize(me, 99, draw)
            assert int(q.pos[R.ST_HAND + left] | q.pos[R.ST_PLAYED + left]) == held
            assert S.check(q.ro, q.pos) == 0
        return
    raise AssertionError("no decision after the first deal")


@pytest.mark.parametrize(
    "switches", [{"officer": True}, {"officer": True, "scoring": "ticks", "max_deals": 8, "players": 3}]
)
def test_the_search_players_moves_are_legal(switches):
    texts = ["search:samples=2"] + ["expect", "undercut", "random"][: switches.get("players", 4) - 1]
    j = job(texts, **switches)
    kinds = set()
    for _, p in search_decisions(j, 6):
        legal = p.legal()
        move = p.copy().step()
        assert move in legal, (int(p.pos[R.V_KIND]), move, legal)
        kinds.add(int(p.pos[R.V_KIND]))
    assert {R.K_PLAY, R.K_TARGET} <= kinds


def test_the_officer_is_a_candidate_once_per_target():
    j = job(["search:samples=1"] + FIELD[:3], officer=True)
    for _, p in search_decisions(j, 10):
        hand = int(p.pos[R.ST_HAND + p.actor()])
        if int(p.pos[R.V_KIND]) != R.K_PLAY or not (hand >> R.OFFICER) & 1:
            continue
        out = np.zeros(SR.MAX_CANDIDATES, np.int64)
        got = sorted(out[: SR.candidates(p.ro, p.pos, out)].tolist())
        up = [c for c in range(R.N_COLOURS) if p.pos[R.ST_UP_OWNER + c] >= 0]
        want = [c for c in bits(hand) if c != R.OFFICER] + [SR.OFFICER_CODE + 1 + t for t in [-1] + up]
        assert got == sorted(want)
        if up:
            return
    raise AssertionError("no Officer decision with a face-up card")


def test_a_game_with_a_search_seat_is_reproducible_from_its_seed_whatever_the_chunks():
    j = job(["search:samples=2"] + FIELD[:3], games=10)
    whole = j.run_chunk(0, 10)
    assert np.array_equal(whole, j.run_chunk(0, 10))
    assert np.array_equal(whole, j.run_chunk(0, 4) + j.run_chunk(4, 10))
    other = job(["search:samples=2"] + FIELD[:3], games=10, seed=8)
    assert not np.array_equal(whole, other.run_chunk(0, 10))


def test_the_trace_of_a_search_seat_plays_the_game_the_run_plays():
    """Game g's trace gives every player the points of ``run_chunk(g, g + 1)`` (player p sits in seat
    (p + g) mod N), and at least one of the games' logs differs from the lineup that plays the search seat's
    rollout policy in its place (so the trace searches, and does not play the model)."""
    j = job(["search:samples=2"] + FIELD[:3], games=4)
    model = job(["expect"] + FIELD[:3], games=4)
    n, differs = 4, False
    for g in range(4):
        log, res, _ = j.trace(g)
        counts = E.view(j.run_chunk(g, g + 1), n)["player"]
        for p in range(n):
            assert res[(p + g) % n, E.H_SCORE] == counts[p, E.P_SCORE]
        differs |= not np.array_equal(log, model.trace(g).log)
    assert differs


def test_the_fast_lane_refuses_a_search_seat_and_the_kernel_is_the_interface():
    j = job(["search:samples=1"] + FIELD[:3], games=6)
    pids = j.kernel_args().lineup_pids
    assert j.searching and not fast.supports(j.settings, pids, None)
    total = None
    for g in range(6):
        total = Position.begin(S, j, g).playout().tally(total)
    assert np.array_equal(total, j.run_chunk(0, 6))
    plain = job(FIELD, games=6)
    assert not plain.searching and fast.supports(plain.settings, plain.kernel_args().lineup_pids, None)


def test_search_beats_expect_on_duplicate_deals():
    """Four players, one search seat at its default budget among expect players, every deal played four times
    with the players rotated. An all-expect table replays each deal identically in every rotation, so each
    expect player's win rate on these deals is exactly 1/4: search must beat it by 4 standard errors (the SE
    from the deals' totals, the duplicate blocks)."""
    items = 60
    baseline = job(["expect"], games=items, duplicate=True, seed=21).run_chunk(0, items)
    assert baseline[E.P_WIN] == E.WIN * items  # player 0 wins 1/4 of the 4 x items games
    counts = job(["search", "expect"], games=items, duplicate=True, seed=21).run_chunk(0, items)
    per_deal = counts[E.P_WIN] / items  # player 0 = search, summed over the deal's four games
    var = E.view(counts, 4)["cross_win"][0, 0] / items - per_deal**2  # player 0's wins per block, squared
    rate, se = per_deal / 4 / E.WIN, np.sqrt(var / items) / 4 / E.WIN
    assert rate - 0.25 > 4 * se, (rate, se)


def test_exploit_runs_over_the_riffifi_field_at_a_tiny_budget():
    from tests.cli.test_razz_cli import invoke

    result = invoke(
        [
            "exploit",
            "riffifi",
            "--field",
            "expect,undercut,lowest",
            "--players",
            "3",
            "--by",
            "search:samples=1",
            "--games",
            "6",
            "--seed",
            "3",
            "--format",
            "json",
        ]
    )
    assert result.exit_code == 0, result.stderr
    for name in ("expect", "undercut", "lowest"):
        assert name in result.stdout


def _rollout(p, orbit):
    """The search seat's first legal card at ``p`` played on by :func:`.search.rollout` with the model lineup."""
    from razzmatazz.core.riffifi import policies as P

    cfg, n, seat = p.ro[0], int(p.pos[R.ST_PLAYERS]), p.actor()
    spids, sparams = np.zeros(n, np.int64), np.zeros((n, p.params.shape[1]))
    E.seat_policies(p.pos[E.PS_GAME], n, p.pids, p.params, spids, sparams)
    mpids, mparams = SR.model(spids, sparams)
    work, view, log = p.pos.copy(), np.zeros(R.VIEW_LEN, np.int64), np.zeros((1, 5), np.int64)
    out = np.zeros(SR.MAX_CANDIDATES, np.int64)
    SR.candidates(cfg, work, out)
    SR.apply_candidate(cfg, work, out[0], mparams[0], view, log, P.no_user_policy)
    deal = int(p.pos[R.ST_DEAL])
    win, pay = SR.rollout(cfg, work, seat, deal + 1, False, orbit, mpids, mparams, view, log, P.no_user_policy)
    return work, int(win), int(pay)


def test_an_orbit_rollout_stops_at_the_seats_next_card_and_counts_the_chips_held():
    """``orbit=1`` (the default mix's ``planner``): a rollout stops when the seat is next asked for a card, its
    claim collected, and the standing counts the chips held then; ``orbit=0`` plays the deal to its end."""
    j = job(["planner", *FIELD[1:]], games=2)
    seen = 0
    for _, p in search_decisions(j, 1):
        if p.pos[R.V_KIND] != R.K_PLAY or p.pos[R.ST_TURN] >= 4 * 9:
            continue
        seat, turn, n = p.actor(), int(p.pos[R.ST_TURN]), 4
        work, win, pay = _rollout(p, True)
        assert (work[R.V_SEAT], work[R.V_KIND], work[R.ST_TURN]) == (seat, R.K_PLAY, turn + n)
        held = [int(work[R.ST_SCORE + s]) + R.deal_points(work, s) for s in range(n)]
        assert (win, pay) == (0, (n - 1) * held[seat] - (sum(held) - held[seat]))
        deal_end, _, _ = _rollout(p, False)
        assert deal_end[R.ST_DEAL] == p.pos[R.ST_DEAL] + 1 or deal_end[E.PS_PHASE] == E.PH_OVER
        seen += 1
    assert seen >= 20


def test_the_planner_is_the_default_mixs_remembering_seat():
    """The default mix holds a seat that plans with the memory of the passed hands (issue 37 item 4)."""
    from razzmatazz.analysis.riffifi.game import DEFAULT_MIX

    planner = lineup(["planner"], 4)[0]
    assert "planner" in DEFAULT_MIX[:3] and planner.spec.name == "search"
    assert planner.row[SR.P.SEARCH_ORBIT] == 1 and planner.row[0] == 1
