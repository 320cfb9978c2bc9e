"""The fixed-limit Razz rules G1-G10 of ``seeds/razz.md``, one hand-built deal at a time.

Every test deals an explicit deck with :func:`play_deck` (or traces hands of a
:class:`GameJob`), scripts the players' moves and checks the log rows and the results.
:func:`play` also checks on every hand that the chips add up: the nets sum to zero and each
seat's net is what the log says it won minus what the log says it put in.

Equal stacks make some G8 situations impossible in a real hand (nobody can be short of
another player still in), so calls for less, all-in openers, side pots and returned chips are
checked on the betting-round and pot kernels with stacks set by hand.
"""

from __future__ import annotations

import numpy as np
import pytest

from razzmatazz.core.cards import card_str, parse_cards
from razzmatazz.core.errors import InputError
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import policies as P
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.engine import GameJob, play_deck
from razzmatazz.core.razz.evaluate import evaluate
from razzmatazz.core.razz.policies import REGISTRY
from razzmatazz.core.razz.rules import (
    L_ANTE,
    L_BRING_IN,
    L_CALL,
    L_CHECK,
    L_DEAL,
    L_FOLD,
    L_RAISE,
    L_RESHUFFLE,
    L_SHOW,
    L_STREET,
    L_WIN,
    Settings,
)

ACTIONS = (L_BRING_IN, L_FOLD, L_CHECK, L_CALL, L_RAISE)
NET, VPIP, SHOWDOWN, SD_WON, WON_NO_SD = range(5)
STATION = "station"
RAISER = "script:" + ",".join(f"m{i}=2" for i in range(1, 25))
"""Bets, raises or completes at every decision."""


# --- helpers ---------------------------------------------------------------------------------


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards("".join(text.split()))]


def script(*moves: int) -> str:
    return "script:" + ",".join(f"m{i}={m}" for i, m in enumerate(moves, 1))


def stud_deck(*hands: str) -> list[int]:
    """The deck that deals ``hands[s]`` (cards in stud order: down, down, door, 4th, 5th, 6th, 7th) to seat s.

    A hand with fewer than 7 cards belongs to a player who folds before the next street (G2:
    later streets deal only to players still in, in seat order, no burns).
    """
    per_seat = [cards(h) for h in hands]
    return [c[slot] for slot in range(7) for c in per_seat if len(c) > slot]


def check_chips(log: list[tuple[int, int, int, int]], res: np.ndarray) -> None:
    """Chip conservation: nets sum to 0 and equal (chips won - chips put in) as the log tells them."""
    n = res.shape[0]
    put = [0] * n
    bet = [0] * n
    won = [0] * n
    for kind, s, a, _ in log:
        if kind == L_STREET:
            bet = [0] * n
        elif kind == L_ANTE:
            put[s] += a
        elif kind in (L_BRING_IN, L_CALL):
            put[s] += a
            bet[s] += a
        elif kind == L_RAISE:
            put[s] += a - bet[s]
            bet[s] = a
        elif kind == L_WIN:
            won[s] += a
    assert int(res[:, NET].sum()) == 0
    assert res[:, NET].tolist() == [w - p for w, p in zip(won, put)]


def rows(log) -> list[tuple[int, int, int, int]]:
    return [tuple(int(x) for x in r) for r in log]


def play(settings: Settings, seats: list[str], deck: list[int], seed: int = 0):
    """Play one hand of ``deck``; returns (log rows as tuples, results, flags), chips checked."""
    log, res, flags = play_deck(settings, [REGISTRY.parse(p) for p in seats], deck, seed)
    log = rows(log)
    check_chips(log, res)
    return log, res, int(flags)


def actions(log, street: int) -> list[tuple[int, int, int, int]]:
    """The action rows (bring-in, fold, check, call, raise) of one street, in order."""
    out = []
    on = False
    for row in log:
        if row[0] == L_STREET:
            on = row[1] == street
        elif on and row[0] in ACTIONS:
            out.append(row)
        elif row[0] != L_STREET and row[0] not in ACTIONS:
            on = False
    return out


def opener(log, street: int) -> int:
    (first,) = [r[2] for r in log if r[0] == L_STREET and r[1] == street]
    return first


def deals(log) -> list[tuple[int, int, int]]:
    return [(s, c, slot) for kind, s, c, slot in log if kind == L_DEAL]


def raise_levels(log, street: int) -> list[int]:
    return [r[2] for r in actions(log, street) if r[0] == L_RAISE]


def shown(log) -> dict[int, int]:
    return {s: a for kind, s, a, _ in log if kind == L_SHOW}


