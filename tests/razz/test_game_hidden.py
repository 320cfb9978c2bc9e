"""G10: a policy never sees another player's down cards or the deck (see tests/razz/hidden.py)."""

import pytest

from tests.razz.hidden import builtin_policies, check_hidden_information


def test_the_probe_sees_nothing_hidden():
    assert check_hidden_information(None, seed=1, hands=400) > 300


@pytest.mark.parametrize("policy", builtin_policies(), ids=lambda p: p.spec.name)
def test_builtin_policies_ignore_hidden_cards(policy):
    check_hidden_information(policy, seed=2, hands=150)


def test_the_check_can_fail_when_a_seat_sees_the_change():
    with pytest.raises(AssertionError, match="acted on hidden cards"):
        check_hidden_information(None, seed=3, hands=200, own=True)
