"""Razzia at the table: what a person in one seat sees and types (``razzmatazz razzia play --human SEAT``).

:data:`STYLE` is Razzia's :class:`~razzmatazz.analysis.seat.SeatStyle`. At each decision the screen shows
what the seat may see (R9): the round and the croupier, the bars in play with their money cards, the cards
played this round (face down until all are turned over), the money won (the others' only with
``open_money``), the seat's hand and the question. It reads the seat's view and observation only, never
the position itself; ``final`` and ``outcome`` run when the game is over and show everything.

Keys: a hand slot ``1``-``5``; a bar by its number ``1``-``6`` (the free card, or where a spielbox round's
largest card goes); ``a`` accept, ``d`` duel. An offer: ``x`` the exact haggle's division, ``r`` the
rational one, ``e`` an even split, ``k`` everything kept, ``n`` no offer (``offer_duel``), every division
by its code when the bar has few; any division may be typed as ``SEAT:DOLLARS ...`` (``2:10000 4:5000``:
seat 2 gets $10,000, seat 4 $5,000, the rest is the proposer's; ``2:5000+5000`` names the cards). A
spielbox placement may be typed as one bar number a card, in the order drawn (``1 2 3 4 5 6 1``).
Seats are numbered from 1, as the session names them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

import numpy as np

from razzmatazz.analysis.razzia.game import _dollars, trace_result
from razzmatazz.analysis.seat import Move, SeatStyle, describe
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.positions import Position
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import haggle as H
from razzmatazz.core.razzia import policies as P
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import state as S

LIST_ALL = 8
"""A decision with at most this many offers or placements lists them all; with more, the named ones."""
HAGGLES = (("x", "the exact haggle", "greedy"), ("r", "the rational haggle", "greedy:haggle=0"))
"""Named offers from the built-in haggle (key, words, the policy whose division it is)."""
MAX_TRIES = 100_000
"""At most this many ways of forming a typed division's amounts are tried."""
EXAMPLE_OFFER = "2:10000 4:5000"
MAX_DIGITS = 12
"""A typed amount of more digits is more money than any game holds (refused before it is read as a number)."""
ANSWERS = {"1": R.ACCEPT, "accept": R.ACCEPT, "2": R.DUEL, "duel": R.DUEL}
"""An answer typed as its code or its word (the keys are ``a`` and ``d``)."""


# ----------------------------------------------------------------------------- words


def _who(s: int, seat: int) -> str:
    return "you" if s == seat else f"seat {s + 1}"


def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'s' * (k != 1)}"


def _the(b: int) -> str:
    """A bar's name as in a sentence: ``the Colibri``, ``Lincoln's``."""
    return R.BAR_NAMES[b] if R.BAR_NAMES[b].endswith("'s") else f"the {R.BAR_NAMES[b]}"


def _bars(v: np.ndarray) -> list[int]:
    """The bars in play, left to right."""
    return [b for b in range(R.MAX_BARS) if v[R.ST_BARS] >> b & 1]


def _denoms(v: np.ndarray) -> list[int]:
    """The denominations' values (units)."""
    return [int(x) for x in v[R.ST_DENOM : R.ST_DENOM + v[R.ST_NDENOM]]]


def _counts(v: np.ndarray, bar: int) -> list[int]:
    """The money cards at ``bar``, per denomination."""
    lo = R.ST_MONEY + bar * R.MAX_DENOMS
    return [int(x) for x in v[lo : lo + v[R.ST_NDENOM]]]


def _cards_text(v: np.ndarray, counts: Sequence[int]) -> str:
    """Money cards, largest first: ``$20,000 + 2 x $5,000`` (``nothing`` for none)."""
    parts = [(f"{c} x " if c > 1 else "") + _dollars(u) for u, c in reversed(list(zip(_denoms(v), counts))) if c > 0]
    return " + ".join(parts) or "nothing"


def _amount(v: np.ndarray, counts: Sequence[int]) -> str:
    """``$25,000``, with the cards when there are several: ``$25,000 ($20,000 + $5,000)``."""
    units = sum(u * c for u, c in zip(_denoms(v), counts))
    text = _dollars(units) if units else "nothing"
    return f"{text} ({_cards_text(v, counts)})" if sum(counts) > 1 else text


