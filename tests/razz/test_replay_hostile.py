"""``razz replay`` against hostile input (issue 42): every bad file is one line naming it, exit status 2.

The project's rule for bad input: one line naming the problem (the file and, where there is one,
the hand and the action), exit status 2, never a traceback and never a hang. The cases: digits
``str.isdigit`` accepts but ``int`` does not, numbers too large for the engine, a hand number the
search player's streams cannot take, TOML nested too deeply, what is not a regular file of sane
size (``/dev/zero``, a FIFO, a huge file), a folder with bad entries of every kind, tables PokerKit
refuses, unknown rule values, the wording of numbers that are not chips, and the action an unknown
card is blamed on. Then what must be read: a byte-order mark, and the session log ``razz play
--human SEAT --log FILE.phhs`` writes. And a showdown that shows only some of a player's cards,
settled as PokerKit settles it (checked against PokerKit). A property test mutates good files at
random: each mutation replays or is refused with one :class:`ReplayError` line, nothing else.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import subprocess
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.core.razz.policies import REGISTRY
from tests.cli.test_razz_cli import SCRIPT, assert_ok, assert_one_line_error, invoke
from tests.razz.test_game_pokerkit import strict_replay

DATA = Path(__file__).parent / "data" / "replay"
SHORT = DATA / "short-stack-raise.phh"
SIXTH = DATA / "all-in-sixth-street.phh"
QUIET = ["--trials", "100", "--seed", "3", "--search", "none"]


def changed(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text, old
    return text.replace(old, new, 1)


def write(tmp_path: Path, text: str, name: str = "x.phh") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def refused(args: list, fragment: str) -> str:
    result = invoke(["razz", "replay", *args])
    return assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, state = strict_replay(text)
    return list(state.stacks)


# ----------------------------------------------------------------------------- digits and sizes


DIGITS = [
    ('"p1 cbr 5",\n  "p2 cc",', '"p1 cbr ²",\n  "p2 cc",', "action 5 'p1 cbr ²': '²' is not a whole number of chips"),
    ('"p3 pb",', '"p² pb",', "action 4 'p² pb': 'p²' is not a player (p1 to p3)"),
    ('"d dh p1 Ah6c2c",', '"d dh p³ Ah6c2c",', "action 1 'd dh p³ Ah6c2c': 'p³' is not a player"),
    ('"p1 cbr 5",\n  "p2 cc",', '"p1 cbr ٥",\n  "p2 cc",', "'٥' is not a whole number of chips"),
    ('"p1 cbr 5",\n  "p2 cc",', '"p1 cbr ' + "9" * 5000 + '",\n  "p2 cc",', "chips: more than any stack holds"),
    ('"p3 pb",', '"p' + "1" * 5000 + ' pb",', "is not a player (p1 to p3)"),
]


@pytest.mark.parametrize(
    "old,new,fragment",
    DIGITS,
    ids=["superscript amount", "superscript player", "deal", "arabic", "5000 digits", "player 5000 digits"],
)
def test_digits_int_cannot_read_are_one_line(tmp_path, old, new, fragment):
    line = refused([write(tmp_path, changed(SHORT, old, new)), *QUIET], fragment)
    assert len(line) < 400


BIG = 10**30
TOO_LARGE = [
    ("starting_stacks = [100, 100, 9]", f"starting_stacks = [{BIG}, 100, 9]", "starting_stacks entry 1"),
    ("antes = [1, 1, 1]", f"antes = [1, {BIG}, 1]", "antes entry 2"),
    ("antes = [1, 1, 1]", f"antes = {BIG}", "antes must be"),
    ("bring_in = 2", f"bring_in = {BIG}", "bring_in must be"),
    ("small_bet = 5", f"small_bet = {BIG}", "small_bet must be"),
    ("big_bet = 10", f"big_bet = {BIG}", "big_bet must be"),
    ("finishing_stacks = [118, 64, 27]", f"finishing_stacks = [118, {BIG}, 27]", "finishing_stacks entry 2"),
    ("big_bet = 10", f"big_bet = 10\n_cap = {BIG}", "_cap must be a whole number from 1 to 20"),
    ("big_bet = 10", "big_bet = 10\n_cap = 21", "_cap must be a whole number from 1 to 20"),
]


@pytest.mark.parametrize("old,new,field", TOO_LARGE, ids=[t[2] for t in TOO_LARGE])
def test_numbers_beyond_the_bound_name_their_field(tmp_path, old, new, field):
    """Chip amounts above 2**53 - 1 (9,007,199,254,740,991) and a cap above the engine's 20 are refused."""
    line = refused([write(tmp_path, changed(SHORT, old, new)), "--trials", "100", "--seed", "3"], field)
    assert "x.phh: " in line


