"""Kernels with a user's policy function bound in, compiled once per plugin content and cached by numba.

numba cannot cache a kernel that takes a function as an argument: each process compiles the engine again
for the user's function (a minute or more). A kernel that names the function as a module's attribute can
be cached. So for each (kernel, plugin content) :func:`bind` writes a small module to the cache folder
(:func:`cache_dir`) whose one kernel calls ``kernel(*args, user)`` with the user's function as its
attribute, and numba caches that kernel beside it. The module's name is a hash of the plugin's content,
the sources of ``razzmatazz.core`` and numba's version: editing the plugin or the project compiles anew.

A function whose content was never registered (:func:`register`; a plugin defined in a notebook cell,
say) is bound without a cache, as before: the kernel is called with it as its last argument.
(Importing this module loads no numba.)
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
import tempfile
import threading
import traceback
import types
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

CACHE_ENV = "RAZZMATAZZ_CACHE_DIR"
"""The environment variable naming the folder of the bound kernels (default: ``~/.cache/razzmatazz/plugins``,
or ``$XDG_CACHE_HOME/razzmatazz/plugins``)."""

USERS: dict[str, Callable] = {}
"""The users' functions by content key, read by the generated modules when they are imported."""

_KEYS: dict[int, tuple[Callable, str]] = {}
_BOUND: dict[tuple[int, str], Callable] = {}
_LOCK = threading.Lock()  # the batch runner's threads bind at once: one writes and imports, the others wait

_TEMPLATE = '''"""razzmatazz: {target} with the policy function of plugin content {key} bound in (generated)."""
import sys

from numba import njit

import {module} as _kernels
from razzmatazz.core import bound as _bound

_ME = sys.modules[__name__]
user = _bound.USERS[{key!r}]


@njit(cache=True, nogil={nogil})
def kernel({params}):
    return _kernels.{name}({params}, _ME.user)
'''


def cache_dir() -> Path:
    """The folder of the bound kernels (:data:`CACHE_ENV`, else the user's cache folder)."""
    given = os.environ.get(CACHE_ENV)
    if given:
        return Path(given)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "razzmatazz" / "plugins"


def register(user: Callable, content: bytes) -> None:
    """Record that ``user`` is the policy function of a plugin whose source is ``content``."""
    key = hashlib.sha256(content).hexdigest()
    _KEYS[id(user)] = (user, key)
    _SOURCES[key] = content
    _RESTORED.setdefault(key, user)


_SOURCES: dict[str, bytes] = {}
_RESTORED: dict[str, Callable] = {}


def module_name(content: bytes) -> str:
    """The module name a plugin of source ``content`` runs as, in every process (a cached kernel finds it so)."""
    return f"razzmatazz_plugin_{hashlib.sha256(content).hexdigest()[:24]}"


@dataclass(frozen=True)
class Portable:
    """A registered plugin function as it travels to another process (a Dask worker): its file's source, run
    there as the same module, so that the worker loads the bound kernels from the cache instead of compiling."""

    content: bytes

    def restore(self) -> Callable:
        """The plugin's ``decide`` in this process, registered (the file run once per process)."""
        key = hashlib.sha256(self.content).hexdigest()
        if key not in _RESTORED:
            name = module_name(self.content)
            module = sys.modules.get(name)
            if module is None:
                module = types.ModuleType(name)
                module.__file__ = f"<{name}>"
                sys.modules[name] = module
                exec(compile(self.content, module.__file__, "exec"), module.__dict__)
            register(module.decide, self.content)
        return _RESTORED[key]


def portable(user: Callable | None) -> Callable | Portable | None:
    """What to pickle for ``user``: a registered plugin's :class:`Portable`, anything else as it is."""
    key = key_of(user) if user is not None else None
    return Portable(_SOURCES[key]) if key in _SOURCES else user


def restored(user: Callable | Portable | None) -> Callable | None:
    """The inverse of :func:`portable` in the process that unpickles."""
    return user.restore() if isinstance(user, Portable) else user


def derive(user: Callable, made: Callable, tag: str) -> None:
    """Record ``made`` (built from ``user``, e.g. recompiled with other flags) under ``user``'s content key."""
    known = _KEYS.get(id(user))
    if known is not None and known[0] is user:
        _KEYS[id(made)] = (made, f"{known[1]}-{tag}")