def wins(log) -> dict[int, int]:
    return {s: a for kind, s, a, _ in log if kind == L_WIN}


# --- G1: players and antes -------------------------------------------------------------------


def test_g1_every_player_antes_before_the_deal():
    deck = stud_deck("2c3c Kc", "2d3d 4c", "2h3h 5c", "2s3s 6c")
    log, res, _ = play(Settings(players=4, ante=3), [STATION, script(0), script(0), script(0)], deck)
    assert log[:4] == [(L_ANTE, s, 3, 0) for s in range(4)]
    assert log[4][0] == L_DEAL
    # seat 0 brings in, everyone folds: it wins the three other antes
    assert res[:, NET].tolist() == [9, -3, -3, -3]
    assert res[0, WON_NO_SD] == 1


def test_g1_no_ante_rows_without_ante():
    log, _, _ = play(Settings(players=2, ante=0), [STATION, script(0)], stud_deck("2c3c Kc", "2d3d 4c"))
    assert not [r for r in log if r[0] == L_ANTE]


# --- G2: dealing -------------------------------------------------------------------------------


def test_g2_dealing_order_slots_and_no_burns():
    deck = cards("Kc Qd Jh 9s 8c 7d 6h 5s 4c 3d 2h As Kd Qh Js Ts 9c 8d 7h 6s 5c")
    log, _, flags = play(Settings(players=3), [STATION] * 3, deck)
    third = [(s, deck[3 * slot + s], slot) for slot in range(3) for s in range(3)]
    later = [(s, deck[9 + 3 * (slot - 3) + s], slot) for slot in range(3, 7) for s in range(3)]
    assert deals(log) == third + later
    assert flags == 0


def test_g2_later_streets_skip_folded_players_without_burning():
    deck = cards("Kc Qd Jh 9s 8c 7d 6h 5s 4c 3d 2h As Kd Qh Js Ts 9c 8d 7h 6s 5c")
    # door cards 6h 5s 4c: seat 0 brings in, seat 1 folds
    log, _, _ = play(Settings(players=3), [STATION, script(0), STATION], deck)
    assert (L_FOLD, 1, 0, 0) in actions(log, 3)
    later = deals(log)[9:]
    assert later == [(s, deck[9 + 2 * (slot - 3) + i], slot) for slot in range(3, 7) for i, s in enumerate((0, 2))]


def test_g2_down_cards_are_hidden_from_bring_in_and_opener():
    # seat 0: wheel cards down, Q door, K on 4th; seat 1: kings down, 9 door, 8 on 4th
    deck = stud_deck("Ac2c Qc Kc 3c4c5c", "KdKh 9d 8d 7d6d5d", "QdQh Jd Td 9h8h7h")
    log, _, _ = play(Settings(players=3), [STATION] * 3, deck)
    assert opener(log, 3) == 0  # Q door is highest; seat 1's kings are down
    assert opener(log, 4) == 1  # 9-8 showing beats K-Q and J-T


# --- G3: bring-in ------------------------------------------------------------------------------


@pytest.mark.parametrize("tie", ["seat", "suit"])
def test_g3_bring_in_is_highest_door_king_high_ace_low(tie):
    deck = stud_deck("2c3c As", "2d3d Kc", "2h3h Qs", "2s3s 4d")
    log, _, _ = play(Settings(players=4, bring_in_tie=tie), [STATION] * 4, deck)
    assert opener(log, 3) == 1
    assert actions(log, 3)[0] == (L_BRING_IN, 1, 5, 0)

    deck = stud_deck("3c4c Ac", "3d4d 2c", "3h4h As")
    log, _, _ = play(Settings(players=3, bring_in_tie=tie), [STATION] * 3, deck)
    assert actions(log, 3)[0] == (L_BRING_IN, 1, 5, 0)  # the deuce, not an ace


def test_g3_bring_in_tie_goes_to_lowest_seat():
    deck = stud_deck("2c3c 5c", "2d3d Kh", "2h3h Kd", "2s3s Ks")
    log, _, _ = play(Settings(players=4, bring_in_tie="seat"), [STATION] * 4, deck)
    assert opener(log, 3) == 1
    assert actions(log, 3)[0] == (L_BRING_IN, 1, 5, 0)


def test_g3_bring_in_tie_by_suit_goes_to_highest_suit():
    deck = stud_deck("2c3c 5c", "2d3d Kh", "2h3h Kd", "2s3s Ks")
    log, _, _ = play(Settings(players=4, bring_in_tie="suit"), [STATION] * 4, deck)
    assert opener(log, 3) == 3
    assert actions(log, 3)[0] == (L_BRING_IN, 3, 5, 0)


