"""Users' own policies: a file (or notebook cell) of policy specs and one jitted ``decide``.

Every game works the same way: the user's specs take ids from the game's ``USER_ID`` and the
engine asks the user's ``decide(pid, row, view, state) -> (answer, state)`` for those ids,
without the engine being edited. The engine is compiled for the user's function once per plugin content
and project version, and later runs load it from numba's cache (:mod:`razzmatazz.core.bound`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from razzmatazz.core import bound
from razzmatazz.core.errors import InputError, shorten
from razzmatazz.core.policy import PolicySpec, Registry


@dataclass(frozen=True)
class UserPolicies:
    """Users' own policies: their specs (ids from the game's ``USER_ID``) and the jitted function playing them.

    ``base`` is the game's registry of built-in policies (a game's room may give it as a default).
    """

    specs: tuple[PolicySpec, ...]
    decide: Callable
    base: Registry = field(compare=False)

    def registry(self) -> Registry:
        """The built-in policies plus these."""
        reg = Registry(self.base.game)
        for spec in (*self.base, *self.specs):
            reg.add(spec)
        for preset in self.base.presets():
            reg.preset(preset.name, preset.text, preset.help)
        return reg


LOADED: list[Path] = []
"""The policy files this process has loaded: an error that escapes a run then names the user's file."""


def load_plugin(path: str | Path, base: Registry, user_id: int) -> UserPolicies:
    """Users' policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``.

    Everything that can be checked before a game is played is: the file runs without exiting,
    ``POLICIES`` is a list of specs with ids from ``user_id`` whose names and ids are their own,
    and ``decide`` is a numba function that compiles for the game's arguments and answers
    ``(whole number, random state)``.
    """
    path = Path(path)
    if not path.is_file():
        why = "is a folder, not a file" if path.is_dir() else "does not exist"
        raise InputError(f"policy file {shorten(str(path), 160)} {why}")
    content = path.read_bytes()
    key = (str(path.resolve()), hashlib.sha256(content).hexdigest(), base.game, user_id)
    if key not in _SAME:
        _SAME[key] = _load(path, content, base, user_id)
        bound.register(_SAME[key].decide, content)
    LOADED.append(path)
    return _SAME[key]


_SAME: dict[tuple, UserPolicies] = {}
"""The files loaded, by path and content: a file loaded again unchanged gives the same ``decide``, for which the
engine is already compiled (it is compiled for each function object)."""


def _load(path: Path, content: bytes, base: Registry, user_id: int) -> UserPolicies:
    module = _run_file(path, content)
    specs, fn = getattr(module, "POLICIES", None), getattr(module, "decide", None)
    where = f"policy file {shorten(str(path), 160)}"
    if not isinstance(specs, list | tuple) or not specs or fn is None:
        raise InputError(f"{where} must define POLICIES (a list of PolicySpec) and decide")
    other = _other_game(module, base.game)
    if other is not None:
        raise InputError(
            f"{where} is written for {other} (it uses razzmatazz.core.{other}), not {base.game}: "
            f"give it to a {other} command"
        )
    _check_specs(where, specs, base, user_id)
    _check_decide(where, fn, base)
    return UserPolicies(tuple(specs), fn, base)


def _other_game(module: ModuleType, game: str) -> str | None:
    """The registered game other than ``game`` whose core package (``GameSpec.core``) the file's names come from
    (None if none does)."""
    from razzmatazz.analysis import games

    cores = {games.game(g).core: g for g in games.names() if g != game}
    for value in vars(module).values():
        name = value.__name__ if isinstance(value, ModuleType) else getattr(value, "__module__", None)
        if not isinstance(name, str):
            continue
        for core, other in cores.items():
            if name == core or name.startswith(core + "."):
                return other
    return None


def _run_file(path: Path, content: bytes) -> ModuleType:
    """The plugin file run as a module named for its content: a cached kernel finds it by that name in
    every process (see :mod:`razzmatazz.core.bound`)."""
    name = bound.module_name(content)
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:  # no loader for the file's suffix
        raise InputError(f"policy file {shorten(str(path), 160)} is not a Python file (name it FILE.py)")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except SystemExit as e:
        raise InputError(
            f"policy file {shorten(str(path), 160)} exits when loaded (sys.exit({shorten(e.code)})); "
            "it must only define POLICIES and decide"
        ) from None
    except Exception as e:  # a user's file: any error is bad input
        raise InputError(
            f"policy file {shorten(str(path), 160)} cannot be loaded: {type(e).__name__}: {shorten(str(e))}"
        ) from None
    return module


def _check_specs(where: str, specs: list | tuple, base: Registry, user_id: int) -> None:
    names: dict[str | int, PolicySpec] = {s.name: s for s in base}
    ids: dict[str | int, PolicySpec] = {s.id: s for s in base}
    for s in specs:
        if not isinstance(s, PolicySpec) or s.id < user_id:
            raise InputError(f"{where}: every policy must be a PolicySpec with an id >= {user_id}")
        for taken, key, what in ((names, s.name, "name"), (ids, s.id, "id")):
            if key in taken:
                other = taken[key]
                whose = "a built-in policy" if other in base else "another of its policies"
                raise InputError(
                    f"{where}: policy {shorten(s.name)} has the {what} {shorten(str(key))} of {whose} "
                    f"({other.name}, id {other.id}); give it its own"
                )
        names[s.name], ids[s.id] = s, s


def _check_decide(where: str, fn: object, base: Registry) -> None:
    """Compile ``fn`` for the arguments the game's engine passes; it must answer ``(integer, integer)``."""
    import numba
    import numpy as np
    from numba.core import types
    from numba.core.dispatcher import Dispatcher

    if not isinstance(fn, Dispatcher):
        raise InputError(f"{where}: decide must be a function compiled with numba's @njit, got {shorten(repr(fn))}")
    from razzmatazz.analysis import games

    rules = importlib.import_module(f"{games.game(base.game).core}.rules")
    args = (np.int64(0), np.zeros(4, np.float64), np.zeros(rules.VIEW_LEN, np.int64), np.uint64(0))
    sig = tuple(numba.typeof(a) for a in args)
    try:
        fn.compile(sig)
    except Exception as e:  # numba's typing and lowering errors: the user's code
        first = next((line for line in str(e).splitlines() if line.strip()), type(e).__name__)
        raise InputError(
            f"{where}: decide does not compile for (policy id, parameter row, view, random "
            f"state): {shorten(first, 120)}"
        ) from None
    compiled: Any = fn.overloads[sig]  # a CompileResult: numba's types do not list its fields
    answer = compiled.signature.return_type
    items = list(answer) if isinstance(answer, types.BaseTuple) else []  # type: ignore[call-overload]  # tuples iterate
    if not (len(items) == 2 and all(isinstance(t, types.Integer) for t in items)):
        raise InputError(f"{where}: decide must return (move, random state), two whole numbers; it returns {answer}")
