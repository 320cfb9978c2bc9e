"""Site hand histories (``analysis/razz/sites.py``, ``merge.py``) and the commands reading them (``razz replay``,
``convert``, ``stats``, ``review``) against hostile input.

The project's rule for bad input: one line naming the problem and exit status 2, never a traceback, never a hang,
and never a partial or overwritten result; where many hands are read, each refused hand or file is one line, the
good hands are still processed and the last line counts the hands done and refused. The cases: files cut mid-hand
and mid-tag, a DOCTYPE with entities in a Merge file (never expanded), amounts that are huge, negative, not finite
or not numbers, seats named twice or not at all, an unknown Winamax action, a card dealt twice, a hero present in
some files only or named by an empty string, ``--samples`` and ``--out`` out of range, binary garbage, UTF-16
without a byte-order mark, symbolic link loops and FIFOs in a folder, names that a page or a chart might
interpret, and lines long enough to make a regular expression backtrack.
"""

from __future__ import annotations

import codecs
import json
import os
from pathlib import Path

import pytest

from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke

DATA = Path(__file__).parent / "data" / "sites"
STARS = (DATA / "pokerstars.txt").read_text()
MERGE = (DATA / "merge.xml").read_text()
WINAMAX = (DATA / "winamax.txt").read_text()
REPLAY = ["--search", "none", "--trials", "200", "--seed", "1"]
QUICK = ["--search", "search:samples=4", "--samples", "20", "--seed", "1"]
DESCRIPTION = '<description type="Razz" stakes="Limit $0.50/$1.00" version="2"/>'