def key_of(user: Callable) -> str | None:
    """The content key :func:`register` recorded for ``user``, or None."""
    known = _KEYS.get(id(user))
    return known[1] if known is not None and known[0] is user else None


def either(builtin: Callable, with_user: Callable, user: Callable | None, no_user: Callable) -> Callable:
    """The cached ``builtin`` kernel where no user's policy plays (``user`` None or the game's ``no_user``),
    else ``with_user`` with ``user`` bound in (:func:`bind`)."""
    return builtin if user is None or user is no_user else bind(with_user, user)


def bind(kernel: Any, user: Callable) -> Callable:
    """``kernel`` (a jitted function whose last parameter is the user's function) with ``user`` bound in.

    The result takes the other arguments. For a registered ``user`` it is a cached kernel of a generated
    module (compiled once per plugin content and project version, then loaded by every process); otherwise,
    or if the cache folder cannot be written, ``kernel`` itself with ``user`` passed last.
    """
    key = key_of(user)
    if key is None:
        return _unbound(kernel, user)
    memo = (id(kernel), key)
    with _LOCK:
        if memo not in _BOUND:
            USERS[key] = user
            module = _module(kernel, key)
            _BOUND[memo] = _Cached(module.kernel) if module is not None else _unbound(kernel, user)
        return _BOUND[memo]


class _Cached:
    """A bound kernel that survives a damaged cache file: numba cannot load it, so it is dropped and the
    kernel compiled again (any other error is the run's, and raised)."""

    def __init__(self, kernel: Any) -> None:
        self.kernel = kernel

    @property
    def stats(self) -> Any:
        """numba's cache statistics of the kernel."""
        return self.kernel.stats

    def __call__(self, *args: Any) -> Any:
        try:
            return self.kernel(*args)
        except Exception as e:
            if not any(f.f_code.co_filename.endswith(_CACHING) for f, _ in traceback.walk_tb(e.__traceback__)):
                raise
        self.kernel._cache.flush()  # the index forgets every entry; the next call compiles and stores anew
        return self.kernel(*args)


_CACHING = os.path.join("numba", "core", "caching.py")


def _unbound(kernel: Any, user: Callable) -> Callable:
    def call(*args: Any) -> Any:
        return kernel(*args, user)

    return call


def _module(kernel: Any, key: str) -> Any | None:
    """The generated module binding ``key``'s function into ``kernel``, written if new; None if it cannot be."""
    fn = kernel.py_func
    params = list(inspect.signature(fn).parameters)[:-1]
    target = f"{fn.__module__}.{fn.__name__}"
    name = "razzmatazz_bound_" + hashlib.sha256(f"{target}|{key}|{_project()}".encode()).hexdigest()[:24]
    if name in sys.modules:
        return sys.modules[name]
    source = _TEMPLATE.format(
        target=target,
        key=key,
        module=fn.__module__,
        name=fn.__name__,
        nogil=bool(kernel.targetoptions.get("nogil", False)),
        params=", ".join(params),
    )
    path = cache_dir() / f"{name}.py"
    try:
        if not path.is_file() or path.read_text() != source:
            _write(path, source)
    except OSError:
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # numba finds a cached kernel's module by name when it loads it
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]  # never leave a half-run module for the next caller to find
        raise
    return module


def _write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all (a concurrent writer writes the same text)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".py")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


@cache
def _project() -> str:
    """A hash of ``razzmatazz.core``'s sources and numba's version: a bound kernel compiled against other
    engines is never loaded (numba's cache does not look at the functions a cached kernel calls)."""
    import numba

    core = Path(__file__).resolve().parent
    h = hashlib.sha256(numba.__version__.encode())
    for f in sorted(core.rglob("*.py")):
        h.update(str(f.relative_to(core)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def stats(fn: Callable) -> tuple[int, int]:
    """numba's (cache hits, cache misses) of a bound kernel (0, 0 for an unbound one)."""
    s = getattr(fn, "stats", None)
    if s is None:
        return 0, 0
    return sum(s.cache_hits.values()), sum(s.cache_misses.values())
