"""Hostile scenarios for ``razzia explain`` (hypothesis): any document is answered or refused in one line.

Three sources of documents: the scenario files of ``seeds/razzia/`` mutated a few times (a value
anywhere replaced by a plausible or a random JSON value, a key dropped or added, a list item
repeated); scenarios built from every key, every bar key and every setting with values of every
JSON kind; and raw files (a key given twice, deep nesting, bytes that are not UTF-8). The command
must answer (exit 0) or print exactly one ``razzmatazz: error:`` line with exit status 2, never a
traceback. The Python API (:func:`razzmatazz.analysis.razzia.explain`) may raise only
:class:`~razzmatazz.core.errors.InputError`.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzmatazz.analysis.razzia import scenario as Z
from razzmatazz.core.errors import InputError
from razzmatazz.core.razzia import rules as R
from tests.cli.test_explain_properties import JUNK, SCALARS
from tests.cli.test_razz_cli import ROOT, assert_one_line_error, invoke

SEEDS = {p.name: json.loads(p.read_text()) for p in sorted((ROOT / "seeds" / "razzia").glob("*.json"))}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
SETTING_VALUES = [v for values in R.CHOICES.values() for v in values] + [True, False, None, "seeds/razzia/cards.csv"]
PLAUSIBLE = st.one_of(
    st.integers(-2, 9),
    st.sampled_from([5000, 9999, 10000, 20000, 30000, 50000, 60000, "30000", 2.5]),
    st.sampled_from(["gambler", "police", "accept", "duel", "none", "Colibri", "Jazz House", "1", " 1", "x"]),
    st.sampled_from(SETTING_VALUES),
    st.lists(st.integers(0, 7), max_size=4),
    st.lists(st.sampled_from([5000, 10000, 20000, 50000]), max_size=5),
)
VALUE = st.one_of(PLAUSIBLE, JUNK)
SEAT_KEY = st.sampled_from(["0", "1", "2", "3", "7", "-1", " 2", "02", "x"])
BAR_NAME = st.one_of(st.sampled_from(list(R.BAR_NAMES) + ["Nowhere"]), st.integers(-1, 7))


def _places(doc: object, out: list) -> list:
    """Every (container, key) of a JSON document, depth first."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        out.append((doc, key))
        _places(value, out)
    return out


@st.composite
def mutated(draw) -> object:
    """A scenario file of seeds/razzia with one to four changes."""
    doc = copy.deepcopy(SEEDS[draw(st.sampled_from(sorted(SEEDS)))])
    for _ in range(draw(st.integers(1, 4))):
        places = _places(doc, [])
        if not places:
            break
        container, key = draw(st.sampled_from(places))
        action = draw(st.sampled_from(["replace", "replace", "drop", "add", "repeat"]))
        if action == "replace":
            container[key] = draw(VALUE)
        elif action == "drop":
            del container[key]
        elif action == "add" and isinstance(container, dict):
            container[draw(st.one_of(SEAT_KEY, st.sampled_from(sorted(Z._SCENARIO_KEYS | Z._BAR_KEYS))))] = draw(VALUE)
        elif isinstance(container, list):
            container.append(copy.deepcopy(container[key]))
    return doc


CARD = st.one_of(
    st.fixed_dictionaries(
        {
            "seat": st.one_of(st.integers(-1, 8), SEAT_KEY),
            "kind": st.sampled_from(["gambler", "police", "cop"]),
            "value": st.integers(0, 7),
        }
    ),
    JUNK,
)
BAR = st.fixed_dictionaries(
    {},
    optional={
        "bar": st.one_of(BAR_NAME, JUNK),
        "money": st.one_of(st.lists(VALUE, max_size=4), JUNK),
        "cards": st.one_of(st.lists(CARD, max_size=4), JUNK),
        "offer": st.one_of(st.dictionaries(SEAT_KEY, st.one_of(st.lists(VALUE, max_size=3), JUNK), max_size=3), JUNK),
        "answers": st.one_of(st.dictionaries(SEAT_KEY, st.sampled_from(["accept", "duel", "maybe"]), max_size=3), JUNK),
        "dice": st.one_of(st.dictionaries(SEAT_KEY, st.lists(st.integers(0, 7), max_size=3), max_size=3), JUNK),
        "about": JUNK,
        "expect": JUNK,
    },
)
SETTINGS = st.one_of(
    st.dictionaries(
        st.sampled_from(Z._SETTING_NAMES + ("players", "foo")),
        st.one_of(st.sampled_from(SETTING_VALUES), SCALARS),
        max_size=4,
    ),
    JUNK,
)
BUILT = st.one_of(
    st.fixed_dictionaries(
        {"players": st.one_of(st.integers(1, 9), SCALARS)},
        optional={
            "croupier": st.one_of(st.integers(-1, 8), JUNK),
            "settings": SETTINGS,
            "bars": st.one_of(st.lists(st.one_of(BAR, BAR_NAME), max_size=4), JUNK),
        },
    ),
    st.builds(
        lambda top, bar: {**top, **bar},
        st.fixed_dictionaries(
            {"players": st.one_of(st.integers(1, 9), SCALARS)},
            optional={"croupier": st.integers(-1, 8), "settings": SETTINGS},
        ),
        BAR,
    ),
)


def answered_or_one_line(raw: bytes) -> None:
    path = Path(tempfile.mkdtemp()) / "scenario.json"
    path.write_bytes(raw)
    result = invoke(["razzia", "explain", path, "--format", "json"])
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code != 0:
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")


def api_raises_only_input_errors(doc: object) -> None:
    try:
        if not isinstance(doc, dict):
            raise InputError("not an object")
        Z.explain(doc)
    except InputError as e:
        assert "\n" not in str(e) and len(str(e)) < 2000


@FAST
@given(mutated())
def test_mutated_seed_scenarios(doc):
    api_raises_only_input_errors(doc)
    answered_or_one_line(json.dumps(doc).encode())


@FAST
@given(BUILT)
def test_random_values_in_every_field(doc):
    api_raises_only_input_errors(doc)
    answered_or_one_line(json.dumps(doc).encode())


@settings(max_examples=20, deadline=None, derandomize=True)
@given(mutated(), st.sampled_from(["duplicate", "deep", "latin1", "truncate"]), st.integers(0, 10**6))
def test_raw_files(doc, damage, where):
    text = json.dumps(doc)
    if damage == "duplicate":
        raw = text.replace("{", '{"players": 4, ', 1).encode()
    elif damage == "deep":
        raw = ("[" * 50_000 + text + "]" * 50_000).encode()
    elif damage == "latin1":
        raw = text.encode()[: where % (len(text) + 1)] + b"\xe9" + text.encode()[where % (len(text) + 1) :]
    else:
        raw = text.encode()[: where % len(text)]
    answered_or_one_line(raw)
