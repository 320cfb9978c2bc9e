"""The Riffifi engine: plays whole games between policies and sums what happened.

:func:`play_game` plays one game (rules C1-G6 of ``seeds/riffifi.md``, moves in :mod:`.rules`),
asking each seat's policy through :func:`.policies.decide` (or a user's jitted function for ids
from :data:`.policies.USER_ID`) with the view of that seat only. :func:`play_games` plays games
``start..stop-1`` of a run and returns integer sums; :class:`GameJob` is what the batch runner
runs. Game ``g`` deals from stream ``riffifi/deal`` game ``g`` (``g // N`` with duplicate deals)
and seats player ``p`` in seat ``(p + g) mod N`` (G6).

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

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from razzmatazz.core import streams
from razzmatazz.core.policy import Policy, with_nrt
from razzmatazz.core.riffifi import policies
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi.policies import USER_ID, decide
from razzmatazz.core.rng import deal_from, game_state, lemire32, next_u64

WIN = 60
"""A sole winner's win count; k players sharing a win get WIN // k each (60 divides by 1-5)."""
P_GAMES, P_SCORE, P_SCORE2, P_WIN, P_WIN2, P_CHIPS, P_TICKS = 0, 1, 2, 3, 4, 5, 10
N_PFIELDS = 11
N_POSFIELDS = 3  # deals, per-game chips, per-game chips squared
(G_GAMES, G_BLOCKS, G_DEALS, G_REDEALS, G_OFFICER_DEALS, G_OFFICER_SUM, G_OFFICER_SQ, G_UNDERCUTS, G_ASIDE,
 G_OFFICER_HITS, G_LAPSED, G_MIDDLE) = range(12)
N_GFIELDS = 12
ORBITS = 12
T_PLAYS, T_PAID, T_CHIPS = range(3)
N_TABLE = ORBITS * R.N_VALUES * 3
# per-seat results of one game (res rows)
H_SCORE, H_WIN, H_TICKS, H_CHIPS = 0, 1, 2, 3  # H_CHIPS..H_CHIPS+4
N_RES = 8
LOG_PER_DEAL = 700
"""More log rows than a deal can write: 40 turns of at most 15 rows (turn, retire, claim, two lapses, takes from
the middle, four opponents and three odd chips, play, undercut), the end orbit and the deal's two rows."""


def layout(n_players: int) -> dict[str, int]:
    """Offsets of the count blocks for ``n_players`` and the total length."""
    n = n_players
    seat = n * N_PFIELDS
    pos = seat + n * N_PFIELDS
    glob = pos + n * N_POSFIELDS
    table = glob + N_GFIELDS
    cross = table + N_TABLE
    return {"player": 0, "seat": seat, "position": pos, "global": glob, "table": table, "cross": cross,
            "size": cross + 2 * n * n}


@njit(cache=True, inline="always")
def _ask(pid, row, st, s, kind, colour, odd, tied, view, state, user):
    """Seat ``s``'s answer: built-in policies read the live state, users' policies a filtered ``view``."""
    if pid >= USER_ID:
        R.fill_view(st, s, kind, view)
        view[R.V_COLOUR] = colour
        view[R.V_ODD] = odd
        view[R.V_TIED] = tied
        return user(pid, row, view, state)
    R.ask_fields(st, s, kind, colour, odd, tied)
    return decide(pid, row, st, state)


@njit(cache=True, inline="always")
def _ask_play(pid, row, st, s, view, state, user):
    """:func:`_ask` for the card to play, with the built-in policies inlined (the hot decision)."""
    if pid >= USER_ID:
        return _ask(pid, row, st, s, R.K_PLAY, -1, 0, 0, view, state, user)
    R.ask_fields(st, s, R.K_PLAY, -1, 0, 0)
    return policies.play(pid, row, st, state)


@njit(cache=True)
def _below(state, n):
    """A uniform integer in ``[0, n)`` from the deal stream."""
    while True:
        state, x = next_u64(state)
        k = lemire32(x >> np.uint64(32), n)
        if k >= 0:
            return state, k


@njit(cache=True)
def deal_hands(cfg, state, deck, swap, dealt):
    """A fresh deal (C2-C4) into ``dealt`` (a hand mask per seat); returns (stream state, redeals)."""
    n = cfg[R.C_PLAYERS]
    size = cfg[R.C_HAND]
    redeals = 0
    while True:
        m = 0
        keep_one = -1
        if n == 3 and not cfg[R.C_OFFICER]:
            state, keep_one = _below(state, R.N_COLOURS)
        drop_one = -1
        if n > 3 and cfg[R.C_OFFICER]:
            state, drop_one = _below(state, R.N_COLOURS)
        for card in range(R.OFFICER):
            if card % R.N_VALUES == 0:
                colour = card // R.N_VALUES
                if n == 3 and colour != keep_one:
                    continue
                if colour == drop_one:
                    continue
            deck[m] = card
            m += 1
        if cfg[R.C_OFFICER]:
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


