"""The toy game's human seat (``razzmatazz toy play --human SEAT``): what the seat may see, its two moves.

The screen is built from the seat's view and observation only (its own card, every seat's decision so far, the
discards shown, the cards left): the others' cards are shown only once the game is over.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from razzmatazz.analysis.seat import Move, SeatStyle
from razzmatazz.core.positions import Position
from razzmatazz.core.toy import engine as E
from razzmatazz.core.toy import rules as R
from razzmatazz.core.toy import state as S

WORDS = {R.UNDECIDED: "to decide", R.STAND: "stood", R.DRAW: "drew"}


def screen(p: Position, seat: int, names: Sequence[str]) -> str:
    """The seat's card and what it has seen of the others."""
    v = p.view(seat)
    n = int(v[R.V_PLAYERS])
    lines = [f"{names[seat]}: your card is {int(v[R.V_CARD])}; {int(v[R.V_LEFT])} cards left in the deck"]
    for s in range(n):
        if s != seat:
            shown = int(v[R.V_DISCARD + s])
            discard = f", discarded {shown}" if shown else ""
            lines.append(f"  {names[s]}: {WORDS[int(v[R.V_DREW + s])]}{discard}")
    return "\n".join(lines)


def moves(p: Position, seat: int, legal: np.ndarray) -> list[Move]:
    """Stand (``s``) or draw (``d``)."""
    label = {R.STAND: ("s", "stand"), R.DRAW: ("d", "draw once more")}
    return [Move(*label[int(c)], int(c)) for c in legal.tolist()]


def outcome(p: Position, seat: int) -> tuple[float, float]:
    """The finished game's chips (the trace's payoff) and share of the win of ``seat``."""
    row = E.results(p.pos)[seat]
    return float(row[E.H_PAYOFF]), float(row[E.H_WIN]) / E.WIN


def final(p: Position, seat: int, names: Sequence[str]) -> str:
    """The finished game: every seat's card, chips and share of the win."""
    n = int(p.ro[0][R.C_PLAYERS])
    res = E.results(p.pos)[:n]
    lines = ["game over"]
    for s in range(n):
        win = res[s, E.H_WIN] / E.WIN
        won = "  wins" if win == 1 else f"  shares the win ({win:.2g})" if win else ""
        first = int(p.pos[E.PS_FIRST + s])
        drew = f" (drew over {first})" if p.pos[E.PS_DREW + s] == R.DRAW else ""
        lines.append(f"  {names[s]}: {int(res[s, E.H_CARD])}{drew}, {int(res[s, E.H_PAYOFF]):+d} chips{won}")
    return "\n".join(lines)


STYLE = SeatStyle(game="toy", unit="chips", state=S, screen=screen, moves=moves, outcome=outcome, final=final)
"""How ``toy play --human`` shows a seat its decisions."""