def changed(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def no_traceback(result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.stdout + result.stderr


def refused_hands(result, fragments: list[str | tuple[str, ...]], done: str) -> list[str]:
    """Exit 2, no traceback; one line per refused hand or file (each holding its fragment, or every part of a tuple,
    in order), then the count."""
    no_traceback(result)
    assert result.exit_code == 2, (result.exit_code, result.stderr)
    *lines, count = result.stderr.strip().splitlines()
    assert all(line.startswith("razzmatazz: error: ") for line in [*lines, count]), result.stderr
    assert len(lines) == len(fragments), lines
    for line, fragment in zip(lines, fragments, strict=True):
        parts = (fragment,) if isinstance(fragment, str) else fragment
        assert all(part in line for part in parts), (fragment, line)
    assert count.endswith(f"{done}, {len(fragments)} refused (a hand or a file each line above)"), count
    return lines


def replay(path: Path, *extra):
    return invoke(["razz", "replay", path, *REPLAY, *extra])


def one_line(result, fragment: str) -> str:
    no_traceback(result)
    return assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


# ----------------------------------------------------------------------------- files cut short


def test_a_merge_file_cut_mid_tag_is_one_line_and_converts_nothing(tmp_path):
    path = write(tmp_path, "cut.xml", MERGE[: MERGE.index('<event sequence="9"') + 12])
    assert path.read_text().endswith("<event seque")
    one_line(replay(path), "cut.xml [#71234567-42]: line 3: the hand has no end (</game>)")
    out = tmp_path / "hands"
    one_line(invoke(["razz", "convert", path, "--out", out]), "the hand has no end")
    assert not out.exists()


def test_a_merge_file_cut_in_its_second_hand_keeps_the_first(tmp_path):
    path = write(tmp_path, "cut.xml", MERGE[: MERGE.index('<game id="71234567-43"') + 30])
    result = replay(path, "--format", "json")
    refused_hands(result, ["cut.xml [#71234567-43]: line 66: the hand has no end"], "1 hands replayed")
    assert [h["hand_id"] for h in json.loads(result.stdout)["hands"]] == ["71234567-42"]


@pytest.mark.parametrize(
    ("size", "fragment"),
    [
        (700, "line 23: a line razzmatazz does not know: 'Vil'"),
        (900, "line 31: a line razzmatazz does not know: 'Dea'"),
        (1250, "line 42: a line razzmatazz does not know: 'Hero collected $1.70 from'"),
    ],
)
def test_a_text_hand_cut_mid_line_names_the_line(tmp_path, size, fragment):
    path = write(tmp_path, "cut.txt", STARS[:size])
    one_line(replay(path), f"cut.txt [#1001]: {fragment}")
    out = tmp_path / "hands"
    one_line(invoke(["razz", "convert", path, "--out", out]), fragment)
    assert not out.exists()


@pytest.mark.parametrize("lines", [38, 40], ids=["after the last call", "after one show"])
def test_a_text_hand_cut_at_a_line_end_before_its_summary_is_refused(tmp_path, lines):
    path = write(tmp_path, "cut.txt", "\n".join(STARS.splitlines()[:lines]) + "\n")
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", path, "--out", out])
    one_line(result, "cut.txt [#1001]")
    assert not out.exists()


# ----------------------------------------------------------------------------- XML that is not what Merge writes


def test_entities_of_a_doctype_are_never_expanded(tmp_path):
    """A DOCTYPE declaring entities (a billion laughs): a nickname naming one stays as written."""
    doctype = '<!DOCTYPE l [<!ENTITY a "lol"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
    text = changed(MERGE, DESCRIPTION, f"{DESCRIPTION}\n{doctype}").replace('nickname="Hero"', 'nickname="&b;"')
    result = replay(write(tmp_path, "ent.xml", text), "--format", "json")
    assert_ok(result)
    players = {p for h in json.loads(result.stdout)["hands"] for p in h["players"]}
    assert "&b;" in players and "A & B" in players  # the standard &amp; is read; a declared entity is not
    assert not any("lol" in p for p in players)


def test_a_doctype_before_the_description_is_one_line(tmp_path):
    path = write(tmp_path, "dt.xml", '<!DOCTYPE x [<!ENTITY e "AAAA">]>\n' + MERGE)
    one_line(replay(path), "dt.xml: ")


@pytest.mark.parametrize(
    "head", ['<!DOCTYPE x [<!ENTITY e "AAAA">]>\n', '<?xml version="1.0" encoding="UTF-8"?>\n'], ids=["doctype", "xml"]
)
def test_an_xml_file_that_is_no_merge_history_is_not_called_a_phh_file(tmp_path, head):
    line = one_line(replay(write(tmp_path, "dt.xml", head + MERGE)), "dt.xml: ")
    assert "TOML" not in line and "PHH file" not in line, line


# ----------------------------------------------------------------------------- amounts


MERGE_AMOUNTS = [
    ('balance="$20.00"', 'balance="$99999999999999999999999"', "starting_stacks entry 1 must be at most"),
    ('balance="$20.00"', 'balance="1e30"', "'1e30' is not an amount"),
    ('balance="$20.00"', 'balance="$-20.00"', "'$-20.00' is not a whole number of cents"),
    ('balance="$20.00"', 'balance="$2O.00"', "'$2O.00' is not an amount"),
    ('balance="$20.00"', 'balance="20 dollars"', "'20 dollars' is not an amount"),
    ('balance="$20.00"', 'balance="NaN"', "'NaN' is not a whole number"),
    ('balance="$20.00"', 'balance="sNaN"', "'sNaN' is not an amount"),
    ('balance="$20.00"', "", "'' is not an amount"),
    ('player="0" amount="0.50"', 'player="0" amount="99999999999999999999999"', "more than any stack holds"),
    ('player="0" amount="0.50"', 'player="0" amount="-0.50"', "line 31: '-0.50' is not a whole number of cents"),
    ('player="0" amount="0.50"', 'player="0" amount="0.5O"', "line 31: '0.5O' is not an amount"),
]


@pytest.mark.parametrize(("old", "new", "fragment"), MERGE_AMOUNTS, ids=[m[1] or "missing" for m in MERGE_AMOUNTS])
def test_a_merge_amount_that_is_no_amount_refuses_its_hand(tmp_path, old, new, fragment):
    path = write(tmp_path, "bad.xml", changed(MERGE, old, new))
    refused_hands(replay(path), [("bad.xml [#71234567-42]: ", fragment)], "2 hands replayed")


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("Seat 2: A:B (25,000 in chips)", "Seat 2: A:B (-25,000 in chips)", "line 54: '-25,000' is not a whole"),
        ("Seat 2: A:B (25,000 in chips)", "Seat 2: A:B (25,OOO in chips)", "line 54: '25,OOO' is not an amount"),
        ("Seat 2: A:B (25,000 in chips)", f"Seat 2: A:B ({'9' * 25} in chips)", "starting_stacks entry 1"),
        ("A:B: completes it to 1,000", "A:B: completes it to 1,000.5", "line 62: '1,000.5' is not a whole number"),
        ("Villain Two: calls $0.05\n", "Villain Two: calls -Inf\n", "line 15: '-Inf' is not a whole number of cents"),
    ],
)
def test_a_text_amount_that_is_no_amount_refuses_its_hand(tmp_path, old, new, fragment):
    hand = "1001" if "Villain" in old else "2002"
    path = write(tmp_path, "bad.txt", changed(STARS, old, new))
    refused_hands(replay(path), [(f"bad.txt [#{hand}]: ", fragment)], "3 hands replayed")


