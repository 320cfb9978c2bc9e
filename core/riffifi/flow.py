"""A whole Riffifi game, decision by decision: the deals, the turns, the claims and the end (rules C1-G6 of
``seeds/riffifi.md``, moves in :mod:`.rules`).

:func:`play_game` plays one game from decision to decision in the position ``pos`` (:mod:`.layout`):
:func:`begin_game` sets it up to its first decision, and :func:`decide_and_apply` asks the seat to move (its
policy through :func:`.policies.decide`, or a user's jitted function for ids from :data:`.policies.USER_ID`,
with the view of that seat only) and plays on to the next decision. :mod:`.state` offers these as the
decision-point interface of ``core/positions.py``; the kernels that play runs of games are in :mod:`.kernels`.
"""

from __future__ import annotations

import numpy as np

from razzmatazz.core.jit import njit
from razzmatazz.core.riffifi import policies
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.layout import (
    G_ASIDE,
    G_DEALS,
    G_LAPSED,
    G_MIDDLE,
    G_OFFICER_DEALS,
    G_OFFICER_HITS,
    G_OFFICER_SQ,
    G_OFFICER_SUM,
    G_REDEALS,
    G_UNDERCUTS,
    H_CHIPS,
    H_SCORE,
    H_TICKS,
    H_WIN,
    N_POSFIELDS,
    ORBITS,
    PH_END,
    PH_OVER,
    PH_TURN,
    PS_ASIDE_ORBIT,
    PS_BEFORE,
    PS_CLAIM_ORBIT,
    PS_DEAL_RNG,
    PS_DEALT,
    PS_DECK,
    PS_END_T,
    PS_GAME,
    PS_GLOB,
    PS_HANDS,
    PS_HOLDER,
    PS_KEY,
    PS_MARK,
    PS_OFFICER_SUM,
    PS_ORBIT,
    PS_PHASE,
    PS_POLICY,
    PS_POS_SUM,
    PS_SHOWN,
    PS_SWAP,
    PS_VALUE,
    T_CHIPS,
    T_PAID,
    T_PLAYS,
    WIN,
    results,
)
from razzmatazz.core.riffifi.policies import USER_ID, decide
from razzmatazz.core.rng import below, deal_from, game_state, mix64


@njit(cache=True)
def deal_hands(cfg, state, deck, swap, dealt):
    """A fresh deal (C2-C4) into ``dealt`` (a hand mask per seat); returns (stream state, redeals). With
    ``officer_as_one`` the deal is the Officer variant's (its draws and redeals); :func:`as_one` then turns the
    Officer into a 1."""
    n = cfg[R.C_PLAYERS]
    size = cfg[R.C_HAND]
    redeals = 0
    while True:
        m = 0
        keep_one = -1
        if n == 3 and not (cfg[R.C_OFFICER] or cfg[R.C_OFFICER_AS_ONE]):
            state, keep_one = below(state, R.N_COLOURS)
        drop_one = -1
        if n > 3 and (cfg[R.C_OFFICER] or cfg[R.C_OFFICER_AS_ONE]):
            state, drop_one = below(state, R.N_COLOURS)
        for card in range(R.OFFICER):
            if card % R.N_VALUES == 0:
                colour = card // R.N_VALUES
                if n == 3 and colour != keep_one:
                    continue
                if colour == drop_one:
                    continue
            deck[m] = card
            m += 1
        if cfg[R.C_OFFICER] or cfg[R.C_OFFICER_AS_ONE]:
            deck[m] = R.OFFICER
            m += 1
        state = deal_from(state, deck[:m], m, swap)
        ok = True
        for s in range(n):
            h = np.int64(0)
            for j in range(s * size, (s + 1) * size):
                h |= R.bit(deck[j])
            dealt[s] = h
            ok = ok and R.colour_counts_ok(h)
        if ok or not cfg[R.C_REDEAL]:
            return state, redeals
        redeals += 1