def _card_short(code: int) -> str:
    """A card without its bar: ``police 5``."""
    return f"{R.KINDS[R.card_kind(code)]} {R.card_value(code)}"


def _cards_brief(codes: Sequence[int]) -> str:
    """Playing cards grouped by bar: ``Colibri gambler 1, 3, police 4; Jungle gambler 2``."""
    parts = []
    for b in range(R.MAX_BARS):
        here = sorted((R.card_kind(c), R.card_value(c)) for c in codes if R.card_bar(c) == b)
        words, kind = [], -1
        for k, value in here:
            words.append(f"{R.KINDS[k]} {value}" if k != kind else str(value))
            kind = k
        if words:
            parts.append(f"{R.BAR_NAMES[b]} {', '.join(words)}")
    return "; ".join(parts) or "none"


def _hand(v: np.ndarray, seat: int) -> list[int]:
    lo = R.ST_HAND + seat * R.HAND
    return [int(c) for c in v[lo : lo + R.HAND] if c >= 0]


def _chance(v: np.ndarray, caller: int, proposer: int) -> str:
    """P(``caller`` beats ``proposer`` in a duel it calls, H5): ``15/36 (42 %)``."""
    num, den = H.duel_fraction(v[R.V_CARDVAL + caller], v[R.V_CARDVAL + proposer], v[R.ST_DUEL_TIE] == 0)
    return f"{num}/{den} ({100 * num / den:.0f} %)"


# ----------------------------------------------------------------------------- the screen


def screen(p: Position, seat: int, names: Sequence[str]) -> str:
    """What ``seat`` may see at its decision: the round, the bars, the table, the money won, its hand, the
    question (from its view and observation only)."""
    v = p.view(seat)
    lines = [_round_line(p, v, names), *_bar_lines(v, names)]
    lines += [_table_line(v, p.observation(seat), seat, names), _standings(p, v, seat, names)]
    lines += [f"your hand: {', '.join(R.card_name(c) for c in _hand(v, seat)) or 'empty'}"]
    return "\n".join(line for line in lines + _question(v, seat, names) if line)


