"""Hostile scripts for ``riffifi explain`` (hypothesis): any document is answered or refused in one line.

Three sources of documents: the scripts of ``seeds/riffifi/`` mutated a few times (a value anywhere
replaced by a plausible or a random JSON value, a key dropped or added, a list item repeated);
scripts built from every key and every rule with values of every JSON kind; and raw files (a key
given twice, deep nesting, bytes that are not UTF-8, a cut file). The command must answer (exit 0)
or print exactly one ``razzmatazz: error:`` line with exit status 2, never a traceback. The Python
API (:func:`razzmatazz.analysis.riffifi.explain`) may raise only
:class:`~razzmatazz.core.errors.InputError`, in one line that quotes the input briefly.
"""

from __future__ import annotations

import copy
import json
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzmatazz.analysis.riffifi import scenario as F
from razzmatazz.core.errors import InputError
from razzmatazz.core.riffifi import rules as R
from tests.cli.test_explain_properties import JUNK, SCALARS
from tests.cli.test_razz_cli import ROOT, assert_one_line_error, invoke

SEEDS = {p.name: json.loads(p.read_text()) for p in sorted((ROOT / "seeds" / "riffifi").glob("*.json"))}
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
COLOURS = list(R.COLOURS) + ["pink", "Red"]
CARD_TEXT = st.one_of(
    st.builds(lambda c, v: f"{c} {v}", st.sampled_from(COLOURS), st.integers(0, 9)),
    st.sampled_from(["officer", "red ²", "red 1.0", " blue  5 ", "blue", "8 red", ""]),
)
RULE_VALUES = [*R.AFTER, *R.TIE, *R.TALLY, 12, 10, 12.0, 11, True, False, 0, 1, 5, "no", None]
PLAUSIBLE = st.one_of(
    st.integers(-2, 13),
    CARD_TEXT,
    st.sampled_from(RULE_VALUES),
    st.sampled_from(["0", "1", "2", "3", "4", " 1", "01", "x", "yellow", "red", "blue", "green", "orange"]),
    st.lists(CARD_TEXT, max_size=5),
    st.lists(st.integers(-1, 5), max_size=3),
    st.dictionaries(st.sampled_from(COLOURS), st.integers(-1, 13), max_size=3),
)
VALUE = st.one_of(PLAUSIBLE, JUNK)
SEAT_KEY = st.sampled_from(["0", "1", "2", "3", "4", "5", "-1", " 2", "02", "x"])
RULE_KEYS = sorted(F._RULES) + ["players", "tally", "scoring", "colour"]


def _places(doc: object, out: list) -> list:
    """Every (container, key) of a JSON document, depth first."""
    items = doc.items() if isinstance(doc, dict) else enumerate(doc) if isinstance(doc, list) else ()
    for key, value in items:
        out.append((doc, key))
        _places(value, out)
    return out


@st.composite
def mutated(draw) -> object:
    """A script of seeds/riffifi with one to four changes."""
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
            container[draw(st.one_of(SEAT_KEY, st.sampled_from(sorted(F._SCRIPT_KEYS) + RULE_KEYS)))] = draw(VALUE)
        elif isinstance(container, list):
            container.append(copy.deepcopy(container[key]))
    return doc


PLAY = st.one_of(
    CARD_TEXT,
    st.fixed_dictionaries(
        {"card": st.one_of(st.just("officer"), CARD_TEXT, JUNK)},
        optional={"target": st.one_of(st.sampled_from(COLOURS), st.none(), JUNK)},
    ),
    JUNK,
)
BUILT = st.fixed_dictionaries(
    {"players": st.one_of(st.sampled_from([3, 4, 5]), SCALARS)},
    optional={
        "start": st.one_of(st.integers(-1, 5), SEAT_KEY, JUNK),
        "officer": st.one_of(st.booleans(), JUNK),
        "chips": st.one_of(
            st.dictionaries(
                SEAT_KEY,
                st.one_of(
                    st.dictionaries(st.sampled_from(COLOURS), st.one_of(st.integers(-1, 13), JUNK), max_size=3), JUNK
                ),
                max_size=3,
            ),
            JUNK,
        ),
        "face_up": st.one_of(st.dictionaries(SEAT_KEY, st.one_of(CARD_TEXT, JUNK), max_size=3), JUNK),
        "hands": st.one_of(
            st.dictionaries(SEAT_KEY, st.one_of(st.lists(CARD_TEXT, max_size=13), JUNK), max_size=3), JUNK
        ),
        "plays": st.one_of(st.lists(PLAY, max_size=12), JUNK),
        "rules": st.one_of(
            st.dictionaries(st.sampled_from(RULE_KEYS), st.one_of(st.sampled_from(RULE_VALUES), SCALARS), max_size=3),
            JUNK,
        ),
        "choices": st.one_of(st.lists(st.one_of(st.integers(-1, 5), SEAT_KEY), max_size=3), JUNK),
        "about": JUNK,
    },
)


def api_raises_only_input_errors(doc: object) -> None:
    try:
        F.explain(doc)
    except InputError as e:
        assert "\n" not in str(e) and len(str(e)) < 400, str(e)


def answered_or_one_line(raw: bytes) -> None:
    path = Path(tempfile.mkdtemp()) / "script.json"
    path.write_bytes(raw)
    result = invoke(["riffifi", "explain", path, "--format", "json"])
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code != 0:
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")


@FAST
@given(mutated())
def test_mutated_seed_scripts(doc):
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


def test_the_seed_scripts_are_answered():
    """The unmutated scripts pass (the mutations start from valid documents)."""
    for doc in SEEDS.values():
        F.explain(doc)
