"""The policy registry (razzmatazz.core.policy): specs, parameter rows, parsing and its errors."""

import subprocess
import sys

import numpy as np
import pytest

from razzmatazz.core.errors import InputError
from razzmatazz.core.policy import Param, Policy, PolicyError, PolicySpec, Registry

TIGHT = PolicySpec("tight", 0, (), "folds everything but the best starts")
STEAL = PolicySpec(
    "bring-in-steal",
    2,
    (
        Param("freq", 0.5, 0.0, 1.0, "how often to complete from a steal seat"),
        Param("depth", 3, 1, 7, "cards seen before giving up", integer=True),
        Param("edge", -0.25, -1.0, 1.0, "equity margin wanted"),
    ),
    "completes the bring-in from late seats",
)


@pytest.fixture
def reg() -> Registry:
    r = Registry("razz")
    r.add(STEAL)
    r.add(TIGHT)
    return r


def test_defaults_and_row() -> None:
    assert STEAL.defaults().dtype == np.float64
    assert STEAL.defaults().tolist() == [0.5, 3.0, -0.25]
    assert STEAL.row(depth=5, edge="0.1").tolist() == [0.5, 5.0, 0.1]
    assert TIGHT.defaults().shape == (0,)


def test_registry_lookup_and_order(reg: Registry) -> None:
    assert [s.name for s in reg] == ["tight", "bring-in-steal"]
    assert reg.get(" Bring-In-Steal ") is STEAL and reg.by_id(2) is STEAL


def test_add_refuses_clashes(reg: Registry) -> None:
    with pytest.raises(ValueError, match="clashes with tight"):
        reg.add(PolicySpec("tight", 5, (), "again"))
    with pytest.raises(ValueError, match="clashes with bring-in-steal"):
        reg.add(PolicySpec("loose", 2, (), "same id"))


@pytest.mark.parametrize(
    "make",
    [
        lambda: PolicySpec("Tight", 0, (), "uppercase"),
        lambda: PolicySpec("a:b", 0, (), "separator"),
        lambda: PolicySpec("tight", -1, (), "negative id"),
        lambda: PolicySpec("tight", 1.0, (), "float id"),
        lambda: PolicySpec("tight", 0, (Param("a", 0, 0, 1, ""), Param("a", 0, 0, 1, "")), "repeat"),
        lambda: Param("a", 2, 0, 1, "default out of range"),
        lambda: Param("a", 0, 1, 0, "empty range"),
        lambda: Param("a", 0.5, 0, 1, "default not integral", integer=True),
    ],
)
def test_bad_definitions_raise(make) -> None:
    with pytest.raises(ValueError):
        make()


def test_parse(reg: Registry) -> None:
    assert reg.parse("tight") == Policy(TIGHT, [])
    p = reg.parse(" BRING-IN-STEAL : Depth = 2 ,freq=1e-1 ")
    assert p.params == {"freq": 0.1, "depth": 2.0, "edge": -0.25}
    assert p.spec is STEAL and p.row.dtype == np.float64 and not p.row.flags.writeable


@pytest.mark.parametrize(
    "text", ["tight", "bring-in-steal", "bring-in-steal:freq=0.1,edge=-1", "bring-in-steal:depth=7,freq=1e-300"]
)
def test_text_round_trips(reg: Registry, text: str) -> None:
    p = reg.parse(text)
    assert reg.parse(p.text) == p and hash(reg.parse(p.text)) == hash(p)
    assert reg.parse(p.text).text == p.text


def test_text_is_canonical(reg: Registry) -> None:
    assert reg.parse("tight").text == "tight"
    assert reg.parse("bring-in-steal:edge=0.3").text == "bring-in-steal:freq=0.5,depth=3,edge=0.3"
    assert reg.parse("bring-in-steal:edge=0.3") != reg.parse("bring-in-steal")


