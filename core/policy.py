"""Policies: how a seat plays, named by the user and dispatched on an integer id inside numba.

A policy in razzmatazz is a small integer id plus a float64 parameter row. The game kernels
branch on the id with a plain ``if policy_id == K`` and read their numbers from the row, so a
parameter sweep changes only the row and never recompiles. Each game module fills one
:class:`Registry` of :class:`PolicySpec` at import; users write ``NAME`` or
``NAME:key=value,...``, which :meth:`Registry.parse` turns into a validated :class:`Policy`. A
*preset* (:meth:`Registry.preset`) is a name for a parameter row of a policy, e.g. ``hunter-tuned``
for ``hunter:min_prob=...``: written where a policy is, it reads as that row (``PRESET:key=value``
overrides on top of it); the policy it makes is the spec's, so tables name it by its row.
Ids are part of every stored result's meaning: never renumber them, only add. A user's own
policy (later) is a jitted function with the built-in signature handed to the engine.

Bad user input raises :class:`PolicyError`; a bad definition (a game module's bug) raises
``ValueError``.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from razzmatazz.core.errors import InputError, shorten

NAME = re.compile(r"[a-z][a-z0-9_-]*")
"""Policy and parameter names: lowercase, free of the separators ``:``, ``,`` and ``=``."""

SYNTAX = "write NAME or NAME:key=value,key=value"
KNOWN_WIDTH = 100
"""Widest list of names an unknown-policy error gives in full."""


class PolicyError(InputError):
    """A policy text or parameter value that cannot be used; the message names the problem."""


def _number(x: float) -> str:
    """Shortest text that reads back to ``x`` exactly, without a trailing ``.0``."""
    text = repr(float(x))
    return text[:-2] if text.endswith(".0") else text


def _check_name(kind: str, name: str) -> None:
    if not NAME.fullmatch(name):
        raise ValueError(f"{kind} name {name!r} must be lowercase letters, digits, '-' or '_'")


@dataclass(frozen=True)
class Param:
    """One parameter of a policy: its default, inclusive range ``[lo, hi]`` and one line of help."""

    name: str
    default: float
    lo: float
    hi: float
    help: str
    integer: bool = False

    def __post_init__(self) -> None:
        _check_name("parameter", self.name)
        for field in ("default", "lo", "hi"):
            object.__setattr__(self, field, float(getattr(self, field)))
        if not self.lo <= self.hi:
            raise ValueError(f"parameter {self.name}: empty range [{self.lo}, {self.hi}]")
        self.validate(self.default)

    @property
    def range(self) -> str:
        return f"[{_number(self.lo)}, {_number(self.hi)}]"

    def validate(self, value: float | str) -> float:
        """``value`` (a number or its text) as a float, or :class:`PolicyError` naming the problem."""
        try:
            x = float(value)
        except (TypeError, ValueError):
            x = math.nan
        if math.isnan(x):
            raise PolicyError(f"parameter {self.name} must be a number, got {shorten(repr(value))}")
        if not self.lo <= x <= self.hi:
            raise PolicyError(f"parameter {self.name} must be in {self.range}, got {shorten(repr(value))}")
        if self.integer and not x.is_integer():
            raise PolicyError(f"parameter {self.name} must be an integer, got {shorten(repr(value))}")
        return x


@dataclass(frozen=True)
class PolicySpec:
    """A policy of one game: name, stable id (the kernels' dispatch value), parameters and help."""

    name: str
    id: int
    params: tuple[Param, ...]
    help: str

    def __post_init__(self) -> None:
        _check_name("policy", self.name)
        if isinstance(self.id, bool) or not isinstance(self.id, int) or self.id < 0:
            raise ValueError(f"policy {self.name}: id must be an int >= 0, got {self.id!r}")
        object.__setattr__(self, "params", tuple(self.params))
        names = [p.name for p in self.params]
        if len(set(names)) != len(names):
            raise ValueError(f"policy {self.name}: parameter names repeat: {', '.join(names)}")

    def defaults(self) -> np.ndarray:
        """A new float64 row of the default parameter values."""
        return np.array([p.default for p in self.params], np.float64)

    def row(self, **overrides: float | str) -> np.ndarray:
        """A new float64 row: the defaults with ``overrides`` (numbers or their text) checked and applied."""
        known = {p.name: i for i, p in enumerate(self.params)}
        row = self.defaults()
        for key, value in overrides.items():
            if key not in known:
                names = ", ".join(known) or "none"
                raise PolicyError(f"policy {self.name} has no parameter {shorten(key)!r}; its parameters: {names}")
            try:
                row[known[key]] = self.params[known[key]].validate(value)
            except PolicyError as e:
                raise PolicyError(f"policy {self.name}: {e}") from None
        return row


@dataclass(frozen=True, eq=False)
class Policy:
    """A policy to play: its spec and a read-only float64 parameter row (checked against the spec);
    ``preset``, the name of the preset it was written as (its label; not part of its identity)."""

    spec: PolicySpec
    row: np.ndarray
    preset: str = ""

    def __post_init__(self) -> None:
        row = np.array(self.row, np.float64)
        if row.shape != (len(self.spec.params),):
            raise PolicyError(
                f"policy {self.spec.name} takes {len(self.spec.params)} parameters, got a row of shape {row.shape}"
            )
        row = self.spec.row(**{p.name: x for p, x in zip(self.spec.params, row.tolist())})
        row.flags.writeable = False
        object.__setattr__(self, "row", row)

    @property
    def params(self) -> dict[str, float]:
        """Parameter name -> value, in the spec's order."""
        return {p.name: x for p, x in zip(self.spec.params, self.row.tolist())}

    @property
    def text(self) -> str:
        """Canonical ``NAME:key=value,...`` with every parameter written; :meth:`Registry.parse` reads it back."""
        pairs = ",".join(f"{k}={_number(x)}" for k, x in self.params.items())
        return f"{self.spec.name}:{pairs}" if pairs else self.spec.name

    @property
    def label(self) -> str:
        """Short name: the preset's name, else the policy's name and the parameters that differ from the defaults."""
        if self.preset:
            return self.preset
        changed = [f"{k}={v:g}" for (k, v), d in zip(self.params.items(), self.spec.defaults()) if v != d]
        return f"{self.spec.name}:{','.join(changed)}" if changed else self.spec.name

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Policy):
            return NotImplemented
        return self.spec == other.spec and np.array_equal(self.row, other.row)

    def __hash__(self) -> int:
        return hash((self.spec, tuple(self.row.tolist())))