@njit(cache=True)
def as_one(cfg, state, dealt):
    """``officer_as_one``: the Officer of the fresh deal ``dealt`` (dealt from stream state ``state``) turned into
    the 1 it replaced, the 1 of the colour the deal left out (4-5 players: every card is dealt, so it is the 1 no
    hand holds; 3 players, where all five leave, a colour drawn from a hash of ``state``, which leaves the
    stream as it is); returns that card."""
    n = cfg[R.C_PLAYERS]
    held = np.int64(0)
    for s in range(n):
        held |= dealt[s]
    colour = np.int64(mix64(state) % np.uint64(R.N_COLOURS))
    if n > 3:
        for c in range(R.N_COLOURS):
            if not (held >> np.int64(c * R.N_VALUES)) & 1:
                colour = np.int64(c)
    one = colour * R.N_VALUES
    for s in range(n):
        if (dealt[s] >> np.int64(R.OFFICER)) & 1:
            dealt[s] = (dealt[s] & ~R.bit(R.OFFICER)) | R.bit(one)
    return one


@njit(cache=True, inline="always")
def _legal_card(answer, hand):
    if 0 <= answer <= R.OFFICER and (hand >> np.int64(answer)) & 1:
        return answer
    return R.lowest_card(hand)


@njit(cache=True, inline="always")
def _answer(pid, row, pos, s, kind, view, state, user):
    """Seat ``s``'s policy answers the pending decision: built-in policies read the live state, users' a view."""
    if pid >= USER_ID:
        R.fill_view(pos, s, kind, view)
        view[R.V_COLOUR] = pos[R.V_COLOUR]
        view[R.V_ODD] = pos[R.V_ODD]
        view[R.V_TIED] = pos[R.V_TIED]
        return user(pid, row, view, state)
    if kind == R.K_PLAY:  # the hot decision, inlined
        return policies.play(pid, row, pos, state)
    return decide(pid, row, pos, state)


@njit(cache=True, inline="always")
def repair(cfg, pos, kind, s, answer):
    """The move an answer to seat ``s``'s pending decision of ``kind`` plays: itself if legal, else the first
    legal one (the lowest card in hand, no target, the first tied seat clockwise)."""
    if kind == R.K_PLAY:
        return _legal_card(answer, pos[R.ST_HAND + s])
    if kind == R.K_TARGET:
        return answer if 0 <= answer < R.N_COLOURS and pos[R.ST_UP_OWNER + answer] >= 0 else R.NO_TARGET
    tied = pos[R.V_TIED]
    n = cfg[R.C_PLAYERS]
    return answer if 0 <= answer < n and (tied >> answer) & 1 else R.clockwise_from(s, n, tied)


@njit(cache=True, inline="always")
def _count_claim(pos, s, c, out, o_table, o_glob):
    """A paid claim in the card table: chips gained and lapsed (the claim's value, orbit and chips before)."""
    value = pos[PS_VALUE]
    gained = R.chips(pos, s, c) - pos[PS_BEFORE]
    base = o_table + (pos[PS_CLAIM_ORBIT] * R.N_VALUES + value - 1) * 3
    out[base + T_PAID] += 1
    out[base + T_CHIPS] += gained
    out[o_glob + G_LAPSED] += value - gained


@njit(cache=True, inline="always")
def _split(cfg, pos, s, c, odd, tied, log, out, o_table, o_glob):
    """``odd`` chips still owed by the seats of ``tied`` (D6): True if the collector is asked who gives the next
    (``tie chooser``); else they come clockwise and the claim is counted."""
    if odd > 0 and cfg[R.C_TIE] == R.TIE_CHOOSER:
        R.ask_fields(pos, s, R.K_SPLIT, c, odd, tied)
        return True
    n = cfg[R.C_PLAYERS]
    while odd > 0:
        giver = R.clockwise_from(s, n, tied)
        R.move_chips(pos, giver, s, c, 1, log)
        tied &= ~(1 << giver)
        odd -= 1
    _count_claim(pos, s, c, out, o_table, o_glob)
    return False