def test_policy_checks_its_row() -> None:
    assert Policy(STEAL, STEAL.defaults()) == Policy(STEAL, [0.5, 3, -0.25])
    with pytest.raises(PolicyError, match="takes 3 parameters"):
        Policy(STEAL, [0.5, 3])
    with pytest.raises(PolicyError, match="depth must be an integer"):
        Policy(STEAL, [0.5, 3.5, 0])
    with pytest.raises(ValueError, match="read-only"):
        Policy(STEAL, STEAL.defaults()).row[0] = 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("loose", "unknown razz policy 'loose'; known: tight, bring-in-steal"),
        ("tight:a=1", "policy tight has no parameter 'a'; its parameters: none"),
        ("bring-in-steal:speed=1", "policy bring-in-steal has no parameter 'speed'; its parameters: freq, depth, edge"),
        ("bring-in-steal:freq=abc", "policy bring-in-steal: parameter freq must be a number, got 'abc'"),
        ("bring-in-steal:freq=nan", "parameter freq must be a number, got 'nan'"),
        ("bring-in-steal:freq=1.5", "parameter freq must be in [0, 1], got '1.5'"),
        ("bring-in-steal:edge=-inf", "parameter edge must be in [-1, 1], got '-inf'"),
        ("bring-in-steal:depth=2.5", "parameter depth must be an integer, got '2.5'"),
        ("bring-in-steal:freq=0.1,FREQ=0.2", "parameter freq given twice in 'bring-in-steal:freq=0.1,FREQ=0.2'"),
        ("", "no policy name in ''"),
        (":a=1", "no policy name in ':a=1'"),
        ("tight:", "malformed policy 'tight:': empty parameter"),
        ("tight:x", "malformed policy 'tight:x': 'x' is not key=value"),
        ("bring-in-steal:freq=", "'freq=' is not key=value"),
        ("bring-in-steal:=1", "'=1' is not key=value"),
        ("bring-in-steal:freq=1,,edge=0", "empty parameter"),
    ],
)
def test_parse_errors_name_the_problem(reg: Registry, text: str, message: str) -> None:
    with pytest.raises(PolicyError) as info:
        reg.parse(text)
    assert message in str(info.value) and "\n" not in str(info.value) and "--" not in str(info.value)
    assert isinstance(info.value, InputError)


def test_unknown_id(reg: Registry) -> None:
    with pytest.raises(PolicyError, match="no razz policy has id 1; known ids: 0, 2"):
        reg.by_id(1)


def test_row_rejects_bad_overrides() -> None:
    with pytest.raises(PolicyError, match=r"depth must be in \[1, 7\], got 8"):
        STEAL.row(depth=8)
    with pytest.raises(PolicyError, match="must be a number"):
        STEAL.row(freq=None)


def test_describe(reg: Registry) -> None:
    tight, steal = reg.describe()
    assert tight == {"name": "tight", "id": 0, "help": TIGHT.help, "params": [], "presets": []}
    assert steal["params"][1] == {
        "name": "depth",
        "default": 3.0,
        "lo": 1.0,
        "hi": 7.0,
        "integer": True,
        "help": "cards seen before giving up",
    }


def test_import_loads_no_numba_or_pandas() -> None:
    code = (
        "import sys, razzmatazz.core.policy\n"
        "assert 'numba' not in sys.modules and 'pandas' not in sys.modules, sorted(sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_preset_reads_as_its_row_and_takes_overrides(reg: Registry) -> None:
    reg.preset("steal-tuned", "bring-in-steal:freq=0.8,edge=0", "tuned against tight")
    assert reg.parse("steal-tuned") == reg.parse("bring-in-steal:freq=0.8,edge=0")
    assert reg.parse(" Steal-Tuned : depth=5").params == {"freq": 0.8, "depth": 5.0, "edge": 0.0}
    assert reg.parse("steal-tuned:freq=0.1").params["freq"] == 0.1
    assert (
        reg.parse("steal-tuned").label == "steal-tuned"
        and reg.parse("steal-tuned").text
        == reg.parse("bring-in-steal:freq=0.8,edge=0").text
        == "bring-in-steal:freq=0.8,depth=3,edge=0"
    )
    assert reg.parse("steal-tuned:depth=5").label == "bring-in-steal:freq=0.8,depth=5,edge=0"
    assert hash(reg.parse("steal-tuned")) == hash(reg.parse("bring-in-steal:freq=0.8,edge=0"))
    reg.preset("tighter", "tight", "no parameters")
    assert reg.parse("tighter") == reg.parse("tight")
    assert [p.name for p in reg.presets()] == ["steal-tuned", "tighter"]
    assert reg.presets()[0].text == "bring-in-steal:freq=0.8,depth=3,edge=0"
    steal = next(d for d in reg.describe() if d["name"] == "bring-in-steal")
    assert steal["presets"] == [
        {"name": "steal-tuned", "text": "bring-in-steal:freq=0.8,depth=3,edge=0", "help": "tuned against tight"}
    ]


def test_preset_errors(reg: Registry) -> None:
    reg.preset("steal-tuned", "bring-in-steal:freq=0.8", "tuned")
    with pytest.raises(ValueError, match="clashes"):
        reg.preset("tight", "bring-in-steal", "a policy's name")
    with pytest.raises(ValueError, match="clashes"):
        reg.preset("steal-tuned", "tight", "taken")
    with pytest.raises(ValueError, match="clashes with the preset"):
        reg.add(PolicySpec("steal-tuned", 9, (), "a preset's name"))
    with pytest.raises(PolicyError, match="must be in"):
        reg.preset("bad", "bring-in-steal:freq=3", "out of range")
    with pytest.raises(PolicyError, match="freq must be in"):
        reg.parse("steal-tuned:freq=2")
    with pytest.raises(PolicyError, match="known: tight, bring-in-steal, steal-tuned"):
        reg.parse("nope")
