"""Riffifi at the terminal: what one seat sees at its decisions, its moves, and each game's end (issue 28).

:data:`STYLE` is the :class:`~razzmatazz.analysis.seat.SeatStyle` that ``riffifi play --human SEAT`` runs.
The screen is built from the seat's view and observation only: the deal, orbit and turn; per colour the
face-up card (whose claim is due) and the cards seen this deal; the chips of every seat and of the middle,
points of earlier deals, cards in each hand and set aside unseen; the seat's hand and the cards it set aside
unseen; what it knows of other hands (a hand it held earlier in this round of passed hands, cards a hand
showed in earlier deals); and the question. Keys: a card ``y5`` (yellow 5; ``r b g o`` the other colours) or
``of`` (the Officer); the Officer's target ``y r b g o`` or ``n`` (none); who gives an odd chip of a tied
claim, the seat's number. A move may also be typed in words (``blue 5``, ``officer``, ``blue``, ``none``,
``seat 2``). Seats are numbered from 1 here, as in the session's names (the trace numbers them from 0).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from razzmatazz.analysis.seat import Move, SeatStyle
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.positions import Position
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import state as S
from razzmatazz.core.rng import game_state

_ONES = sum(1 << (c * R.N_VALUES) for c in range(R.N_COLOURS))
INITIALS = tuple(c[0] for c in R.COLOURS)
"""A colour's key letter: y r b g o."""
OFFICER_KEY = "of"
NONE_KEY = "n"
NONE_WORDS = ("none", "nothing", "n", "no")
TYPING_HINT = "or type a card ('blue 5', 'officer'), a colour ('blue', 'none') or a seat ('seat 2')"


# --- small words ---------------------------------------------------------------------------------


def _game_field(obs: np.ndarray, ps: int) -> int:
    """The game field ``ps`` (``E.PS_*``, between PS_GAME and PS_HANDS) as the observation holds it."""
    return int(obs[S.OB_GAME + ps - E.PS_GAME])


def _whose(owner: int, seat: int) -> str:
    """``your`` or ``seat 2's``."""
    return "your" if owner == seat else f"seat {owner + 1}'s"


def _values(mask: int, colour: int) -> list[int]:
    """The values 1-8 of the cards of ``colour`` in the card mask ``mask``."""
    return [v + 1 for v in range(R.N_VALUES) if (int(mask) >> (colour * R.N_VALUES + v)) & 1]


def cards_text(mask: int) -> str:
    """The cards of ``mask`` grouped by colour: ``yellow 2 6 · red 1 8 · the Officer`` (``none`` if empty)."""
    parts = [f"{name} {' '.join(map(str, vs))}" for c, name in enumerate(R.COLOURS) if (vs := _values(mask, c))]
    if (int(mask) >> R.OFFICER) & 1:
        parts.append("the Officer")
    return " · ".join(parts) or "none"