@njit(cache=True, inline="always")
def _collect(cfg, pos, s, c, log, out, o_table, o_glob):
    """Seat ``s`` collects its claim in colour ``c`` (D4-D7); True if a K_SPLIT decision is pending."""
    pos[PS_BEFORE] = R.chips(pos, s, c)
    pos[PS_VALUE] = pos[R.ST_UP_VALUE + c]
    pos[PS_CLAIM_ORBIT] = min(pos[R.ST_UP_ORBIT + c], ORBITS - 1)
    odd, tied = R.claim(cfg, pos, s, c, log)
    return _split(cfg, pos, s, c, odd, tied, log, out, o_table, o_glob)


@njit(cache=True, inline="always")
def _open_turn(cfg, pos, s, orbit, log, out, o_table, o_glob):
    """Seat ``s``'s turn up to its first decision: paid cards leave (D8), its claim pays (D4), then its card."""
    pos[PS_PHASE] = PH_TURN
    pos[PS_ORBIT] = orbit
    R.log_row(log, R.L_TURN, s, orbit, 0, 0)
    if cfg[R.C_AFTER] == 1:
        R.retire_paid(pos, s, log)
    c = R.claim_colour(pos, s)
    if c >= 0 and _collect(cfg, pos, s, c, log, out, o_table, o_glob):
        return
    R.ask_fields(pos, s, R.K_PLAY, -1, 0, 0)


@njit(cache=True, inline="always")
def _close_turn(cfg, pos, s, log, out, o_table, o_glob):
    """Seat ``s`` has played: the next seat's turn, or the end of the deal."""
    n = cfg[R.C_PLAYERS]
    pos[R.ST_TURN] += 1
    if pos[R.ST_TURN] < cfg[R.C_HAND] * n:
        nxt = s + 1 if s + 1 < n else 0
        _open_turn(cfg, pos, nxt, pos[PS_ORBIT] + (nxt == pos[R.ST_START]), log, out, o_table, o_glob)
    else:
        _end_orbit(cfg, pos, 0, log, out, o_table, o_glob)


@njit(cache=True, _nrt=False)
def _end_orbit(cfg, pos, t0, log, out, o_table, o_glob):
    """From the ``t0``-th seat of the deal's last orbit (D9): open claims pay in turn order, then the deal ends."""
    n = cfg[R.C_PLAYERS]
    if cfg[R.C_END] == 0:
        pos[PS_PHASE] = PH_END
        for t in range(t0, n):
            s = (pos[R.ST_START] + t) % n
            c = R.claim_colour(pos, s)
            if c >= 0:
                pos[PS_END_T] = t
                if _collect(cfg, pos, s, c, log, out, o_table, o_glob):
                    return
    _close_deal(cfg, pos, log, out, o_table, o_glob)


