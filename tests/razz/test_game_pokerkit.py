"""The fixed-limit Razz engine against PokerKit, the oracle, action by action (G2-G8), and the PHH files.

Each hand is played by the engine (:meth:`GameJob.trace`) and then again in PokerKit with the
same cards and the same moves. At every move PokerKit must expect the seat the engine logged
(same bring-in player, same opener, same order of action), the engine's amounts must be
PokerKit's (bring-in, amount to call, the fixed raise level) and PokerKit must accept the
move; after the hand every seat's stack must be its starting stack plus the engine's net
(side pots, dead money and odd chips, G7 and G8).

PokerKit cannot express every hand: ties for the bring-in broken by seat, a community card
while folded cards could be reshuffled, more than 4 bets in a round. Those hands are left out
of the oracle and must be marked in their PHH files (:mod:`razzmatazz.analysis.razz.phh`).
"""

from __future__ import annotations

import random
import warnings
from contextlib import contextmanager

import numpy as np
import pytest
from pokerkit import Automation, FixedLimitRazz, HandHistory
from pokerkit.notation import parse_action

from razzmatazz.analysis.razz.phh import hand_history, starting_stack, write_hand_histories
from razzmatazz.core.cards import card_str, parse_cards
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.engine import GameJob, play_deck
from razzmatazz.core.razz.policies import REGISTRY

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Everything but dealing: the engine's cards are dealt by hand."""
STAKES = ((2, 5, 10, 20), (1, 3, 7, 14), (0, 1, 2, 4), (3, 5, 10, 20), (1, 2, 5, 10), (5, 10, 25, 50))
"""(ante, bring-in, small bet, big bet): the defaults and odd amounts that leave odd chips."""
HEURISTICS = (
    "station",
    "rock",
    "tag",
    "steal",
    "reader",
    "rock:max_card=10,river_card=11",
    "tag:max_card=9",
    "steal:door=8,against=8,behind=3",
    "reader:target=9,odds=0.5",
    "textbook",
    "textbook-tuned",
    "steal-tuned",
)
LOOSE = ("station", "random:fold=0.02,raise=0.2", "random:fold=0,raise=0.5")
KIND = ("ante", "deal", "street", "bring-in", "fold", "check", "call", "raise", "reshuffle", "show", "win")
RESHUFFLE_WARNINGS = ("A card being dealt", "Returning reserved")
"""PokerKit warns when it deals folded players' cards (exhausted=reshuffle), which G6 does on purpose."""


def cards(text: str) -> list[int]:
    return [int(c) for c in parse_cards(text)]


def describe(log: np.ndarray) -> str:
    """The log rows as text, one per line, for failure messages."""
    return "\n".join(
        f"  {KIND[k]:9} seat {s:2}  {card_str(a) if k == R.L_DEAL else a:>4}  {b}" for k, s, a, b in log.tolist()
    )


