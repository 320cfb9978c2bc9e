"""The Riffifi engine: plays whole games between policies and sums what happened.

:func:`play_game` plays one game (rules C1-G6 of ``seeds/riffifi.md``, moves in :mod:`.rules`)
from decision to decision: a game in progress is one int64 array ``pos`` (the live state of the
deal, then the ``PS_*`` fields: streams, the dealt hands, the turn's context, the game's results),
:func:`begin_game` sets it up to its first decision, and :func:`decide_and_apply` asks the seat to
move (its policy through :func:`.policies.decide`, or a user's jitted function for ids from
:data:`.policies.USER_ID`, with the view of that seat only) and plays on to the next decision.
:mod:`.state` offers these as the decision-point interface of ``core/positions.py``.
:func:`play_games` plays games ``start..stop-1`` of a run and returns integer sums; :class:`GameJob`
is what the batch runner runs. Game ``g`` deals from stream ``riffifi/deal`` game ``g`` (``g // N``
with duplicate deals) and seats player ``p`` in seat ``(p + g) mod N`` (G6).

Counts (one int64 vector, offsets from :func:`layout`): per player (the lineup's order) and per
seat ``games, score, score², win, win², chips of each colour, ticks`` (a win is 60 for a sole
winner, 60/k for k sharing); per start position (0 = the player who starts the deal) ``deals``
and the per-game sum of its chips and that sum squared; global counters ``G_*``; the card table
``[orbit 0-11][value 1-8][plays, paid, chips]`` (orbit 0 is every player's first card of a deal);
and per block (a game, or the N games of one duplicate deal) the cross sums ``Σ X_p X_q`` of
each player's score, then of each player's win, from which any group of players or difference
between two gets an interval over independent blocks.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from razzmatazz.core.bound import bind
from razzmatazz.core.counts import Blocks, Counts, offsets
from razzmatazz.core.jit import njit
from razzmatazz.core.job import GameJob as BaseJob
from razzmatazz.core.job import Lane, always, plugged, searching
from razzmatazz.core.policy import Policy, with_nrt
from razzmatazz.core.riffifi import policies
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import USER_ID, decide
from razzmatazz.core.rng import below, deal_from, game_state, mix64
from razzmatazz.core.trace import Trace

WIN = 60
"""A sole winner's win count; k players sharing a win get WIN // k each (60 divides by 1-5)."""
P_GAMES, P_SCORE, P_SCORE2, P_WIN, P_WIN2, P_CHIPS, P_TICKS = 0, 1, 2, 3, 4, 5, 10
N_PFIELDS = 11
N_POSFIELDS = 3  # deals, per-game chips, per-game chips squared
(
    G_GAMES,
    G_BLOCKS,
    G_DEALS,
    G_REDEALS,
    G_OFFICER_DEALS,
    G_OFFICER_SUM,
    G_OFFICER_SQ,
    G_UNDERCUTS,
    G_ASIDE,
    G_OFFICER_HITS,
    G_LAPSED,
    G_MIDDLE,
) = range(12)
N_GFIELDS = 12
ORBITS = 12
T_PLAYS, T_PAID, T_CHIPS = range(3)
N_TABLE = ORBITS * R.N_VALUES * 3
# per-seat results of one game (res rows)
H_SCORE, H_WIN, H_TICKS, H_CHIPS = 0, 1, 2, 3  # H_CHIPS..H_CHIPS+4
N_RES = 8

