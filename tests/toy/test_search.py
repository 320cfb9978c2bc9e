"""The toy game's search player (``core/toy/search.py``): it decides from its seat's observation only, plays the
same games through the kernels, the decision-point interface, ``toy play`` and the Python API, whatever the
chunks, and beats random and stand on duplicate deals."""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.analysis.toy.game import lineup, play
from razzmatazz.core.positions import Position
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy import search as SR
from razzmatazz.core.toy import state as S


def job(texts, players=3, seed=7, games=40, duplicate=False, **switches):
    settings = R.Settings(players=players, **switches)
    return E.GameJob(settings, tuple(lineup(list(texts), players)), seed, games, duplicate)


def search_decisions(j, games):
    """Every position of games 0.. of ``j`` where player 0 (the search player) is to move."""
    n = j.settings.players
    for g in range(games):
        p = Position.begin(S, j, g)
        while not p.over():
            if (p.actor() - g) % n == 0:
                yield p
            p.step()


def choose(p, pos=None):
    """The search player's move at ``p`` (on a copy: ``p`` is left as it is) and its stream's new state."""
    w = (p.pos if pos is None else pos).copy()
    return int(SR.choose(p.ro[0], w, p.pids, p.params)), int(w[E.PS_POLICY + p.actor()])


def hidden_twin(p, rng):
    """``p`` with the deck's next card swapped for the card another seat holds and the rest of the deck shuffled
    (cards the actor has not seen), if its observation cannot tell them apart and the next card changed; else
    None."""
    me, n = p.actor(), int(p.ro[0][R.C_PLAYERS])
    o = int(rng.choice([s for s in range(n) if s != me]))
    pos = p.pos.copy()
    nxt, end = E.PS_DECK + pos[E.PS_NEXT], E.PS_DECK + pos[E.PS_SIZE]
    pos[[E.PS_CARD + o, nxt]] = pos[[nxt, E.PS_CARD + o]]
    if pos[E.PS_DREW + o] != R.DRAW:
        pos[E.PS_FIRST + o] = pos[E.PS_CARD + o]  # the card it holds is its first card
    pos[nxt + 1 : end] = rng.permutation(pos[nxt + 1 : end])
    obs = np.zeros(S.OBS_LEN, np.int64)
    S.observation(p.ro, pos, me, obs)
    if pos[nxt] == p.pos[nxt] or not np.array_equal(obs, p.observation(me)):
        return None
    assert S.check(p.ro, pos) == 0
    return pos


@pytest.mark.parametrize("switches", [{}, {"players": 5, "copies": 1, "discards": "down"}])
def test_the_decision_depends_only_on_what_the_seat_has_seen(switches):
    """Two true positions with the same observation for the search seat (the deck's next card swapped for a card
    of another seat, the rest of the deck shuffled) give the same move and stream state, though a seat that
    read the next card would draw in one and stand in the other now and then; a change of the seat's own stream,
    the randomness its samples are drawn from, does change some decisions (so the samples matter)."""
    players = switches.get("players", 3)
    j = job(["search:samples=8", "odds", "redraw", "random", "stand"][:players], games=80, **switches)
    rng = np.random.default_rng(1)
    same = peeked = moved = 0
    for p in search_decisions(j, 80):
        twin = hidden_twin(p, rng)
        if twin is None:
            continue
        assert choose(p) == choose(p, twin)
        same += 1
        own, nxt = p.pos[E.PS_CARD + p.actor()], E.PS_DECK + p.pos[E.PS_NEXT]
        peeked += (p.pos[nxt] > own) != (twin[nxt] > own)  # a peek at the next card would decide differently
        other = p.pos.copy()
        other[E.PS_POLICY + p.actor()] ^= 0x5DEECE66D
        moved += choose(p)[0] != choose(p, other)[0]
    assert same > 40 and peeked > 5 and moved > 0


@pytest.mark.parametrize("other", ["random", "stand"])
def test_search_beats_random_and_stand_on_duplicate_deals(other):
    """Three players, one search seat at its default budget against two ``other`` players, every deck played
    three times with the players rotated: in a table of one policy each player wins 1/3 and takes 0 chips on
    average, so the search must be above both by more than 4 standard errors (from the deals' totals)."""
    items = 2000
    c = E.view(job(["search", other], games=items, duplicate=True, seed=21).run_chunk(0, items), 3)
    for total, square, unit, fair in ((E.P_WIN, "cross_win", 3 * E.WIN, 1 / 3), (E.P_PAYOFF, "cross", 3, 0.0)):
        per_deal = c["player"][0, total] / items  # player 0 = search, summed over the deal's three games
        se = np.sqrt((c[square][0, 0] / items - per_deal**2) / items) / unit
        assert per_deal / unit - fair > 4 * se, (other, total, per_deal / unit, se)


def test_a_game_with_a_search_seat_is_reproducible_and_traced_as_run():
    """The counts do not depend on the chunks but on the seed; game g's trace gives every player the chips of
    ``run_chunk(g, g + 1)``, and some trace differs from the lineup that plays odds, the rollout policy, in the
    search seat's place (so the trace searches)."""
    j = job(["search:samples=4", "redraw", "random"], games=12)
    whole = j.run_chunk(0, 12)
    assert j.lane().name == "search" and np.array_equal(whole, j.run_chunk(0, 5) + j.run_chunk(5, 12))
    assert not np.array_equal(whole, job(["search:samples=4", "redraw", "random"], games=12, seed=8).run_chunk(0, 12))
    model, differs = job(["odds", "redraw", "random"], games=12), False
    for g in range(12):
        log, res, _ = j.trace(g)
        counts = E.view(j.run_chunk(g, g + 1), 3)["player"]
        assert [res[(p + g) % 3, E.H_PAYOFF] for p in range(3)] == counts[:, E.P_PAYOFF].tolist()
        differs |= not np.array_equal(log, model.trace(g).log)
    assert differs


def test_depth_changes_nothing_in_a_game_of_one_round():
    texts = ["search:samples=4,depth={}", "odds", "stand"]
    runs = [job([texts[0].format(d), *texts[1:]], games=30).run_chunk(0, 30) for d in (0, 1)]
    assert np.array_equal(*runs)


def test_the_search_plays_from_the_python_api_and_the_command_line():
    from tests.cli.test_razz_cli import invoke

    r = play(R.Settings(players=3), lineup(["search-strong", "stand"], 3), 300, 1)
    assert r.policies.policy.tolist()[0] == "search-strong" and r.games == 300
    out = invoke(["toy", "play", "--policy", "search:samples=2,rollout=0", "--policy", "odds", "--games", "30"])
    assert out.exit_code == 0 and "search:samples=2,rollout=0" in out.stdout, out.stderr
    listed = invoke(["toy", "policies"])
    assert listed.exit_code == 0 and "search" in listed.stdout and "search-strong" in listed.stdout