@njit(cache=True, _nrt=False)
def _open_deal(cfg, pos, deal, log, out, o_table, o_glob):
    """Deal ``deal``: hands passed left or dealt afresh (G1), the start player (G2), up to the first decision."""
    n = cfg[R.C_PLAYERS]
    k = deal % n
    dealt = pos[PS_DEALT : PS_DEALT + R.MAX_PLAYERS]
    shown = pos[PS_SHOWN : PS_SHOWN + R.MAX_PLAYERS]
    if k > 0 and cfg[R.C_PASSING] == 0:  # what the last deal showed of each hand
        for s in range(n):
            shown[(s - k + 1) % n] |= pos[R.ST_PLAYED + s] & pos[R.ST_PUBLIC]
    else:
        shown[:] = 0
        before = np.uint64(pos[PS_DEAL_RNG])
        state, redeals = deal_hands(
            cfg,
            before,
            pos[PS_DECK : PS_DECK + R.OFFICER + 1],
            pos[PS_SWAP : PS_SWAP + R.OFFICER + 1],
            dealt,
        )
        pos[PS_DEAL_RNG] = np.int64(state)
        out[o_glob + G_REDEALS] += redeals
        pos[PS_MARK] = as_one(cfg, before, dealt) if cfg[R.C_OFFICER_AS_ONE] else R.OFFICER
    hands = pos[PS_HANDS : PS_HANDS + R.MAX_PLAYERS]
    for s in range(n):
        hands[s] = dealt[(s - k) % n] if cfg[R.C_PASSING] == 0 else dealt[s]
    start = deal % n if cfg[R.C_START] == 0 else 0
    pos[PS_HOLDER] = -1
    for s in range(n):
        if (hands[s] >> pos[PS_MARK]) & 1:
            pos[PS_HOLDER] = s
    R.new_deal(cfg, pos, hands, deal, start, cfg[R.C_CHIPS])
    passed = cfg[R.C_PASSING] == 0
    pos[R.V_ROUND] = k if passed else 0
    for s in range(R.MAX_PLAYERS):
        pos[R.V_HAND_N + s] = R.popcount(hands[s]) if s < n else 0
        pos[R.V_KNOWN + s] = shown[(s - k) % n] if passed and s < n else 0
    R.log_row(log, R.L_DEAL, -1, deal, (start - 1) % n, start)
    _open_turn(cfg, pos, start, 0, log, out, o_table, o_glob)


@njit(cache=True, _nrt=False)
def _close_deal(cfg, pos, log, out, o_table, o_glob):
    """The deal's points and ticks (D10, G4); the game ends (G3, G4) or the next deal begins."""
    n = cfg[R.C_PLAYERS]
    deal = pos[R.ST_DEAL]
    start = pos[R.ST_START]
    R.log_row(log, R.L_DEAL_END, -1, deal, 0, 0)
    res = results(pos)
    points = pos[PS_HANDS : PS_HANDS + R.MAX_PLAYERS]
    total = 0
    for s in range(n):
        points[s] = R.deal_points(pos, s)
        total += points[s]
        pos[R.ST_SCORE + s] += points[s]
        pos[PS_POS_SUM + (s - start) % n] += points[s]
        tick_deal(cfg, pos, res, s)
    holder = pos[PS_HOLDER]
    if holder >= 0:
        out[o_glob + G_OFFICER_DEALS] += 1
        pos[PS_OFFICER_SUM] += (n - 1) * points[holder] - (total - points[holder])
    out[o_glob + G_DEALS] += 1
    for c in range(R.N_COLOURS):
        out[o_glob + G_MIDDLE] += R.chips(pos, R.MIDDLE, c)
    deal += 1
    done = False
    if cfg[R.C_SCORING] == 1:
        best = -1
        for s in range(n):
            if pos[R.ST_TICKS + s] == (1 << R.N_COLOURS) - 1:
                best = max(best, points[s])
        if best >= 0:
            _share_win(res, n, points, best, pos, True)
            done = True
        elif deal == cfg[R.C_MAX_DEALS]:
            _ticks_cap_win(res, n, pos, pos[PS_KEY : PS_KEY + R.MAX_PLAYERS])
            done = True
    elif deal == n:
        best = 0
        for s in range(n):
            best = max(best, pos[R.ST_SCORE + s])
        _share_win(res, n, pos[R.ST_SCORE : R.ST_SCORE + R.MAX_PLAYERS], best, pos, False)
        done = True
    if not done:
        _open_deal(cfg, pos, deal, log, out, o_table, o_glob)
        return
    for s in range(n):
        res[s, H_SCORE] = pos[R.ST_SCORE + s]
        res[s, H_TICKS] = _popcount(pos[R.ST_TICKS + s])
    pos[PS_PHASE] = PH_OVER
    pos[R.V_KIND] = -1
    pos[R.V_SEAT] = -1


