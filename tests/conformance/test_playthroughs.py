"""Every registered game's playthrough (``tests/<game>/playthrough.txt``) is played again to the same text."""

from __future__ import annotations

import pytest

from tests.conformance.playthrough import games_with_playthroughs, path, playthrough


@pytest.mark.parametrize("game", games_with_playthroughs())
def test_the_playthrough_is_unchanged(game):
    kept = path(game).read_text()
    now = playthrough(game)
    if now != kept:
        old, new = kept.splitlines() + ["(end)"], now.splitlines() + ["(end)"]
        at = next(i for i, (a, b) in enumerate(zip(old, new)) if a != b)
        shown = f"line {at + 1}: kept {old[at]!r}, now {new[at]!r}"
        pytest.fail(f"{game}'s playthrough changed at {shown}; if meant: python scripts/playthroughs.py, and say why")


def test_every_game_with_a_decision_point_interface_has_a_playthrough():
    from razzmatazz.analysis import games
    from tests.conformance.test_positions import GAMES

    assert set(GAMES) <= set(games_with_playthroughs()) <= set(games.names())
