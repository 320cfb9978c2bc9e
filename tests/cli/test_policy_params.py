"""Every policy of every registered game, from its registry: ``GAME play --policy`` refuses a parameter out of its
range, a fraction where a whole number is due and a name the policy does not have, each in one line with exit
status 2; and a game's ``search`` plays with the budget it is given."""

from __future__ import annotations

import math

import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import assert_one_line_error, invoke


def _bad_texts(game: str) -> list[tuple[str, str]]:
    """(policy text, fragment of its error) for each parameter of each policy of ``game``."""
    cases = []
    for spec in games.game(game).registry:
        cases.append((f"{spec.name}:no_such_name=1", "no_such_name"))
        for p in spec.params:
            if math.isfinite(p.hi):
                cases.append((f"{spec.name}:{p.name}={p.hi + 1:g}", p.name))
            if math.isfinite(p.lo):
                cases.append((f"{spec.name}:{p.name}={p.lo - 1:g}", p.name))
            if p.integer and p.hi - p.lo >= 1:
                cases.append((f"{spec.name}:{p.name}={p.lo + 0.5:g}", p.name))
    return cases


CASES = [(g, text, fragment) for g in games.names() if games.game(g).form for text, fragment in _bad_texts(g)]


@pytest.mark.parametrize(("game", "text", "fragment"), CASES, ids=[f"{g}-{t}" for g, t, _ in CASES])
def test_a_bad_parameter_is_one_line(game, text, fragment):
    result = invoke([game, "play", "--policy", text, "--games", "4"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


SEARCHERS = [g for g in games.names() if games.game(g).form and "search" in {s.name for s in games.game(g).registry}]


@pytest.mark.parametrize("game", SEARCHERS)
def test_search_plays_with_its_budget(game):
    """A search seat beside the game's cheapest built-in plays, and its budget is named in the result."""
    spec = games.game(game)
    n = spec.default_players
    other = next(s.name for s in spec.registry if s.name != "search")
    ok = invoke(
        [game, "play", "--players", str(n), "--policy", "search:samples=2", "--policy", other, "--games", str(n)]
        + ["--seed", "1", "--format", "json"]
    )
    assert ok.exit_code == 0, ok.stderr
    assert "search:samples=2" in ok.stdout