def _count(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


# --- the screen ----------------------------------------------------------------------------------


def screen(p: Position, seat: int, names: Sequence[str]) -> str:
    """What ``seat`` may see at this decision (its view and observation only)."""
    v, obs, cfg = p.view(seat), p.observation(seat), p.ro[0]
    lines = [_header(v, obs, cfg, seat, p.actor())]
    lines += _table(v, cfg, seat, names)
    lines += _chips(v, obs, cfg, names)
    lines += _hands(v, obs, cfg, seat, names)
    lines.append(_question(v, obs, seat, p.actor(), names))
    return "\n".join(lines)


def _header(v: np.ndarray, obs: np.ndarray, cfg: np.ndarray, seat: int, actor: int) -> str:
    """The deal, orbit and turn, who started the deal, whose decision it is."""
    n, deal = int(cfg[R.C_PLAYERS]), int(v[R.ST_DEAL])
    if cfg[R.C_SCORING] == 0:
        deals = f"deal {deal + 1} of {n}"
    else:
        deals = f"deal {deal + 1} (at most {int(cfg[R.C_MAX_DEALS])}; ticks at {int(cfg[R.C_TICK_AT])} of a colour)"
    turns = int(cfg[R.C_HAND]) * n
    if _game_field(obs, E.PS_PHASE) == E.PH_END:
        when = f"all {turns} cards played, the last claims pay"
    else:
        when = f"orbit {_game_field(obs, E.PS_ORBIT) + 1}, turn {int(v[R.ST_TURN]) + 1} of {turns}"
    start = "you" if int(v[R.ST_START]) == seat else f"seat {int(v[R.ST_START]) + 1}"
    mover = "your decision" if actor == seat else f"seat {actor + 1} to move"
    return f"--- {deals}, {when} ({start} started); {mover}"


def _table(v: np.ndarray, cfg: np.ndarray, seat: int, names: Sequence[str]) -> list[str]:
    """Per colour: the face-up card and whose claim it is, the other cards seen this deal, the cards not seen."""
    public, mine = int(v[R.ST_PUBLIC]), int(v[R.ST_HAND + seat]) | int(v[R.ST_PLAYED + seat])
    out = _ONES if S.ones_in_play(cfg) == 0 else 0  # no 1 is in the game
    width = max(len(names[s]) for s in range(len(names))) + 2
    lines = [
        "per colour: the card face up (still face up at its owner's next turn, it claims its value in chips of "
        "its colour), the cards seen this deal, the cards not seen (in other hands or set aside unseen)"
    ]
    for c, colour in enumerate(R.COLOURS):
        owner, value = int(v[R.ST_UP_OWNER + c]), int(v[R.ST_UP_VALUE + c])
        up = 0 if owner < 0 else 1 << (c * R.N_VALUES + value - 1)
        if owner < 0:
            card = "-".ljust(width + 3)
            claim = ""
        else:
            card = f"{value}  {names[owner]}".ljust(width + 3)
            claim = "paid, leaves at the owner's next turn" if v[R.ST_UP_PAID + c] else f"claims {value} {colour}"
        seen = " ".join(map(str, _values(public & ~up, c))) or "-"
        unseen = " ".join(map(str, _values(~(public | mine | out) & ((1 << R.OFFICER) - 1), c))) or "-"
        lines.append(f"  {colour:<7}{card}{claim:<38}seen {seen:<16}not seen {unseen}")
    ones = int(S.ones_in_play(cfg))
    if 0 < ones < R.N_COLOURS:
        lines.append(f"  only {ones} of the five 1s {'is' if ones == 1 else 'are'} in the game")
    if cfg[R.C_OFFICER]:
        lines.append("  " + _officer(v, cfg, seat))
    lines.append(_claims_due(v, cfg, seat, names))
    return lines


def _officer(v: np.ndarray, cfg: np.ndarray, seat: int) -> str:
    """Where the Officer is, as far as the seat knows."""
    bit = 1 << R.OFFICER
    if v[R.V_KIND] == R.K_TARGET and v[R.V_SEAT] == seat:
        return "the Officer: you are playing it"
    if int(v[R.ST_HAND + seat]) & bit:
        return "the Officer: in your hand"
    for s in range(int(cfg[R.C_PLAYERS])):
        if int(v[R.ST_PLAYED + s]) & int(v[R.ST_PUBLIC]) & bit:
            return f"the Officer: played by {'you' if s == seat else f'seat {s + 1}'}"
    return "the Officer: not played yet"


def _claims_due(v: np.ndarray, cfg: np.ndarray, seat: int, names: Sequence[str]) -> str:
    """The unpaid face-up cards in the order their owners' turns come, from the seat to move."""
    n, first = int(cfg[R.C_PLAYERS]), int(v[R.V_SEAT]) if v[R.V_KIND] >= 0 else 0
    due = []
    for i in range(n):
        s = (first + i) % n
        for c in range(R.N_COLOURS):
            if v[R.ST_UP_OWNER + c] == s and not v[R.ST_UP_PAID + c]:
                due.append(f"{names[s]} {R.card_name(c * R.N_VALUES + int(v[R.ST_UP_VALUE + c]) - 1)}")
    return "claims due, in turn order: " + (", ".join(due) or "none")


def _chips(v: np.ndarray, obs: np.ndarray, cfg: np.ndarray, names: Sequence[str]) -> list[str]:
    """Chips per colour of every seat and the middle, with points of earlier deals and cards in hand."""
    n = int(cfg[R.C_PLAYERS])
    width = max(len(x) for x in names[:n]) + 2
    head = "".join(f"{c:>7}" for c in R.COLOURS) + "  total  earlier  in hand  aside unseen"
    ticks = cfg[R.C_SCORING] == 1
    lines = ["chips".ljust(width + 2) + head + ("  tally (* ticked)" if ticks else "")]
    for h in [*range(n), R.MIDDLE]:
        row = [int(v[R.ST_CHIPS + h * R.N_COLOURS + c]) for c in range(R.N_COLOURS)]
        text = ("middle" if h == R.MIDDLE else names[h]).ljust(width) + "".join(f"{x:>7}" for x in row)
        text += f"{sum(row):>7}"
        if h != R.MIDDLE:
            aside = R.popcount(int(obs[S.OB_HIDDEN + h])) if h != obs[S.OB_SEAT] else _own_aside(v, h)
            text += f"{int(v[R.ST_SCORE + h]):>9}{int(obs[R.V_HAND_N + h]):>9}{int(aside):>14}"
            if ticks:
                text += "  " + _ticked(v, obs, h)
        lines.append("  " + text)
    return lines


def _own_aside(v: np.ndarray, seat: int) -> int:
    """How many cards ``seat`` set aside unseen this deal."""
    return R.popcount(int(v[R.ST_PLAYED + seat]) & ~int(v[R.ST_PUBLIC]))


def _ticked(v: np.ndarray, obs: np.ndarray, s: int) -> str:
    """Ticks scoring: each colour's tally of the earlier deals, with ``*`` once it is ticked."""
    base = S.OB_GAME + E.PS_RES - E.PS_GAME + s * E.N_RES + E.H_CHIPS
    return " ".join(
        f"{INITIALS[c]}{int(obs[base + c])}{'*' if (int(v[R.ST_TICKS + s]) >> c) & 1 else ''}"
        for c in range(R.N_COLOURS)
    )


def _hands(v: np.ndarray, obs: np.ndarray, cfg: np.ndarray, seat: int, names: Sequence[str]) -> list[str]:
    """The seat's hand and unseen set-aside cards, and what it knows of the other hands."""
    hand = int(v[R.ST_HAND + seat])
    if v[R.V_KIND] == R.K_TARGET and v[R.V_SEAT] == seat:
        hand &= ~(1 << R.OFFICER)  # being played
    lines = [f"your hand: {cards_text(hand)}"]
    aside = int(v[R.ST_PLAYED + seat]) & ~int(v[R.ST_PUBLIC])
    if aside:
        lines.append(f"you set aside unseen: {cards_text(aside)}")
    for o, known in known_cards(v, obs, cfg, seat).items():
        lines.append(f"{names[o]} holds or set aside unseen (you know): {cards_text(known)}")
    return lines


def known_cards(v: np.ndarray, obs: np.ndarray, cfg: np.ndarray, seat: int) -> dict[int, int]:
    """Per other seat, the cards ``seat`` knows are in its hand or set aside unseen (as ``determinize`` keeps
    them): the rest of a hand the seat held earlier in this round of passed hands, and cards its hand showed
    face up in earlier deals."""
    n = int(cfg[R.C_PLAYERS])
    k = int(v[R.ST_DEAL]) % n if cfg[R.C_PASSING] == 0 else 0
    out = {}
    for o in range(n):
        if o != seat:
            known = (int(obs[S.OB_HELD + o]) | int(obs[S.OB_SHOWN + (o - k) % n])) & ~int(v[R.ST_PLAYED + o])
            if known:
                out[o] = known
    return out


def _question(v: np.ndarray, obs: np.ndarray, seat: int, actor: int, names: Sequence[str]) -> str:
    """The decision asked."""
    kind = int(v[R.V_KIND])
    who = "you" if actor == seat else names[actor]
    if kind == R.K_PLAY:
        return f"{who}: play a card (a lower card of a colour turns the face-up one down; a higher one is set aside)"
    if kind == R.K_TARGET:
        return f"{who}: the Officer turns one face-up card face down (it claims nothing), or none"
    c, tied = int(v[R.V_COLOUR]), int(v[R.V_TIED])
    seats = [s for s in range(R.MAX_PLAYERS) if (tied >> s) & 1]
    held = int(v[R.ST_CHIPS + seats[0] * R.N_COLOURS + c]) if seats else 0
    card = R.card_name(c * R.N_VALUES + _game_field(obs, E.PS_VALUE) - 1)
    return (
        f"{who}: the claim of {card} still needs {_count(int(v[R.V_ODD]), 'chip')}, one each from the seats "
        f"tied at {held} {R.COLOURS[c]} ({', '.join(names[s] for s in seats)}): who gives the next one?"
    )


# --- the moves -----------------------------------------------------------------------------------


def moves(p: Position, seat: int, legal: np.ndarray) -> list[Move]:
    """Every move of ``legal`` with its key and words (all are listed: at most 12)."""
    v = p.view(seat)
    kind = int(v[R.V_KIND])
    return [Move(move_key(kind, int(c)), _label(v, seat, kind, int(c)), int(c)) for c in legal.tolist()]


def move_key(kind: int, code: int) -> str:
    """The key of move ``code`` of a decision of ``kind``: ``y5``/``of``, ``y``/``n``, or the seat's number."""
    if kind == R.K_PLAY:
        return OFFICER_KEY if code == R.OFFICER else f"{INITIALS[code // R.N_VALUES]}{code % R.N_VALUES + 1}"
    if kind == R.K_TARGET:
        return NONE_KEY if code == R.NO_TARGET else INITIALS[code]
    return str(code + 1)


def _label(v: np.ndarray, seat: int, kind: int, code: int) -> str:
    """The words for move ``code``: the card and what it does, the card the Officer turns down, the giver."""
    if kind == R.K_PLAY:
        if code == R.OFFICER:
            return "the Officer"
        c, value = code // R.N_VALUES, code % R.N_VALUES + 1
        owner, up = int(v[R.ST_UP_OWNER + c]), int(v[R.ST_UP_VALUE + c])
        if owner < 0:
            return R.card_name(code)
        if value < up:
            return f"{R.card_name(code)} (turns down {_whose(owner, seat)} {up})"
        return f"{R.card_name(code)} (higher than {_whose(owner, seat)} {up}: set aside)"
    if kind == R.K_TARGET:
        if code == R.NO_TARGET:
            return "turn nothing down"
        target = R.card_name(code * R.N_VALUES + int(v[R.ST_UP_VALUE + code]) - 1)
        return f"turn down {_whose(int(v[R.ST_UP_OWNER + code]), seat)} {target}"
    return f"one {R.COLOURS[int(v[R.V_COLOUR])]} chip from seat {code + 1}"


def parse(p: Position, seat: int, text: str, legal: np.ndarray) -> int | None:
    """A move typed in words: ``blue 5`` or ``officer``; ``blue`` or ``none`` (the Officer's target); ``seat 2``
    or ``2`` (who gives an odd chip). InputError for a malformed one, None for text that names no move."""
    words = text.lower().split()
    if not words:
        return None
    kind = int(p.view(seat)[R.V_KIND])
    if kind == R.K_PLAY:
        if words[0] in R.COLOURS or words[0] in ("officer", "the"):
            return R.parse_card(" ".join(w for w in words if w != "the"))
        return None
    if kind == R.K_TARGET:
        if len(words) == 1 and words[0] in R.COLOURS:
            return R.COLOURS.index(words[0])
        return R.NO_TARGET if " ".join(words) in NONE_WORDS else None
    if words[0] == "seat":
        words = words[1:]
    if len(words) != 1 or not re.fullmatch(r"[0-9]+", words[0]):
        if text.lower().startswith("seat"):
            raise InputError(f"'{shorten(text)}': write a seat by its number, e.g. 'seat 2'")
        return None
    n = int(p.ro[0][R.C_PLAYERS])
    if len(words[0].lstrip("0")) > 2 or not 1 <= int(words[0]) <= n:
        raise InputError(f"'{shorten(text)}': the seats are 1 to {n}")
    return int(words[0]) - 1


# --- the end of a game ---------------------------------------------------------------------------


def outcome(p: Position, seat: int) -> tuple[float, float]:
    """The finished game's chips over all deals (the trace's payoff) and share of the win of ``seat``."""
    row = E.results(p.pos)[seat]
    return float(row[E.H_SCORE]), float(row[E.H_WIN]) / E.WIN


def fresh_deals(p: Position) -> list[tuple[int, np.ndarray]]:
    """Every fresh deal of the game so far: (deal index, each seat's hand as dealt), replayed from the game's deal
    stream as the engine draws it (a policy's choices never change the cards)."""
    cfg, key = p.ro[0], p.ro[1]
    n = int(cfg[R.C_PLAYERS])
    state = np.uint64(game_state(np.uint64(key), int(p.pos[E.PS_GAME])))
    deck, swap = np.zeros(R.OFFICER + 1, np.int64), np.zeros(R.OFFICER + 1, np.int64)
    out = []
    for d in range(int(p.pos[R.ST_DEAL]) + 1):
        if d % n == 0 or cfg[R.C_PASSING] == 1:
            dealt = np.zeros(R.MAX_PLAYERS, np.int64)
            state, _ = E.deal_hands(cfg, state, deck, swap, dealt)
            state = np.uint64(state)
            out.append((d, dealt[:n].copy()))
    return out


def final(p: Position, seat: int, names: Sequence[str]) -> str:
    """The finished game: every seat's chips and share of the win, then every card that was hidden."""
    cfg = p.ro[0]
    n, deals = int(cfg[R.C_PLAYERS]), int(p.pos[R.ST_DEAL]) + 1
    res = E.results(p.pos)[:n]
    width = max(len(x) for x in names[:n]) + 2
    winners = [names[s] for s in range(n) if res[s, E.H_WIN]]
    lines = [f"game over after {_count(deals, 'deal')}: won by {' and '.join(winners)}"]
    for s in range(n):
        colours = ", ".join(f"{int(res[s, E.H_CHIPS + c])} {colour}" for c, colour in enumerate(R.COLOURS))
        ticks = f", {_count(int(res[s, E.H_TICKS]), 'tick')}" if cfg[R.C_SCORING] == 1 else ""
        win = res[s, E.H_WIN] / E.WIN
        won = "  wins" if win == 1 else f"  shares the win ({win:.2g})" if win else ""
        lines.append(f"  {names[s]:<{width}}{int(res[s, E.H_SCORE]):>4} chips ({colours}{ticks}){won}")
    lines += _hidden_cards(p, names)
    return "\n".join(lines)


def _hidden_cards(p: Position, names: Sequence[str]) -> list[str]:
    """Every hand as dealt, the cards set aside unseen in the last deal, and the cards left out of the game."""
    cfg = p.ro[0]
    n, last = int(cfg[R.C_PLAYERS]), int(p.pos[R.ST_DEAL])
    passing = cfg[R.C_PASSING] == 0
    width = max(len(x) for x in names[:n]) + 2
    everything = (1 << (R.OFFICER + 1 if cfg[R.C_OFFICER] else R.OFFICER)) - 1
    lines = []
    for d, hands in fresh_deals(p):
        through = min(d + n, last + 1)
        passed = f" (passed left after each deal, through deal {through})" if passing and through > d + 1 else ""
        lines.append(f"the hands dealt in deal {d + 1}{passed}:")
        lines += [f"  {names[s]:<{width}}{cards_text(int(hands[s]))}" for s in range(n)]
        out = everything & ~int(np.bitwise_or.reduce(hands))
        if out:
            lines.append(f"  {'left out':<{width}}{cards_text(out)}")
    aside = [
        f"{names[s]}: {cards_text(m)}"
        for s in range(n)
        if (m := int(p.pos[R.ST_PLAYED + s]) & ~int(p.pos[R.ST_PUBLIC]))
    ]
    lines.append("set aside unseen in the last deal: " + ("; ".join(aside) or "none"))
    return lines


STYLE = SeatStyle(
    game="riffifi",
    unit="chips",
    state=S,
    screen=screen,
    moves=moves,
    outcome=outcome,
    final=final,
    parse=parse,
    typing_hint=TYPING_HINT,
)
"""How a Riffifi seat is played from the terminal."""