def test_the_largest_chip_amounts_still_replay(tmp_path):
    top = RP.MAX_CHIPS
    assert top == 2**53 - 1
    text = changed(SHORT, "starting_stacks = [100, 100, 9]", f"starting_stacks = [100, {top}, 9]")
    text = text.replace("finishing_stacks = [118, 64, 27]", f"finishing_stacks = [118, {top - 36}, 27]")
    result = invoke(["razz", "replay", write(tmp_path, text), *QUIET, "--format", "json"])
    assert_ok(result)
    assert json.loads(result.stdout)["hands"][0]["agrees"] is True


@pytest.mark.parametrize("value", [str(10**23), str(2**64), "-1"])
def test_a_hand_number_the_streams_cannot_take_is_refused(tmp_path, value):
    """``hand`` keys the search player's streams: 0 to 2**63 - 1, as a seed (a numba typing error before)."""
    path = write(tmp_path, SHORT.read_text() + f"hand = {value}\n")
    refused([path, "--trials", "100", "--seed", "3", "--search", "search:samples=1"], "hand must be a whole number")


def test_the_largest_hand_number_is_searched(tmp_path):
    path = write(tmp_path, SHORT.read_text() + f"hand = {2**63 - 1}\n")
    result = invoke(["razz", "replay", path, "--trials", "100", "--seed", "3", "--search", "search:samples=1"])
    assert_ok(result)


NESTED = [
    "_extra = " + "[" * 5000 + "]" * 5000,
    "_extra = " + "{a = " * 3000 + "1" + "}" * 3000,
    "antes." + ".".join(["a"] * 5000) + " = 1",
]


@pytest.mark.parametrize("line", NESTED, ids=["arrays", "inline tables", "dotted keys"])
def test_deeply_nested_toml_is_one_line(tmp_path, line):
    text = changed(SHORT, "antes = [1, 1, 1]\n", "" if line.startswith("antes") else "antes = [1, 1, 1]\n")
    refused([write(tmp_path, text + line + "\n"), *QUIET], "nested too deeply")


# ----------------------------------------------------------------------------- what is not a regular file


def script(*args, timeout: float = 120) -> subprocess.CompletedProcess:
    """``razzmatazz razz replay ARGS`` in its own process, its memory capped (4 GB) and its time limited."""

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))

    return subprocess.run(
        [str(SCRIPT), "razz", "replay", *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=cap,
    )


def test_a_character_device_is_not_read():
    proc = script("/dev/zero", *QUIET)
    assert_one_line_error(
        proc.returncode, proc.stdout, proc.stderr, "/dev/zero: not a regular file (a character device)"
    )


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.phh"
    os.mkfifo(fifo)
    proc = script(fifo, *QUIET)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "pipe.phh: not a regular file (a FIFO)")


def test_a_file_above_the_size_limit_is_refused(tmp_path):
    path = tmp_path / "huge.phh"
    with open(path, "wb") as f:
        f.truncate(RP.MAX_BYTES + 1)
    refused([path, *QUIET], f"huge.phh: {RP.MAX_BYTES + 1:,} bytes, more than the 8 MB")


def test_a_file_with_a_byte_order_mark_is_read(tmp_path):
    path = tmp_path / "bom.phh"
    path.write_bytes(b"\xef\xbb\xbf" + SHORT.read_bytes())
    result = invoke(["razz", "replay", path, *QUIET, "--format", "json"])
    assert_ok(result)
    assert json.loads(result.stdout)["hands"][0]["agrees"] is True