@njit(cache=True, inline="always")
def _legal_card(answer, hand):
    if 0 <= answer <= R.OFFICER and (hand >> np.int64(answer)) & 1:
        return answer
    return R.lowest_card(hand)


@njit(cache=True, inline="always")
def _collect(cfg, st, s, c, view, pids, params, pstate, log, out, o_table, o_glob, user):
    """Seat ``s`` collects its claim in colour ``c``, odd chips assigned by the tie rule (D4-D7)."""
    n = cfg[R.C_PLAYERS]
    before = R.chips(st, s, c)
    value = st[R.ST_UP_VALUE + c]
    orbit = min(st[R.ST_UP_ORBIT + c], ORBITS - 1)
    odd, tied = R.claim(cfg, st, s, c, log)
    while odd > 0:
        giver = -1
        if cfg[R.C_TIE] == R.TIE_CHOOSER:
            answer, pstate[s] = _ask(pids[s], params[s], st, s, R.K_SPLIT, c, odd, tied, view, pstate[s], user)
            if 0 <= answer < n and (tied >> answer) & 1:
                giver = answer
        if giver < 0:
            giver = R.clockwise_from(s, n, tied)
        R.move_chips(st, giver, s, c, 1, log)
        tied &= ~(1 << giver)
        odd -= 1
    gained = R.chips(st, s, c) - before
    base = o_table + (orbit * R.N_VALUES + value - 1) * 3
    out[base + T_PAID] += 1
    out[base + T_CHIPS] += gained
    out[o_glob + G_LAPSED] += value - gained


@njit(cache=True, inline="always")
def _turn(cfg, st, s, orbit, view, pids, params, pstate, log, out, o_table, o_glob, user):
    """Seat ``s``'s turn: paid cards leave (D8), its claim pays (D4), then it plays a card (D1-D3, G5)."""
    R.log_row(log, R.L_TURN, s, orbit, 0, 0)
    if cfg[R.C_AFTER] == 1:
        R.retire_paid(st, s, log)
    c = R.claim_colour(st, s)
    if c >= 0:
        _collect(cfg, st, s, c, view, pids, params, pstate, log, out, o_table, o_glob, user)
    hand = st[R.ST_HAND + s]
    answer, pstate[s] = _ask_play(pids[s], params[s], st, s, view, pstate[s], user)
    card = _legal_card(answer, hand)
    st[R.V_HAND_N + s] -= 1
    if card == R.OFFICER:
        target, pstate[s] = _ask(pids[s], params[s], st, s, R.K_TARGET, -1, 0, 0, view, pstate[s], user)
        hit = R.play_officer(st, s, target, log)
        out[o_glob + G_OFFICER_HITS] += hit >= 0
    else:
        placed = R.play_card(cfg, st, s, card, orbit, log)
        out[o_table + (min(orbit, ORBITS - 1) * R.N_VALUES + card % R.N_VALUES) * 3 + T_PLAYS] += 1
        out[o_glob + G_UNDERCUTS] += placed == R.UNDERCUT
        out[o_glob + G_ASIDE] += placed == R.ASIDE
    st[R.ST_TURN] += 1


@njit(cache=True, _nrt=False)
def play_deal(cfg, st, view, pids, params, pstate, log, out, o_table, o_glob, user):
    """Play the deal set up in ``st`` to its end (D1-D9)."""
    n = cfg[R.C_PLAYERS]
    start = st[R.ST_START]
    s = start
    for orbit in range(cfg[R.C_HAND]):
        for _ in range(n):  # seat (start + t) % n in orbit t // n, counted without divisions
            _turn(cfg, st, s, orbit, view, pids, params, pstate, log, out, o_table, o_glob, user)
            s = s + 1 if s + 1 < n else 0
    if cfg[R.C_END] == 0:
        for t in range(n):
            s = (start + t) % n
            c = R.claim_colour(st, s)
            if c >= 0:
                _collect(cfg, st, s, c, view, pids, params, pstate, log, out, o_table, o_glob, user)


