"""The fixed-limit Razz game from Python: lineups, runs, tables with intervals, hand traces.

:func:`play` runs hands between policies on the batch runner and returns three tables:
``policies`` (one row per policy, the main answer), ``players`` (one row per player of the
lineup) and ``seats``, plus ``pairs``: every difference between two policies with a paired
interval. Results are in big bets per 100 hands. Intervals come from the kernel's integer
sums per *block* (one hand, or the N hands of one duplicate deal): blocks are independent,
hands within a block are not (same cards, or same pot). Rates (VPIP, showdowns) have Wilson
intervals over hands.

``streets`` tells how often each street's betting round reached the cap (a cap war): one row per
street 3 to 7 with the betting rounds played (a decision was asked in them), those capped (the
completions, bets and raises reached the cap; definitions in :mod:`razzmatazz.core.razz.engine`)
and the capped share with its Wilson interval over rounds.

A user's own policy: a :class:`~razzmatazz.core.policy.PolicySpec` with an id from
``USER_ID`` and a jitted ``decide(pid, row, view, state) -> (move, state)`` for those ids,
given to :func:`play` as ``user=(specs, decide)`` (see the README and ``load_plugin``).
"""

from __future__ import annotations

import fcntl
import math
import os
import secrets
import shutil
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Unpack

import numpy as np
import pandas as pd

from razzmatazz.analysis import plugins
from razzmatazz.analysis.games import fill_lineup, with_core_columns, with_core_pairs
from razzmatazz.analysis.stats import block_sq, mean_columns, rate_interval
from razzmatazz.analysis.summary import Groups, Measure, PlayOptions, pair_table, player_tables, run_play
from razzmatazz.analysis.trace import Event, GameTrace, TraceStyle
from razzmatazz.core.cards import card_str
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy, Registry
from razzmatazz.core.razz import engine as E
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY, USER_ID

TOUGH_MIX = ("textbook-tuned", "reader-tuned", "steal-tuned", "tag", "rock-tuned")
"""The tough field, the lineup when none is given: the tuned heuristics (seeds/razz.md, "Tuned presets and the
fields"), cycled to the number of players."""
LOOSE_MIX = ("tag", "rock", "station", "steal", "reader", "random")
"""The loose field (``--field loose``), the default before issue 27: one of each style, two of them weak
(station, random); for the question "who exploits weak players best"."""
FIELDS = {"tough": TOUGH_MIX, "loose": LOOSE_MIX}
DEFAULT_MIX = TOUGH_MIX
MAX_HANDS = 10**10
MAX_PHH_HANDS = 100_000


@dataclass(frozen=True)
class UserPolicies(plugins.UserPolicies):
    """Users' own Razz policies: their specs (ids from ``USER_ID``) and the jitted ``decide`` playing them."""

    base: Registry = field(default=REGISTRY, compare=False)


def load_plugin(path: str | Path) -> plugins.UserPolicies:
    """Users' Razz policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``."""
    return plugins.load_plugin(path, REGISTRY, USER_ID)


def lineup(
    texts: Sequence[str], players: int, user: plugins.UserPolicies | None = None, field: str = "tough"
) -> tuple[Policy, ...]:
    """The policies of players 1..N: ``texts`` in order, repeated to fill the table (default: the ``field``'s
    mix, :data:`FIELDS`)."""
    if not 2 <= players <= R.MAX_PLAYERS:
        raise InputError(f"Razz is played by 2 to {R.MAX_PLAYERS} players, got {players}")
    if field not in FIELDS:
        raise InputError(f"unknown Razz field {field!r}; known: {', '.join(FIELDS)}")
    return fill_lineup(texts, players, FIELDS[field], user.registry() if user else REGISTRY)


def _decide(policies: Sequence[Policy], user: plugins.UserPolicies | None) -> Any:
    """The engine's user function: the plugin's ``decide`` where one of its policies sits, else none (a plugin
    loaded with none of its policies seated plays no part: the built-in kernels play)."""
    if user is None or not any(p.spec.id >= USER_ID for p in policies):
        return None
    return user.decide


def label(policy: Policy) -> str:
    """Short name of a policy: its name and the parameters that differ from the defaults."""
    return policy.label