def test_g3_bring_in_may_complete():
    deck = stud_deck("2c3c Kc", "2d3d 4c", "2h3h 5c")
    log, res, _ = play(Settings(players=3), [script(2), STATION, STATION], deck)
    assert actions(log, 3) == [(L_RAISE, 0, 10, 0), (L_CALL, 1, 10, 0), (L_CALL, 2, 10, 0)]
    assert res[:, VPIP].tolist() == [1, 1, 1]


def test_g3_bring_in_player_cannot_fold():
    deck = stud_deck("2c3c Kc", "2d3d 4c", "2h3h 5c")
    log, res, _ = play(Settings(players=3), [script(0), STATION, STATION], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_CALL, 1, 5, 0), (L_CALL, 2, 5, 0)]
    assert not [r for r in log if r[0] == L_FOLD]
    assert (0, cards("Ac")[0], 3) in deals(log)  # still in: dealt 4th street (first card after the nine given)
    assert res[0, SHOWDOWN] == 1


def test_g3_no_option_for_bring_in_when_all_call():
    # the bring-in would complete if it were asked again on 3rd street
    deck = stud_deck("2c3c Kc 9c", "2d3d 4c 9d", "2h3h 5c 9h")
    log, res, _ = play(Settings(players=3), [script(1, 2), STATION, STATION], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_CALL, 1, 5, 0), (L_CALL, 2, 5, 0)]
    i = log.index((L_CALL, 2, 5, 0))
    assert log[i + 1][0] == L_DEAL and log[i + 1][3] == 3
    assert res[0, VPIP] == 0  # posting the bring-in is not voluntary


def test_g3_action_starts_left_of_bring_in():
    deck = stud_deck("2c3c 5c", "2d3d 6c", "2h3h Kc", "2s3s 7c")
    log, _, _ = play(Settings(players=4), [STATION] * 4, deck)
    assert [r[1] for r in actions(log, 3)] == [2, 3, 0, 1]
    assert [r[0] for r in actions(log, 3)] == [L_BRING_IN, L_CALL, L_CALL, L_CALL]


# --- G4: betting ---------------------------------------------------------------------------


def test_g4_bet_sizes_small_on_3rd_4th_big_on_5th_to_7th():
    # seat 1 bets every street (an open pair of fours on 4th changes nothing); seat 2 makes a wheel
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "7d6d 4c 4d Kd Jd Td", "Ah2h 3h 5h 4s 7h 8h")
    log, res, _ = play(Settings(players=3), [STATION, RAISER, STATION], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_RAISE, 1, 10, 0), (L_CALL, 2, 10, 0), (L_CALL, 0, 5, 0)]
    assert opener(log, 4) == 2
    assert actions(log, 4) == [
        (L_CHECK, 2, 0, 0),
        (L_CHECK, 0, 0, 0),
        (L_RAISE, 1, 10, 1),
        (L_CALL, 2, 10, 0),
        (L_CALL, 0, 10, 0),
    ]
    for street in (5, 6, 7):
        assert raise_levels(log, street) == [20]
        assert [r for r in actions(log, street) if r[0] == L_RAISE] == [(L_RAISE, 1, 20, 1)]
        assert sorted(r[2] for r in actions(log, street) if r[0] == L_CALL) == [20, 20]
    # each put in 2 + 10 + 10 + 3 x 20 = 82; the wheel wins
    assert res[:, NET].tolist() == [-82, -82, 164]


@pytest.mark.parametrize("cap", [2, 4, 6])
def test_g4_cap_on_bets_per_round(cap):
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "7d6d 4c 3d Kd Jd Td", "Ah2h 3h 5h 4s 7h 8h")
    log, res, _ = play(Settings(players=3, cap=cap), [STATION, RAISER, RAISER], deck)
    for street, size in ((3, 10), (4, 10), (5, 20), (6, 20), (7, 20)):
        assert raise_levels(log, street) == [size * (i + 1) for i in range(cap)]
        kinds = [r[3] for r in actions(log, street) if r[0] == L_RAISE]
        assert kinds == [0 if street == 3 else 1] + [2] * (cap - 1)
        # after the last raise allowed, a raiser's raise is played as a call
        acts = actions(log, street)
        last = max(i for i, r in enumerate(acts) if r[0] == L_RAISE)
        assert acts[last + 1 :] and all(r[0] == L_CALL for r in acts[last + 1 :])
        assert any(r[1] in (1, 2) for r in acts[last + 1 :])
    # 3rd: bring-in 5, completion, then cap - 1 raises; the raiser left behind calls one bet
    assert actions(log, 3)[-1] == (L_CALL, 1, 10, 0)
    put = 2 + 2 * 10 * cap + 3 * 20 * cap
    assert res[:, NET].tolist() == [-put, -put, 2 * put]