@njit(cache=True, _nrt=False)
def apply_move(cfg, pos, kind, s, move, log, out, o_table, o_glob):
    """Seat ``s`` (the actor) makes its pending decision of ``kind`` with ``move`` (repaired by :func:`repair`),
    then the game goes on to its next decision. Not inlined (compiled once, called by :func:`take_turn`): numba's
    inlining grows superlinearly with the body, and the search kernel compiled in 138 s with this inlined into
    the turn against 85 s apart, for about 13 % of the general engine's speed (BENCHMARKS.md)."""
    if kind == R.K_PLAY:
        pos[R.V_HAND_N + s] -= 1
        if move == R.OFFICER:
            R.ask_fields(pos, s, R.K_TARGET, -1, 0, 0)
            return
        orbit = pos[PS_ORBIT]
        placed = R.play_card(cfg, pos, s, move, orbit, log)
        out[o_table + (min(orbit, ORBITS - 1) * R.N_VALUES + move % R.N_VALUES) * 3 + T_PLAYS] += 1
        out[o_glob + G_UNDERCUTS] += placed == R.UNDERCUT
        if placed == R.ASIDE:
            out[o_glob + G_ASIDE] += 1
            pos[PS_ASIDE_ORBIT + move] = orbit
        _close_turn(cfg, pos, s, log, out, o_table, o_glob)
    elif kind == R.K_TARGET:
        out[o_glob + G_OFFICER_HITS] += R.play_officer(pos, s, move, log) >= 0
        _close_turn(cfg, pos, s, log, out, o_table, o_glob)
    else:
        c = pos[R.V_COLOUR]
        R.move_chips(pos, move, s, c, 1, log)
        if _split(cfg, pos, s, c, pos[R.V_ODD] - 1, pos[R.V_TIED] & ~(1 << move), log, out, o_table, o_glob):
            return
        if pos[PS_PHASE] == PH_TURN:
            R.ask_fields(pos, s, R.K_PLAY, -1, 0, 0)
        else:
            _end_orbit(cfg, pos, pos[PS_END_T] + 1, log, out, o_table, o_glob)


@njit(cache=True, _nrt=False)
def take_turn(cfg, pos, ask, given, pid, row, view, log, out, o_table, o_glob, user):
    """The actor's turn: with ``ask`` its policy (id ``pid``, parameters ``row``) answers with its own random
    state, else it plays ``given``; the move, repaired, is applied and returned. Every kernel calls this one
    function (compiled once per users' function): inlined into each kernel, the turn cost minutes of compilation
    per kernel."""
    s = pos[R.V_SEAT]
    kind = pos[R.V_KIND]
    answer = given
    if ask:
        answer, state = _answer(pid, row, pos, s, kind, view, np.uint64(pos[PS_POLICY + s]), user)
        pos[PS_POLICY + s] = np.int64(state)
    move = repair(cfg, pos, kind, s, answer)
    apply_move(cfg, pos, kind, s, move, log, out, o_table, o_glob)
    return move


@njit(cache=True, inline="always")
def decide_and_apply(cfg, pos, pid, row, view, log, out, o_table, o_glob, user):
    """The actor's policy (id ``pid``, parameters ``row``) answers with its own random state; the repaired
    answer is applied and returned (:func:`take_turn`)."""
    return take_turn(cfg, pos, True, np.int64(0), pid, row, view, log, out, o_table, o_glob, user)


@njit(cache=True, inline="always")
def play_move(cfg, pos, move, row, view, log, out, o_table, o_glob, user):
    """The actor plays ``move``, repaired (:func:`repair`), applied and returned (:func:`take_turn`; ``row``,
    ``view`` and ``user`` are any of the types :func:`decide_and_apply` takes, unread)."""
    return take_turn(cfg, pos, False, np.int64(move), np.int64(0), row, view, log, out, o_table, o_glob, user)