@njit(cache=True, _nrt=False)
def play_game(cfg, deal_state, pids, params, pstate, st, view, dealt, deck, swap, log, res, work, out, o_pos,
              o_glob, o_table, user):
    """One game (G1-G5); per seat results in ``res``, positions and global counters added to ``out``.

    Compiled without NRT, like everything it calls: reference counting of the arrays passed between
    the inlined rule functions cost more than the game itself. ``work`` is scratch (4 rows).
    """
    n = cfg[R.C_PLAYERS]
    ticks_game = cfg[R.C_SCORING] == 1
    res[:, :] = 0
    for s in range(R.MAX_PLAYERS):
        st[R.ST_SCORE + s] = 0
        st[R.ST_TICKS + s] = 0
    work[:, :] = 0
    pos_sum = work[0]
    points = work[1]
    hands = work[2]
    officer_sum = 0
    done = False
    deal = 0
    while not done:
        k = deal % n
        if k == 0 or cfg[R.C_PASSING] == 1:
            deal_state, redeals = deal_hands(cfg, deal_state, deck, swap, dealt)
            out[o_glob + G_REDEALS] += redeals
        for s in range(n):
            hands[s] = dealt[(s - k) % n] if cfg[R.C_PASSING] == 0 else dealt[s]
        start = deal % n if cfg[R.C_START] == 0 else 0
        holder = -1
        for s in range(n):
            if (hands[s] >> np.int64(R.OFFICER)) & 1:
                holder = s
        R.new_deal(cfg, st, hands, deal, start, cfg[R.C_CHIPS])
        for s in range(R.MAX_PLAYERS):
            st[R.V_HAND_N + s] = R.popcount(hands[s]) if s < n else 0
        R.log_row(log, R.L_DEAL, -1, deal, (start - 1) % n, start)
        play_deal(cfg, st, view, pids, params, pstate, log, out, o_table, o_glob, user)
        R.log_row(log, R.L_DEAL_END, -1, deal, 0, 0)
        total = 0
        for s in range(n):
            points[s] = R.deal_points(st, s)
            total += points[s]
            st[R.ST_SCORE + s] += points[s]
            pos_sum[(s - start) % n] += points[s]
            tick_deal(cfg, st, res, s)
        if holder >= 0:
            out[o_glob + G_OFFICER_DEALS] += 1
            officer_sum += (n - 1) * points[holder] - (total - points[holder])
        out[o_glob + G_DEALS] += 1
        for c in range(R.N_COLOURS):
            out[o_glob + G_MIDDLE] += R.chips(st, R.MIDDLE, c)
        deal += 1
        if ticks_game:
            best = -1
            for s in range(n):
                if st[R.ST_TICKS + s] == (1 << R.N_COLOURS) - 1:
                    best = max(best, points[s])
            if best >= 0:
                _share_win(res, n, points, best, st, True)
                done = True
            elif deal == cfg[R.C_MAX_DEALS]:
                _ticks_cap_win(res, n, st, work[3])
                done = True
        elif deal == n:
            best = 0
            for s in range(n):
                best = max(best, st[R.ST_SCORE + s])
            _share_win(res, n, st[R.ST_SCORE:R.ST_SCORE + R.MAX_PLAYERS], best, st, False)
            done = True
    for s in range(n):
        res[s, H_SCORE] = st[R.ST_SCORE + s]
        res[s, H_TICKS] = _popcount(st[R.ST_TICKS + s])
    for r in range(n):
        out[o_pos + r * N_POSFIELDS] += deal
        out[o_pos + r * N_POSFIELDS + 1] += pos_sum[r]
        out[o_pos + r * N_POSFIELDS + 2] += pos_sum[r] * pos_sum[r]
    out[o_glob + G_OFFICER_SUM] += officer_sum
    out[o_glob + G_OFFICER_SQ] += officer_sum * officer_sum
    return deal_state


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
    st = np.zeros(R.VIEW_LEN, np.int64)  # the live state, with room for the decision fields
    view = np.zeros(R.VIEW_LEN, np.int64)
    dealt = np.zeros(R.MAX_PLAYERS, np.int64)
    deck = np.zeros(R.OFFICER + 1, np.int64)
    swap = np.zeros(R.OFFICER + 1, np.int64)
    res = np.zeros((R.MAX_PLAYERS, N_RES), np.int64)
    work = np.zeros((4, R.MAX_PLAYERS), np.int64)
    pids = np.zeros(n, np.int64)
    params = np.zeros((n, width), np.float64)
    pstate = np.zeros(n, np.uint64)
    return st, view, dealt, deck, swap, res, work, pids, params, pstate