def test_g4_uncapped_heads_up_raises_until_a_full_raise_is_impossible():
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "Ah2h 3h 5h 4s 7h 8h")
    settings = Settings(players=2, stack=100, uncapped_heads_up=True)
    log, res, _ = play(settings, [script(1, *[2] * 20), RAISER], deck)
    # stacks 98 after the ante: 90 is the last level both can reach with a full raise
    assert raise_levels(log, 3) == list(range(10, 100, 10))
    assert actions(log, 3)[-1] == (L_CALL, 0, 10, 0)
    for street in (4, 5, 6, 7):  # 8 chips left each: no full bet
        assert {r[0] for r in actions(log, street)} == {L_CHECK}
    assert res[:, NET].tolist() == [-92, 92]


def test_g4_heads_up_stays_capped_without_the_switch():
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "Ah2h 3h 5h 4s 7h 8h")
    log, _, _ = play(Settings(players=2, stack=100), [script(1, *[2] * 20), RAISER], deck)
    assert raise_levels(log, 3) == [10, 20, 30, 40]
    assert actions(log, 3)[-1] == (L_CALL, 1, 10, 0)


def test_g4_uncapped_applies_only_while_two_players_are_in():
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "7d6d 4c 3d Kd Jd Td", "Ah2h 3h 5h 4s 7h 8h")
    settings = Settings(players=3, stack=100, uncapped_heads_up=True)
    log, _, _ = play(settings, [STATION, RAISER, RAISER], deck)
    assert raise_levels(log, 3) == [10, 20, 30, 40]
    # the bring-in folds to the first raise: heads-up from then on, uncapped
    log, _, _ = play(settings, [script(1, 0), RAISER, RAISER], deck)
    assert (L_FOLD, 0, 0, 0) in actions(log, 3)
    assert raise_levels(log, 3) == list(range(10, 100, 10))


# --- G5: who opens 4th to 7th street ------------------------------------------------------------


def test_g5_lowest_board_opens_each_street():
    deck = stud_deck("TcJc 9c 2c 3c 4c 5c", "TdJd 8d 7d 5d Jh 6d", "9hTh Kh Ah 4h Qh 6h", "9sTs 7s 6s Qs Ks 8s")
    log, _, _ = play(Settings(players=4), [STATION] * 4, deck)
    # 4th: 7-6 best; 5th: 8-7-5; 6th: 9-4-3-2; 7th: as on 6th
    assert [opener(log, st) for st in (4, 5, 6, 7)] == [3, 1, 0, 0]
    assert [actions(log, st)[0][1] for st in (4, 5, 6, 7)] == [3, 1, 0, 0]


def test_g5_pairs_are_bad_and_two_pair_is_worse_than_one_pair():
    # 4th: 2-2 and K-K lose to K-Q; 5th: pair of deuces beats pairs of queens and kings;
    # 6th: 2-2-3-3 (two pair) loses to K-Q-Q-J (queens), which beats K-K-A-4 (kings)
    deck = stud_deck("9c9d 2c 2d 3c 3d Ts", "8c8d Kc Qc Qd Jc Td", "7c7d Kd Kh Ac 4c Tc")
    log, _, _ = play(Settings(players=3), [STATION] * 3, deck)
    assert [opener(log, st) for st in (4, 5, 6, 7)] == [1, 0, 1, 1]


def test_g5_equal_boards_go_to_lowest_seat():
    # seats 1, 2, 3 show 7-4; by suit the highest card would be seat 3's, the lowest seat 2's
    deck = stud_deck("2c3c Kc Qc", "2d3d 7d 4h", "2h3h 7c 4c", "2s3s 7s 4s")
    log, _, _ = play(Settings(players=4), [STATION] * 4, deck)
    assert opener(log, 4) == 1
    assert actions(log, 4)[0] == (L_CHECK, 1, 0, 0)


def test_g5_folded_players_boards_do_not_count():
    # seat 0 shows an ace and folds on 3rd; Q-3 is the best board left
    deck = stud_deck("5c6c Ac", "5d6d Kc 2d 7c 8c 9c", "5h6h Qc 3d 7d 8d 9d")
    log, _, _ = play(Settings(players=3), [script(0), STATION, STATION], deck)
    assert (L_FOLD, 0, 0, 0) in actions(log, 3)
    assert [opener(log, st) for st in (4, 5, 6, 7)] == [2, 2, 2, 2]
    assert all(s != 0 for s, _, slot in deals(log) if slot >= 3)


