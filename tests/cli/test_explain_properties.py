"""Property tests (hypothesis) over ``riffifi explain`` and ``razzia explain``: any file is answered or refused.

Scripts and scenarios are built from the right keys with values of every JSON kind, mostly
plausible and often wrong (unknown cards and colours, seats out of range, money that is not a
card, offers that do not divide, dice outside 1-6, nested junk). The CLI must either answer
(exit 0) or print exactly one ``razzmatazz: error:`` line with exit status 2, never a traceback.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.cli.test_razz_cli import assert_one_line_error, invoke

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60000), st.floats(allow_nan=False, width=32), st.text(max_size=8)
)
JUNK = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=4), inner, max_size=3)),
    max_leaves=8,
)
SEAT = st.one_of(st.sampled_from(["0", "1", "2", "3", "4", "5", "9", "-1", "x"]), st.integers(-1, 9))
COLOUR = st.sampled_from(["yellow", "red", "blue", "green", "orange", "pink"])
CARD = st.one_of(st.builds(lambda c, v: f"{c} {v}", COLOUR, st.integers(0, 9)), st.just("officer"), JUNK)
MONEY = st.sampled_from([5000, 10000, 15000, 20000, 25000, 30000, 40000, 50000, 7000, 0, -5000])


def _answered_or_one_line(args: list[str], data: object) -> None:
    path = Path(tempfile.mkdtemp()) / "file.json"
    path.write_text(json.dumps(data))
    result = invoke([*args[:2], path, *args[2:]])
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code != 0:
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")


RIFFIFI = st.fixed_dictionaries(
    {
        "players": st.one_of(st.sampled_from([3, 4, 5]), SCALARS),
        "plays": st.one_of(
            st.lists(
                st.one_of(
                    CARD,
                    st.fixed_dictionaries(
                        {"card": st.one_of(st.just("officer"), CARD), "target": st.one_of(COLOUR, st.none(), JUNK)}
                    ),
                ),
                max_size=6,
            ),
            JUNK,
        ),
    },
    optional={
        "start": st.one_of(SEAT, JUNK),
        "officer": st.one_of(st.booleans(), JUNK),
        "chips": st.one_of(
            st.dictionaries(SEAT.map(str), st.dictionaries(COLOUR, st.integers(-1, 14), max_size=3), max_size=3), JUNK
        ),
        "face_up": st.one_of(st.dictionaries(SEAT.map(str), CARD, max_size=3), JUNK),
        "hands": st.one_of(st.dictionaries(SEAT.map(str), st.lists(CARD, max_size=4), max_size=3), JUNK),
        "rules": st.one_of(
            st.fixed_dictionaries(
                {},
                optional={
                    "tie": st.sampled_from(["clockwise", "chooser", "x"]),
                    "after_claim": st.sampled_from(["pile", "stay", "x"]),
                },
            ),
            JUNK,
        ),
        "choices": st.one_of(st.lists(SEAT, max_size=3), JUNK),
    },
)

CARD_PLAYED = st.fixed_dictionaries(
    {"seat": SEAT, "kind": st.sampled_from(["gambler", "police", "cop"]), "value": st.integers(0, 7)}
)
RAZZIA = st.fixed_dictionaries(
    {
        "players": st.one_of(st.integers(1, 9), SCALARS),
        "money": st.one_of(st.lists(MONEY, max_size=4), JUNK),
        "cards": st.one_of(st.lists(CARD_PLAYED, max_size=4), JUNK),
    },
    optional={
        "croupier": st.one_of(st.integers(-1, 9), JUNK),
        "bar": st.one_of(st.sampled_from(["Colibri", "Jungle", "Jazz House", "Nowhere"]), st.integers(-1, 7)),
        "offer": st.one_of(
            st.dictionaries(SEAT.map(str), st.lists(MONEY, max_size=3), max_size=3), st.just("none"), JUNK
        ),
        "answers": st.one_of(
            st.dictionaries(SEAT.map(str), st.sampled_from(["accept", "duel", "maybe"]), max_size=3), JUNK
        ),
        "dice": st.one_of(st.dictionaries(SEAT.map(str), st.lists(st.integers(0, 7), max_size=3), max_size=3), JUNK),
        "settings": st.one_of(
            st.fixed_dictionaries(
                {}, optional={"duel_tie": st.sampled_from(["caller", "reroll", "x"]), "offer_duel": st.booleans()}
            ),
            JUNK,
        ),
    },
)


@SETTINGS
@given(RIFFIFI)
def test_riffifi_explain_any_script(script):
    _answered_or_one_line(["riffifi", "explain", "--format", "json"], script)


@SETTINGS
@given(RAZZIA)
def test_razzia_explain_any_scenario(scenario):
    _answered_or_one_line(["razzia", "explain", "--format", "json"], scenario)


@SETTINGS
@given(JUNK)
def test_explain_any_json_at_all(data):
    _answered_or_one_line(["riffifi", "explain"], data)
    _answered_or_one_line(["razzia", "explain"], data)