# a position: one game in progress (core/positions.py); the live state (R.VIEW_LEN) first, then
PS_DEAL_RNG = R.VIEW_LEN  # the deal stream's state (its uint64 bits)
PS_POLICY = PS_DEAL_RNG + 1  # 5: each seat's policy random state
PS_DEALT = PS_POLICY + R.MAX_PLAYERS  # 5: the hands of the last fresh deal, passed left (G1)
PS_SHOWN = PS_DEALT + R.MAX_PLAYERS  # 5: per dealt hand, its cards seen face up in the earlier deals it was played
PS_GAME = PS_SHOWN + R.MAX_PLAYERS  # the game's index in the run
PS_PHASE = PS_GAME + 1  # PH_TURN (a seat's turn), PH_END (the deal's last orbit, D9) or PH_OVER
PS_ORBIT = PS_PHASE + 1  # the orbit of the turn
PS_END_T = PS_ORBIT + 1  # PH_END: the collector's place in the last orbit
PS_BEFORE = PS_END_T + 1  # the claim being collected: chips of its colour the collector held before,
PS_VALUE = PS_BEFORE + 1  # its value
PS_CLAIM_ORBIT = PS_VALUE + 1  # and the orbit its card was played in (at most ORBITS - 1)
PS_HOLDER = PS_CLAIM_ORBIT + 1  # the seat dealt the Officer this deal (its PS_MARK card), -1 none
PS_OFFICER_SUM = PS_HOLDER + 1  # the Officer holders' points over the others' (G_OFFICER_SUM), this game
PS_POS_SUM = PS_OFFICER_SUM + 1  # 5: points per start position (0 = the start player), this game
PS_RES = PS_POS_SUM + R.MAX_PLAYERS  # 5 x N_RES: per-seat results (H_*, :func:`results`)
PS_HANDS = PS_RES + R.MAX_PLAYERS * N_RES  # 5: scratch (a new deal's hands, a deal's points)
PS_KEY = PS_HANDS + R.MAX_PLAYERS  # 5: scratch
PS_ASIDE_ORBIT = PS_KEY + R.MAX_PLAYERS  # 41: per card, the orbit in which it was last set aside (D3)
PS_GLOB = PS_ASIDE_ORBIT + R.OFFICER + 1  # N_GFIELDS: the global counters of this game (positions only;
PS_TABLE = PS_GLOB + N_GFIELDS  # N_TABLE: its card table     the kernels count into their own sums)
PS_DECK = PS_TABLE + N_TABLE  # 41: scratch of a shuffle
PS_SWAP = PS_DECK + R.OFFICER + 1  # 41: scratch of a shuffle
PS_MARK = PS_SWAP + R.OFFICER + 1  # the card PS_HOLDER holds: the Officer, or with officer_as_one its 1
POS_LEN = PS_MARK + 1
PH_TURN, PH_END, PH_OVER = range(3)
LOG_PER_DEAL = 700
"""More log rows than a deal can write: 40 turns of at most 15 rows (turn, retire, claim, two lapses, takes from
the middle, four opponents and three odd chips, play, undercut), the end orbit and the deal's two rows."""


def blocks(n_players: int) -> Blocks:
    """The count vector's blocks for ``n_players``: (name, shape), in order."""
    n = n_players
    return (
        ("player", (n, N_PFIELDS)),
        ("seat", (n, N_PFIELDS)),
        ("position", (n, N_POSFIELDS)),
        ("global", (N_GFIELDS,)),
        ("table", (ORBITS, R.N_VALUES, 3)),
        ("cross", (n, n)),
        ("cross_win", (n, n)),
    )


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    return offsets(blocks(n_players))


@njit(cache=True)
def count_offsets(n):
    """The kernels' :func:`layout` for ``n`` players: the offsets of the blocks ``seat``, ``position``,
    ``global``, ``table``, ``cross`` and the length (``player`` starts at 0, ``cross_win`` follows ``cross``;
    tested equal to :func:`layout`)."""
    o_seat = n * N_PFIELDS
    o_pos = o_seat + n * N_PFIELDS
    o_glob = o_pos + n * N_POSFIELDS
    o_table = o_glob + N_GFIELDS
    o_cross = o_table + N_TABLE
    return o_seat, o_pos, o_glob, o_table, o_cross, o_cross + 2 * n * n


def view(counts: np.ndarray, n_players: int) -> Counts:
    """The blocks of a run's counts by name (``view(c, n)["player"][p, P_SCORE]``)."""
    return Counts(counts, blocks(n_players))


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


@njit(cache=True, inline="always")
def results(pos):
    """The per-seat results of the game (rows of ``H_*`` columns) inside the position."""
    return pos[PS_RES : PS_RES + R.MAX_PLAYERS * N_RES].reshape((R.MAX_PLAYERS, N_RES))


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


@njit(cache=True)
def seat_policies(g, n, lineup_pids, lineup_params, pids, params):
    """Fill the seats' policies for game ``g``: player p sits in seat (p + g) mod n (G6)."""
    r = g % n
    for p in range(n):
        s = (p + r) % n
        pids[s] = lineup_pids[p]
        params[s] = lineup_params[p]


@njit(cache=True, inline="always")
def _tally(out, base, res, s):
    score = res[s, H_SCORE]
    win = res[s, H_WIN]
    out[base + P_GAMES] += 1
    out[base + P_SCORE] += score
    out[base + P_SCORE2] += score * score
    out[base + P_WIN] += win
    out[base + P_WIN2] += win * win
    for c in range(R.N_COLOURS):
        out[base + P_CHIPS + c] += res[s, H_CHIPS + c]
    out[base + P_TICKS] += res[s, H_TICKS]