class Registry:
    """The policies of one game, filled once at import by the game module."""

    def __init__(self, game: str) -> None:
        self.game = game
        self._by_name: dict[str, PolicySpec] = {}
        self._by_id: dict[int, PolicySpec] = {}
        self._presets: dict[str, Preset] = {}

    def add(self, spec: PolicySpec) -> PolicySpec:
        """Register ``spec`` (refused if its name or id is taken) and return it."""
        clash = self._by_name.get(spec.name) or self._by_id.get(spec.id)
        if clash is not None:
            raise ValueError(f"{self.game} policy {spec.name} (id {spec.id}) clashes with {clash.name} (id {clash.id})")
        if spec.name in self._presets:
            raise ValueError(f"{self.game} policy {spec.name} clashes with the preset of that name")
        self._by_name[spec.name] = self._by_id[spec.id] = spec
        return spec

    def preset(self, name: str, text: str, help: str) -> Preset:
        """Register ``name`` as a name for the policy written ``text`` (checked now) and return the preset."""
        _check_name("preset", name)
        if name in self._by_name or name in self._presets:
            raise ValueError(f"{self.game} preset {name} clashes with a policy or preset of that name")
        policy = self.parse(text)
        preset = Preset(name, policy.text, help)
        self._presets[name] = preset
        return preset

    def presets(self) -> list[Preset]:
        """The presets, in the order they were registered."""
        return list(self._presets.values())

    def __iter__(self) -> Iterator[PolicySpec]:
        """The specs in id order."""
        return iter([self._by_id[i] for i in sorted(self._by_id)])

    def _known(self) -> str:
        """The names for an error line: every policy and preset, or past :data:`KNOWN_WIDTH` characters the
        policies and how many presets ``<game> policies`` lists."""
        known = ", ".join([s.name for s in self] + list(self._presets)) or "none"
        if len(known) <= KNOWN_WIDTH:
            return known
        n = len(self._presets)
        return ", ".join(s.name for s in self) + f" and {n} preset{'s' * (n != 1)} (see '{self.game} policies')"

    def get(self, name: str) -> PolicySpec:
        """The spec named ``name`` (case and surrounding spaces ignored)."""
        try:
            return self._by_name[name.strip().lower()]
        except KeyError:
            shown = shorten(name.strip(), 30)
            raise PolicyError(f"unknown {self.game} policy {shown!r}; known: {self._known()}") from None

    def by_id(self, id: int) -> PolicySpec:
        """The spec with dispatch id ``id``."""
        try:
            return self._by_id[id]
        except KeyError:
            known = ", ".join(str(i) for i in sorted(self._by_id)) or "none"
            raise PolicyError(f"no {self.game} policy has id {id!r}; known ids: {known}") from None

    def parse(self, text: str) -> Policy:
        """The policy written ``NAME`` or ``NAME:key=value,...`` (spaces around separators allowed); a
        preset's name reads as its row, with the parameters given overriding it."""
        name, colon, rest = text.partition(":")
        if not name.strip():
            raise PolicyError(f"no policy name in {shorten(text)!r}; {SYNTAX}")
        values = _pairs(text, rest if colon else None)
        preset = self._presets.get(name.strip().lower())
        if preset is None:
            spec = self.get(name)
            return Policy(spec, spec.row(**values))
        _, has, pairs = preset.text.partition(":")
        spec = self.get(preset.policy)
        return Policy(
            spec, spec.row(**{**_pairs(preset.text, pairs if has else None), **values}), "" if values else preset.name
        )

    def describe(self) -> list[dict]:
        """One plain dict per policy, in id order, for a ``GAME policies`` listing."""
        return [
            {
                "name": s.name,
                "id": s.id,
                "help": s.help,
                "params": [
                    {"name": p.name, "default": p.default, "lo": p.lo, "hi": p.hi, "integer": p.integer, "help": p.help}
                    for p in s.params
                ],
                "presets": [
                    {"name": x.name, "text": x.text, "help": x.help}
                    for x in self._presets.values()
                    if x.policy == s.name
                ],
            }
            for s in self
        ]


