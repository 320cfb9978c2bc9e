"""A person at the table: one seat played from the terminal against the policies, game after game.

``razzmatazz GAME play --human SEAT`` runs a :class:`Session`. Every game is a
:class:`~razzmatazz.core.positions.Position` of the run's own deals (game ``g`` of the seed, the
lineup rotating as in every run); the policies play their seats and, at each decision of the person's
seat, the game's :class:`SeatStyle` shows what that seat may see (built from its view and observation
only) and the legal moves with short keys. ``?`` asks for advice: what the search player (where the game
has one) and the policy the lineup puts in that seat would play, and for each move an estimate of the win
rate and payoff with 95 % intervals, from rollouts of positions drawn from the seat's observation
(:meth:`Position.determinize`: the hidden cards are sampled, never read) played on by the lineup, the
person's seat by its lineup policy. ``? NAME[:k=v]`` asks that policy. After each game: the result, every
hidden card, and the running score with its interval. ``q`` or end of input ends the session with its
summary; a wrong key gets a one-line hint and the question again. A seed the person did not give is shown
only with that summary (and at the end of the log): it deals every card, hidden ones included.
"""

from __future__ import annotations

import dataclasses
import json
import math
import secrets
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

import numpy as np

from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy, Registry
from razzmatazz.core.positions import Position

ESTIMATE_MOVES = 12
"""At most this many moves get an estimate on ``?`` (the listed ones first, then the advisors' choices)."""


@dataclass(frozen=True)
class Move:
    """A legal move as the person sees it: the key to type, its words, and the engine's code."""

    key: str
    label: str
    code: int


def no_parse(p: Position, seat: int, text: str, legal: np.ndarray) -> int | None:
    """A game whose every move is listed with a key reads nothing else."""
    return None


@dataclass(frozen=True)
class SeatStyle:
    """How one game shows a seat its decisions (``analysis/<game>/seat.py``, ``STYLE``).

    Every function reads the position only through ``p.view(seat)``, ``p.observation(seat)``, ``p.legal()``
    and ``p.actor()`` while the game is on, so the screen never shows what the seat may not see (the
    conformance test draws positions the seat cannot tell apart and compares the screens); ``final`` and
    ``outcome`` run once the game is over and may show everything.
    """

    game: str
    unit: str  # what ``outcome``'s payoff counts, in words
    state: ModuleType  # core/<game>/state
    screen: Callable[[Position, int, Sequence[str]], str]
    """What ``seat`` may see at this decision; ``names[s]`` names seat ``s`` ("seat 2 (you)" for the person)."""
    moves: Callable[[Position, int, np.ndarray], list[Move]]
    """The legal moves (``legal``) with keys and words; may list fewer when there are very many (``parse``
    then reads the others)."""
    outcome: Callable[[Position, int], tuple[float, float]]
    """The finished game's payoff and win (1, a share, or 0) of ``seat``."""
    final: Callable[[Position, int, Sequence[str]], str]
    """The finished game: the result and every card that was hidden."""
    parse: Callable[[Position, int, str, np.ndarray], int | None] = no_parse
    """A typed move that is not a listed key (raise :class:`InputError` with a hint if it is malformed)."""
    typing_hint: str | Callable[[Position, int], str] = ""
    """How to type a move that is not listed, when ``parse`` reads some (or a function of the decision)."""
    news: Callable[[Position, Position, int, int, Sequence[str]], list[str]] | None = None
    """``news(before, after, seat, code, names)``: what ``seat`` saw happen as move ``code`` took ``before`` to
    ``after`` (the others' public moves, cards turned over), printed as it happens; None: the screens say it all.
    It may read ``before.pos`` only for what the move made public."""


class Quit(Exception):
    """The person ended the session (``q`` or end of input)."""


