"""Property tests over the command line (hypothesis): any malformed input is one line and exit 2.

Whatever text is given for cards, hands, policies, stacks or numbers, the CLI either answers
(exit 0) or prints exactly one ``razzmatazz: error:`` line with exit status 2: never a
traceback, never another status, and a refused run never creates its --out directory.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from razzmatazz.core.policy import PolicyError
from razzmatazz.core.razz.policies import REGISTRY
from tests.cli.test_razz_cli import assert_one_line_error, invoke

CARDISH = st.text(alphabet="AKQJT98765432cdhsxX10 ,[]-!@", max_size=16)
POLICYISH = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_:=,.-0123456789 ", max_size=30)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _answered_or_one_line(result) -> None:
    assert "Traceback" not in result.stdout + result.stderr
    if result.exit_code != 0:
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")


@SETTINGS
@given(CARDISH)
def test_eval_any_text(text):
    _answered_or_one_line(invoke(["razz", "eval", text]))


@SETTINGS
@given(CARDISH, CARDISH)
def test_equity_any_hands(hero, villain):
    _answered_or_one_line(invoke(["razz", "equity", hero, "--vs", villain, "--trials", "2000", "--seed", "1"]))


@SETTINGS
@given(POLICYISH)
def test_play_any_policy_text(text):
    try:
        REGISTRY.parse(text)
        assume(False)  # a valid policy would start a run: not what this test is about
    except PolicyError:
        pass
    out = Path(tempfile.mkdtemp()) / "run"
    try:
        result = invoke(["razz", "play", "--policy", text, "--hands", "10", "--out", out])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")
        assert not out.exists()
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


@SETTINGS
@given(st.text(alphabet="0123456789,- x.", max_size=20), st.integers(-3, 12))
def test_play_any_stacks_and_players(stacks, players):
    out = Path(tempfile.mkdtemp()) / "run"
    try:
        result = invoke(
            [
                "razz",
                "play",
                "--players",
                str(players),
                "--stacks",
                stacks,
                "--hands",
                "10",
                "--policy",
                "station",
                "--seed",
                "1",
                "--out",
                out,
            ]
        )
        _answered_or_one_line(result)
        if result.exit_code != 0:
            assert not out.exists()
    finally:
        shutil.rmtree(out.parent, ignore_errors=True)


@SETTINGS
@given(st.integers(-(10**12), 10**12), st.integers(-5, 40), st.integers(-5, 40), st.integers(-5, 80))
def test_play_any_stakes(hands, ante, bring_in, small):
    result = invoke(
        [
            "razz",
            "play",
            "--hands",
            str(hands % 50 if hands > 0 else hands),
            "--ante",
            str(ante),
            "--bring-in",
            str(bring_in),
            "--small-bet",
            str(small),
            "--policy",
            "station",
            "--seed",
            "1",
        ]
    )
    _answered_or_one_line(result)