@njit(cache=True)
def _workspace(n, width):
    pos = np.zeros(POS_LEN, np.int64)  # the game in progress (the live state first)
    view = np.zeros(R.VIEW_LEN, np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, width), np.float64)
    return pos, view, pids, params


# Inlined: numba optimizes again the whole tree of functions a compiled function calls, so each thin level over
# the game (these loops and traces) cost a full pass over it; as in Razzia, though the gain here is small
# (scripts/compile_times.py, BENCHMARKS.md 2026-12-06 third entry).
@njit(cache=True, inline="always")
def _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """The counts of items ``start..stop-1`` played by :func:`play_game`. :func:`_play_games_by` is the same loop
    with the game-playing function an argument (the search player's); it stays a copy, since a cached kernel
    that hands :func:`play_game` on as an argument is compiled again in every process."""
    n = cfg[R.C_PLAYERS]
    o_seat, o_pos, o_glob, o_table, o_cross, size = count_offsets(n)
    out = np.zeros(size, np.int64)
    pos, view, pids, params = _workspace(n, lineup_params.shape[1])
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        for g in range(item * per_item, (item + 1) * per_item):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log, out, o_table, o_glob)
            play_game(cfg, pos, pids, params, view, log, out, o_pos, o_table, o_glob, user)
            tally_game(out, results(pos), n, g % n, o_seat, o_glob, block, block_win)
        tally_block(out, n, o_glob, o_cross, block, block_win)
    return out


@njit(cache=True, inline="always")
def _play_games_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user, play):
    """The counts of items ``start..stop-1``, each game played by ``play`` (:func:`play_game`, or the search
    player's ``search.play_game``; an argument, never a global of a cached kernel)."""
    n = cfg[R.C_PLAYERS]
    o_seat, o_pos, o_glob, o_table, o_cross, size = count_offsets(n)
    out = np.zeros(size, np.int64)
    pos, view, pids, params = _workspace(n, lineup_params.shape[1])
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        for g in range(item * per_item, (item + 1) * per_item):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log, out, o_table, o_glob)
            play(cfg, pos, pids, params, view, log, out, o_pos, o_table, o_glob, user)
            tally_game(out, results(pos), n, g % n, o_seat, o_glob, block, block_win)
        tally_block(out, n, o_glob, o_cross, block, block_win)
    return out


@njit(cache=True, inline="always")
def tally_game(out, res, n, r, o_seat, o_glob, block, block_win):
    """Add game ``g``'s per-seat results ``res`` (``r = g mod n``) to the player and seat counts and the block."""
    out[o_glob + G_GAMES] += 1
    for s in range(n):
        p = s - r if s >= r else s - r + n
        _tally(out, p * N_PFIELDS, res, s)
        _tally(out, o_seat + s * N_PFIELDS, res, s)
        block[p] += res[s, H_SCORE]
        block_win[p] += res[s, H_WIN]


@njit(cache=True, inline="always")
def tally_block(out, n, o_glob, o_cross, block, block_win):
    """Add a finished block's cross sums and clear the block."""
    out[o_glob + G_BLOCKS] += 1
    for p in range(n):
        for q in range(n):
            out[o_cross + p * n + q] += block[p] * block[q]
            out[o_cross + n * n + p * n + q] += block_win[p] * block_win[q]
    for p in range(n):
        block[p] = 0
        block_win[p] = 0


@njit(cache=True, nogil=True)
def play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop):
    """Integer sums (see the module doc) for items ``start..stop-1`` with the built-in policies.

    An item is one game, or with ``duplicate`` one deal played N times with the players rotated.
    """
    return _play_games(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, policies.no_user_policy
    )


@njit(nogil=True)
def play_games_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user)