@njit(cache=True, _nrt=False)
def begin_game(cfg, pos, g, deal_state, policy_keys, log, out, o_table, o_glob):
    """Game ``g`` in ``pos`` (its game fields cleared): streams set, the first deal dealt, up to its first
    decision. Seat s's policy draws from game ``g`` of ``policy_keys[s]``, the deals from ``deal_state``."""
    for i in range(PS_GLOB):
        pos[i] = 0
    pos[PS_GAME] = g
    pos[PS_DEAL_RNG] = np.int64(deal_state)
    for s in range(cfg[R.C_PLAYERS]):
        pos[PS_POLICY + s] = np.int64(game_state(policy_keys[s], g))
    _open_deal(cfg, pos, 0, log, out, o_table, o_glob)


@njit(cache=True, _nrt=False)
def play_game(cfg, pos, pids, params, view, log, out, o_pos, o_table, o_glob, user):
    """Play the game begun in ``pos`` to its end, seat s asking policy ``pids[s]``; the start positions' and
    the Officer's counts added to ``out``. Compiled without NRT, like everything it calls: reference counting
    of the arrays passed between the inlined rule functions cost more than the game itself."""
    while pos[R.V_KIND] >= 0:
        s = pos[R.V_SEAT]
        decide_and_apply(cfg, pos, pids[s], params[s], view, log, out, o_table, o_glob, user)
    count_game(cfg, pos, out, o_pos, o_glob)


@njit(cache=True, inline="always")
def count_game(cfg, pos, out, o_pos, o_glob):
    """A finished game's counts per start position and of the Officer's holders."""
    deals = pos[R.ST_DEAL] + 1
    for r in range(cfg[R.C_PLAYERS]):
        x = pos[PS_POS_SUM + r]
        out[o_pos + r * N_POSFIELDS] += deals
        out[o_pos + r * N_POSFIELDS + 1] += x
        out[o_pos + r * N_POSFIELDS + 2] += x * x
    out[o_glob + G_OFFICER_SUM] += pos[PS_OFFICER_SUM]
    out[o_glob + G_OFFICER_SQ] += pos[PS_OFFICER_SUM] * pos[PS_OFFICER_SUM]


_popcount = R.popcount


@njit(cache=True, inline="always")
def tick_deal(cfg, st, res, s):
    """At the end of a deal: seat ``s``'s chips of each colour added to its game's (``res``), and every colour
    ticked (G4) of which it has collected ``tick_at`` in the game's deals so far (``tally running``) or holds
    that many now (``tally deal``)."""
    for c in range(R.N_COLOURS):
        x = R.chips(st, s, c)
        res[s, H_CHIPS + c] += x
        counted = x if cfg[R.C_TALLY] == R.TALLY_DEAL else res[s, H_CHIPS + c]
        if counted >= cfg[R.C_TICK_AT]:
            st[R.ST_TICKS + s] |= 1 << c


@njit(cache=True)
def _share_win(res, n, points, best, st, need_all_ticks):
    """Every seat with ``points == best`` (and all five ticks if asked) shares the win."""
    k = 0
    for s in range(n):
        if points[s] == best and (not need_all_ticks or st[R.ST_TICKS + s] == (1 << R.N_COLOURS) - 1):
            k += 1
    for s in range(n):
        if points[s] == best and (not need_all_ticks or st[R.ST_TICKS + s] == (1 << R.N_COLOURS) - 1):
            res[s, H_WIN] = WIN // k


@njit(cache=True)
def _ticks_cap_win(res, n, st, key):
    """No one ticked all colours by ``max_deals``: the most ticks, then the most chips, win (G4)."""
    best = -1
    for s in range(n):
        key[s] = _popcount(st[R.ST_TICKS + s]) * 100000 + st[R.ST_SCORE + s]
        best = max(best, key[s])
    _share_win(res, n, key, best, st, False)