NOT_FINITE = [
    ("bad.xml", MERGE, 'balance="$20.00"', 'balance="Infinity"', "#71234567-42"),
    ("bad.xml", MERGE, 'balance="$20.00"', 'balance="1e999999999"', "#71234567-42"),
    ("bad.txt", STARS, "Seat 2: A:B (25,000 in chips)", "Seat 2: A:B (Infinity in chips)", "#2002"),
    ("bad.txt", STARS, "Seat 2: A:B (25,000 in chips)", "Seat 2: A:B (1e999999999 in chips)", "#2002"),
    ("bad.txt", STARS, "Villain Two: calls $0.05\n", "Villain Two: calls Infinity\n", "#1001"),
]


@pytest.mark.parametrize(("name", "text", "old", "new", "hand"), NOT_FINITE, ids=[n[3] for n in NOT_FINITE])
def test_an_amount_that_is_not_finite_refuses_its_hand(tmp_path, name, text, old, new, hand):
    path = write(tmp_path, name, changed(text, old, new))
    refused_hands(replay(path), [f"{name} [{hand}]"], "2 hands replayed" if name == "bad.xml" else "3 hands replayed")


def test_an_amount_of_ten_thousand_digits_is_named(tmp_path):
    path = write(tmp_path, "bad.txt", changed(STARS, "Seat 2: A:B (25,000 in chips)", "Seat 2: A:B (9e9999 in chips)"))
    refused_hands(replay(path), ["bad.txt [#2002]: line 54: '9e9999'"], "3 hands replayed")


# ----------------------------------------------------------------------------- players and seats


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ('nickname="A &amp; B"', 'nickname="Hero"', "two seats are named 'Hero'"),
        ('cards="null,null,7s" player="5"/>', 'cards="null,null,7s" player="3"/>', "line 18: seat '3' is not a player"),
        ('potnumber="1" player="0"', 'potnumber="1" player="4"', "line 62: seat '4' is not a player"),
        ('type="FOLD" timestamp="1795556104000" player="2"', 'type="FOLD" timestamp="1795556104000"', "seat '' is not"),
        ('<player seat="2"', "<player", "the seat '' is not a seat number"),
        ('<player seat="2"', '<player seat="-2"', "the seat '-2' is not a seat number"),
        ('cards="null,null,Kc" player="2"', 'cards="null,null,2c" player="2"', "2c is dealt twice"),
    ],
    ids=[
        "a nickname twice",
        "cards of no seat",
        "a winner of no seat",
        "no player",
        "no seat",
        "seat -2",
        "a card twice",
    ],
)
def test_a_merge_hand_with_bad_seats_is_refused_alone(tmp_path, old, new, fragment):
    path = write(tmp_path, "bad.xml", changed(MERGE, old, new))
    refused_hands(replay(path), [("bad.xml [#71234567-42]: ", fragment)], "2 hands replayed")


def test_a_merge_seat_that_is_no_number_refuses_its_hand(tmp_path):
    path = write(tmp_path, "bad.xml", changed(MERGE, '<player seat="2"', '<player seat="abc"'))
    refused_hands(replay(path), ["bad.xml [#71234567-42]: "], "2 hands replayed")