def test_a_folder_replays_what_it_can_and_names_every_other_entry(tmp_path):
    """Good files replayed and printed; each bad entry named on stderr, one line each; exit status 2."""
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.copy(SHORT, folder / "a-good.phh")
    shutil.copy(SIXTH, folder / "z-good.phh")
    write(folder, changed(SHORT, '"p3 pb",', '"p² pb",'), "digit.phh")
    write(folder, changed(SHORT, "starting_stacks = [100, 100, 9]", f"starting_stacks = [{BIG}, 100, 9]"), "big.phh")
    write(folder, SHORT.read_text() + "_extra = " + "[" * 5000 + "]" * 5000 + "\n", "deep.phh")
    (folder / "loop.phh").symlink_to(folder / "loop.phh")
    (folder / "gone.phh").symlink_to(tmp_path / "nowhere.phh")
    os.mkfifo(folder / "pipe.phh")
    (folder / "dir.phh").mkdir()
    (folder / "notes.txt").write_text("not a hand history")
    proc = script(folder, *QUIET, "--format", "json", timeout=300)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    data = json.loads(proc.stdout)
    assert [Path(h["file"]).name for h in data["hands"]] == ["a-good.phh", "z-good.phh"]
    *lines, count = proc.stderr.splitlines()
    assert all(line.startswith("razzmatazz: error: ") for line in [*lines, count])
    assert count.endswith("2 hands replayed, 7 refused (a hand or a file each line above)"), count
    expected = {
        "big.phh": "starting_stacks entry 1",
        "deep.phh": "nested too deeply",
        "digit.phh": "'p²' is not a player",
        "dir.phh": "a directory, not a hand history",
        "gone.phh": "a symbolic link to nothing",
        "loop.phh": "a symbolic link loop",
        "pipe.phh": "not a regular file (a FIFO)",
    }
    assert len(lines) == len(expected) == len(data["errors"]), lines
    for name, fragment in expected.items():
        assert sum(f"{folder / name}: " in line and fragment in line for line in lines) == 1, (name, lines)
    named = [Path(line.removeprefix("razzmatazz: error: ").split(": ")[0]).name for line in lines]
    assert named == sorted(expected)  # in the folder's name order


# ----------------------------------------------------------------------------- tables and rules


TABLES = [
    ("bring_in = 2", "bring_in = 5", "bring_in (5) must be less than small_bet (5)"),
    ("bring_in = 2", "bring_in = 7", "bring_in (7) must be less than small_bet (5)"),
    ("big_bet = 10", "big_bet = 4", "big_bet (4) cannot be less than small_bet (5)"),
]