def test_g5_seventh_street_keeps_sixth_streets_opener():
    # 6th: 8-7-6-5 beats K-4-3-2; seat 1's 7th card (down) pairs its board, which must not count
    deck = stud_deck("9cTc 2c 3c 4c Kc Ac", "9dTd 5c 6c 7c 8c 8d", "9h9s Qc Jc Th Ts Ks")
    log, _, _ = play(Settings(players=3), [STATION] * 3, deck)
    assert [opener(log, st) for st in (4, 5, 6, 7)] == [0, 0, 1, 1]


def _betting_round(street, first, stacks, status, moves, bet_size=10):
    """One betting round of the engine's kernel with stacks and statuses set by hand."""
    n = len(stacks)
    cfg = Settings(players=n, stack=10**6, small_bet=bet_size, big_bet=2 * bet_size).row()
    ws = np.zeros((E.N_WS, R.MAX_PLAYERS), np.int64)
    ws[E.W_STATUS, :n] = status
    ws[E.W_STACK, :n] = stacks
    ws[E.W_PUT, :n] = 50
    hands = np.full((R.MAX_PLAYERS, 7), -1, np.int64)
    view = np.full(R.VIEW_LEN, -1, np.int64)
    view[R.V_PLAYERS] = n
    view[R.V_COMMUNITY] = -1
    view[R.V_BRING_IN] = 0
    for s in range(R.MAX_PLAYERS):
        view[R.V_STATUS + s] = status[s] if s < n else R.FOLDED
        view[R.V_BETS + s] = 0
        view[R.V_PUT + s] = ws[E.W_PUT, s]
    lineup = [REGISTRY.parse(m) for m in moves]
    pids = np.array([p.spec.id for p in lineup], np.int64)
    params = np.zeros((n, max(len(p.row) for p in lineup)), np.float64)
    for s, p in enumerate(lineup):
        params[s, : len(p.row)] = p.row
    pstate = np.zeros(n, np.uint64)
    log = np.zeros((R.LOG_ROWS, 4), np.int64)
    res = np.zeros((R.MAX_PLAYERS, 5), np.int64)
    E._betting(cfg, street, first, -1, ws, hands, view, pids, params, pstate, log, res, P.no_user_policy)
    return rows(log[1 : log[0, 0] + 1]), ws[E.W_STACK, :n].tolist(), ws[E.W_STATUS, :n].tolist()


def test_g5_all_in_opener_is_skipped():
    up = np.full((3, 4), -1, np.int64)
    up[:, :2] = [cards("2c3c"), cards("7c8c"), cards("KcQc")]
    status = np.array([R.ALL_IN, R.IN, R.IN], np.int64)
    first = R.opener_seat(up, status, 3, 2)
    assert first == 0  # the all-in player's board is still the best
    log, _, _ = _betting_round(4, first, [0, 100, 100], [R.ALL_IN, R.IN, R.IN], [STATION, RAISER, STATION])
    assert log == [(L_RAISE, 1, 10, 1), (L_CALL, 2, 10, 0)]


# --- G6: the deck runs out ---------------------------------------------------------------------


def _eight_player_deck(community: int) -> list[int]:
    """The ordered deck with ``community`` and the card at position 48 swapped.

    Eight players: seat s gets cards s, s + 8, ..., s + 40 (ranks A 3 5 7 9 J for seats 0-3,
    2 4 6 8 T Q for seats 4-7) unless one of them was swapped.
    """
    deck = list(range(52))
    i = deck.index(community)
    deck[i], deck[48] = deck[48], deck[i]
    return deck


def test_g6_eight_players_to_seventh_share_a_community_card():
    two = cards("2c")[0]
    deck = _eight_player_deck(two)  # seats 0-3 hold A 3 5 7 9 J: the deuce makes them 7-5-3-2-A
    log, res, flags = play(Settings(players=8), [STATION] * 8, deck)
    assert flags == 1
    sevenths = [d for d in deals(log) if d[2] == 6]
    assert sevenths == [(-1, two, 6)]
    assert deals(log).index((-1, two, 6)) == 48
    own = [[c for s, c, slot in deals(log) if s == seat] for seat in range(8)]
    assert all(len(o) == 6 for o in own)
    with_card = evaluate(np.array([o + [two] for o in own]))
    without = evaluate(np.array(own))
    assert shown(log) == {s: int(with_card[s]) for s in range(8)}
    assert all(with_card[s] < without[s] for s in range(4))  # the community card is used
    assert wins(log) == {0: 14, 1: 14, 2: 14, 3: 14}
    assert res[:, NET].tolist() == [7] * 4 + [-7] * 4