def parse_stacks(text: str) -> tuple[int, ...]:
    """``"100,200,50"`` -> a stack per player (checked against the table by :class:`Settings`)."""
    try:
        return tuple(int(x) for x in text.split(","))
    except ValueError:
        raise InputError(f"stacks are whole numbers separated by commas, e.g. 100,200,50; got {text!r}") from None


def check_hands(hands: int) -> None:
    """Refuse a number of hands that is not 1 to :data:`MAX_HANDS`."""
    if not 1 <= hands <= MAX_HANDS:
        raise InputError(f"hands must be 1 to {MAX_HANDS:,}, got {hands:,}")


def check_games(hands: int) -> None:
    """The studies' name for :func:`check_hands` (a Razz game is a hand)."""
    check_hands(hands)


@dataclass
class PlayResult:
    """What :func:`play` returns: the tables, and how they were made."""

    policies: pd.DataFrame
    players: pd.DataFrame
    seats: pd.DataFrame
    pairs: pd.DataFrame
    settings: R.Settings
    lineup: tuple[Policy, ...]
    hands: int
    seed: int
    duplicate: bool
    community: int
    reshuffles: int
    counts: np.ndarray = field(repr=False)
    streets: pd.DataFrame = field(default_factory=pd.DataFrame)
    """Per street 3-7: betting rounds, rounds capped, the capped share and its 95 % interval (:func:`streets_table`)."""

    @property
    def games(self) -> int:
        """The hands played, under the name every game's result uses."""
        return self.hands


def play(
    settings: R.Settings, policies: Sequence[Policy], hands: int, seed: int, **options: Unpack[PlayOptions]
) -> PlayResult:
    """Play ``hands`` hands (rounded up to whole duplicate deals) and summarise them (``options``:
    :class:`~razzmatazz.analysis.summary.PlayOptions`; with a ``checkpoint``, finished chunks are stored and stored
    ones are not played again). A plugin none of whose policies sits plays no part: the built-in kernels play."""
    check_hands(hands)
    if _decide(policies, options.get("user")) is None:
        options["user"] = None
    lineup, counts = run_play(
        E.GameJob, settings, policies, hands, seed, desc="razz play", unit="hand", chunk_games=1 << 14, **options
    )
    return summarise(counts, settings, lineup, seed, options.get("duplicate", False))


def summarise(
    counts: np.ndarray, settings: R.Settings, policies: tuple[Policy, ...], seed: int, duplicate: bool
) -> PlayResult:
    """The tables of a run from its integer counts (layout in :mod:`razzmatazz.core.razz.engine`)."""
    n = settings.players
    c = E.view(counts, n)
    per_player, per_seat, glob, cross, cross_win = c["player"], c["seat"], c["global"], c["cross"], c["cross_win"]
    blocks = int(glob[E.G_BLOCKS])
    rows = partial(_rows, per_player, cross, blocks, settings)
    players, pol, groups = player_tables(rows, policies, [label(p) for p in policies], "bb_per_100")
    pol = with_core_columns(pol, ["policy"], "hands", "bb_per_100", "ci_low", "ci_high")
    players = with_core_columns(players, ["player", "policy"], "hands", "bb_per_100", "ci_low", "ci_high")
    pairs = with_core_pairs(
        _pairs(per_player, cross, cross_win, blocks, settings, groups), "difference_bb_per_100", "ci_low", "ci_high"
    )
    return PlayResult(
        pol,
        players,
        _seats(per_seat, settings),
        pairs,
        settings,
        policies,
        int(glob[E.G_HANDS]),
        seed,
        duplicate,
        int(glob[E.G_COMMUNITY]),
        int(glob[E.G_RESHUFFLE]),
        counts,
        streets=streets_table(c["streets"]),
    )


STREETS_COLUMNS = ("street", "rounds", "capped", "capped_share", "capped_low", "capped_high")
"""The columns of :attr:`PlayResult.streets`."""


