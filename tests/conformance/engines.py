"""The engines the conformance suite runs over: every registered game's (``tests/<game>/conformance.py``).

An :class:`~tests.conformance.cases.Engine` describes one simulation the batch runner can run (a Razz equity
question, each game with its policies): how to build its jobs, how its plain-Python reference plays a range of
games, and what its counts must conserve. The suite in ``test_conformance.py`` checks every engine the same way.
"""

from __future__ import annotations

from tests.conformance.cases import Engine, gather

ENGINES: list[Engine] = [engine for _, engine in gather("ENGINES")]
"""Every engine in the suite, game by game in the registry's order."""
POLICY_ENGINES: list[Engine] = [e for e in ENGINES if e.hidden is not None]
"""Engines whose players take decisions and that say how to check it: the hidden-information check."""
