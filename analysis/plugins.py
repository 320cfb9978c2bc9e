"""Users' own policies: a file (or notebook cell) of policy specs and one jitted ``decide``.

Every game works the same way: the user's specs take ids from the game's ``USER_ID`` and the
engine asks the user's ``decide(pid, row, view, state) -> (answer, state)`` for those ids,
without the engine being edited (it is compiled once more for the user's function).
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import PolicySpec, Registry


@dataclass(frozen=True)
class UserPolicies:
    """Users' own policies: their specs (ids from the game's ``USER_ID``) and the jitted function playing them.

    ``base`` is the game's registry of built-in policies (default: Razz's).
    """

    specs: tuple[PolicySpec, ...]
    decide: Callable
    base: Registry | None = field(default=None, compare=False)

    def registry(self) -> Registry:
        """The built-in policies plus these."""
        base = self.base if self.base is not None else _razz_registry()
        reg = Registry(base.game)
        for spec in (*base, *self.specs):
            reg.add(spec)
        return reg


def _razz_registry() -> Registry:
    from razzmatazz.core.razz.policies import REGISTRY

    return REGISTRY


def load_plugin(path: str | Path, base: Registry, user_id: int) -> UserPolicies:
    """Users' policies from a Python file defining ``POLICIES`` (specs) and a jitted ``decide``."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"policy file {path} does not exist")
    spec = importlib.util.spec_from_file_location(f"razzmatazz_plugin_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)
    except Exception as e:  # a user's file: any error is bad input
        raise InputError(f"policy file {path} cannot be loaded: {type(e).__name__}: {e}") from None
    specs, fn = getattr(module, "POLICIES", None), getattr(module, "decide", None)
    if not specs or fn is None:
        raise InputError(f"policy file {path} must define POLICIES (a list of PolicySpec) and decide")
    for s in specs:
        if not isinstance(s, PolicySpec) or s.id < user_id:
            raise InputError(f"policy file {path}: every policy must be a PolicySpec with an id >= {user_id}")
    return UserPolicies(tuple(specs), fn, base)