@dataclass
class Session:
    """The person in seat ``seat`` (0-based) of every game of ``job`` against its lineup."""

    style: SeatStyle
    job: Any  # the game's GameJob (the lineup, seed and settings), not duplicate
    seat: int
    registry: Registry  # the game's policies, for ``? NAME``
    search: Policy | None = None  # the game's search player, asked on ``?`` (None: the game has none)
    samples: int = 48  # rollouts per move for an estimate
    out: TextIO | None = None
    read: Callable[[str], str] = input  # raises EOFError at the end of input
    log: TextIO | None = None  # one JSON line per decision of the person's seat
    results: list[tuple[float, float]] = field(default_factory=list)
    on_game: Callable[[Position, int, Sequence[str]], None] | None = None  # called with each finished game
    current: int = 0  # the game being played, or the last one
    seed_shown: bool = True  # False: the seed was drawn, and is shown only in the final summary (it deals every card)

    def __post_init__(self) -> None:
        n = len(self.job.lineup)
        if not 0 <= self.seat < n:
            raise InputError(f"--human {self.seat + 1}: the seats are 1 to {n}")
        if getattr(self.job, "duplicate", False):
            raise InputError("a human seat plays games without duplicate deals")

    # --- the session -------------------------------------------------------------------------

    def run(self, games: int, first: int = 0) -> list[tuple[float, float]]:
        """Play games ``first, first + 1, ...`` until ``games`` are over or the person quits; print the
        summary and return each finished game's (payoff, win)."""
        try:
            for g in range(first, first + games):
                self.play_game(g)
        except Quit:
            self.say("")
        self.say(f"the deals' seed: {self.job.seed} (--seed {self.job.seed} deals these games again)")
        self.say(self.summary(final=True))
        return self.results

    def play_game(self, g: int) -> Position:
        """Game ``g``: the policies play their seats, the person theirs; then the result is shown."""
        self.current = g
        p = Position.begin(self.style.state, self.job, g)
        names = self.names(g)
        seed = f" (seed {self.job.seed})" if self.seed_shown else ""
        self.say(f"\n=== game {g + 1}{seed}: you are seat {self.seat + 1} of {len(names)}")
        while not p.over():
            before = p.copy() if self.style.news is not None else None
            if p.actor() != self.seat:
                code = p.step()
            else:
                code = self.ask(p, g, names)
                p.apply(code)
            if before is not None and self.style.news is not None:
                for line in self.style.news(before, p, self.seat, code, names):
                    self.say(line)
        payoff, win = self.style.outcome(p, self.seat)
        self.results.append((payoff, win))
        self.say(self.style.final(p, self.seat, names))
        self.say(self.summary())
        if self.on_game is not None:
            self.on_game(p, g, names)
        return p

    def names(self, g: int) -> list[str]:
        """Each seat's name in game ``g``: the seat and the lineup's policy there, or "you"."""
        n = len(self.job.lineup)
        return [f"seat {s + 1} ({'you' if s == self.seat else self.job.lineup[(s - g) % n].label})" for s in range(n)]

    # --- one decision ------------------------------------------------------------------------

    def ask(self, p: Position, g: int, names: Sequence[str]) -> int:
        """Show the decision, read keys until one is a legal move, and return its code."""
        legal = p.legal()
        moves = self.style.moves(p, self.seat, legal)
        self.say(self.style.screen(p, self.seat, names))
        if len(legal) == 1:
            only = moves[0] if moves else Move("", str(int(legal[0])), int(legal[0]))
            self.say(f"  only one move: {only.label}")
            self._log(g, only)
            return only.code
        self.say(_listing(moves))
        while True:
            try:
                text = self.read("your move (? advice, q quit): ").strip()
            except EOFError:
                raise Quit from None
            if text.lower() in ("q", "quit", "exit"):
                raise Quit
            if text.startswith("?"):
                self.say(self.advice(p, g, legal, moves, text[1:].strip()))
                continue
            move = self._read_move(p, legal, moves, text)
            if move is not None:
                self._log(g, move)
                return move.code

    def _read_move(self, p: Position, legal: np.ndarray, moves: list[Move], text: str) -> Move | None:
        """The move ``text`` names, or None after a one-line hint."""
        for m in moves:
            if m.key == text.lower():
                return m
        try:
            code = self.style.parse(p, self.seat, text, legal) if text else None
        except InputError as e:
            self.say(f"  {e}")
            return None
        except (ValueError, OverflowError, RecursionError):  # text no parser foresaw: the hint, not the end
            code = None
        if code is not None and code in set(legal.tolist()):
            return Move(text, describe(self.style, p, self.seat, code), int(code))
        keys = ", ".join(m.key for m in moves)
        hint = self.style.typing_hint
        hint = hint(p, self.seat) if callable(hint) else hint
        extra = f"; {hint}" if hint else ""
        self.say(f"  '{shorten(text, 40)}' is not a move here: type {keys}{extra}, ? for advice or q to quit")
        return None

    def _log(self, g: int, move: Move) -> None:
        if self.log is not None:
            row = {"game": g, "seat": self.seat, "move": move.code, "label": move.label}
            self.log.write(json.dumps(row) + "\n")
            self.log.flush()

    # --- advice ------------------------------------------------------------------------------

    def advice(self, p: Position, g: int, legal: np.ndarray, moves: list[Move], ask: str) -> str:
        """What the advisors would play here and each move's estimate (see the module doc)."""
        try:
            advisors = [self.registry.parse(ask)] if ask else self.default_advisors(g)
        except InputError as e:
            return f"  {e}"
        lines, chosen = [], []
        for policy in advisors:
            code = choose(p, self.seat, g, policy, self.job)
            chosen.append(code)
            lines.append(f"  {policy.label} would play: {describe(self.style, p, self.seat, code)}")
        codes = [m.code for m in moves[:ESTIMATE_MOVES]]
        codes += [c for c in chosen if c not in codes]
        lines.append(
            f"  estimates ({self.samples} rollouts a move from deals your seat cannot tell apart, "
            f"played on by the table's policies, yours by {self.default_advisors(g)[-1].label}):"
        )
        key = _key(self.job.seed, g, int(p.observation(self.seat).sum()))
        for code, (win, pay) in zip(codes, estimates(p, self.seat, codes, self.samples, key, self.style.outcome)):
            lines.append(
                f"    {describe(self.style, p, self.seat, code)}: win {_pct(win)}, {self.style.unit} {_mean(pay)}"
            )
        return "\n".join(lines)

    def default_advisors(self, g: int) -> list[Policy]:
        """The search player (if any) and the lineup's policy in the person's seat."""
        own = self.job.lineup[(self.seat - g) % len(self.job.lineup)]
        return [a for a in (self.search, own) if a is not None]

    # --- the score ---------------------------------------------------------------------------

    def summary(self, final: bool = False) -> str:
        """The running score: games, mean payoff and win rate with 95 % intervals."""
        n = len(self.results)
        head = "session over" if final else "score"
        if n == 0:
            return f"{head}: no game finished"
        pay = np.array([r[0] for r in self.results], np.float64)
        win = np.array([r[1] for r in self.results], np.float64)
        return (
            f"{head}: {n} game{'s' if n != 1 else ''}, {self.style.unit} {_mean(pay)} a game, "
            f"won {_pct(win)} (95 % intervals)"
        )

    def say(self, text: str) -> None:
        print(text, file=self.out, flush=True)


