"""Razz at a person's seat (:mod:`razzmatazz.analysis.seat`): the screen, the moves and the hand's end.

At a decision the person sees what the seat's policy is shown (:func:`razzmatazz.core.razz.state.view`):
the street, the pot, the bet to call and the stack, their own cards (down cards in brackets), every
seat's up cards and chips in this round, and this street's actions so far (from the seat's observation,
whose log has the cards it has not seen blanked). After the hand: the whole hand with every card face up,
as ``play --trace`` writes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO

import numpy as np

from razzmatazz.analysis.razz.game import _STREETS, _action, hand_lines
from razzmatazz.analysis.seat import Move, SeatStyle
from razzmatazz.core.cards import card_str
from razzmatazz.core.positions import Position
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz import state as S

_STATUS = {R.FOLDED: "folded", R.ALL_IN: "all-in"}


def _cfg(p: Position) -> np.ndarray:
    return p.ro[0]


def _log(rows_at: int, a: np.ndarray) -> np.ndarray:
    """The log rows stored at ``a[rows_at:]`` (row 0 holds their count)."""
    k = int(a[rows_at])
    return a[rows_at + 4 : rows_at + 4 * (k + 1)].reshape(k, 4)


def _cards(cards: Sequence[int], face_down: Sequence[int] = (0, 1, 6)) -> str:
    """Cards in stud order, the down ones in brackets."""
    return " ".join(f"[{card_str(c)}]" if j in face_down else card_str(c) for j, c in enumerate(cards) if c >= 0)


def screen(p: Position, seat: int, names: Sequence[str]) -> str:
    """What ``seat`` sees at its decision: street, pot, to call, cards up and own, this street's actions."""
    v = p.view(seat)
    n = int(_cfg(p)[R.C_PLAYERS])
    lines = [
        f"{_STREETS[int(v[R.V_STREET])]}: pot {int(v[R.V_POT])}, to call {int(v[R.V_TO_CALL])}, your stack {_stack(v)}"
    ]
    for s in range(n):
        up = [int(c) for c in v[R.V_UP + 4 * s : R.V_UP + 4 * s + 4]]
        status = _STATUS.get(int(v[R.V_STATUS + s]), "")
        shown = _cards(v[R.V_OWN : R.V_OWN + 7].tolist()) if s == seat else "[x] [x] " + _cards(up, ())
        bet = int(v[R.V_BETS + s])
        extra = ", ".join(x for x in (status, f"in this round {bet}" if bet else "") if x)
        lines.append(f"  {names[s]:<24} {shown}" + (f"   ({extra})" if extra else ""))
    community = int(v[R.V_COMMUNITY])
    if community >= 0:
        lines.append(f"  community card: {card_str(community)}")
    lines += ["  " + a for a in street_actions(p, seat, names)]
    return "\n".join(lines)


def _stack(v: np.ndarray) -> str:
    stack = int(v[R.V_STACK])
    return "deep" if stack < 0 or stack > 10**9 else str(stack)


def street_actions(p: Position, seat: int, names: Sequence[str]) -> list[str]:
    """This street's actions so far, in words, from ``seat``'s observation."""
    log = _log(S.OB_LOG, p.observation(seat))
    out: list[str] = []
    for kind, s, a, b in log.tolist():
        if kind == R.L_STREET:
            out = []
        elif kind not in (R.L_ANTE, R.L_DEAL, R.L_RESHUFFLE):
            out.append(_action(kind, names[s], a, b))
    return out


def moves(p: Position, seat: int, legal: np.ndarray) -> list[Move]:
    """Fold, check / call / post the bring-in, and complete / bet / raise, with their chips."""
    v = p.view(seat)
    cfg = _cfg(p)
    to_call, level, size = int(v[R.V_TO_CALL]), int(v[R.V_LEVEL]), int(v[R.V_BET_SIZE])
    out = []
    for code in legal.tolist():
        if code == R.FOLD:
            out.append(Move("f", "fold", code))
        elif code == R.CALL:
            if v[R.V_BRING_IN]:
                label = f"post the bring-in, {int(cfg[R.C_BRING_IN])}"
            elif to_call == 0:
                label = "check"
            else:
                all_in = " (all-in)" if 0 <= int(v[R.V_STACK]) <= to_call else ""
                label = f"call {to_call}{all_in}"
            out.append(Move("c", label, code))
        elif code == R.RAISE:
            if int(v[R.V_STREET]) == 3 and not v[R.V_COMPLETED]:
                label = f"complete to {size}"
            elif level == 0:
                label = f"bet {size}"
            else:
                label = f"raise to {level + size}"
            out.append(Move("r", label, code))
    return out


def outcome(p: Position, seat: int) -> tuple[float, float]:
    """The hand's net chips of ``seat`` and whether it took a pot or a share."""
    row = _results(p)[seat]
    return float(row[E.H_NET]), float(bool(row[E.H_SD_WON]) or bool(row[E.H_WON_NO_SD]))


def _results(p: Position) -> np.ndarray:
    return p.pos[S.PS_RES : S.PS_RES + 5 * S.MP].reshape(S.MP, 5)


def final(p: Position, seat: int, names: Sequence[str]) -> str:
    """The whole hand, every card face up (as ``play --trace``), the person's seat named "you"."""
    n = int(_cfg(p)[R.C_PLAYERS])
    log = _log(S.PS_LOG, p.pos)
    return "\n".join(hand_lines(log, _results(p)[:n], names[:n]))


def recorder(settings: R.Settings) -> Callable[[TextIO], Callable[[Position, int, Sequence[str]], None]]:
    """``--log FILE`` for Razz: every finished hand appended to FILE as PHH, a collection of hands
    ``[1]``, ``[2]``, ... (PokerKit's ``HandHistory.loads_all`` reads it)."""
    from razzmatazz.analysis.razz.phh import hand_history

    def open_log(f: TextIO) -> Callable[[Position, int, Sequence[str]], None]:
        written = 0

        def on_game(p: Position, g: int, names: Sequence[str]) -> None:
            nonlocal written
            n = settings.players
            text = hand_history(settings, _log(S.PS_LOG, p.pos), list(names), _results(p)[:n, E.H_NET], hand=g)
            written += 1
            f.write(("\n" if written > 1 else "") + f"[{written}]\n" + text)
            f.flush()

        return on_game

    return open_log


ADVISOR = "search-strong"
"""The search player asked on ``?`` (with the lineup's policy in the seat): its strong budget."""

STYLE = SeatStyle("razz", "chips", S, screen, moves, outcome, final)
"""Razz at a person's seat."""