@contextmanager
def pokerkit_warnings(reshuffled: bool):
    """Every PokerKit warning is an error, except those about dealing folded cards after a reshuffle."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if reshuffled:
            for text in RESHUFFLE_WARNINGS:
                warnings.filterwarnings("ignore", text, UserWarning)
        yield


def new_state(settings: R.Settings, start: int):
    n = settings.players
    return FixedLimitRazz.create_state(
        AUTOMATIONS, True, settings.ante, settings.bring_in, settings.small_bet, settings.big_bet, [start] * n, n
    )


def replay(settings: R.Settings, log: np.ndarray, net: np.ndarray) -> None:
    """Play the engine's hand again in PokerKit; AssertionError or PokerKit's ValueError at the first difference."""
    n = settings.players
    start = starting_stack(settings)
    with pokerkit_warnings(bool((log[:, 0] == R.L_RESHUFFLE).any())):
        state = new_state(settings, start)
        stacks = [start] * n
        street = None
        for i, (kind, seat, a, b) in enumerate(log.tolist()):
            where = f"row {i} ({KIND[kind]} seat {seat} {a} {b})"
            if kind == R.L_ANTE:
                stacks[seat] -= a
            elif kind == R.L_DEAL:
                deal(state, seat, a, b)
            elif kind == R.L_STREET:
                street = (seat, a)  # checked at the street's first move (in an all-in run-out PokerKit moves on)
            elif kind in (R.L_BRING_IN, R.L_FOLD, R.L_CHECK, R.L_CALL, R.L_RAISE):
                if street is not None:
                    assert (state.street_index + 3, state.opener_index) == street, (
                        f"{where}: PokerKit's street {state.street_index + 3} opener {state.opener_index}"
                    )
                    street = None
                assert state.actor_index == seat, f"{where}: PokerKit asks seat {state.actor_index}"
                assert list(state.stacks) == stacks, f"{where}: PokerKit's stacks {state.stacks}, ours {stacks}"
                stacks[seat] -= move(state, kind, seat, a, b, where)
        assert state.actor_index is None, f"PokerKit still asks seat {state.actor_index}"
        assert not state.status, "PokerKit's hand is not over"
        assert list(state.stacks) == [start + int(x) for x in net], f"PokerKit ends with {state.stacks}, net {net}"


def deal(state, seat: int, c: int, slot: int) -> None:
    if slot >= 3 and state.can_burn_card("??"):
        state.burn_card("??")  # PokerKit burns before 4th-7th street; the engine does not (G2)
    if seat < 0:
        state.deal_board(card_str(c))
    else:
        state.deal_hole(card_str(c), seat)


def move(state, kind: int, seat: int, a: int, b: int, where: str) -> int:
    """Make the logged move in PokerKit after checking its amounts; returns the chips the seat put in."""
    if kind == R.L_BRING_IN:
        assert state.effective_bring_in_amount == a, f"{where}: PokerKit's bring-in {state.effective_bring_in_amount}"
        state.post_bring_in()
        return a
    if kind == R.L_FOLD:
        state.fold()
        return 0
    if kind in (R.L_CHECK, R.L_CALL):
        chips = a if kind == R.L_CALL else 0
        assert state.checking_or_calling_amount == chips, f"{where}: PokerKit's call {state.checking_or_calling_amount}"
        assert (state.stacks[seat] == chips) == bool(b), f"{where}: all-in flag, PokerKit's stack {state.stacks[seat]}"
        state.check_or_call()
        return chips
    low, high = state.min_completion_betting_or_raising_to_amount, state.max_completion_betting_or_raising_to_amount
    assert low == high == a, f"{where}: PokerKit's raise to {low}..{high}"
    before = state.stacks[seat]
    state.complete_bet_or_raise_to(a)
    return before - state.stacks[seat]


def expressible(settings: R.Settings, log: np.ndarray) -> bool:
    """Whether PokerKit has the rules this hand used (see the module doc)."""
    kinds, seats, slots = log[:, 0], log[:, 1], log[:, 3]
    community = np.flatnonzero((kinds == R.L_DEAL) & (seats < 0))
    if community.size and (kinds[: community[0]] == R.L_FOLD).any():
        return False  # PokerKit would reshuffle the folded cards instead of dealing a community card
    doors = log[(kinds == R.L_DEAL) & (slots == 2), 2]
    bring_in = log[kinds == R.L_STREET][0, 2]
    if doors[bring_in] != doors.max():
        return False  # a tie for the bring-in broken by seat, against PokerKit's suit order
    return max_bets_in_a_round(log) <= 4


def max_bets_in_a_round(log: np.ndarray) -> int:
    counts = np.cumsum(log[:, 0] == R.L_STREET)
    raises = counts[log[:, 0] == R.L_RAISE]
    return int(np.bincount(raises).max()) if raises.size else 0


def random_table(rng: random.Random, players: int, loose: bool = False, **rules) -> tuple[R.Settings, tuple]:
    """Random stakes, stacks and lineup; ``loose`` players (random ones that rarely fold, stations) see 7th street."""
    ante, bring_in, small, big = rng.choice(STAKES)
    stack = rng.choice([0, 0, 40, 75, 200, ante + bring_in, 3 * small])
    if rules.get("uncapped_heads_up"):
        stack = stack or 200
    settings = R.Settings(
        players=players,
        ante=ante,
        bring_in=bring_in,
        small_bet=small,
        big_bet=big,
        stack=stack,
        **{"bring_in_tie": "suit", "cap": rng.choice([4, 4, 4, 3]), **rules},
    )
    lineup = []
    for _ in range(players):
        if loose:
            lineup.append(REGISTRY.parse(rng.choice(LOOSE)))
        elif rng.random() < 0.6:
            fold, raise_ = rng.choice([0, 0.05, 0.1, 0.3, 0.6]), rng.choice([0, 0.1, 0.3, 0.6, 0.9])
            lineup.append(REGISTRY.parse(f"random:fold={fold},raise={raise_}"))
        else:
            lineup.append(REGISTRY.parse(rng.choice(HEURISTICS)))
    return settings, tuple(lineup)


def random_hands(seed: int, tables: int, hands: int, players: tuple[int, ...], loose: bool = False, **rules):
    """``tables`` random tables of ``hands`` hands each: (settings, log, net per seat, seat names)."""
    rng = random.Random(seed)
    for _ in range(tables):
        settings, lineup = random_table(rng, rng.choice(players), loose, **rules)
        job = GameJob(settings, lineup, rng.randrange(1 << 32), hands)
        n = settings.players
        for g in range(hands):
            log, res, _ = job.trace(g)
            yield settings, log, res[:, 0], [lineup[(s - g) % n].text for s in range(n)]


def check_against_pokerkit(settings: R.Settings, log: np.ndarray, net: np.ndarray) -> None:
    try:
        replay(settings, log, net)
    except (AssertionError, ValueError) as e:
        pytest.fail(f"{settings}\n{describe(log)}\nnet {net.tolist()}\n{type(e).__name__}: {e}")


# ---------------------------------------------------------------------------------------------
# the oracle
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 8))
def test_engine_plays_every_hand_like_pokerkit(players):
    """G2-G8 on 350 random hands per table size: random and heuristic lineups, deep and short stacks, six stakes."""
    played = all_in = 0
    for settings, log, net, _ in random_hands(100 + players, 35, 10, (players,)):
        assert expressible(settings, log)
        check_against_pokerkit(settings, log, net)
        played += 1
        all_in += bool(((log[:, 0] == R.L_CALL) & (log[:, 3] == 1)).any())
    assert played == 350 and all_in >= 20


def test_eight_players_deck_running_out_like_pokerkit():
    """G6 with eight players: a community card when all eight reach 7th street, a reshuffle of the folded cards.

    PokerKit deals a community card only when even the folded cards are too few, and otherwise
    reshuffles them, which is ``exhausted=reshuffle``; with ``community`` and a fold the
    engine deals a community card where PokerKit would reshuffle (G6's default, the document).
    """
    seen = {"community": 0, "reshuffle": 0, "inexpressible": 0}
    for exhausted in ("community", "reshuffle"):
        for settings, log, net, _ in random_hands(8, 6, 10, (8,), True, exhausted=exhausted):
            if not expressible(settings, log):
                seen["inexpressible"] += 1
                assert exhausted == "community"
                continue
            check_against_pokerkit(settings, log, net)
            seen["community"] += bool(((log[:, 0] == R.L_DEAL) & (log[:, 1] < 0)).any())
            seen["reshuffle"] += bool((log[:, 0] == R.L_RESHUFFLE).any())
    assert min(seen.values()) >= 3, seen


def test_bring_in_tie_by_seat_otherwise_like_pokerkit():
    """G3 with ``bring_in_tie=seat``: a tie goes to the lowest seat; without a tie PokerKit agrees."""
    ties = 0
    for settings, log, net, _ in random_hands(3, 30, 10, (5, 6, 7), bring_in_tie="seat"):
        doors = log[(log[:, 0] == R.L_DEAL) & (log[:, 3] == 2), 2] >> 2
        bring_in = log[log[:, 0] == R.L_STREET][0, 2]
        tied = np.flatnonzero(doors == doors.max())
        assert bring_in == tied[0]
        if len(tied) > 1:
            ties += 1
        elif expressible(settings, log):
            check_against_pokerkit(settings, log, net)
    assert ties >= 10


# ---------------------------------------------------------------------------------------------
# split pots, hand by hand: odd chips and dead money (G7, G8)
# ---------------------------------------------------------------------------------------------


def three_tied_winners() -> tuple[R.Settings, np.ndarray, np.ndarray]:
    """Seats 1-3 make wheels; seats 0 and 4 fold their antes (1 each): an 11-chip pot splits three ways, 2 left over."""
    deck = cards("Th As Ac Ad Jh Td 2s 2c 2d Jd Qh Ks 3c 3d Jc 3s 4c 4d 4s 5c 5d 5s 9c 9d 9s 9h Kc")
    settings = R.Settings(players=5, ante=1, bring_in=1, small_bet=2, big_bet=4, bring_in_tie="suit")
    seats = [REGISTRY.parse(t) for t in ("script:m1=0", "station", "script:m1=2", "station", "script:m1=0")]
    log, res, _ = play_deck(settings, seats, deck)
    return settings, log, res[:, 0]


def test_odd_chips_all_go_to_the_first_tied_winner():
    """G7: 11 chips for three tied winners are 5, 3, 3: both chips that do not divide to the dealer's left."""
    settings, log, net = three_tied_winners()
    check_against_pokerkit(settings, log, net)
    assert net.tolist() == [-1, 2, 0, 0, -1]


def dead_money_tie() -> tuple[R.Settings, np.ndarray, np.ndarray]:
    """Seats 0 and 4 fold their antes, seat 1 its ante and bring-in; seats 2 and 3 tie with wheels.

    Chips in: 1, 2, 3, 3, 1 = 10, one pot (only seats 2 and 3 can win any of it), 5 each.
    """
    deck = cards("Th Jh Ac Ad Qh Td Jd 2c 2d Qd Qc Ks 3c 3d Jc 4c 4d 5c 5d 9c 9d 9h 9s")
    settings = R.Settings(players=5, ante=1, bring_in=1, small_bet=2, big_bet=4, bring_in_tie="suit")
    seats = [REGISTRY.parse(t) for t in ("script:m1=0", "script:m1=1,m2=0", "script:m1=2", "station", "script:m1=0")]
    log, res, _ = play_deck(settings, seats, deck)
    return settings, log, res[:, 0]


def test_folded_chips_are_dead_money_in_one_pot():
    """G7/G8: the two tied winners of a 10-chip pot get 5 each (PokerKit agrees), not 6 and 4."""
    settings, log, net = dead_money_tie()
    check_against_pokerkit(settings, log, net)
    assert net.tolist() == [-1, -2, 2, 2, -1]


# ---------------------------------------------------------------------------------------------
# PHH files
# ---------------------------------------------------------------------------------------------


def strict_replay(text: str):
    """PokerKit replays the file's actions as written (no repairs); returns the history and the final state."""
    hh = HandHistory.loads(text)
    state = hh.create_state()
    for action in hh.actions:
        if state.can_burn_card("??"):
            state.burn_card("??")
        parse_action(state, action)
    assert not state.status
    return hh, state


def phh_of(settings, log, net, names) -> tuple[str, HandHistory]:
    text = hand_history(settings, log, names, net)
    return text, HandHistory.loads(text)


def test_phh_files_replay_to_their_finishing_stacks():
    """300 hands (2-8 players, all-ins, community cards, reshuffles): PokerKit replays every file it can play exactly.

    A file PokerKit cannot play says so (bring-in ties broken by seat, uncapped heads-up, a
    community card while folded cards could be reshuffled).
    """
    counts = {"replayed": 0, "marked": 0}
    cases = [
        *random_hands(21, 15, 10, (2, 3, 4, 5, 6, 7)),
        *random_hands(22, 4, 10, (8,), True, exhausted="community"),
        *random_hands(23, 3, 10, (8,), True, exhausted="reshuffle"),
        *random_hands(24, 5, 10, (6, 7), bring_in_tie="seat"),
        *random_hands(25, 3, 10, (2,), True, uncapped_heads_up=True),
    ]
    for settings, log, net, names in cases:
        text, hh = phh_of(settings, log, net, names)
        fields = hh.user_defined_fields
        assert hh.players == names and hh.finishing_stacks == [starting_stack(settings) + int(x) for x in net]
        if not expressible(settings, log):
            assert fields["_pokerkit_replayable"] is False and "# PokerKit cannot replay this hand" in text, text
            counts["marked"] += 1
            continue
        with pokerkit_warnings(bool((log[:, 0] == R.L_RESHUFFLE).any())):
            _, state = strict_replay(text)
        assert list(state.stacks) == hh.finishing_stacks, text
        assert fields["_pokerkit_replayable"] is True, text
        counts["replayed"] += 1
    assert counts["replayed"] >= 250 and counts["marked"] >= 10, counts


def first_hand(settings: R.Settings, lineup: tuple, seed: int, wanted) -> tuple[np.ndarray, np.ndarray]:
    """The first hand of a run whose log satisfies ``wanted``."""
    job = GameJob(settings, lineup, seed, 1000)
    for g in range(1000):
        log, res, _ = job.trace(g)
        if wanted(log):
            return log, res[:, 0]
    raise AssertionError("no such hand in 1000")


def test_phh_split_pots_replay():
    """The three-way tie with odd chips and the tie with dead money replay to the engine's stacks."""
    for settings, log, net in (three_tied_winners(), dead_money_tie()):
        text, hh = phh_of(settings, log, net, list("abcde"))
        assert hh.user_defined_fields["_pokerkit_replayable"] is True
        with pokerkit_warnings(False):
            _, state = strict_replay(text)
        assert list(state.stacks) == hh.finishing_stacks == [starting_stack(settings) + int(x) for x in net]


def test_phh_text_is_readable_and_complete():
    """Three players, deep stacks: 8h is the highest door, seat 2 completes, the others call and check it down."""
    settings = R.Settings(players=3, bring_in_tie="suit")
    seats = [REGISTRY.parse(t) for t in ("station", "station", "script:m1=2")]
    deck = cards("As Kd Qh 2s Kc Qd 3s 7c 8h 4s 9d 9h 5s Td Th 6s Jd Jh 7s Qs Qc")
    log, res, _ = play_deck(settings, seats, deck)
    text, hh = phh_of(settings, log, res[:, 0], ["a", "b", 'c "quoted"'])
    assert text.startswith("# Fixed-limit Razz") and "Stacks are deep" in text
    assert "# 3rd street" in text and "# 7th street" in text and "# showdown" in text
    assert hh.variant == "FR" and hh.antes == [2, 2, 2] and hh.bring_in == 5 and hh.ante_trimming_status
    assert hh.starting_stacks == [10**6] * 3 and hh.user_defined_fields["_deep_stacks"] is True
    assert hh.actions[:6] == ["d dh p1 As2s3s", "d dh p2 KdKc7c", "d dh p3 QhQd8h", "p3 cbr 10", "p1 cc", "p2 cc"]
    assert hh.actions[6:9] == ["d dh p1 4s", "d dh p2 9d", "d dh p3 9h"]
    assert hh.actions[-3:] == ["p1 sm As2s3s4s5s6s7s", "p2 sm KdKc7c9dTdJdQs", "p3 sm QhQd8h9hThJhQc"]
    assert hh.finishing_stacks == [10**6 + 24, 10**6 - 12, 10**6 - 12]  # antes 6, 3rd street 30
    with pokerkit_warnings(False):
        _, state = strict_replay(text)
    assert list(state.stacks) == hh.finishing_stacks
    assert hh.players[2] == 'c "quoted"'


def test_phh_all_in_hands_show_when_the_betting_ends():
    """Short stacks all in on 3rd street: PokerKit wants the cards shown before 4th street, and again at the end."""
    settings = R.Settings(players=3, stack=12, bring_in_tie="suit")
    log, net = first_hand(
        settings,
        (REGISTRY.parse("random:fold=0,raise=1"),) * 3,
        1,
        lambda log: ((log[:, 0] == R.L_CALL) & (log[:, 3] == 1)).sum() >= 2,
    )
    text, hh = phh_of(settings, log, net, ["a", "b", "c"])
    assert "# all-in: the cards are shown" in text
    assert sum(a.endswith(" sm") or " sm " in a for a in hh.actions) == 6
    with pokerkit_warnings(False):
        _, state = strict_replay(text)
    assert list(state.stacks) == hh.finishing_stacks


def test_phh_marks_a_community_card_after_a_fold():
    """Eight players, one folds before 7th street and the deck is short: a community card (G6) PokerKit lacks."""
    settings = R.Settings(players=8, bring_in_tie="suit")
    lineup = (REGISTRY.parse("random:fold=0.05,raise=0.2"),) * 8
    log, net = first_hand(settings, lineup, 7, lambda log: not expressible(settings, log))
    text, hh = phh_of(settings, log, net, [f"s{s}" for s in range(8)])
    assert hh.user_defined_fields["_pokerkit_replayable"] is False
    assert "7th street is one community card" in text and "with the folded players' " in text
    assert sum(a.startswith("d db ") for a in hh.actions) == 1
    with pytest.raises(ValueError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        strict_replay(text)


def test_phh_community_card_without_a_fold_replays():
    """Eight players all reach 7th street: 4 cards left, one community card, and PokerKit deals it too."""
    settings = R.Settings(players=8, bring_in_tie="suit")
    log, res, flags = GameJob(settings, (REGISTRY.parse("station"),) * 8, 6, 1).trace(0)
    assert flags == 1
    text, hh = phh_of(settings, log, res[:, 0], [f"s{s}" for s in range(8)])
    assert hh.user_defined_fields["_pokerkit_replayable"] is True and "community card" in text
    with pokerkit_warnings(False):
        _, state = strict_replay(text)
    assert list(state.stacks) == hh.finishing_stacks


def test_phh_marks_a_bring_in_tie_broken_by_seat():
    """G3 bring_in_tie=seat: Kc (seat 0) and Ks (seat 1) tie; seat 0 brings in, PokerKit would ask seat 1."""
    deck = cards("2c 3c 2d 3d Kc Ks")
    for tie, replayable in (("seat", False), ("suit", True)):
        settings = R.Settings(players=2, bring_in_tie=tie)
        log, res, _ = play_deck(settings, [REGISTRY.parse("station")] * 2, deck)
        assert ("highest door cards tie" in hand_history(settings, log, ["a", "b"], res[:, 0])) is (tie == "seat")
        text, hh = phh_of(settings, log, res[:, 0], ["a", "b"])
        assert hh.actions[2] == ("p1 pb" if tie == "seat" else "p2 pb")
        assert hh.user_defined_fields["_pokerkit_replayable"] is replayable
        assert ("PokerKit breaks the tie by suit and would ask p2" in text) is not replayable


def test_phh_marks_uncapped_heads_up_raising():
    settings = R.Settings(players=2, stack=200, uncapped_heads_up=True, bring_in_tie="suit")
    seats = [REGISTRY.parse("script:" + ",".join(f"m{i}=2" for i in range(1, 9)))] * 2
    log, res, _ = play_deck(settings, seats, cards("2c 3c 2d 3d Kc Ks"))
    assert max_bets_in_a_round(log) > 4
    text, hh = phh_of(settings, log, res[:, 0], ["a", "b"])
    assert hh.user_defined_fields["_pokerkit_replayable"] is False
    assert "more than 4 bets" in text and "no limit heads-up" in text
    with pytest.raises(ValueError):
        strict_replay(text)


def test_write_hand_histories(tmp_path):
    paths = write_hand_histories(tmp_path / "phh", ["a = 1\n", "b = 2\n"])
    assert [p.name for p in paths] == ["hand-000001.phh", "hand-000002.phh"]
    assert paths[1].read_text() == "b = 2\n"
    assert sorted(p.name for p in (tmp_path / "phh").iterdir()) == ["hand-000001.phh", "hand-000002.phh"]


def test_unequal_stacks_side_pots_replay_in_pokerkit():
    """G8 with a stack per player: all-ins for less and side pots, PokerKit reaches the same stacks."""
    rng = random.Random(8)
    checked = 0
    for table in range(12):
        players = rng.randint(2, 7)
        stacks = tuple(rng.choice([7, 12, 25, 40, 61, 90, 150, 400]) for _ in range(players))
        settings = R.Settings(players=players, bring_in_tie="suit", stacks=stacks)
        names = ["random:fold=0.05,raise=0.6", "station", "tag", "random:fold=0.2,raise=0.3", "reader"]
        lineup = tuple(REGISTRY.parse(names[i % len(names)]) for i in range(players))
        job = GameJob(settings, lineup, 100 + table, 1)
        for g in range(30):
            log, res, _ = job.trace(g)
            text = hand_history(settings, log, [p.text for p in lineup], res[:, 0], hand=g)
            if "_pokerkit_replayable = true" not in text:
                continue
            with pokerkit_warnings(True):
                hh, state = strict_replay(text)
            assert list(state.stacks) == hh.finishing_stacks, (table, g)
            checked += 1
    assert checked > 300
