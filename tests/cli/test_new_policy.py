"""``razzmatazz GAME new-policy NAME``: a documented policy file that loads, is listed, answers as its
docstring says on real views, and (Razz) plays through the engine; bad names and paths are one line."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from razzmatazz.analysis import games
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke

GAMES = tuple(g for g in games.names() if games.game(g).form)
"""Every registered game with a play command (new-policy writes a file it loads)."""


def _new(tmp_path: Path, game: str, name: str = "mine") -> Path:
    out = tmp_path / f"{game}_mine.py"
    result = invoke([game, "new-policy", name, "--out", out])
    assert_ok(result)
    assert f"--plugin {out} --policy {name}" in result.stdout
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_template_loads_and_is_listed_with_its_tunable_parameter(tmp_path: Path, game: str) -> None:
    out = _new(tmp_path, game)
    text = out.read_text()
    assert "$name" not in text and "$file" not in text and '"mine",' in text and str(out) in text
    listing = invoke([game, "policies", "--plugin", out, "--format", "json"])
    assert_ok(listing)
    mine = [p for p in json.loads(listing.stdout) if p["name"] == "mine"]
    assert len(mine) == 1
    (param,) = mine[0]["params"]
    assert param["lo"] < param["default"] < param["hi"]  # a range for tune


def test_the_razz_template_raises_a_live_low_draw_checks_when_free_and_folds_else(tmp_path: Path) -> None:
    from razzmatazz.analysis.razz import load_plugin
    from razzmatazz.core.razz import rules as R
    from tests.razz.test_policy_ahead import hand, view_of

    user = load_plugin(_new(tmp_path, "razz"))
    row = user.specs[0].defaults()  # max_card 8
    other = hand("Kc Kd Qs")

    def move(cards: str, **fields: int) -> int:
        return int(user.decide(1000, row, view_of([hand(cards), other], 0, 3, **fields), np.uint64(1))[0])

    assert move("As 2d 8c") == R.RAISE
    assert move("As 2d 9c", V_TO_CALL=10) == R.FOLD
    assert move("As Ad 3c", V_TO_CALL=10) == R.FOLD  # a pair
    assert move("As 2d 9c") == R.CALL  # nothing to call: a check
    row[0] = 9
    assert move("As 2d 9c", V_TO_CALL=10) == R.RAISE


@pytest.mark.slow
def test_the_razz_template_plays_through_the_engine_as_written(tmp_path: Path) -> None:
    out = _new(tmp_path, "razz")
    args = ["razz", "play", "--plugin", out, "--players", "2", "--hands", "400", "--seed", "3", "--format", "json"]
    tight = invoke([*args, "--policy", "mine:max_card=5", "--policy", "station"])
    loose = invoke([*args, "--policy", "mine:max_card=13", "--policy", "station"])
    assert_ok(tight)
    assert_ok(loose)
    vpip = [
        next(p["vpip"] for p in json.loads(r.stdout)["policies"] if p["policy"].startswith("mine"))
        for r in (tight, loose)
    ]
    assert vpip[0] < vpip[1]  # the parameter is read: a wider range plays more hands


def test_the_razzia_template_plays_a_card_it_holds_and_police_at_a_rich_bar(tmp_path: Path) -> None:
    from razzmatazz.analysis.razzia import load_plugin
    from razzmatazz.core.razzia import rules as R
    from tests.razzia.test_hidden import SETTINGS, real_states, view_of

    user = load_plugin(_new(tmp_path, "razzia"))
    row = user.specs[0].defaults()
    asked = police = 0
    for settings, cfg, _, kind, _, st, _ in real_states(next(iter(SETTINGS))):
        if kind != "choose":
            continue
        for s in range(settings.players):
            view = view_of(cfg, st, s)
            cards = [int(view[R.ST_HAND + s * R.HAND + k]) for k in range(R.HAND)]
            if max(cards) < 0:
                continue
            slot = int(user.decide(1000, row, view, np.uint64(1))[0])
            card = cards[slot]
            assert card >= 0, "a slot that holds a card"
            rich = [
                c for c in cards if c >= 0 and (c // 8) % 2 == R.POLICE and view[R.ST_BAR_UNITS + c // 16] >= row[0]
            ]
            assert ((card // 8) % 2 == R.POLICE) == bool(rich)
            asked += 1
            police += bool(rich)
    assert asked > 20 and 0 < police < asked


def test_the_riffifi_template_plays_a_card_from_its_hand(tmp_path: Path) -> None:
    from razzmatazz.analysis.riffifi import load_plugin
    from razzmatazz.core.riffifi import rules as R
    from tests.riffifi.test_hidden import states, view_of

    user = load_plugin(_new(tmp_path, "riffifi"))
    row = user.specs[0].defaults()
    asked = 0
    for settings, st in states("default"):
        for s in range(settings.players):
            view = view_of(st, s)
            if view[R.ST_HAND + s] == 0:
                continue
            card, _ = user.decide(1000, row, view, np.uint64(1))
            assert view[R.ST_HAND + s] >> card & 1, "a card from its hand"
            asked += 1
    assert asked > 100


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["mine"], "exists"),
        (["tag"], "built-in razz policy"),
        (["textbook-tuned"], "built-in razz policy"),
        (["Mine"], "lowercase letters"),
        (["1mine"], "must start with a lowercase letter"),
        (["mine", "--out", "mine.txt"], "must end in .py"),
        (["mine", "--out", "nowhere/mine.py"], "no folder"),
    ],
)
def test_bad_names_and_paths_are_one_line_and_leave_files_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], fragment: str
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.py").write_text("kept")
    result = invoke(["razz", "new-policy", *args])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.py"]
    assert (tmp_path / "mine.py").read_text() == "kept"