def test_a_text_hand_dealing_a_card_twice_or_doing_an_unknown_action_is_refused_alone(tmp_path):
    stars = write(tmp_path, "a.txt", changed(STARS, "Dealt to Villain Two [6s]", "Dealt to Villain Two [As]"))
    winamax = write(tmp_path, "b.txt", changed(WINAMAX, "Hero bets 4€\n", "Hero dances 4€\n"))
    result = invoke(["razz", "stats", stars, winamax])
    refused_hands(
        result,
        [
            "a.txt [#1001]: line 13 'Dealt to Villain Two [As]': As is dealt twice",
            "b.txt [#777001-12-1764000000]: line 39: an action razzmatazz does not know: 'dances 4€'",
        ],
        "4 hands counted",
    )


# ----------------------------------------------------------------------------- razz review's options


def test_a_hero_in_some_files_only_is_reviewed_where_present(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    write(folder, "a.txt", STARS)
    write(folder, "b.xml", MERGE.replace('nickname="Hero"', 'nickname="Somebody"'))
    result = invoke(["razz", "review", folder, "--hero", "Hero", *QUICK, "--format", "json"])
    assert_ok(result)
    summary = json.loads(result.stdout)["summary"]
    assert summary["hands"] == 1 and summary["absent"] == 6  # Hero plays 1 of PokerStars' 4, none of Merge's 3


@pytest.mark.parametrize(
    ("hero", "fragment"),
    [("", "the name is empty"), ("   ", "the name is empty"), ("Hero ", "no hand read has a player of that name")],
)
def test_an_empty_or_blank_hero_is_one_line(tmp_path, hero, fragment):
    out = tmp_path / "out"
    result = invoke(["razz", "review", DATA / "pokerstars.txt", "--hero", hero, *QUICK, "--out", out])
    one_line(result, fragment)
    assert not out.exists()


@pytest.mark.parametrize("hero", ["", "   "])
def test_an_empty_or_blank_hero_is_named_as_such(hero):
    line = one_line(invoke(["razz", "review", DATA / "pokerstars.txt", "--hero", hero, *QUICK]), "--hero")
    assert "empty" in line or repr(hero) in line, line


@pytest.mark.parametrize(
    ("samples", "fragment"),
    [
        ("0", "--samples 0: must be 2 to 100,000"),
        ("-3", "--samples -3: must be 2 to 100,000"),
        ("2.5", "'2.5' is not a valid integer"),
        ("many", "'many' is not a valid integer"),
        ("9" * 25, "must be 2 to 100,000"),
    ],
)
def test_samples_out_of_range_is_one_line_and_writes_nothing(tmp_path, samples, fragment):
    out = tmp_path / "out"
    args = [DATA / "pokerstars.txt", "--hero", "Hero", "--search", "search:samples=4", "--samples", samples]
    one_line(invoke(["razz", "review", *args, "--seed", "1", "--out", out]), fragment)
    assert not out.exists()


def _out_places(tmp_path: Path) -> dict[str, Path]:
    afile = write(tmp_path, "afile.txt", "mine")
    mine = tmp_path / "mine"
    mine.mkdir()
    write(mine, "keep.txt", "mine")
    return {"inside a file": afile / "sub", "a file": afile, "a folder of other files": mine}


@pytest.mark.parametrize(
    ("place", "review", "convert"),
    [
        ("inside a file", "afile.txt is not a directory", "afile.txt is not a directory"),
        ("a file", "exists and is not a directory", "exists and is not an empty directory"),
        ("a folder of other files", "does not hold a razzmatazz result", "exists and is not an empty directory"),
    ],
)
def test_an_out_that_cannot_be_a_result_is_one_line_and_left_alone(tmp_path, place, review, convert):
    out = _out_places(tmp_path)[place]
    before = sorted((p.relative_to(tmp_path), p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file())
    args = [DATA / "pokerstars.txt", "--hero", "Hero", *QUICK, "--out", out]
    one_line(invoke(["razz", "review", *args]), review)
    one_line(invoke(["razz", "convert", DATA / "pokerstars.txt", "--out", out]), convert)
    after = sorted((p.relative_to(tmp_path), p.read_bytes()) for p in tmp_path.rglob("*") if p.is_file())
    assert after == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no hidden leftovers


def test_a_blank_review_out_is_named_empty(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    args = [DATA / "pokerstars.txt", "--hero", "Hero", *QUICK, "--out", "   "]
    one_line(invoke(["razz", "review", *args]), "'--out': is empty: name a folder")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("command", "name"),
    [("review", ""), ("convert", ""), ("convert", "   ")],
    ids=["review ''", "convert ''", "convert blank"],
)
def test_an_empty_out_is_named_empty(tmp_path, monkeypatch, command, name):
    monkeypatch.chdir(tmp_path)
    extra = ["--hero", "Hero", *QUICK] if command == "review" else []
    result = invoke(["razz", command, DATA / "pokerstars.txt", *extra, "--out", name])
    assert list(tmp_path.iterdir()) == []
    one_line(result, "empty")


# ----------------------------------------------------------------------------- what is no history in a folder


def test_binary_garbage_in_a_folder_is_left_alone_and_named_when_given(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    garbage = bytes(range(256)) * 8
    (folder / "bin.xml").write_bytes(b"\x80" + garbage)
    (folder / "bin.txt").write_bytes(b"\x00\xff\xfe" + garbage)
    write(folder, "good.txt", STARS)
    result = invoke(["razz", "stats", folder, "--format", "json"])
    assert_ok(result)
    assert json.loads(result.stdout)["hands"] == 4
    one_line(replay(folder / "bin.xml"), "bin.xml: cannot be read (not UTF-8 text")
    one_line(invoke(["razz", "convert", folder / "bin.txt", "--out", tmp_path / "o"]), "bin.txt: cannot be read")
    assert not (tmp_path / "o").exists()


def test_utf_16_without_a_byte_order_mark_is_left_alone_in_a_folder_and_named_when_given(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    (folder / "le.txt").write_bytes(STARS.encode("utf-16-le"))
    (folder / "be.xml").write_bytes(MERGE.encode("utf-16-be"))
    write(folder, "good.xml", MERGE)
    result = invoke(["razz", "stats", folder, "--format", "json"])
    assert_ok(result)
    assert json.loads(result.stdout)["hands"] == 3
    one_line(replay(folder / "le.txt"), "le.txt: cannot be read (not UTF-8 text, nor UTF-16 after a byte-order mark")
    one_line(replay(folder / "be.xml"), "be.xml: ")


def test_utf_16_cut_at_an_odd_byte_or_holding_a_lone_surrogate_is_one_line(tmp_path):
    data = codecs.BOM_UTF16_LE + STARS.encode("utf-16-le")
    odd = tmp_path / "odd.txt"
    odd.write_bytes(data[:-1])
    one_line(replay(odd), "odd.txt: cannot be read")
    lone = tmp_path / "lone.txt"
    lone.write_bytes(data[:200] + b"\x00\xd8a\x00" + data[200:])
    one_line(replay(lone), "lone.txt: cannot be read")


def test_links_in_a_loop_and_a_fifo_in_a_folder_are_left_alone_and_named_when_given(tmp_path):
    folder = tmp_path / "hh"
    folder.mkdir()
    write(folder, "good.txt", STARS)
    (folder / "loop.xml").symlink_to(folder / "loop.xml")
    (folder / "a.txt").symlink_to(folder / "b.txt")
    (folder / "b.txt").symlink_to(folder / "a.txt")
    (folder / "self").symlink_to(folder)
    os.mkfifo(folder / "x.xml")
    result = invoke(["razz", "stats", folder, "--format", "json"])
    assert_ok(result)
    assert json.loads(result.stdout)["hands"] == 4
    out = tmp_path / "hands"
    assert_ok(invoke(["razz", "convert", folder, "--out", out]))
    assert len(list(out.iterdir())) == 4
    one_line(replay(folder / "x.xml"), "x.xml: not a regular file (a FIFO)")
    one_line(replay(folder / "loop.xml"), "loop.xml: a symbolic link loop")
    args = [folder / "x.xml", "--hero", "Hero", *QUICK, "--out", tmp_path / "r"]
    one_line(invoke(["razz", "review", *args]), "x.xml: not a regular file (a FIFO)")
    assert not (tmp_path / "r").exists()


def test_an_empty_xml_or_a_lone_description_is_one_line(tmp_path):
    one_line(replay(write(tmp_path, "empty.xml", "")), "empty.xml: ")
    one_line(replay(write(tmp_path, "desc.xml", DESCRIPTION + "\n")), "desc.xml: no Razz hand in this merge history")


# ----------------------------------------------------------------------------- names the page or the chart reads


@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "{{ 7*7 }}", "{% raw %}x"])
def test_a_hero_name_is_written_as_text_in_the_page(tmp_path, name):
    path = write(tmp_path, "hh.txt", STARS.replace("Hero", name))
    out = tmp_path / "out"
    assert_ok(invoke(["razz", "review", path, "--hero", name, *QUICK, "--out", out]))
    page = (out / "review.html").read_text()
    assert "<script>alert" not in page and "49" not in page.split("Review of", 1)[1][:40]


@pytest.mark.parametrize("name", ["a$^$b", "$\\notacmd{$"])
def test_a_hero_name_with_dollar_signs_is_reviewed_with_its_page(tmp_path, name):
    path = write(tmp_path, "hh.txt", STARS.replace("Hero", name))
    out = tmp_path / "out"
    result = invoke(["razz", "review", path, "--hero", name, *QUICK, "--out", out])
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # nothing partial either way
    assert_ok(result)
    assert (out / "review.html").exists()


# ----------------------------------------------------------------------------- lines that make a regex backtrack


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Hero collected $1.70 from pot", "x collected " * 50_000 + "from"),
        ("Razz Limit ($0.10/$0.20 USD)", "Razz Limit - " + "Level a(" * 60_000),
    ],
    ids=["collected", "header"],
)
def test_a_long_line_is_refused_before_any_pattern_is_tried(tmp_path, old, new):
    """A line no table writes (600,000 characters) is refused by its length: the patterns that read a line
    (some backtrack on such a line: ' collected ' or 'Level a(' repeated) never see it."""
    path = write(tmp_path, "long.txt", changed(STARS, old, new))
    result = invoke(["razz", "stats", path])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    assert "long.txt [#1001]" in result.stderr and "longer than the 2,000 characters" in result.stderr


