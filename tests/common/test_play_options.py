"""Every game's ``play`` takes the same keyword options (:class:`~razzmatazz.analysis.summary.PlayOptions`), and
an option it does not know is a TypeError before any game is played, as a misspelt keyword argument always was."""

from __future__ import annotations

import pytest

from razzmatazz.analysis import games
from razzmatazz.analysis.summary import PlayOptions


@pytest.mark.parametrize("name", games.names())
def test_an_unknown_play_option_is_refused(name):
    spec = games.game(name)
    settings = spec.settings(None)
    lineup = spec.module.lineup([], settings.players)
    with pytest.raises(TypeError, match="unexpected keyword arguments: duplicates$"):
        spec.module.play(settings, lineup, 10, 1, duplicates=True)


def test_the_options_are_the_ones_every_caller_passes():
    assert set(PlayOptions.__annotations__) == {"duplicate", "user", "executor", "progress", "chunk_size", "checkpoint"}