def streets_table(streets: np.ndarray) -> pd.DataFrame:
    """One row per street 3 to 7 from the counts' ``streets`` block: betting rounds, capped rounds, their share.

    ``rounds``: the street's betting rounds in which a decision was asked; ``capped``: those whose
    completions, bets and raises reached the cap (see :mod:`razzmatazz.core.razz.engine`);
    ``capped_share`` = capped / rounds with its 95 % Wilson interval (rounds taken as independent; NaN
    without rounds).
    """
    rounds = np.asarray(streets[:, E.ST_ROUNDS], np.int64)
    capped = np.asarray(streets[:, E.ST_CAPPED], np.int64)
    lo, hi = rate_interval(capped, rounds)
    frame = pd.DataFrame(
        {
            "street": np.arange(3, 3 + E.N_STREETS),
            "rounds": rounds,
            "capped": capped,
            "capped_share": np.where(rounds > 0, capped / np.maximum(rounds, 1), np.nan),
            "capped_low": lo,
            "capped_high": hi,
        }
    )
    return frame[list(STREETS_COLUMNS)]


def _rows(
    per_player: np.ndarray, cross: np.ndarray, blocks: int, settings: R.Settings, groups: list[list[int]]
) -> pd.DataFrame:
    """One row per group of players: results per hand played by one of them, in big bets per 100."""
    rows = []
    for g in groups:
        hands = int(per_player[g, E.P_HANDS].sum())
        total = int(per_player[g, E.P_NET].sum())
        total_sq = block_sq(cross, g)
        per_block = hands / blocks if blocks else math.nan
        m = mean_columns(blocks, total, total_sq, scale=100 / settings.big_bet / per_block)
        row = {
            "hands": hands,
            "bb_per_100": float(m["mean"]),
            "stderr": float(m["stderr"]),
            "ci_low": float(m["ci_low"]),
            "ci_high": float(m["ci_high"]),
        }
        for name, field_, base in (
            ("vpip", E.P_VPIP, None),
            ("showdown", E.P_SHOWDOWN, None),
            ("won_at_showdown", E.P_SD_WON, E.P_SHOWDOWN),
            ("won_without_showdown", E.P_WON_NO_SD, None),
        ):
            k = int(per_player[g, field_].sum())
            n = int(per_player[g, base].sum()) if base is not None else hands
            lo, hi = rate_interval(k, n)
            row.update({name: k / n if n else math.nan, f"{name}_low": float(lo), f"{name}_high": float(hi)})
        row.update(_win(int(per_player[g, E.P_SD_WON].sum() + per_player[g, E.P_WON_NO_SD].sum()), hands))
        rows.append(row)
    return pd.DataFrame(rows)


def _win(won: int, hands: int) -> dict[str, float]:
    """The win rate (hands whose pot, or a share of it, the player took) with its Wilson interval."""
    lo, hi = rate_interval(won, hands)
    return {"win_rate": won / hands if hands else math.nan, "win_low": float(lo), "win_high": float(hi)}


def _seats(per_seat: np.ndarray, settings: R.Settings) -> pd.DataFrame:
    """One row per seat (1 = the dealer's left): results (hands taken as independent) and rates."""
    m = mean_columns(
        per_seat[:, E.Q_HANDS].tolist(),
        per_seat[:, E.Q_NET].tolist(),
        per_seat[:, E.Q_NET2].tolist(),
        scale=100 / settings.big_bet,
    )
    hands = per_seat[:, E.Q_HANDS]
    frame = pd.DataFrame(
        {
            "seat": np.arange(1, len(per_seat) + 1),
            "hands": hands,
            "bb_per_100": m["mean"],
            "stderr": m["stderr"],
            "ci_low": m["ci_low"],
            "ci_high": m["ci_high"],
        }
    )
    for name, field_, base in (
        ("vpip", E.Q_VPIP, E.Q_HANDS),
        ("showdown", E.Q_SHOWDOWN, E.Q_HANDS),
        ("won_at_showdown", E.Q_SD_WON, E.Q_SHOWDOWN),
        ("won_without_showdown", E.Q_WON_NO_SD, E.Q_HANDS),
    ):
        k, n = per_seat[:, field_], per_seat[:, base]
        frame[name] = np.where(n > 0, k / np.maximum(n, 1), np.nan)
    won = [
        _win(int(a + b), int(n))
        for a, b, n in zip(per_seat[:, E.Q_SD_WON], per_seat[:, E.Q_WON_NO_SD], per_seat[:, E.Q_HANDS])
    ]
    frame = pd.concat([frame, pd.DataFrame(won)], axis=1)
    return with_core_columns(frame, ["seat"], "hands", "bb_per_100", "ci_low", "ci_high")


