"""The streams registry: one stream per game and purpose, stable codes, independent keys."""

import pytest

from razzmatazz.core import streams
from razzmatazz.core.errors import InputError
from razzmatazz.core.rng import stream_key


def test_codes_are_unique_and_stable():
    paths = [(streams.GAMES[s.game], s.code) for s in streams.STREAMS.values()]
    assert len(set(paths)) == len(paths)
    # stored results depend on these: never renumber
    assert streams.stream("razz", "equity").path() == (1, 1)
    assert streams.stream("razz", "table").path(5, 3) == (1, 2, 5, 3)
    assert {g: streams.GAMES[g] for g in ("razz", "razzia", "riffifi")} == {"razz": 1, "razzia": 2, "riffifi": 3}
    assert streams.GAMES["toy"] == 9 and streams.stream("toy", "policy").path(2) == (9, 2, 2)  # the template game
    assert len(set(streams.GAMES.values())) == len(streams.GAMES)  # a new game takes a code of its own


def test_every_game_has_a_deal_and_a_policy_stream_per_seat():
    for game in streams.GAMES:
        assert (game, "deal") in streams.STREAMS
        assert streams.stream(game, "policy").parts == ("seat",)
    assert ("razzia", "dice") in streams.STREAMS


def test_keys_differ_by_purpose_seat_and_seed():
    keys = {streams.key(1, g, p, *([0] * len(s.parts))) for (g, p), s in streams.STREAMS.items()}
    keys |= {streams.key(1, "razz", "policy", seat) for seat in range(8)}
    keys |= {streams.key(2, "razz", "deal")}
    assert len(keys) == len(streams.STREAMS) + 7 + 1


def test_key_is_the_rng_key_of_the_path():
    assert streams.key(9, "razz", "table", 4, 2) == stream_key(9, 1, 2, 4, 2)


@pytest.mark.parametrize(
    "args, words",
    [(("razz", "dice"), "no random stream razz/dice"), (("chess", "deal"), "no random stream chess/deal")],
)
def test_unknown_streams_are_refused(args, words):
    with pytest.raises(InputError, match=words):
        streams.key(1, *args)


def test_wrong_number_of_path_parts_is_refused():
    with pytest.raises(InputError, match="takes 1 path parts"):
        streams.key(1, "razz", "policy")


def test_each_game_registers_its_own_streams(monkeypatch):
    """core/streams.py is the mechanism; each game package's streams.py adds its code and streams."""
    import importlib
    import pkgutil

    import razzmatazz.core as core

    packages = {m.name for m in pkgutil.iter_modules(core.__path__) if m.ispkg}
    assert set(streams.GAMES) == {p for p in packages if importlib.util.find_spec(f"razzmatazz.core.{p}.streams")}
    for game in streams.GAMES:
        assert importlib.import_module(f"razzmatazz.core.{game}.streams")
    monkeypatch.setattr(streams, "GAMES", dict(streams.GAMES))
    monkeypatch.setattr(streams, "STREAMS", dict(streams.STREAMS))
    streams.register("fifth", 99, (streams.Stream("fifth", "deal", 1, (), "a fifth game's cards"),))
    assert streams.key(5, "fifth", "deal") == stream_key(5, 99, 1)
    with pytest.raises(ValueError, match="stream code 2 is taken"):
        streams.register("other", 2, ())
    with pytest.raises(ValueError, match="stream fifth/shuffle"):
        streams.register("fifth", 99, (streams.Stream("fifth", "shuffle", 1, (), "a second purpose with code 1"),))
    with pytest.raises(ValueError, match="not game fifth's"):
        streams.register("fifth", 99, (streams.Stream("razz", "extra", 9, (), "another game's stream"),))
    with pytest.raises(ValueError, match="stream code 9 is taken"):
        streams.register("sixth", 9, ())