def test_g6_seven_players_need_no_community_card():
    log, _, flags = play(Settings(players=7), [STATION] * 7, list(range(52)))
    assert flags == 0
    assert sorted(s for s, _, slot in deals(log) if slot == 6) == list(range(7))


def _late_fold_lineup():
    # seat 0 bets at its 4th decision (6th street), seat 3 folds to it; everyone else calls
    lineup = [STATION] * 8
    lineup[0] = script(1, 1, 1, 2)
    lineup[3] = script(1, 1, 1, 0, 0)
    return lineup


def test_g6_reshuffle_deals_seventh_from_stub_and_folded_cards():
    deck = list(range(52))
    log, _, flags = play(Settings(players=8, exhausted="reshuffle"), _late_fold_lineup(), deck)
    assert (L_FOLD, 3, 0, 0) in actions(log, 6)
    assert flags == 2
    assert [r for r in log if r[0] == L_RESHUFFLE] == [(L_RESHUFFLE, -1, 10, 0)]
    folded = [c for s, c, _ in deals(log) if s == 3]
    pool = set(deck[48:]) | set(folded)
    sevenths = [(s, c) for s, c, slot in deals(log) if slot == 6]
    assert [s for s, _ in sevenths] == [0, 1, 2, 4, 5, 6, 7]
    assert len({c for _, c in sevenths}) == 7 and {c for _, c in sevenths} <= pool
    assert not [d for d in deals(log) if d[0] == -1]


def test_g6_community_card_after_a_late_fold_by_default():
    deck = list(range(52))
    log, _, flags = play(Settings(players=8), _late_fold_lineup(), deck)
    assert (L_FOLD, 3, 0, 0) in actions(log, 6)
    assert flags == 1
    assert [d for d in deals(log) if d[2] == 6] == [(-1, deck[48], 6)]


def test_g6_early_fold_leaves_enough_cards():
    lineup = [STATION] * 8
    lineup[0] = script(0)  # folds on 3rd: 45 cards dealt, 7 left for 7 players
    log, _, flags = play(Settings(players=8, exhausted="reshuffle"), lineup, list(range(52)))
    assert flags == 0
    assert not [r for r in log if r[0] == L_RESHUFFLE]
    assert [(s, c) for s, c, slot in deals(log) if slot == 6] == [(s, 45 + i) for i, s in enumerate(range(1, 8))]


# --- G7: showdown --------------------------------------------------------------------------


def test_g7_best_low_wins_at_showdown():
    # 8-6-5-4-3 beats 8-7-3-2-A; A-A-K-Q-J (a pair) loses to both
    deck = stud_deck("KhQh 8c 6c 5c 4c 3c", "KsQs 8d 7d 3d 2d Ad", "AsAh Kc Kd Qc Qd Jc")
    log, res, _ = play(Settings(players=3), [STATION] * 3, deck)
    classes = shown(log)
    assert classes[0] < classes[1] < classes[2]
    assert wins(log) == {0: 21}
    assert res[:, NET].tolist() == [14, -7, -7]
    assert res[:, SHOWDOWN].tolist() == [1, 1, 1]
    assert res[:, SD_WON].tolist() == [1, 0, 0]


def test_g7_split_pot_odd_chip_to_lowest_seat():
    # seats 1 and 2 both make 7-5-4-3-2; pot 3 x (2 + 5) = 21
    deck = stud_deck("KhQh Jh Th 9h 8h 6h", "KcQc 7c 5c 4c 3c 2c", "KdQd 7d 5d 4d 3d 2d")
    log, res, _ = play(Settings(players=3), [STATION] * 3, deck)
    assert shown(log)[1] == shown(log)[2] < shown(log)[0]
    assert wins(log) == {1: 11, 2: 10}
    assert res[:, NET].tolist() == [-7, 4, 3]
    assert res[:, SD_WON].tolist() == [0, 1, 1]


