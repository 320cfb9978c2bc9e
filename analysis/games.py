"""The one registry of games: what the studies (tournament, sweep) and the command line know of a game.

Each game describes itself in a :class:`GameSpec` kept in its own room, the package
``analysis/<game>/`` (``SPEC`` in its ``__init__``, which imports nothing heavy); the registry below is
one line per game saying where that spec is, read lazily, so that listing the games imports nothing
heavy. A new game is one package (its ``core`` rules, policies and engine, its analysis module with
``lineup``, ``play``, ``check_games``, and ``SPEC``) and one :func:`register` call (or one line in
:data:`REGISTRY`). Games beyond the shipped ones join through the environment: ``RAZZMATAZZ_GAMES`` lists
modules (comma-separated) each holding a ``SPEC`` (:data:`ENVIRONMENT`); a module that cannot be used is left
out and named by :func:`check_registry`, which the command line turns into one line of error. No module
outside a game's own names the game: the command line takes each game's click group from ``GameSpec.cli``,
the report its section from ``GameSpec.report``.

A game's ``play(settings, lineup, games, seed, duplicate=, executor=, progress=)`` returns tables
``policies``, ``players``, ``seats`` and ``pairs`` in the shape every game shares (see
:data:`CORE_COLUMNS`): the studies read only those columns.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from collections.abc import Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import Policy, Registry

if TYPE_CHECKING:
    import pandas as pd

CORE_COLUMNS = ("policy", "games", "payoff", "payoff_low", "payoff_high", "win_rate", "win_low", "win_high")
"""Columns of every game's ``policies`` table (``players`` and ``seats`` have them too, with ``player`` or
``seat`` for ``policy``); the game's own columns follow."""
PAIR_COLUMNS = (
    "policy",
    "versus",
    "win_rate_difference",
    "win_rate_low",
    "win_rate_high",
    "payoff_difference",
    "payoff_low",
    "payoff_high",
    "clear",
)
"""Columns of every game's ``pairs`` table: the paired differences ``policy - versus`` (win rate, payoff) and
their 95 % intervals; ``clear``: the game's headline difference is established (win rate in the games
won by winning, payoff in Razz)."""

REGISTRY: dict[str, str] = {
    "razz": "razzmatazz.analysis.razz",
    "razzia": "razzmatazz.analysis.razzia",
    "riffifi": "razzmatazz.analysis.riffifi",
}
"""The games, each by the module (its room) that holds its ``SPEC``: the shipped ones, then those of
:data:`ENVIRONMENT`."""
_SPECS: dict[str, GameSpec] = {}
SHIPPED: tuple[str, ...] = tuple(REGISTRY)
"""The games that ship with razzmatazz (the README shows their commands); the rest come from :data:`ENVIRONMENT`."""
ENVIRONMENT = "RAZZMATAZZ_GAMES"
"""The environment variable naming more games: modules, comma-separated, each holding a ``SPEC``."""
_PROBLEMS: list[str] = []
"""Why a module of :data:`ENVIRONMENT` was left out, one line each."""