def _pairs(
    per_player: np.ndarray,
    cross: np.ndarray,
    cross_win: np.ndarray,
    blocks: int,
    settings: R.Settings,
    groups: Groups,
) -> pd.DataFrame:
    """Every difference ``a - b`` between two policies (big bets per 100 hands, win rate), paired over blocks.

    ``clear``: the difference in big bets is established (95 %).
    """
    won = per_player[:, E.P_SD_WON] + per_player[:, E.P_WON_NO_SD]
    bb = Measure(
        per_player[:, E.P_NET], cross, 100 / settings.big_bet, "difference_bb_per_100", "ci_low", "ci_high", "stderr"
    )
    win = Measure(won, cross_win, 1, "win_rate_difference", "win_rate_low", "win_rate_high")
    columns = ["policy", "versus", bb.difference, "stderr", bb.low, bb.high, "clear", win.difference, win.low]
    return pair_table(per_player[:, E.P_HANDS], blocks, groups, [bb, win], 0, [*columns, win.high])


# ----------------------------------------------------------------------------- one hand, step by step

_STREETS = {3: "3rd street", 4: "4th street", 5: "5th street", 6: "6th street", 7: "7th street"}


def trace(
    settings: R.Settings,
    policies: Sequence[Policy],
    seed: int,
    hand: int = 0,
    *,
    duplicate: bool = False,
    user: plugins.UserPolicies | None = None,
) -> GameTrace:
    """Hand ``hand`` of a run (as :func:`play` plays it) with its log: ``.text()``, ``.to_dict()``, the engine's
    ``.log``, ``.results`` and ``.flags`` (G6)."""
    if hand < 0:
        raise InputError(f"the hand to trace must be 0 or more, got {hand}")
    job = E.GameJob(settings, tuple(policies), seed, 1, duplicate, _decide(policies, user))
    return GameTrace(TRACE_STYLE, settings, tuple(policies), seed, hand, duplicate, job.trace(hand))


def seat_policies(policies: Sequence[Policy], hand: int) -> list[Policy]:
    """The policy in each seat in hand ``hand`` (player p sits in seat (p + hand) mod N)."""
    n = len(policies)
    return [policies[(s - hand) % n] for s in range(n)]


def trace_text(
    settings: R.Settings, policies: Sequence[Policy], log: np.ndarray, res: np.ndarray, hand: int, seed: int
) -> str:
    """A readable account of one hand, street by street, every card face up."""
    seats = seat_policies(policies, hand)
    who = [f"seat {s + 1} ({p.spec.name})" for s, p in enumerate(seats)]
    stakes = f"ante {settings.ante}, bring-in {settings.bring_in}, bets {settings.small_bet}/{settings.big_bet}, " + (
        "deep stacks" if settings.deep else f"stacks {settings.stack or ', '.join(map(str, settings.player_stacks()))}"
    )
    lines = [f"Hand {hand} (seed {seed}), {settings.players} players, {stakes}"]
    lines += [f"  seat {s + 1}: {p.text}" for s, p in enumerate(seats)]
    return "\n".join(lines + hand_lines(log, res, who))


def hand_lines(log: np.ndarray, res: np.ndarray, who: Sequence[str]) -> list[str]:
    """A hand's log street by street, every card face up, seat ``s`` called ``who[s]``; then the result."""
    lines: list[str] = []
    cards: dict[int, list[str]] = {s: [] for s in range(len(who))}
    for kind, s, a, b in log.tolist():
        if kind == R.L_DEAL:
            if s < 0:
                lines.append(f"  community card: {card_str(a)} (the deck is short; every player uses it)")
            else:
                shown = card_str(a) if 2 <= b <= 5 else f"[{card_str(a)}]"
                cards[s].append(shown)
        elif kind == R.L_STREET:
            lines.append(f"{_STREETS[s]}:")
            lines += [f"  {who[t]}: {' '.join(c)}" for t, c in cards.items() if c and _still_in(log, t, s)]
            if s > 3:
                lines.append(f"  {who[a]} shows the best board and acts first")
        elif kind == R.L_ANTE:
            continue
        elif kind == R.L_RESHUFFLE:
            lines.append(f"  the deck is short: {a} cards (stub and folded cards) are reshuffled")
        else:
            lines.append("  " + _action(kind, who[s], a, b))
    lines.append("Result: " + ", ".join(f"{who[s]} {int(res[s, E.H_NET]):+d}" for s in range(len(who))))
    return lines