@njit(cache=True, inline="always")
def _trace_begin(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    """Game ``g``'s workspace, dealt: (pos, view, pids, params, log, out, o_pos, o_glob)."""
    n = cfg[R.C_PLAYERS]
    pos, view, pids, params = _workspace(n, lineup_params.shape[1])
    log = np.zeros((cfg[R.C_MAX_DEALS] * LOG_PER_DEAL + 64, 5), np.int64)  # never fills: see LOG_PER_DEAL
    _, o_pos, o_glob, o_table, _, _ = count_offsets(n)
    out = np.zeros(o_table + N_TABLE, np.int64)  # a trace keeps no cross sums
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    item = g // n if duplicate else g
    begin_game(cfg, pos, g, game_state(deal_key, item), policy_keys, log, out, o_glob + N_GFIELDS, o_glob)
    return pos, view, pids, params, log, out, o_pos, o_glob


@njit(cache=True, inline="always")
def _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    pos, view, pids, params, log, out, o_pos, o_glob = _trace_begin(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g
    )
    play_game(cfg, pos, pids, params, view, log, out, o_pos, o_glob + N_GFIELDS, o_glob, user)
    return log[1 : log[0, 0] + 1].copy(), results(pos)[: cfg[R.C_PLAYERS]].copy()


@njit(cache=True, inline="always")
def _trace_by(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user, play):
    """:func:`_trace` with the game played by ``play`` (the search player's ``search.play_game``), as in
    :func:`_play_games_by`."""
    pos, view, pids, params, log, out, o_pos, o_glob = _trace_begin(
        cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g
    )
    play(cfg, pos, pids, params, view, log, out, o_pos, o_glob + N_GFIELDS, o_glob, user)
    return log[1 : log[0, 0] + 1].copy(), results(pos)[: cfg[R.C_PLAYERS]].copy()


@njit(cache=True)
def trace_game(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g):
    """Game ``g`` of a run played again with its log: (log rows, per-seat results)."""
    return _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, policies.no_user_policy)


@njit
def trace_game_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    """:func:`trace_game` with a user's policy function (see :func:`play_games_with`)."""
    return _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user)


@njit(cache=True)
def first_deal(cfg, deal_key, item):
    """The hands of the first fresh deal of game item ``item`` and the redeals it took (for tests)."""
    dealt = np.zeros(R.MAX_PLAYERS, np.int64)
    deck = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    _, redeals = deal_hands(cfg, game_state(deal_key, item), deck, swap, dealt)
    return dealt[: cfg[R.C_PLAYERS]].copy(), redeals


class Args(NamedTuple):
    """The Riffifi kernels' leading arguments (:meth:`GameJob.kernel_args`)."""

    cfg: np.ndarray
    deal_key: np.uint64
    policy_keys: np.ndarray
    lineup_pids: np.ndarray
    lineup_params: np.ndarray
    duplicate: bool


@dataclass(frozen=True, eq=False)
class GameJob(BaseJob[Args]):
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in game ``g`` (G6). ``user`` is the
    jitted function that plays policy ids from ``USER_ID`` (users' own policies). Its lanes (``LANES``, below):
    the fast lane (:mod:`.fast`, the same sums) where it supports the settings and lineup, the search
    (:mod:`.search`), users' plugins, the built-in engine (:func:`play_games`).
    """

    GAME = "riffifi"
    Args = Args
    settings: R.Settings

    def policy_row(self, policy: Policy) -> np.ndarray:
        """The row the kernels read (:func:`.policies.kernel_row`)."""
        return policies.kernel_row(policy)


def _fast_takes(job: GameJob) -> bool:
    from razzmatazz.core.riffifi import fast  # it imports this module

    return fast.supports(job.settings, job.kernel_args().lineup_pids, job.user)


def _fast_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.riffifi import fast

    return fast.play_games(*job.kernel_args(), start, stop)


def _search_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    from razzmatazz.core.riffifi import search

    user = policies.no_user_policy if job.user is None else with_nrt(job.user)
    return search.play_games(*job.kernel_args(), start, stop, user)


def _search_trace(job: GameJob, g: int) -> Trace:
    from razzmatazz.core.riffifi import search

    user = None if job.user is None else with_nrt(job.user)
    return Trace(*search.trace_game(*job.kernel_args(), g, user))


def _plugin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return bind(play_games_with, with_nrt(job.user))(*job.kernel_args(), start, stop)


def _plugin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*bind(trace_game_with, with_nrt(job.user))(*job.kernel_args(), g))


def _builtin_run(job: GameJob, start: int, stop: int) -> np.ndarray:
    return play_games(*job.kernel_args(), start, stop)


def _builtin_trace(job: GameJob, g: int) -> Trace:
    return Trace(*trace_game(*job.kernel_args(), g))


GameJob.LANES = (
    Lane("fast", _fast_takes, _fast_run),  # the same sums as the general engine, which traces its games
    Lane("search", searching, _search_run, _search_trace),
    Lane("plugin", plugged, _plugin_run, _plugin_trace),
    Lane("built-in", always, _builtin_run, _builtin_trace),
)