def test_a_merge_description_line_inside_a_text_history_is_no_hand(tmp_path):
    """Merge's file-level ``<description>`` line begins no hand of a text site: inside a PokerStars hand it is a line
    the reader does not know (that hand refused, the others replayed), never a traceback."""
    line = '<description type="HORSE" stakes="Limit $1/$2"/>'
    text = changed(STARS, "Hero: posts the ante $0.02\n", f"{line}\nHero: posts the ante $0.02\n")
    refused_hands(
        replay(write(tmp_path, "hh.txt", text)), [("[#1001]", "a line razzmatazz does not know")], "3 hands replayed"
    )
    assert invoke(["razz", "stats", write(tmp_path, "tail.txt", STARS + line + "\n")]).exit_code == 0  # after a summary


@pytest.mark.parametrize("text", ["", "\n\n  \n", "\ufeff"])
@pytest.mark.parametrize(
    ("name", "command"),
    [("h.txt", ["stats"]), ("h.phh", ["replay"]), ("h.txt", ["review", "--hero", "x"]), ("h.txt", ["convert"])],
)
def test_an_empty_file_is_named_empty(tmp_path, text, name, command):
    """An empty (or blank) file is one line saying so, whatever the command that reads it."""
    path = write(tmp_path, name, text)
    out = ["--out", str(tmp_path / "out")] if command == ["convert"] else []
    result = invoke(["razz", *command, str(path), *out])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, f"{name}: the file is empty")
    assert not (tmp_path / "out").exists()