def _still_in(log: np.ndarray, seat: int, street: int) -> bool:
    """Whether ``seat`` had not folded before ``street`` began."""
    current = 3
    for kind, s, _, _ in log.tolist():
        if kind == R.L_STREET:
            current = s
            if current >= street:
                return True
        if kind == R.L_FOLD and s == seat:
            return False
    return True


def _action(kind: int, who: str, a: int, b: int) -> str:
    from razzmatazz.core.razz.names import hand_name

    if kind == R.L_BRING_IN:
        return f"{who} posts the bring-in, {a}"
    if kind == R.L_FOLD:
        return f"{who} folds"
    if kind == R.L_CHECK:
        return f"{who} checks"
    if kind == R.L_CALL:
        return f"{who} calls {a}" + (", all-in" if b else "")
    if kind == R.L_RAISE:
        return f"{who} {('completes to', 'bets', 'raises to')[b]} {a}"
    if kind == R.L_SHOW:
        return f"{who} shows {hand_name(a)}"
    if kind == R.L_WIN:
        return f"{who} takes {a}"
    raise ValueError(f"unknown log row kind {kind}")


_RAISES = ("complete", "bet", "raise")


def trace_event(row: Sequence[int]) -> Event:
    """One log row in words (:meth:`GameTrace.events`): seat, event and values."""
    from razzmatazz.core.razz.names import hand_name

    kind, s, a, b = (int(x) for x in row)
    simple = {
        R.L_ANTE: ("ante", "chips"),
        R.L_BRING_IN: ("bring-in", "chips"),
        R.L_WIN: ("win", "chips"),
        R.L_FOLD: ("fold", None),
        R.L_CHECK: ("check", None),
    }
    if kind in simple:
        name, key = simple[kind]
        return {"seat": s, "event": name, **({key: a} if key else {})}
    if kind == R.L_DEAL:
        if s < 0:
            return {"seat": None, "event": "community card", "card": card_str(a), "slot": b}
        return {"seat": s, "event": "deal", "card": card_str(a), "slot": b, "face": "up" if 2 <= b <= 5 else "down"}
    if kind == R.L_STREET:
        return {"seat": None, "event": "street", "street": _STREETS[s], ("bring_in" if s == 3 else "opener"): a}
    if kind == R.L_CALL:
        return {"seat": s, "event": "call", "chips": a, "all_in": bool(b)}
    if kind == R.L_RAISE:
        return {"seat": s, "event": _RAISES[b], "to": a}
    if kind == R.L_SHOW:
        return {"seat": s, "event": "show", "low": hand_name(a)}
    if kind == R.L_RESHUFFLE:
        return {"seat": None, "event": "reshuffle", "cards": a}
    raise ValueError(f"unknown log row kind {kind}")


def trace_result(row: Sequence[int]) -> dict[str, Any]:
    """One seat's results of a hand (the ``H_*`` columns) by name; ``win``: it took a pot or a share."""
    won_sd, won_no_sd = bool(row[E.H_SD_WON]), bool(row[E.H_WON_NO_SD])
    return {
        "payoff": int(row[E.H_NET]),
        "win": int(won_sd or won_no_sd),
        "vpip": bool(row[E.H_VPIP]),
        "showdown": bool(row[E.H_SHOWDOWN]),
        "won_at_showdown": won_sd,
        "won_without_showdown": won_no_sd,
    }


TRACE_STYLE = TraceStyle("razz", "chips", trace_text, trace_event, trace_result)
"""How :func:`trace` puts a hand into words."""


# ----------------------------------------------------------------------------- hand histories


PHH_TMP = "phh-tmp"
"""The hidden folder a ``--phh DIR`` run writes its files into, beside DIR (``.DIR.phh-tmp-XXXXXXXX``), renamed to
DIR once every hand is written. Its writer holds a lock on it; a folder of that name nobody holds was left by a
run that was killed, and the next ``--phh`` run into the same parent folder removes it."""