def _listing(moves: Sequence[Move], width: int = 110) -> str:
    """The moves as ``[key] words`` in lines of at most ``width`` characters, never breaking a move."""
    units = ["[" + m.key + "]\x00" + m.label.replace(" ", "\x00") for m in moves]
    text = textwrap.fill("   ".join(units), width=width, initial_indent="  ", subsequent_indent="  ")
    return text.replace("\x00", " ")


def describe(style: SeatStyle, p: Position, seat: int, code: int) -> str:
    """The words for move ``code`` (its listed label, else the code)."""
    for m in style.moves(p, seat, np.array([code], np.int64)):
        if m.code == code:
            return m.label
    return str(code)


def choose(p: Position, seat: int, g: int, policy: Policy, job: Any) -> int:
    """The move ``policy`` would make in ``seat`` (the actor) of position ``p`` of game ``g``; ``p`` is unchanged."""
    n = len(job.lineup)
    lineup = list(job.lineup)
    lineup[(seat - g) % n] = policy
    pids, params = p.state.lineup(dataclasses.replace(job, lineup=tuple(lineup)))
    q = Position(p.state, p.ro, p.pos.copy(), pids, params, p.user)
    return q.step()


def estimates(
    p: Position,
    seat: int,
    codes: Sequence[int],
    samples: int,
    key: int,
    outcome: Callable[[Position, int], tuple[float, float]],
) -> list[tuple[np.ndarray, np.ndarray]]:
    """Per move: the ``samples`` rollouts' wins and payoffs for ``seat`` after playing it in positions drawn
    from ``seat``'s observation (each sample the same for every move: common random numbers)."""
    wins = np.zeros((len(codes), samples))
    pays = np.zeros((len(codes), samples))
    for i in range(samples):
        base = p.determinize(seat, key, i)
        for c, code in enumerate(codes):
            q = base.copy()
            q.apply(int(code))
            q.playout()
            pays[c, i], wins[c, i] = outcome(q, seat)
    return [(wins[c], pays[c]) for c in range(len(codes))]