@dataclass(frozen=True)
class GameSpec:
    """What the house needs to know of one game, and how the studies play it."""

    name: str
    title: str
    code: int  # the game's code in core.streams.GAMES (the first part of its stream paths)
    players: tuple[int, ...]  # the player counts the studies seat
    default_players: int
    default_games: int
    item: str  # what ``games`` counts: "hand" or "game"
    unit: str  # the payoff's unit, in words
    short_unit: str
    win: str  # what the win rate counts
    api: str  # the module with lineup, play, check_games (and check_split where duplicates may be refused)
    core: str  # the package with rules.Settings and policies.REGISTRY
    cli: str = ""  # "module:name" of the game's click group (none: no command of its own)
    report: str = ""  # the module with the game's report SECTION (none: no report)
    form: str = ""  # "module:name" of the game's ``PlayForm`` (its part of ``GAME play``; none: no play command)
    exploit_games: int = 0  # ``exploit``'s games per lineup where its search seat is slower (0: ``default_games``)
    user: Any = field(default=None, compare=False)  # a plugin's policies (``UserPolicies``): see :func:`plugged`

    @property
    def exploit_default(self) -> int:
        """``exploit``'s games per lineup when none are given: :attr:`exploit_games`, else :attr:`default_games`."""
        return self.exploit_games or self.default_games

    @property
    def module(self) -> ModuleType:
        """The game's analysis module (``lineup``, ``play``, ``check_games``)."""
        return importlib.import_module(self.api)

    @property
    def registry(self) -> Registry:
        """The game's policy registry (with a plugin's policies, where one is plugged in)."""
        if self.user is not None:
            return self.user.registry()
        return importlib.import_module(f"{self.core}.policies").REGISTRY

    @property
    def command(self) -> Any:
        """The game's click group (``razzmatazz GAME ...``), or None."""
        if not self.cli:
            return None
        module, name = self.cli.split(":")
        return getattr(importlib.import_module(module), name)

    @property
    def play_form(self) -> Any:
        """The game's part of the shared ``play`` command (:class:`~razzmatazz.analysis.cli.play.PlayForm`), or
        None."""
        if not self.form:
            return None
        module, name = self.form.split(":")
        return getattr(importlib.import_module(module), name)

    @property
    def section(self) -> Any:
        """The game's report section (``simulate``, ``derive``, ``topics``, ``figures``), or None."""
        return importlib.import_module(self.report).SECTION if self.report else None

    def settings(self, players: int | None) -> Any:
        """The default rules for ``players`` (checked)."""
        n = self.default_players if players is None else players
        if isinstance(n, bool) or n not in self.players:
            raise InputError(f"{self.title} tables here have {_counts(self.players)} players, got {shorten(n)}")
        return importlib.import_module(f"{self.core}.rules").Settings(players=n)

    def parse(self, text: str, players: int) -> Policy:
        """One policy text (``NAME`` or ``NAME:key=value,...``)."""
        if not isinstance(text, str) or not text.strip():
            raise InputError(f"empty {self.name} policy; write NAME or NAME:key=value,key=value")
        mine = (self.user,) if self.user is not None else ()  # a game without plugins takes none
        return self.module.lineup([text], players, *mine)[0]

    def check_games(self, games: int) -> None:
        """Refuse a game count the game's ``play`` would refuse."""
        if isinstance(games, bool) or not isinstance(games, int):
            raise InputError(f"the number of {self.item}s must be a whole number, got {shorten(games)}")
        self.module.check_games(games)

    def duplicate(self, settings: Any, duplicate: bool | None) -> bool:
        """Duplicate deals unless refused (None: wherever the game allows them)."""
        check = getattr(self.module, "check_split", None)
        if check is None or duplicate is False:
            return duplicate is not False
        try:
            check(settings, True)
        except InputError:
            if duplicate:
                raise
            return False
        return True

    def play(
        self,
        settings: Any,
        lineup: Sequence[Policy],
        games: int,
        seed: int,
        duplicate: bool,
        executor: Executor | None,
        progress: bool | None,
    ) -> Any:
        """The game's own ``play`` (the batch runner)."""
        mine = {"user": self.user} if self.user is not None else {}
        return self.module.play(
            settings, lineup, games, seed, duplicate=duplicate, executor=executor, progress=progress, **mine
        )

    def outcome(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``games, payoff, payoff_se, win_rate, win_se`` of each row of a play's ``policies`` or ``players``
        (standard errors: the engine's 95 % half-widths / z)."""
        import numpy as np
        import pandas as pd

        from razzmatazz.analysis.stats import Z95

        return pd.DataFrame(
            {
                "games": frame.games.astype(np.int64),
                "payoff": frame.payoff,
                "payoff_se": (frame.payoff_high - frame.payoff_low) / (2 * Z95),
                "win_rate": frame.win_rate,
                "win_se": (frame.win_high - frame.win_low) / (2 * Z95),
            }
        )

    def pairs(self, frame: pd.DataFrame) -> pd.DataFrame:
        """``policy, versus, difference, stderr`` from a play's ``pairs`` table (payoff a - b, paired)."""
        import pandas as pd

        from razzmatazz.analysis.stats import Z95

        return pd.DataFrame(
            {
                "policy": frame.policy,
                "versus": frame.versus,
                "difference": frame.payoff_difference,
                "stderr": (frame.payoff_high - frame.payoff_low) / (2 * Z95),
            }
        )


def with_core_columns(
    frame: pd.DataFrame, keys: Sequence[str], games: str, payoff: str, low: str, high: str
) -> pd.DataFrame:
    """``frame`` with the shared columns first: ``keys`` (``policy``; ``player, policy``; ``seat``), then the rest
    of :data:`CORE_COLUMNS`, taken from the game's own ``games``, ``payoff``, ``low`` and ``high`` columns (which
    stay, after them with the game's other columns)."""
    import numpy as np
    import pandas as pd

    core = pd.DataFrame(
        {
            **{k: frame[k] for k in keys},
            "games": frame[games].astype(np.int64),
            "payoff": frame[payoff],
            "payoff_low": frame[low],
            "payoff_high": frame[high],
            "win_rate": frame["win_rate"],
            "win_low": frame["win_low"],
            "win_high": frame["win_high"],
        }
    )
    rest = frame.drop(columns=[c for c in core.columns if c in frame.columns])
    return pd.concat([core, rest], axis=1)


def with_core_pairs(frame: pd.DataFrame, difference: str, low: str, high: str) -> pd.DataFrame:
    """``frame`` (a play's ``pairs``) with :data:`PAIR_COLUMNS` first, taken from the game's own columns."""
    import pandas as pd

    core = pd.DataFrame(
        {
            "policy": frame["policy"],
            "versus": frame["versus"],
            **{c: frame[c] for c in ("win_rate_difference", "win_rate_low", "win_rate_high")},
            "payoff_difference": frame[difference],
            "payoff_low": frame[low],
            "payoff_high": frame[high],
            "clear": frame["clear"],
        }
    )
    rest = frame.drop(columns=[c for c in core.columns if c in frame.columns])
    return pd.concat([core, rest], axis=1)


def register(spec: GameSpec) -> GameSpec:
    """Add a game (a test's toy game, a user's); its name and stream code must be its own."""
    from razzmatazz.core import streams

    taken = {s.code: s.name for s in map(game, names()) if s.name != spec.name}
    if spec.code in taken:
        raise ValueError(f"game {spec.name}: stream code {spec.code} is taken")
    streams.register(spec.name, spec.code, ())
    _SPECS[spec.name] = spec
    REGISTRY.setdefault(spec.name, spec.api)
    return spec


@contextmanager
def plugged(name: str | None, plugin: str | Path | None) -> Iterator[None]:
    """Within: game ``name``'s spec (:func:`game`, as every study reads it) has the policies of the policy
    file ``plugin`` beside its own (the game's ``load_plugin`` checks the file); nothing changes for None."""
    if plugin is None or name is None:
        yield
        return
    spec = game(name)
    _SPECS[spec.name] = replace(spec, user=spec.module.load_plugin(plugin))
    try:
        yield
    finally:
        _SPECS[spec.name] = spec


def fill_lineup(texts: Sequence[str], players: int, default: Sequence[str], registry: Registry) -> tuple[Policy, ...]:
    """The policies of players 1..N: ``texts`` in order (default: the first ``players`` of ``default``), repeated to
    fill the table; more texts than players is an :class:`InputError`."""
    texts = list(texts) or list(default[:players])
    if len(texts) > players:
        raise InputError(f"{len(texts)} policies given for {players} players; give at most one per player")
    parsed = [registry.parse(t) for t in texts]
    return tuple(parsed[i % len(parsed)] for i in range(players))


def names() -> list[str]:
    """The registered games' names, in registry order (nothing heavy is imported)."""
    _read_environment()
    return list(REGISTRY)


def game(name: str) -> GameSpec:
    """The spec of game ``name``; an unknown name is an :class:`InputError` listing the games."""
    _read_environment()
    key = name.strip().lower() if isinstance(name, str) else None
    if key not in REGISTRY:
        raise InputError(f"unknown game {shorten(name)!r}; games: {', '.join(REGISTRY)}")
    if key not in _SPECS:
        _SPECS[key] = importlib.import_module(REGISTRY[key]).SPEC
    return _SPECS[key]


def public_api(package: str, modules: Sequence[str]) -> Any:
    """A module ``__getattr__`` for a game's room: its public names are those of ``modules`` (submodules of
    ``package``, imported on first use, so that importing the room stays light)."""

    def __getattr__(name: str) -> Any:
        if not name.startswith("_") and importlib.util.find_spec(f"{package}.{name}") is None:  # not a submodule
            for sub in modules:
                found = vars(importlib.import_module(f"{package}.{sub}"))
                if name in found:
                    return found[name]
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__


def _counts(values: Sequence[int]) -> str:
    return f"{values[0]} to {values[-1]}" if len(values) > 2 else " or ".join(map(str, values))


def check_registry() -> None:
    """Raise :class:`InputError` naming the first module of :data:`ENVIRONMENT` that could not be used."""
    _read_environment()
    if _PROBLEMS:
        raise InputError(_PROBLEMS[0])


def _from_environment(text: str) -> None:
    """Add the games of the modules listed in ``text`` (:data:`ENVIRONMENT`'s value); a module that cannot be
    imported, has no ``SPEC``, or whose game's name or stream code is taken is left out, with a line in
    :data:`_PROBLEMS`. Imports only the rooms (light: their ``SPEC``), not the games' engines."""
    for module in dict.fromkeys(m.strip() for m in text.split(",") if m.strip()):
        where = f"{ENVIRONMENT}: module {shorten(module)}"
        try:
            spec = getattr(importlib.import_module(module), "SPEC", None)
        except Exception as e:  # a user's module: any error is theirs, said in one line
            first = next((line for line in str(e).splitlines() if line.strip()), "")
            _PROBLEMS.append(
                f"{where} cannot be used: {type(e).__name__}" + (f": {shorten(first, 120)}" if first else "")
            )
            continue
        if not isinstance(spec, GameSpec):
            _PROBLEMS.append(f"{where}: its SPEC must be a GameSpec, got {shorten(repr(spec))}")
            continue
        if REGISTRY.get(spec.name, module) != module:
            _PROBLEMS.append(f"{where}: game {shorten(spec.name)} is already registered by {REGISTRY[spec.name]}")
            continue
        codes = {game(name).code: name for name in REGISTRY if name != spec.name}
        if spec.code in codes:
            _PROBLEMS.append(
                f"{where}: game {shorten(spec.name)}'s stream code {spec.code} is taken by {codes[spec.code]}"
            )
            continue
        REGISTRY[spec.name] = module
        _SPECS[spec.name] = spec


_ENVIRONMENT_READ: list[bool] = []


def _read_environment() -> None:
    """Add :data:`ENVIRONMENT`'s games once, on the first question to the registry (not at import: a game's room
    imports this module, and reading its games' specs then would find a room half imported)."""
    if not _ENVIRONMENT_READ:
        _ENVIRONMENT_READ.append(True)
        _from_environment(os.environ.get(ENVIRONMENT, ""))
