"""razzmatazz's numba kernels (see the README's layout).

numba's on-disk cache checks only the source file of the function it compiled, not the files of
the functions that function calls: after an upgrade that changed, say, ``razz/rules.py`` but not
``razz/engine.py``, the engine's cached machine code would still hold the old rules. So at
import, a digest of every source file of this package is compared with the one the cache was
built from; when they differ, the cached kernels are removed (they are rebuilt on first use).
Importing compiles nothing.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

_HERE = Path(__file__).resolve().parent
_STAMP = _HERE / "__pycache__" / "numba-sources.sha256"


def _digest() -> str:
    h = hashlib.sha256()
    for path in sorted(_HERE.rglob("*.py")):
        h.update(str(path.relative_to(_HERE)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _drop_stale_kernels() -> None:
    """Remove numba cache files built from other sources than these."""
    try:
        digest = _digest()
        if _STAMP.is_file() and _STAMP.read_text() == digest:
            return
        for pattern in ("*.nbi", "*.nbc"):
            for path in _HERE.rglob(f"__pycache__/{pattern}"):
                path.unlink(missing_ok=True)
        _STAMP.parent.mkdir(exist_ok=True)
        tmp = _STAMP.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(digest)
        tmp.replace(_STAMP)
    except OSError:  # a read-only install: numba then caches elsewhere or not at all
        pass


_drop_stale_kernels()