def _round_line(p: Position, v: np.ndarray, names: Sequence[str]) -> str:
    """The round (of how many), the croupier, the stock, the discard pile and the money deck."""
    r, left = int(v[R.ST_ROUND]), int(v[R.ST_MONEY_LEFT])
    rounds = r + 1 + -(-left // int(p.ro[0][R.C_PER_ROUND]))
    last = " (the last)" if v[R.ST_LAST_ROUND] else ""
    return (
        f"--- round {r + 1} of {rounds}{last}: the croupier is {names[v[R.ST_CROUPIER]]}; stock {v[R.ST_STOCK]} "
        f"cards, discard pile {v[R.ST_DISCARD]}, money deck {left}"
    )


def _bar_lines(v: np.ndarray, names: Sequence[str]) -> list[str]:
    """Each bar in play: its number, name and money; once turned over, the cards played there."""
    lines = ["bars:"]
    for b in _bars(v):
        counts = _counts(v, b)
        money = _dollars(int(v[R.ST_BAR_UNITS + b])) + (f" = {_cards_text(v, counts)}" if sum(counts) > 1 else "")
        here = [
            f"{names[s]} {_card_short(int(v[R.ST_TABLE + s]))}"
            for s in range(v[R.ST_PLAYERS])
            if v[R.ST_REVEALED] and v[R.ST_TABLE + s] >= 0 and R.card_bar(int(v[R.ST_TABLE + s])) == b
        ]
        lines.append(f"  [{b + 1}] {R.BAR_NAMES[b]:<11} {money}" + (f"   played: {', '.join(here)}" if here else ""))
    out = [R.BAR_NAMES[b] for b in range(R.MAX_BARS) if b not in _bars(v)]
    return lines + ([f"  not in play: {', '.join(out)}"] if out else [])


def _table_line(v: np.ndarray, obs: np.ndarray, seat: int, names: Sequence[str]) -> str:
    """Before the cards are turned over: who has played (face down) and who is still to play."""
    if v[R.ST_REVEALED]:
        return ""
    n = int(v[R.ST_PLAYERS])
    order = [(int(v[R.ST_CROUPIER]) + 1 + i) % n for i in range(n)]
    played = [
        f"{names[s]} {R.card_name(int(v[R.ST_TABLE + s]))} (face down)" if s == seat else f"{names[s]} face down"
        for s in order
        if (s == seat and v[R.ST_TABLE + s] >= 0) or obs[S.OB_DOWN + s]
    ]
    waiting = [names[s] for s in order if v[R.ST_TABLE + s] < 0 and not obs[S.OB_DOWN + s]]
    return f"played this round: {', '.join(played) or 'nothing yet'}" + (
        f"; still to play: {', '.join(waiting)}" if waiting else ""
    )


def _standings(p: Position, v: np.ndarray, seat: int, names: Sequence[str]) -> str:
    """The money won per seat (and the bars won, where they break a tie); the others' hidden without
    ``open_money``."""
    bars = int(p.ro[0][R.C_FINAL_TIES] == 1)
    shown = [
        f"{names[s]} {_dollars(int(v[R.ST_WON + s]))}" + (f" ({_plural(int(v[R.ST_BARS_WON + s]), 'bar')})" * bars)
        for s in range(v[R.ST_PLAYERS])
        if v[R.ST_WON + s] >= 0
    ]
    hidden = "" if p.ro[0][R.C_OPEN_MONEY] else "; the others' are hidden (open money off)"
    return f"money won: {', '.join(shown)}{hidden}"


def _question(v: np.ndarray, seat: int, names: Sequence[str]) -> list[str]:
    """The decision posed, in words."""
    kind = int(v[R.V_KIND])
    if kind == R.K_PLAY:
        return ["your move: play one card face down (they are all turned over once everyone has played)"]
    if kind == R.K_FREE:
        return [f"you are the croupier: the last money card, {_dollars(int(v[R.V_VALUE]))}, goes to a bar you choose"]
    if kind == R.K_ALL:
        drawn = ", ".join(f"{i + 1}) {_dollars(int(u))}" for i, u in enumerate(_drawn(v)))
        return [
            f"you are the croupier (spielbox): place this round's money cards, every bar in play at least one: {drawn}",
            f"  pick the bar for the largest card ({_dollars(max(_drawn(v)))}; the rest go one a bar from the left), "
            f"or type a bar number for each card in this order, e.g. {_placement_example(v)}",
        ]
    return _haggle_lines(v, seat, names, kind)


def _haggle_lines(v: np.ndarray, seat: int, names: Sequence[str], kind: int) -> list[str]:
    """An offer to make or to answer: the bar, the contestants' cards and duel chances, the offer."""
    bar, proposer = int(v[R.V_BAR]), int(v[R.V_PROPOSER])
    cards = {s: _card_short(int(v[R.ST_TABLE + s])) for s in _contestants(v)}
    others = [f"{names[s]} {cards[s]} {_chance(v, s, proposer)}" for s in _contestants(v) if s != proposer]
    lines = [
        f"haggle at {_the(bar)}, {_amount(v, _counts(v, bar))}: {names[proposer]} proposes with "
        f"{cards[proposer]}; the others, with their chance to win a duel they call: {', '.join(others)}"
    ]
    if kind == R.K_OFFER:
        total = _offer_count(v)
        return lines + [
            f"your offer divides the bar's money cards among the contestants ({total:,} divisions): pick below, or "
            f"type one, e.g. {_example(v, seat)} (the rest is yours)"
        ]
    division = _offer_of(v)
    mine = sum(u * c for u, c in zip(_denoms(v), division[seat]))
    theirs = sum(u * c for u, c in zip(_denoms(v), division[proposer]))
    k = len(_contestants(v))
    stake = mine if (v[R.ST_ONE_DECLINES] == 1 and k >= 3) else mine + theirs
    return lines + [
        f"the offer: {_division_text(v, division, seat)}",
        f"accept, or duel {names[proposer]}: you win {_chance(v, seat, proposer)}, for {_dollars(stake)} if "
        "you alone decline",
    ]


def _example(v: np.ndarray, seat: int) -> str:
    """A typed division for this bar: the first other contestant gets the bar's smallest card."""
    other = next(s for s in _contestants(v) if s != seat)
    smallest = next(u for u, c in zip(_denoms(v), _counts(v, int(v[R.V_BAR]))) if c > 0)
    return f"{other + 1}:{smallest * R.UNIT}"


# ----------------------------------------------------------------------------- offers


def _contestants(v: np.ndarray) -> list[int]:
    """The contestants, the proposer first, then clockwise (the order of the answers)."""
    n, p = int(v[R.ST_PLAYERS]), int(v[R.V_PROPOSER])
    return [(p + i) % n for i in range(n) if v[R.V_CONTEST] >> ((p + i) % n) & 1]


def _scratch(v: np.ndarray) -> np.ndarray:
    """An engine workspace holding only the view and the haggle's public fields (for the offer codes)."""
    w = np.zeros(E.W_CTRL + E.N_CTRL, np.int64)
    w[: R.VIEW_LEN] = v
    w[E.W_BAR], w[E.W_PROPOSER], w[E.W_CONTEST] = v[R.V_BAR], v[R.V_PROPOSER], v[R.V_CONTEST]
    w[E.W_K] = len(_contestants(v))
    return w


def _offer_count(v: np.ndarray) -> int:
    return int(E.offer_count(_scratch(v)))


def _division(v: np.ndarray, code: int) -> np.ndarray:
    """The division (seat x denomination counts) of offer ``code``."""
    w = _scratch(v)
    E.offer_division(w, code)
    return w[R.V_OFFER : R.V_OFFER + E.NSD].reshape(R.MAX_PLAYERS, R.MAX_DENOMS).copy()


def _code(v: np.ndarray, division: np.ndarray) -> int:
    """The offer code of a division (seat x denomination counts)."""
    w = _scratch(v)
    w[R.V_OFFER : R.V_OFFER + E.NSD] = division.ravel()
    return int(E.offer_code(w))


def _offer_of(v: np.ndarray) -> np.ndarray:
    """The division being answered (``V_OFFER``)."""
    return v[R.V_OFFER : R.V_OFFER + E.NSD].reshape(R.MAX_PLAYERS, R.MAX_DENOMS)


def _division_text(v: np.ndarray, division: np.ndarray, seat: int) -> str:
    """``you keep $25,000, seat 3 gets $10,000 ($5,000 + $5,000), seat 4 gets nothing``: the cards only where
    the bar's cards make the amount more than one way."""
    nd = int(v[R.ST_NDENOM])
    pool, denoms = _counts(v, int(v[R.V_BAR])), _denoms(v)
    words = []
    for s in _contestants(v):
        counts = division[s, :nd].tolist()
        units = sum(u * c for u, c in zip(denoms, counts))
        ways = sum(1 for _ in zip(range(2), _ways(pool, denoms, units, nd - 1)))
        amount = _amount(v, counts) if ways > 1 else (_dollars(units) if units else "nothing")
        verb = ("keep" if s == seat else "keeps") if s == v[R.V_PROPOSER] else ("get" if s == seat else "gets")
        words.append(f"{_who(s, seat)} {verb} {amount}")
    return ", ".join(words)


def _policy_offer(v: np.ndarray, text: str) -> int:
    """The offer code the built-in policy ``text`` makes here (``NO_OFFER`` for a call for a duel)."""
    policy = P.REGISTRY.parse(text)
    w = v.copy()
    ans, _ = P.decide(np.int64(policy.spec.id), np.array(policy.row), w, np.int64(0))
    return R.NO_OFFER if ans == R.NO_OFFER else _code(v, _offer_of(w))


def _even(v: np.ndarray) -> int:
    """An even split: the cards, largest first, each to the contestant holding least (the earlier on a tie)."""
    division = np.zeros((R.MAX_PLAYERS, R.MAX_DENOMS), np.int64)
    got = dict.fromkeys(_contestants(v), 0)
    for d in reversed(range(int(v[R.ST_NDENOM]))):
        for _ in range(_counts(v, int(v[R.V_BAR]))[d]):
            s = min(got, key=got.__getitem__)
            division[s, d] += 1
            got[s] += _denoms(v)[d]
    return _code(v, division)


def _named_offers(v: np.ndarray) -> list[tuple[str, str, int]]:
    """The useful offers (key, words, code), one per code (a code named twice keeps the first key, both
    words)."""
    named = [(key, words, _policy_offer(v, text)) for key, words, text in HAGGLES]
    named += [("e", "an even split", _even(v)), ("k", "keep everything", 0)]
    if v[R.ST_OFFER_DUEL]:
        named.append(("n", "no offer: call for a duel with every other contestant", R.NO_OFFER))
    merged: dict[int, tuple[str, list[str]]] = {}
    for key, words, code in named:
        merged.setdefault(code, (key, []))[1].append(words)
    return [(key, " = ".join(words), code) for code, (key, words) in merged.items()]


def _offer_moves(v: np.ndarray, seat: int, legal: np.ndarray) -> list[Move]:
    """The named offers that are legal; every legal one by its code when there are few."""
    ok = set(legal.tolist())
    moves = [
        Move(key, words if code == R.NO_OFFER else f"{words}: {_division_text(v, _division(v, code), seat)}", code)
        for key, words, code in _named_offers(v)
        if code in ok
    ]
    if len(legal) <= LIST_ALL:
        listed = {m.code for m in moves}
        moves += [Move(str(c), _division_text(v, _division(v, c), seat), c) for c in legal.tolist() if c not in listed]
    return moves


# ----------------------------------------------------------------------------- placements (spielbox)


def _drawn(v: np.ndarray) -> list[int]:
    """A spielbox round's money cards (units), in the order drawn."""
    return [int(u) for u in v[R.V_DRAWN : R.V_DRAWN + v[R.V_NDRAWN]]]


def _placement(targets: Sequence[int]) -> int:
    """The code of a placement: card i to bar ``targets[i]``."""
    return sum(int(b) << (3 * i) for i, b in enumerate(targets))


def _targets(v: np.ndarray, code: int) -> list[int]:
    return [(code >> (3 * i)) & 7 for i in range(v[R.V_NDRAWN])]


def _named_placements(v: np.ndarray) -> list[tuple[int, int]]:
    """Per bar in play (bar, code): the largest card there, the others one a bar from the left."""
    drawn = _drawn(v)
    big = drawn.index(max(drawn))
    out = []
    for b in _bars(v):
        rest = iter(_bars(v))
        out.append((b, _placement([b if i == big else next(rest) for i in range(len(drawn))])))
    return out


def _placement_example(v: np.ndarray) -> str:
    """A typed placement: one card a bar from the left, the last to the leftmost (``1 2 3 4 5 6 1``)."""
    bars = _bars(v)
    return " ".join(str(bars[i % len(bars)] + 1) for i in range(v[R.V_NDRAWN]))


def _placement_text(v: np.ndarray, code: int) -> str:
    """``Colibri $5,000 + $50,000, Cotton Club $10,000, ...``."""
    targets = _targets(v, code)
    return ", ".join(
        f"{R.BAR_NAMES[b]} " + " + ".join(_dollars(u) for u, t in zip(_drawn(v), targets) if t == b) for b in _bars(v)
    )


def _placement_moves(v: np.ndarray, legal: np.ndarray) -> list[Move]:
    """Where the largest card goes (by bar number); every placement (one bar digit a card) when there are few."""
    ok = set(legal.tolist())
    big = _dollars(max(_drawn(v)))
    moves = [
        Move(str(b + 1), f"{big} to {_the(b)}, the rest from the left", code)
        for b, code in _named_placements(v)
        if code in ok
    ]
    if len(legal) <= LIST_ALL:
        listed = {m.code for m in moves}
        moves += [
            Move("".join(str(b + 1) for b in _targets(v, c)), _placement_text(v, c), c)
            for c in legal.tolist()
            if c not in listed
        ]
    return moves


# ----------------------------------------------------------------------------- moves


def moves(p: Position, seat: int, legal: np.ndarray) -> list[Move]:
    """The legal moves with keys and words (offers and placements: the useful ones when there are many)."""
    v = p.view(seat)
    kind = int(v[R.V_KIND])
    codes = [int(c) for c in legal]
    if kind == R.K_PLAY:
        hand = v[R.ST_HAND + seat * R.HAND : R.ST_HAND + (seat + 1) * R.HAND]
        return [Move(str(j + 1), R.card_name(int(hand[j])), j) for j in codes]
    if kind == R.K_FREE:
        return [Move(str(b + 1), f"to {_the(b)} ({_dollars(int(v[R.ST_BAR_UNITS + b]))})", b) for b in codes]
    if kind == R.K_ALL:
        return _placement_moves(v, legal)
    if kind == R.K_OFFER:
        return _offer_moves(v, seat, legal)
    words = {R.ACCEPT: ("a", "accept"), R.DUEL: ("d", "duel")}
    return [Move(*words[c], c) for c in codes if c in words]


# ----------------------------------------------------------------------------- typed moves


def parse(p: Position, seat: int, text: str, legal: np.ndarray) -> int | None:
    """A typed offer (``2:10000 4:5000``, or a named key), spielbox placement (``1 2 3 4 5 6 1``) or answer (the
    codes ``1`` accept and ``2`` duel, or the words); None for text that is none of these."""
    v = p.view(seat)
    kind = int(v[R.V_KIND])
    if kind == R.K_OFFER:
        named = {key: code for key, _, code in _named_offers(v)}
        if text.strip().lower() in named:
            return named[text.strip().lower()]
        return _parse_division(v, seat, text) if ":" in text else None
    if kind == R.K_ALL and re.fullmatch(r"[0-9\s,]+", text):
        return _parse_placement(v, text)
    if kind == R.K_ANSWER:
        return ANSWERS.get(text.strip().lower())
    return None


def _parse_placement(v: np.ndarray, text: str) -> int:
    """One bar number per card in the order drawn (``1 2 3 4 5 6 1`` or ``1234561``), every bar in play once."""
    tokens = text.replace(",", " ").split()
    if len(tokens) == 1:
        tokens = list(tokens[0])
    k = int(v[R.V_NDRAWN])
    if len(tokens) != k:
        raise InputError(f"type one bar number for each of the {k} cards, in order, e.g. {_placement_example(v)}")
    if any(len(t) > 1 for t in tokens):
        bars = ", ".join(str(b + 1) for b in _bars(v))
        raise InputError(f"'{shorten(text, 20)}' is not a bar: the bars are {bars}, one number a card")
    targets = [int(t) - 1 for t in tokens]
    for t in targets:
        if t not in _bars(v):
            raise InputError(f"bar {t + 1} is not in play: the bars are {', '.join(str(b + 1) for b in _bars(v))}")
    for b in _bars(v):
        if b not in targets:
            raise InputError(f"every bar in play needs a money card: {_the(b)} ({b + 1}) has none")
    return _placement(targets)


def _units(text: str) -> int:
    """``10000``, ``$10,000`` or ``10k`` in units of $5,000."""
    m = re.fullmatch(r"\$?([0-9][0-9,]*)(k?)", text.lower())
    if not m:
        raise InputError(f"'{shorten(text, 20)}' is not an amount of dollars (e.g. 10000, $10,000 or 10k)")
    if len(m.group(1).replace(",", "").lstrip("0")) > MAX_DIGITS:
        raise InputError(f"'{shorten(text, 20)}' is more money than the game holds")
    dollars = int(m.group(1).replace(",", "")) * (1000 if m.group(2) else 1)
    if dollars % R.UNIT:
        raise InputError(f"${dollars:,} is not a sum of money cards (they are multiples of $5,000)")
    return dollars // R.UNIT


def _parse_division(v: np.ndarray, seat: int, text: str) -> int:
    """``SEAT:DOLLARS`` for each other contestant given something (``SEAT:D+D+...`` names the cards); the rest
    is the proposer's."""
    contest = _contestants(v)
    pool = _counts(v, int(v[R.V_BAR]))
    denoms = _denoms(v)
    exact: dict[int, list[int]] = {}
    sums: dict[int, int] = {}
    for token in re.sub(r"\s*([:+])\s*", r"\1", text.strip()).split():
        who, _, amount = token.partition(":")
        s = _share_seat(v, seat, who, token, contest)
        if s in exact or s in sums:
            raise InputError(f"seat {s + 1} is given twice")
        if "+" in amount:
            exact[s] = [_units(a) for a in amount.split("+")]
        else:
            sums[s] = _units(amount)
    division = np.zeros((R.MAX_PLAYERS, R.MAX_DENOMS), np.int64)
    for s, cards in exact.items():
        for u in cards:
            d = denoms.index(u) if u in denoms else -1
            if d < 0 or pool[d] == 0:
                raise InputError(f"seat {s + 1}: no {_dollars(u)} card is left at the bar ({_cards_text(v, pool)})")
            pool[d] -= 1
            division[s, d] += 1
    if not _fill(list(sums.items()), pool, denoms, division, [MAX_TRIES]):
        asked = ", ".join(f"seat {s + 1} {_dollars(u)}" for s, u in sums.items())
        raise InputError(f"{asked} cannot be made from the bar's money cards ({_cards_text(v, pool)})")
    for d in range(len(denoms)):
        division[seat, d] = pool[d] - sum(int(division[s, d]) for s in sums)
    return _code(v, division)


def _share_seat(v: np.ndarray, seat: int, who: str, token: str, contest: list[int]) -> int:
    """The seat (0-based) a typed share names: another contestant."""
    if not re.fullmatch(r"[0-9]+", who):
        raise InputError(f"'{shorten(token, 20)}': give each share as SEAT:DOLLARS, e.g. {EXAMPLE_OFFER}")
    others = ", ".join(str(o + 1) for o in contest if o != seat)
    if len(who.lstrip("0")) > 2:
        raise InputError(
            f"seat {shorten(who, 20)} is not a contestant at {_the(int(v[R.V_BAR]))} (the others: {others})"
        )
    s = int(who) - 1
    if s == seat:
        raise InputError(f"the rest is yours: name only the other contestants ({others})")
    if s not in contest:
        raise InputError(f"seat {s + 1} is not a contestant at {_the(int(v[R.V_BAR]))} (the others: {others})")
    return s


def _fill(
    wants: list[tuple[int, int]], pool: list[int], denoms: list[int], division: np.ndarray, tries: list[int]
) -> bool:
    """Give each (seat, units) of ``wants`` cards from ``pool`` summing to its units (the fewest cards first);
    True if every share could be made, ``division`` then holding them (``pool`` is left as it was)."""
    if not wants:
        return True
    s, units = wants[0]
    for take in _ways(pool, denoms, units, len(denoms) - 1):
        tries[0] -= 1
        if tries[0] < 0:
            raise InputError("too many ways to make these amounts: name the cards, e.g. 2:10000+5000")
        rest = [c - t for c, t in zip(pool, take)]
        if _fill(wants[1:], rest, denoms, division, tries):
            division[s, : len(take)] = take
            return True
    return False


def _ways(pool: list[int], denoms: list[int], units: int, d: int) -> Iterator[list[int]]:
    """Every choice of cards from ``pool`` (per denomination, ``denoms[:d + 1]``) summing to ``units``, the
    larger cards first."""
    if d < 0:
        if units == 0:
            yield [0] * len(pool)
        return
    for c in range(min(pool[d], units // denoms[d]), -1, -1):
        for rest in _ways(pool, denoms, units - c * denoms[d], d - 1):
            rest[d] = c
            yield rest


# ----------------------------------------------------------------------------- the end of the game


def outcome(p: Position, seat: int) -> tuple[float, float]:
    """The finished game's payoff (dollars won) and win (1, a share, or 0) of ``seat``, as the trace counts them."""
    result = trace_result(p.pos[E.W_RES + seat * E.N_RES : E.W_RES + (seat + 1) * E.N_RES].tolist())
    return float(result["payoff"]), float(result["win"])


def final(p: Position, seat: int, names: Sequence[str]) -> str:
    """The finished game: every seat's money, bars won and win; what was left at the bars; every card that was
    hidden (the others' hands, the stock)."""
    n = int(p.pos[R.ST_PLAYERS])
    res = [trace_result(p.pos[E.W_RES + s * E.N_RES : E.W_RES + (s + 1) * E.N_RES].tolist()) for s in range(n)]
    winners = [names[s] for s in range(n) if res[s]["win"] > 0]
    lines = [f"game over: {' and '.join(winners)} {'win' if len(winners) > 1 else 'wins'}"]
    lines += [
        f"  {names[s]}: ${r['payoff']:,} from {_plural(r['bars_won'], 'bar')}{_won(r['win'])}"
        for s, r in enumerate(res)
    ]
    split = " (shared out by leftover split, not in the payoffs)" if p.ro[0][R.C_LEFTOVER] else ""
    lines.append(f"  left at the bars: {_dollars(int(p.pos[E.W_LEFT]))}{split}")
    top = int(p.pos[E.W_POS])
    stock = p.pos[E.W_STOCK + top : E.W_STOCK + top + p.pos[E.W_POS + 1]].tolist()
    lines.append("the cards you did not see:")
    lines += [f"  {names[s]} held {_cards_brief(_hand(p.pos, s))}" for s in range(n) if s != seat]
    lines.append(f"  never dealt ({_plural(len(stock), 'card')}): {_cards_brief(stock)}")
    return "\n".join(lines)


def news(before: Position, after: Position, seat: int, code: int, names: Sequence[str]) -> list[str]:
    """What ``seat`` saw happen in one move: another seat's placement, offer or answer; the cards turned over
    once the round's last card is played (read from ``before.pos``, public from then on); the money each seat
    took, as far as ``seat`` sees it (its own always, the others' with ``open_money``)."""
    actor, v = before.actor(), before.view(before.actor())
    kind, lines = int(v[R.V_KIND]), []
    if actor != seat and kind in (R.K_FREE, R.K_ALL):
        lines.append(f"the croupier, {names[actor]}, places the money: {describe(STYLE, before, actor, code)}")
    elif actor != seat and kind == R.K_OFFER:
        lines.append(f"{names[actor]} offers at {_the(int(v[R.V_BAR]))}: {_division_text(v, _division(v, code), seat)}")
    elif actor != seat and kind == R.K_ANSWER:
        answer = "accepts" if code == R.ACCEPT else f"duels {names[int(v[R.V_PROPOSER])]}"
        lines.append(f"{names[actor]} {answer} at {_the(int(v[R.V_BAR]))}")
    if kind == R.K_PLAY and (
        after.over() or after.pos[R.ST_ROUND] != before.pos[R.ST_ROUND] or after.pos[R.ST_REVEALED]
    ):
        table = [int(before.pos[R.ST_TABLE + s]) for s in range(int(before.pos[R.ST_PLAYERS]))]
        table[actor] = int(before.pos[R.ST_HAND + actor * R.HAND + code])
        shown = [f"{names[s]} {R.card_name(c)}" for s, c in enumerate(table) if c >= 0]
        lines.append(f"round {int(before.pos[R.ST_ROUND]) + 1}, the cards turned over: {', '.join(shown)}")
    was, now = before.view(seat), after.view(seat)
    for s in range(int(now[R.ST_PLAYERS])):
        gain = int(now[R.ST_WON + s]) - int(was[R.ST_WON + s])
        if now[R.ST_WON + s] >= 0 and was[R.ST_WON + s] >= 0 and gain > 0:
            lines.append(f"{names[s]} {'take' if s == seat else 'takes'} {_dollars(gain)}")
    return lines


def _won(win: float) -> str:
    if win >= 1:
        return ", the winner"
    return f", shares the win ({win:.3g})" if win > 0 else ""


def typing_hint(p: Position, seat: int) -> str:
    """How to type a move that is not listed, for the decision posed (an offer or a spielbox placement)."""
    kind = int(p.view(seat)[R.V_KIND])
    if kind == R.K_OFFER:
        return "or type an offer as SEAT:DOLLARS for each other contestant (the rest is yours)"
    if kind == R.K_ALL:
        return "or type a spielbox placement as bar numbers (1234561)"
    return ""


ADVISOR = "search-strong"
"""The search player asked on ``?``: the budget that beats the tuned heuristics (``seeds/razzia.md``)."""

STYLE = SeatStyle(
    game="razzia",
    unit="dollars",
    state=S,
    screen=screen,
    moves=moves,
    outcome=outcome,
    final=final,
    parse=parse,
    typing_hint=typing_hint,
    news=news,
)
"""Razzia's human seat (``razzmatazz razzia play --human SEAT``)."""