def check_phh_request(directory: Path, hands: int, option: str = "--phh") -> None:
    """Refuse ``--phh`` (or ``option``) into a non-empty directory, into a place where no folder can be made, or
    for more than :data:`MAX_PHH_HANDS` hands."""
    directory = Path(directory)
    if hands > MAX_PHH_HANDS:
        raise InputError(
            f"hand histories are written one file per hand: at most {MAX_PHH_HANDS:,} hands, got {hands:,}"
        )
    shown = shorten(str(directory), 160)
    try:
        if directory.exists() and (not directory.is_dir() or any(directory.iterdir())):
            raise InputError(f"{shown} exists and is not an empty directory; hand histories need a new one")
        parent = Path(os.path.abspath(directory)).parent
        while not parent.exists() and not parent.is_symlink():
            parent = parent.parent
        if not parent.is_dir():
            raise InputError(f"{option} {shown}: {shorten(str(parent), 160)} is not a directory")
        probe = parent / f".{secrets.token_hex(6)}.phh-probe"
        probe.mkdir()
        probe.rmdir()
    except OSError as e:
        raise InputError(f"{option} {shown}: cannot make the folder: {e.strerror or e}") from None
    except RuntimeError as e:  # a symbolic link loop
        raise InputError(f"{option} {shown}: {e}") from None


def check_phh_out(directory: Path, out: Path | None) -> None:
    """Refuse ``--phh DIR`` and ``--out`` naming the same folder or one inside the other."""
    if out is None:
        return
    phh, res = Path(os.path.abspath(directory)), Path(os.path.abspath(out))
    if phh == res or phh in res.parents or res in phh.parents:
        raise InputError(
            f"--phh {shorten(str(directory), 80)} and --out {shorten(str(out), 80)} need two separate folders "
            "(neither inside the other)"
        )


def _clean_stale_phh(parent: Path) -> None:
    """Remove the hidden ``--phh`` folders in ``parent`` that no live run holds (left by a killed run)."""
    try:
        stale = [p for p in parent.glob(f".*.{PHH_TMP}-*") if p.is_dir() and not p.is_symlink()]
    except OSError:
        return
    for p in stale:
        try:
            fd = os.open(p, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # its run is alive
            os.close(fd)
            continue
        try:
            shutil.rmtree(p, ignore_errors=True)
        finally:
            os.close(fd)


def write_phh(
    directory: Path,
    settings: R.Settings,
    policies: Sequence[Policy],
    hands: int,
    seed: int,
    *,
    duplicate: bool = False,
    user: plugins.UserPolicies | None = None,
) -> int:
    """Write hands ``0..hands-1`` of a run as PHH files into ``directory``, all or nothing (:func:`write_folder`);
    returns the count."""
    from razzmatazz.analysis.razz.phh import hand_history

    check_phh_request(directory, hands)
    job = E.GameJob(settings, tuple(policies), seed, 1, duplicate, _decide(policies, user))

    def files() -> Iterator[tuple[str, str]]:
        for g in range(hands):
            log, res, _ = job.trace(g)
            names = [p.text for p in seat_policies(policies, g)]
            yield f"hand-{g:06d}.phh", hand_history(settings, log, names, res[:, E.H_NET], hand=g)

    write_folder(Path(directory), files())
    return hands


def write_folder(directory: Path, files: Iterable[tuple[str, str]]) -> None:
    """Write the (name, text) ``files`` into ``directory`` (new or empty), all or nothing: into a hidden folder
    beside it (:data:`PHH_TMP`), locked while this process lives, then renamed to ``directory``; such folders
    left by killed runs are removed first."""
    directory = Path(directory)
    name = directory.name.encode("utf-8", "surrogateescape")[:200].decode("utf-8", "ignore")
    token = secrets.token_hex(4)
    fresh = directory.parent / f".{name}.phh-new-{token}"
    tmp = directory.parent / f".{name}.{PHH_TMP}-{token}"
    fd = -1
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        _clean_stale_phh(directory.parent)
        fresh.mkdir()
        fd = os.open(fresh, os.O_RDONLY | os.O_DIRECTORY)
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held until the files are in place (or the run dies)
        os.rename(fresh, tmp)
        for file, text in files:
            (tmp / file).write_text(text)
        if directory.exists():
            directory.rmdir()
        os.rename(tmp, directory)
    except BaseException as e:
        shutil.rmtree(fresh, ignore_errors=True)
        shutil.rmtree(tmp, ignore_errors=True)
        if isinstance(e, OSError):
            where = shorten(str(directory), 160)
            raise InputError(f"cannot write the hand histories into {where}: {e.strerror or e}") from None
        raise
    finally:
        if fd >= 0:
            os.close(fd)