def test_g7_last_player_in_wins_without_showdown():
    deck = stud_deck("2c3c Kc", "2d3d 4c", "2h3h 5c")
    log, res, _ = play(Settings(players=3), [script(1, 0), script(2), script(0)], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_RAISE, 1, 10, 0), (L_FOLD, 2, 0, 0), (L_FOLD, 0, 0, 0)]
    assert not [r for r in log if r[0] == L_SHOW]
    assert len(deals(log)) == 9
    assert wins(log) == {1: 21}
    assert res[:, NET].tolist() == [-7, 9, -2]
    assert res[:, WON_NO_SD].tolist() == [0, 1, 0]
    assert res[:, SHOWDOWN].tolist() == [0, 0, 0]


# --- G8: stacks --------------------------------------------------------------------------------


def test_g8_short_stack_cannot_raise_less_than_a_full_raise():
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "Ah2h 3h 5h 4s 7h 8h")
    log, res, _ = play(Settings(players=2, stack=30), [script(1, *[2] * 20), RAISER], deck)
    # seat 1 has 18 chips left facing 20: a raise to 30 needs 20, so it calls
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_RAISE, 1, 10, 0), (L_RAISE, 0, 20, 2), (L_CALL, 1, 10, 0)]
    for street in (4, 5, 6, 7):  # 8 chips each: no full bet possible
        assert {r[0] for r in actions(log, street)} == {L_CHECK}
    assert res[:, NET].tolist() == [-22, 22]


def test_g8_all_in_call_is_flagged_and_hand_runs_out():
    deck = stud_deck("QcQd Kc Jc Tc 9c 8c", "Ah2h 3h 5h 4s 7h 8h")
    log, res, _ = play(Settings(players=2, stack=22), [script(1, 2), RAISER], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_RAISE, 1, 10, 0), (L_RAISE, 0, 20, 2), (L_CALL, 1, 10, 1)]
    for street in (4, 5, 6, 7):
        assert actions(log, street) == []
    assert len(deals(log)) == 14
    assert res[:, NET].tolist() == [-22, 22]
    assert res[:, SHOWDOWN].tolist() == [1, 1]


def test_g8_call_for_less_goes_all_in():
    log, stacks, status = _betting_round(5, 0, [100, 7], [R.IN, R.IN], [RAISER, STATION])
    assert log == [(L_RAISE, 0, 20, 1), (L_CALL, 1, 7, 1)]
    assert stacks == [80, 0] and status == [R.IN, R.ALL_IN]


def test_g8_no_raise_when_nobody_can_call_it():
    # seat 1 bets its last 20; seat 0 has chips to raise but nobody could call
    log, stacks, _ = _betting_round(5, 1, [100, 20], [R.IN, R.IN], [RAISER, RAISER])
    assert log == [(L_RAISE, 1, 20, 1), (L_CALL, 0, 20, 0)]
    assert stacks == [80, 0]


def _split(put, status, classes):
    n = len(put)
    won = np.zeros(n, np.int64)
    R.split_pots(np.array(put, np.int64), np.array(status, np.int64), np.array(classes, np.int64), n, won)
    assert won.sum() == sum(put)
    return won.tolist()


def test_g8_side_pot_won_by_another_player():
    # seat 1 all-in for 40 has the best hand: main pot 120; the side pot 120 goes to seat 0
    assert _split([100, 40, 100], [R.IN, R.ALL_IN, R.IN], [5, 0, 9]) == [120, 120, 0]
    # two all-in levels, three pots, three winners
    assert _split([100, 20, 60, 100], [R.IN, R.ALL_IN, R.ALL_IN, R.IN], [9, 0, 1, 5]) == [0, 80, 120, 80]


def test_g8_unmatched_chips_go_back():
    assert _split([100, 40], [R.IN, R.ALL_IN], [5, 0]) == [60, 80]
    assert _split([100, 40], [R.IN, R.ALL_IN], [0, 5]) == [140, 0]


def test_g8_folded_chips_stay_in_the_pots_and_side_pot_ties_split():
    # seat 0 folded after 31 (its class is ignored); seat 2 all-in for 20 wins the main pot of 80;
    # seats 1 and 3 tie for the side pots: 33 (odd chip to seat 1) and 60
    assert _split([31, 61, 20, 61], [R.FOLDED, R.IN, R.ALL_IN, R.IN], [0, 3, 1, 3]) == [0, 47, 80, 46]
    assert _split([31, 61, 20, 61], [R.FOLDED, R.IN, R.ALL_IN, R.IN], [0, 3, 9, 3]) == [0, 87, 0, 86]


# --- G9: seats and duplicate deals ---------------------------------------------------------------


