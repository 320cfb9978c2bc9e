"""Checks on what users give every game: JSON files read strictly, and input quoted briefly in messages."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from razzmatazz.core.errors import InputError, shorten

__all__ = ["check_seed", "load_json", "quote", "shorten"]


def quote(x: object) -> str:
    """User input quoted briefly, as JSON where it can be."""
    try:
        return shorten(json.dumps(x, ensure_ascii=False))
    except (TypeError, ValueError, RecursionError):
        return shorten(repr(x))


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise InputError(f"the key {shorten(key)!r} appears twice in one object")
        out[key] = value
    return out


def load_json(path: str | Path, what: str) -> Any:
    """The JSON document in ``path``, read strictly: a missing, unreadable, non-UTF-8 or malformed file, a
    key given twice in one object, or nesting too deep to read is an :class:`InputError` naming ``what``."""
    path = Path(path)
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise InputError(f"{what} {shorten(str(path), 160)} does not exist") from None
    except IsADirectoryError:
        raise InputError(f"{what} {shorten(str(path), 160)} is a directory, not a file") from None
    except UnicodeDecodeError as e:
        raise InputError(f"{what} {shorten(str(path), 160)} is not UTF-8 text (byte {e.start})") from None
    except OSError as e:
        raise InputError(f"{what} {shorten(str(path), 160)} cannot be read: {e.strerror or e}") from None
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except InputError as e:
        raise InputError(f"{what} {shorten(str(path), 160)}: {e}") from None
    except RecursionError:
        raise InputError(f"{what} {shorten(str(path), 160)} is nested too deeply to be a razzmatazz file") from None
    except ValueError as e:
        raise InputError(f"{what} {shorten(str(path), 160)} is not valid JSON: {e}") from None


def check_seed(seed: int) -> None:
    """Refuse a root seed that is not a whole number from 0 to ``2**63 - 1``."""
    from razzmatazz.core.rng import MAX_SEED

    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InputError(f"the seed must be a whole number from 0 to {MAX_SEED:,}, got {shorten(seed)}")