def _key(seed: int, g: int, salt: int) -> int:
    """A 64-bit key for the advice's samples, from the run's seed, the game and the decision."""
    x = (seed * 0x9E3779B97F4A7C15 + g * 0xBF58476D1CE4E5B9 + salt * 0x94D049BB133111EB) & (2**64 - 1)
    return x ^ (x >> 31)


def _pct(x: np.ndarray) -> str:
    """A rate and its 95 % interval (normal, clipped to [0, 1]; Wilson when every value is 0 or 1)."""
    from razzmatazz.analysis.stats import rate_interval

    n = len(x)
    m = float(np.mean(x))
    if np.all((x == 0) | (x == 1)):
        lo, hi = (float(v) for v in rate_interval(int(x.sum()), n))
    else:
        h = 1.96 * float(np.std(x, ddof=1)) / math.sqrt(n) if n > 1 else math.nan
        lo, hi = max(0.0, m - h), min(1.0, m + h)
    return f"{100 * m:.0f} % [{100 * lo:.0f}, {100 * hi:.0f}]" if not math.isnan(hi) else f"{100 * m:.0f} %"


def _mean(x: np.ndarray) -> str:
    """A mean and its 95 % normal interval."""
    n = len(x)
    m = float(np.mean(x))
    places = 0 if np.all(np.abs(x) >= 1000) else 1
    if n < 2:
        return f"{m:+,.{places}f}"
    h = 1.96 * float(np.std(x, ddof=1)) / math.sqrt(n)
    return f"{m:+,.{places}f} [{m - h:+,.{places}f}, {m + h:+,.{places}f}]"


def check_log(log_path: Path | None) -> None:
    """Refuse a ``--log`` file that exists or cannot be created (a missing folder, a path under a file, a
    folder that takes no files), before anything is played: one line naming the problem."""
    if log_path is None:
        return
    path = Path(log_path)
    shown = shorten(str(path), 160)
    if path.is_symlink() or path.exists():
        raise InputError(f"--log {shown}: the file exists; name a new one")
    folder = path.parent
    try:
        if not folder.is_dir():
            why = "does not exist" if not folder.exists() else "is not a folder"
            raise InputError(f"--log {shown}: cannot create the file: {shorten(str(folder), 160)} {why}")
        probe = folder / f".{secrets.token_hex(6)}.log-probe"
        with open(probe, "x", encoding="utf-8"):
            pass
        probe.unlink()
    except InputError:
        raise
    except (OSError, ValueError) as e:
        raise InputError(f"--log {shown}: cannot create the file: {getattr(e, 'strerror', None) or e}") from None