@njit(cache=True)
def _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    n = cfg[R.C_PLAYERS]
    o_seat = n * N_PFIELDS
    o_pos = o_seat + n * N_PFIELDS
    o_glob = o_pos + n * N_POSFIELDS
    o_table = o_glob + N_GFIELDS
    o_cross = o_table + N_TABLE
    out = np.zeros(o_cross + 2 * n * n, np.int64)
    st, view, dealt, deck, swap, res, work, pids, params, pstate = _workspace(n, lineup_params.shape[1])
    log = np.zeros((1, 5), np.int64)
    block = np.zeros(n, np.int64)
    block_win = np.zeros(n, np.int64)
    per_item = n if duplicate else 1
    for item in range(start, stop):
        for g in range(item * per_item, (item + 1) * per_item):
            seat_policies(g, n, lineup_pids, lineup_params, pids, params)
            for s in range(n):
                pstate[s] = game_state(policy_keys[s], g)
            play_game(cfg, game_state(deal_key, item), pids, params, pstate, st, view, dealt, deck, swap, log, res,
                      work, out, o_pos, o_glob, o_table, user)
            tally_game(out, res, n, g % n, o_seat, o_glob, block, block_win)
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
    return _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop,
                       policies.no_user_policy)


@njit(nogil=True)
def play_games_with(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user):
    """:func:`play_games` where policy ids from ``USER_ID`` are asked to the jitted function ``user``."""
    return _play_games(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, start, stop, user)


@njit(cache=True)
def _trace(cfg, deal_key, policy_keys, lineup_pids, lineup_params, duplicate, g, user):
    n = cfg[R.C_PLAYERS]
    st, view, dealt, deck, swap, res, work, pids, params, pstate = _workspace(n, lineup_params.shape[1])
    log = np.zeros((cfg[R.C_MAX_DEALS] * LOG_PER_DEAL + 64, 5), np.int64)  # never fills: see LOG_PER_DEAL
    layout_size = 2 * n * N_PFIELDS + n * N_POSFIELDS + N_GFIELDS + N_TABLE
    out = np.zeros(layout_size, np.int64)
    o_pos = 2 * n * N_PFIELDS
    seat_policies(g, n, lineup_pids, lineup_params, pids, params)
    for s in range(n):
        pstate[s] = game_state(policy_keys[s], g)
    item = g // n if duplicate else g
    play_game(cfg, game_state(deal_key, item), pids, params, pstate, st, view, dealt, deck, swap, log, res, work, out,
              o_pos, o_pos + n * N_POSFIELDS, o_pos + n * N_POSFIELDS + N_GFIELDS, user)
    return log[1:log[0, 0] + 1].copy(), res[:n].copy()


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
    return dealt[:cfg[R.C_PLAYERS]].copy(), redeals


@dataclass(frozen=True, eq=False)
class GameJob:
    """``n_items`` games (or duplicate deals of N games each) of one lineup, for the batch runner.

    Player ``p`` of ``lineup`` sits in seat ``(p + g) mod N`` in game ``g`` (G6). ``user`` is the
    jitted function that plays policy ids from ``USER_ID`` (users' own policies). Chunks run in the fast
    lane (:mod:`.fast`, the same sums) when it supports the settings and lineup, else in :func:`play_games`.
    """

    settings: R.Settings
    lineup: tuple[Policy, ...]
    seed: int
    n_items: int
    duplicate: bool = False
    user: Callable | None = None

    def __post_init__(self) -> None:
        if len(self.lineup) != self.settings.players:
            raise ValueError(f"{len(self.lineup)} policies for {self.settings.players} players")

    @property
    def games(self) -> int:
        return self.n_items * (self.settings.players if self.duplicate else 1)

    def arrays(self) -> tuple:
        """The kernel's arguments before the item range: settings, keys, ids, parameter rows, duplicate."""
        n = self.settings.players
        width = max(1, max(len(p.row) for p in self.lineup))
        params = np.zeros((n, width), np.float64)
        for i, p in enumerate(self.lineup):
            params[i, :len(p.row)] = p.row
        pids = np.array([p.spec.id for p in self.lineup], np.int64)
        policy_keys = np.array([streams.key(self.seed, "riffifi", "policy", s) for s in range(n)], np.uint64)
        return (self.settings.row(), streams.key(self.seed, "riffifi", "deal"), policy_keys, pids, params,
                bool(self.duplicate))

    def run_chunk(self, start: int, stop: int) -> np.ndarray:
        from razzmatazz.core.riffifi import fast  # it imports this module

        args = self.arrays()
        if fast.supports(self.settings, args[3], self.user):
            return fast.play_games(*args, start, stop)
        if self.user is None:
            return play_games(*args, start, stop)
        return play_games_with(*args, start, stop, with_nrt(self.user))

    def trace(self, g: int) -> tuple[np.ndarray, np.ndarray]:
        """Game ``g`` with its log rows (see :mod:`.rules`) and per-seat results (``H_*`` columns)."""
        if self.user is None:
            return trace_game(*self.arrays(), g)
        return trace_game_with(*self.arrays(), g, with_nrt(self.user))