@pytest.mark.parametrize("old,new,fragment", TABLES, ids=[t[1] for t in TABLES])
def test_tables_pokerkit_refuses_are_refused_at_the_table(tmp_path, old, new, fragment):
    text = changed(SHORT, old, new)
    line = refused([write(tmp_path, text), *QUIET], fragment)
    assert "action" not in line  # the table itself, not a later action
    with pytest.raises(ValueError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        strict_replay(text)


@pytest.mark.parametrize("value", ['"banana"', "3", '"Community"'])
def test_an_unknown_exhausted_rule_is_refused(tmp_path, value):
    path = write(tmp_path, SHORT.read_text() + f"_exhausted = {value}\n")
    refused([path, *QUIET], "_exhausted must be 'reshuffle' or 'community'")


def test_both_exhausted_rules_are_read():
    for rule, community in (("reshuffle", False), ("community", True)):
        history = RP.parse_history(SHORT.read_text() + f'_exhausted = "{rule}"\n', "x.phh")
        assert history.table.community_rule is community


@pytest.mark.parametrize(
    "addition,fragment",
    [
        ('hand = "3"', "hand must be a whole number from 0 to 9,223,372,036,854,775,807, got '3'"),
        ("_cap = 4.0", "_cap must be a whole number from 1 to 20, got 4.0"),
    ],
)
def test_numbers_that_are_not_chips_are_not_called_chips(tmp_path, addition, fragment):
    line = refused([write(tmp_path, SHORT.read_text() + addition + "\n"), *QUIET], fragment)
    assert "chips" not in line


def test_chip_amounts_are_still_called_chips(tmp_path):
    refused([write(tmp_path, changed(SHORT, "bring_in = 2", "bring_in = 2.0")), *QUIET], "a whole number of chips")


@pytest.mark.parametrize(
    "old,new,fragment",
    [
        ('"d dh p1 Ah6c2c"', '"d dh p1 Ah6c??"', "action 1 'd dh p1 Ah6c??': p1's door card is unknown (??)"),
        ('"d dh p2 3h5h3d"', '"d dh p2 ????"', ""),
        ('"d dh p1 4c"', '"d dh p1 ??"', "action 8 'd dh p1 ??': p1's up card on 4th street is unknown (??)"),
    ],
    ids=["door", "door later", "4th street"],
)
def test_an_unknown_up_card_is_blamed_on_the_action_that_deals_it(tmp_path, old, new, fragment):
    text = changed(SHORT, old, new)
    if not fragment:  # p2's two down cards unknown, its door card still to come: dealt in a second action
        text = text.replace(new, new + ',\n  "d dh p2 ??"')
        fragment = "action 3 'd dh p2 ??': p2's door card is unknown (??)"
    refused([write(tmp_path, text), *QUIET], fragment)


# ----------------------------------------------------------------------------- a showdown shown in part


SHOWDOWNS = [
    # p3 shows two of its seven cards: its wheel does not play, p1 takes the main pot too
    (SHORT, "p3 sm Ac2dKhQs3s4h5c", "p3 sm Ac2d", [145, 64, 0]),
    # p3 leaves out its 5c: K-4-3-2-A from the six it shows loses to p1's 7-6-4-2-A
    (SHORT, "p3 sm Ac2dKhQs3s4h5c", "p3 sm Ac2dKhQs3s4h", [145, 64, 0]),
    # p1 leaves out its Kh: the six it shows still make its 6-5-4-3-A, which wins
    (SIXTH, "p1 sm As7c3c4h5s6dKh", "p1 sm As7c3c4h5s6d", [247, 0]),
    # p1 showed six cards when all in on 6th street, then only its 7th: one card is no hand
    (SIXTH, "p1 sm As7c3c4h5s6dKh", "p1 sm Kh", [153, 94]),
    # shown in part on 6th street (the rest still held), whole on 7th: the hand plays
    (SIXTH, 'p1 sm As7c3c4h5s6d"', 'p1 sm As7c"', [247, 0]),
]


@pytest.mark.parametrize("path,old,new,stacks", SHOWDOWNS, ids=["two cards", "six", "six win", "one", "6th"])
def test_a_hand_shown_in_part_is_settled_as_pokerkit_settles_it(path, old, new, stacks):
    text = changed(path, old, new)
    assert pokerkit_stacks(text) == stacks
    result = RP.replay(RP.parse_history(text, "x.phh"))
    assert result.finishing == stacks


def test_a_hand_shown_in_part_is_named_in_the_output(tmp_path):
    path = write(tmp_path, changed(SHORT, "p3 sm Ac2dKhQs3s4h5c", "p3 sm Ac2d"))
    result = invoke(["razz", "replay", path, *QUIET])
    assert_ok(result)
    out = " ".join(result.stdout.split())
    assert "p3 shows 2 of its 7 cards: fewer than five make no hand, and it cannot win (PokerKit's rule)" in out
    assert "Finishing stacks: p1 145, p2 64, p3 0" in out


# ----------------------------------------------------------------------------- the session log


def session_log(tmp_path: Path, games: int) -> Path:
    """``razz play --human 1 --log FILE.phhs`` of ``games`` games, the person always checking or calling."""
    log = tmp_path / "session.phhs"
    lineup = ["--policy", "tag", "--policy", "station", "--policy", "reader"]
    args = ["--players", "3", "--stacks", "60,90,150", "--hands", str(games), "--seed", "5", *lineup]
    result = invoke(["razz", "play", *args, "--human", "1", "--log", log], input="c\n" * 400)
    assert_ok(result)
    assert log.read_text().count("variant = ") == games
    return log


def test_the_session_log_of_a_human_seat_replays(tmp_path):
    log = session_log(tmp_path, 3)
    result = invoke(["razz", "replay", log, *QUIET, "--format", "json"])
    assert_ok(result)
    hands = json.loads(result.stdout)["hands"]
    assert [h["file"] for h in hands] == [f"{log} [1]", f"{log} [2]", f"{log} [3]"]
    assert all(h["agrees"] is True for h in hands)
    assert all(any("(you)" in p for p in h["players"]) for h in hands)


def test_a_bad_hand_of_a_session_log_is_named_and_the_others_replay(tmp_path):
    log = session_log(tmp_path, 2)
    text = log.read_text()
    second = text.index("[2]")
    log.write_text(text[:second] + text[second:].replace("bring_in = 5", "bring_in = 50", 1))
    result = invoke(["razz", "replay", log, *QUIET, "--format", "json"])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert [h["file"] for h in json.loads(result.stdout)["hands"]] == [f"{log} [1]"]
    line, count = result.stderr.splitlines()
    assert f"{log} [2]: bring_in (50) must be less than small_bet" in line
    assert count.endswith("1 hands replayed, 1 refused (a hand or a file each line above)")


def test_a_folder_reads_session_logs_too(tmp_path):
    log = session_log(tmp_path, 2)
    folder = tmp_path / "hands"
    folder.mkdir()
    shutil.move(log, folder / log.name)
    shutil.copy(SHORT, folder / "short.phh")
    hands = json.loads(invoke(["razz", "replay", folder, *QUIET, "--format", "json"]).stdout)["hands"]
    assert [Path(h["file"].split(" [")[0]).name for h in hands] == ["session.phhs", "session.phhs", "short.phh"]


# ----------------------------------------------------------------------------- random hostile mutations


HOSTILE = ["²", "p²", "٥", str(BIG), "-1", "1.5", "1e23", "x", "", "??", "9" * 400, "p0", "p9", '"banana"', "[[[[1]]]]"]
GOOD_TEXTS = [p.read_text() for p in sorted(DATA.glob("*.phh"))]
ASKED = tuple(REGISTRY.parse(p) for p in ("tag", "reader"))


@st.composite
def mutated(draw) -> str:
    """A good file with a few of its words that hold a digit (numbers, players, cards) made hostile."""
    parts = re.split(r"([\s\[\],\"=#]+)", draw(st.sampled_from(GOOD_TEXTS)))
    words = [i for i, w in enumerate(parts) if any(c.isdigit() for c in w)]
    for i in draw(st.lists(st.sampled_from(words), min_size=1, max_size=3)):
        how, digits = draw(st.integers(0, 2)), [c for c in parts[i] if c.isdigit()]
        if how == 0 or not digits:
            parts[i] = draw(st.sampled_from(HOSTILE))
        elif how == 1:
            parts[i] = parts[i].replace(draw(st.sampled_from(digits)), "²")
        else:
            parts[i] = parts[i] * draw(st.integers(0, 3))
    return draw(st.sampled_from(["", "\ufeff"])) + "".join(parts)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_hostile_mutations_replay_or_are_one_replay_error(text):
    """Digits int cannot read, numbers past the bounds, nested values, bad cards and players in any field or action:
    each hand replays (its policies asked) or is one ReplayError naming the file; nothing else escapes."""
    try:
        for history in RP.parse_histories(text, "x.phh"):
            if isinstance(history, RP.ReplayError):
                raise history
            RP.replay(history, ASKED)
    except RP.ReplayError as e:
        message = str(e)
        assert message.startswith("x.phh") and "\n" not in message and len(message) < 600, message


def test_the_console_script_refuses_a_superscript_without_a_traceback(tmp_path):
    path = write(tmp_path, changed(SHORT, '"p3 pb",', '"p² pb",'))
    proc = script(path, *QUIET)
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "'p²' is not a player")
