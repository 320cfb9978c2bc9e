"""Every game's ``lineup`` (one ``fill_lineup``): the texts repeated to fill the table, the default mix where none
is given, and more texts than players refused in words."""

from __future__ import annotations

import pytest

from razzmatazz.analysis import games
from razzmatazz.core.errors import InputError


@pytest.mark.parametrize("name", games.names())
def test_a_lineup_fills_the_table_and_refuses_more_policies_than_players(name):
    spec = games.game(name)
    n = spec.default_players
    first = spec.registry.parse("random")
    filled = spec.module.lineup(["random"], n)
    assert len(filled) == n and all(p == first for p in filled)
    mix = spec.module.lineup([], n)
    assert len(mix) == n and len({p.label for p in mix}) > 1  # the default mix, not one policy repeated
    with pytest.raises(InputError, match=f"{n + 1} policies given for {n} players"):
        spec.module.lineup(["random"] * (n + 1), n)