@dataclass(frozen=True)
class Preset:
    """A name for a parameter row: ``text`` is the canonical ``POLICY:k=v,...`` it stands for."""

    name: str
    text: str
    help: str

    @property
    def policy(self) -> str:
        """The name of the policy whose row this is."""
        return self.text.partition(":")[0]


def _pairs(text: str, rest: str | None) -> dict[str, str]:
    """The ``key=value`` pairs of ``rest`` (the part of ``text`` after its colon; None: no colon), keys lowercase."""
    values: dict[str, str] = {}
    for piece in rest.split(",") if rest is not None else ():
        key, eq, value = (s.strip() for s in piece.partition("="))
        if not (key and eq and value):
            what = f"{piece.strip()!r} is not key=value" if piece.strip() else "empty parameter"
            raise PolicyError(f"malformed policy {shorten(text)!r}: {what}; {SYNTAX}")
        if key.lower() in values:
            raise PolicyError(f"parameter {key.lower()} given twice in {shorten(text)!r}")
        values[key.lower()] = value
    return values


@functools.cache
def with_nrt(user: Callable) -> Callable:
    """A user's policy function compiled with NRT set explicitly.

    The game loops run without NRT (numba's reference counting), and a jitted function they call
    inherits that unless its own flags say otherwise: a user's policy that makes an array would
    then fail to compile. (numba is imported here: importing this module loads no numba.)
    """
    from razzmatazz.core import bound
    from razzmatazz.core.jit import njit

    if not hasattr(user, "py_func"):
        return user
    made = njit(_nrt=True)(user.py_func)
    bound.derive(user, made, "nrt")
    return made