def _job(duplicate: bool, lineup: tuple[str, ...] | None = None) -> GameJob:
    """Three players; by default player 0 raises at every decision, player 1 folds, player 2 calls."""
    lineup = lineup or (RAISER, script(0, 0, 0), STATION)
    return GameJob(
        Settings(players=3), tuple(REGISTRY.parse(p) for p in lineup), seed=11, n_items=8, duplicate=duplicate
    )


def test_g9_player_p_sits_in_seat_p_plus_g():
    # player 0 always raises first on 3rd street, player 1 always folds there, player 2 never folds
    job = _job(False)
    for g in (0, 1, 2, 3, 4):
        log, res, _ = job.trace(g)
        log = rows(log)
        check_chips(log, res)
        third = actions(log, 3)
        assert [r[1] for r in third if r[0] == L_RAISE][:1] == [(0 + g) % 3]
        assert [r[1] for r in third if r[0] == L_FOLD] == [(1 + g) % 3]
        assert res[(2 + g) % 3, SHOWDOWN] == 1


def test_g9_duplicate_deals_replay_the_deck_for_n_hands():
    dup = _job(True, lineup=(STATION,) * 3)
    plain = _job(False, lineup=(STATION,) * 3)
    dealt = [deals(rows(dup.trace(g)[0])) for g in range(6)]
    assert dealt[0] == dealt[1] == dealt[2]
    assert dealt[3] == dealt[4] == dealt[5]
    assert dealt[0] != dealt[3]
    assert dealt[0] == deals(rows(plain.trace(0)[0]))
    assert dealt[3] == deals(rows(plain.trace(1)[0]))
    assert deals(rows(plain.trace(0)[0])) != deals(rows(plain.trace(1)[0]))


# --- G10: moves mapped to legal ones --------------------------------------------------------------


def test_g10_fold_when_check_is_free_is_a_check():
    deck = stud_deck("2c3c Kc Qc 9c 8c 7c", "2d3d 4c 5c 9d 8d 7d", "2h3h Jc Tc 9h 8h 7h")
    log, res, _ = play(Settings(players=3), [STATION, script(1, 0, 0, 0, 0), STATION], deck)
    assert opener(log, 4) == 1
    assert actions(log, 4)[0] == (L_CHECK, 1, 0, 0)
    assert not [r for r in log if r[0] == L_FOLD]
    assert res[1, SHOWDOWN] == 1


def test_g10_raise_at_the_cap_is_a_call():
    deck = stud_deck("2c3c Kc", "2d3d 4c", "2h3h 5c")
    log, _, _ = play(Settings(players=3, cap=1), [STATION, script(2), script(2)], deck)
    assert actions(log, 3) == [(L_BRING_IN, 0, 5, 0), (L_RAISE, 1, 10, 0), (L_CALL, 2, 10, 0), (L_CALL, 0, 5, 0)]


def test_g10_bring_in_without_chips_to_complete_posts():
    deck = stud_deck("2c3c Kc", "2d3d 4c")
    log, _, _ = play(Settings(players=2, stack=8), [script(2), STATION], deck)
    assert actions(log, 3)[0] == (L_BRING_IN, 0, 5, 0)


# --- Settings validation -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 9},
        {"big_bet": 9},
        {"ante": -1},
        {"bring_in": 10},
        {"bring_in": 12},
        {"bring_in": 0},
        {"stack": 6},
        {"uncapped_heads_up": True},
        {"cap": 0},
        {"bring_in_tie": "random"},
        {"exhausted": "burn"},
    ],
)
def test_settings_refuse_bad_tables(kwargs):
    with pytest.raises(InputError):
        Settings(**kwargs)


def test_settings_accept_the_limits():
    Settings(players=2)
    Settings(players=8)
    Settings(stack=7)  # exactly ante + bring-in
    Settings(ante=0, big_bet=10)
    Settings(players=2, stack=100, uncapped_heads_up=True)


# --- chip conservation ------------------------------------------------------------------------


@pytest.mark.parametrize("stack", [0, 60])
def test_chips_are_conserved_in_every_hand(stack):
    lineup = (
        "random:fold=0.2,raise=0.5",
        "random:fold=0.1,raise=0.3",
        "tag",
        "rock",
        "reader",
        "steal",
        "station",
        "random:fold=0.3,raise=0.6",
    )
    job = GameJob(Settings(players=8, stack=stack), tuple(REGISTRY.parse(p) for p in lineup), seed=5, n_items=40)
    for g in range(40):
        log, res, _ = job.trace(g)
        check_chips(rows(log), res)


def test_card_helper_round_trip():
    assert [card_str(c) for c in stud_deck("As2h Kd", "3c4c 5c")] == ["As", "3c", "2h", "4c", "Kd", "5c"]