def _open_log(log_path: Path) -> TextIO:
    try:
        return open(log_path, "x", encoding="utf-8")
    except FileExistsError:
        raise InputError(f"--log {shorten(str(log_path), 160)}: the file exists; name a new one") from None
    except (OSError, ValueError) as e:
        raise InputError(
            f"--log {shorten(str(log_path), 160)}: cannot create the file: {getattr(e, 'strerror', None) or e}"
        ) from None


def play_in_terminal(
    style: SeatStyle,
    job: Any,
    seat: int,
    registry: Registry,
    *,
    advisor: str | None,
    games: int,
    log_path: Path | None = None,
    recorder: Callable[[TextIO], Callable[[Position, int, Sequence[str]], None]] | None = None,
    seed_shown: bool = True,
) -> list[tuple[float, float]]:
    """``play --human SEAT`` (``seat`` 1-based): the session in this terminal, its log in ``log_path`` (a new
    file: one JSON line per decision, or what ``recorder(file)`` writes after each game; then a last line, a
    comment for a recorder's file, with the seed). With ``seed_shown`` False (a drawn seed) the seed is shown
    only once the session is over, in its summary and at the end of the log: it deals every card."""
    session = Session(style, job, seat - 1, registry, registry.parse(advisor) if advisor else None)
    session.seed_shown = seed_shown
    check_log(log_path)
    f = _open_log(log_path) if log_path is not None else None  # created before the first screen
    lineup = ", ".join(p.label for p in job.lineup)
    seed = f" (seed {job.seed})" if seed_shown else ""
    session.say(
        f"{style.game}: you play seat {seat} of {len(job.lineup)} against {lineup}{seed}. "
        "Type a move's key; ? for advice, ? NAME for a policy's; q to quit."
    )
    if f is None:
        return session.run(games)
    with f:
        if recorder is not None:
            session.on_game = recorder(f)
        else:
            session.log = f
        results = session.run(games)
        if recorder is not None:
            f.write(f"\n# session over: {len(results)} games finished, seed {job.seed}\n")
        else:
            end = {"game": session.current, "seat": seat - 1, "session": "over", "games": len(results)}
            f.write(json.dumps({**end, "seed": job.seed}) + "\n")
        return results


def human_cli(
    game: str,
    settings: Any,
    lineup: Sequence[Policy],
    seed: int | None,
    seat: int,
    games: int,
    log_path: Path | None,
    user: Any = None,
) -> None:
    """``GAME play --human SEAT``: the game's style (``analysis/<game>/seat.py``: ``STYLE``, and optionally
    ``ADVISOR``, the policy asked on ``?``, and ``recorder(settings)`` for ``--log``) with its engine's job.
    ``seed`` None: one is drawn, and shown only at the end; ``user``: a plugin's policies (``UserPolicies``),
    which ``? NAME`` may ask too."""
    import importlib

    from razzmatazz.analysis.inputs import check_seed
    from razzmatazz.core.rng import new_seed

    check_log(log_path)
    if seed is not None:
        check_seed(seed)
    from razzmatazz.analysis import games as G

    spec = G.game(game)
    room = importlib.import_module(f"{G.REGISTRY[spec.name]}.seat")
    engine = importlib.import_module(f"{spec.core}.engine")
    registry = user.registry() if user is not None else spec.registry
    advisor = getattr(room, "ADVISOR", "search" if "search" in {s.name for s in registry} else None)
    recorder = room.recorder(settings) if hasattr(room, "recorder") else None
    job = engine.GameJob(
        settings, tuple(lineup), new_seed() if seed is None else seed, 1, False, user.decide if user else None
    )
    play_in_terminal(
        room.STYLE,
        job,
        seat,
        registry,
        advisor=advisor,
        games=games,
        log_path=log_path,
        recorder=recorder,
        seed_shown=seed is not None,
    )
