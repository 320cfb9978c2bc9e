"""The toy game's table: only the number of players."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Settings:
    """A table of high card."""

    players: int = 3
