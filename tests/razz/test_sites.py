"""Site hand histories (``analysis/razz/sites.py``): PokerStars Razz hands read by ``razz replay`` and written as
PHH by ``razz convert``. The test file (``data/sites/pokerstars.txt``) is our own, written from PokerStars'
published layout: a cash hand with a rake, a sitting-out seat, an uncalled-for showdown raise and names with
spaces, brackets, colons and digits; a tournament hand in chips with thousands separators, an all-in call
for less and an uncalled bet returned; a hand won without a showdown. Each converted hand must replay in
PokerKit to the stacks the file's result gives."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from razzmatazz.analysis.razz import convert, sites
from razzmatazz.analysis.razz import replay as RP
from tests.cli.test_razz_cli import assert_ok, invoke
from tests.razz.test_replay import pokerkit_stacks

DATA = Path(__file__).parent / "data" / "sites"
STARS = DATA / "pokerstars.txt"
TILT = DATA / "fulltilt.txt"
FINISHING = {"1001": [589, 393, 218], "2002": [28100, 0], "3003": [109, 93, 98], "4004": [908, 100142]}
PLAYERS = {
    "1001": ["Hero", "Mr. [Bracket]: 7", "Villain Two"],
    "2002": ["A:B", "C (d)"],
    "3003": ["x", "y", "z"],
    "4004": ["Pia", "Quentin 2"],
}


def tables(text: str) -> dict[str, dict]:
    return {sites.hand_id(lines): sites.read_hand(lines, first).table for first, lines in sites.hands(text)}


def test_each_hand_reads_as_the_file_says_and_pokerkit_replays_its_phh():
    got = tables(STARS.read_text())
    assert list(got) == list(FINISHING)
    for hand, table in got.items():
        assert table["players"] == PLAYERS[hand]  # the sitting-out seat is not dealt in
        assert table["finishing_stacks"] == FINISHING[hand]
        assert pokerkit_stacks(convert.phh_text(table, "pokerstars.txt")) == FINISHING[hand]
    cash, chips, euros = got["1001"], got["2002"], got["4004"]
    assert euros["actions"][-2:] == ["p1 sm", "p2 sm 8s4hTh5d6c7dJc"]  # Pia mucks
    assert euros["starting_stacks"] == [1000, 100050]  # cents, a thousands separator
    assert (cash["antes"], cash["bring_in"], cash["small_bet"], cash["big_bet"]) == ([2, 2, 2], 5, 10, 20)  # cents
    assert cash["starting_stacks"] == [500, 400, 300] and cash["_seat_numbers"] == [1, 2, 4]
    assert (chips["bring_in"], chips["small_bet"], chips["starting_stacks"]) == (500, 1000, [25000, 3100])
    assert cash["actions"][:3] == ["d dh p1 As2d4c", "d dh p2 ????Kh", "d dh p3 ????6s"]  # down cards unseen
    assert "d dh p3 ??" in cash["actions"]  # the opponent's 7th-street card
    assert chips["actions"][7:9] == ["p1 sm 3d4d5c", "p2 sm QcTdJh"]  # all in on 3rd street: shown then


def test_razz_replay_reads_a_pokerstars_file_hand_by_hand():
    result = invoke(["razz", "replay", STARS, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"])
    assert_ok(result)
    hands = json.loads(result.stdout)["hands"]
    assert [h["agrees"] for h in hands] == [True] * 4
    assert [h["finishing_stacks"] for h in hands] == list(FINISHING.values())
    assert [h["players"] for h in hands] == list(PLAYERS.values())
    assert [(h["site"], h["hand_id"]) for h in hands] == [("pokerstars", h) for h in FINISHING]
    assert [h["collected"] for h in hands] == [[170, 0, 0], [6200, 0], [16, 0, 0], [0, 176]]  # after the rake


def test_a_byte_order_mark_windows_line_ends_and_blank_lines_read_the_same(tmp_path):
    text = STARS.read_text()
    odd = "\ufeff" + "\n\n".join(text.split("\n")).replace("\n", "\r\n")
    assert tables(odd) == tables(text)
    assert sites.site_of(odd) == "pokerstars" and sites.site_of("variant = 'FR'") is None


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        ("Hero: bets $0.10\n", "Hero: dances\n", "line 22: an action razzmatazz does not know: 'dances'"),
        ("Dealt to Villain Two [6s] [8d]", "Dealt to Villain Two [6s] [8x]", "line 21: cards razzmatazz cannot read"),
        ("Villain Two: calls $0.10\n", "Villain Two: calls $0.1o\n", "line 23: '$0.1o' is not an amount"),
        ("Hero: bets $0.10\n", "Hero: bets $0.105\n", "line 22: '$0.105' is not a whole number of cents"),
        ("Hero collected $1.70 from pot", "Nobody collected $1.70 from pot", "'Nobody' is not a player"),
        ("Hero: bets $0.10\n", "Hero: bets $0.15\n", "line 22 'Hero: bets $0.15': fixed limit: p1 may only bet 10"),
    ],
)
def test_a_bad_hand_is_named_with_its_line_and_the_others_still_replay(tmp_path, old, new, fragment):
    text = STARS.read_text()
    assert old in text
    path = tmp_path / "bad.txt"
    path.write_text(text.replace(old, new, 1))
    result = invoke(["razz", "replay", path, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"])
    assert result.exit_code == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 2 and "bad.txt [#1001]" in errors[0] and fragment in errors[0], errors
    assert errors[1].endswith("3 hands replayed, 1 refused (a hand or a file each line above)")
    assert [h["finishing_stacks"] for h in json.loads(result.stdout)["hands"]] == list(FINISHING.values())[1:]


def test_razz_convert_writes_one_phh_a_hand_all_at_once(tmp_path):
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", STARS, "--out", out])
    assert_ok(result)
    assert "4 hands written" in result.stdout
    assert sorted(p.name for p in out.iterdir()) == [f"pokerstars-{h}.phh" for h in FINISHING]
    for hand, stacks in FINISHING.items():
        assert pokerkit_stacks((out / f"pokerstars-{hand}.phh").read_text()) == stacks
    again = invoke(["razz", "convert", STARS, "--out", out])  # not into a folder that holds files
    assert again.exit_code == 2 and "is not an empty directory" in again.stderr
    assert sorted(p.name for p in out.iterdir()) == [f"pokerstars-{h}.phh" for h in FINISHING]


def test_razz_convert_writes_the_good_hands_and_counts_the_refused(tmp_path):
    bad = tmp_path / "in" / "bad.txt"
    bad.parent.mkdir()
    bad.write_text(STARS.read_text().replace("Hero: bets $0.10\n", "Hero: dances\n", 1))
    (tmp_path / "in" / "readme.txt").write_text("not a hand history\n")  # a folder's other .txt: left alone
    notes = tmp_path / "notes.txt"
    notes.write_text("not a hand history\n")  # a file named: refused
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", bad.parent, notes, "--out", out])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 3, lines
    assert "bad.txt [#1001]: line 22: an action razzmatazz does not know" in lines[0]
    assert "notes.txt: not a site hand history" in lines[1]
    assert lines[-1].endswith("3 hands written, 2 refused (a hand or a file each line above)")
    assert sorted(p.name for p in out.iterdir()) == [f"pokerstars-{h}.phh" for h in ("2002", "3003", "4004")]


def _hand(hand: str) -> str:
    """One hand of the test file, as text."""
    return next("\n".join(lines) for _, lines in sites.hands(STARS.read_text()) if sites.hand_id(lines) == hand)


HOSTILE = {
    "another game": (
        "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02) - x\n",
        "no Razz hand in this pokerstars history",
    ),
    "no 3rd street": (_hand("3003").split("*** 3rd")[0], "line 8: the hand has no 3rd street"),
    "two seats of one name": (_hand("3003").replace("Seat 2: y", "Seat 2: x"), "line 4: two seats are named 'x'"),
    "a hand number too long": (_hand("3003").replace("#3003", "#" + "9" * 300), "is not 1 to 30 digits"),
    "a street after the summary": (_hand("3003") + "\n*** 4th STREET ***\n", "'*** 4th STREET ***' after the summary"),
    "the stakes unreadable": (_hand("3003").replace("($0.10/$0.20 USD)", "($0.10-$0.20 USD)"), "are not small/big"),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_site_hand_is_one_line_and_writes_nothing(tmp_path, case):
    text, fragment = HOSTILE[case]
    path = tmp_path / "hh.txt"
    path.write_text(text)
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", path, "--out", out])
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and fragment in lines[0], lines  # one bad hand alone: one line
    assert not out.exists()


def test_a_hand_given_twice_is_written_once(tmp_path):
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", STARS, STARS, "--out", out])
    assert result.exit_code == 2 and "[#1001]: the hand is given twice" in result.stderr
    assert len(list(out.iterdir())) == 4


def test_full_tilt_hands_read_as_the_file_says_in_utf_16_too(tmp_path):
    """Full Tilt writes no colon after a name, ``antes``, ``raises to``, ``is high with``, ``wins the pot`` and
    its down cards apart from the door; its files are often UTF-16 with a byte-order mark."""
    got = tables(TILT.read_text())
    assert {h: t["finishing_stacks"] for h, t in got.items()} == {"5005": [589, 393, 218], "5006": [1810, 0]}
    assert got["5005"]["players"] == PLAYERS["1001"] and got["5006"]["players"] == ["A B", "C (d)"]
    assert got["5005"]["actions"] == tables(STARS.read_text())["1001"]["actions"]  # the same hand as PokerStars'
    for table in got.values():
        assert pokerkit_stacks(convert.phh_text(table, "fulltilt.txt")) == table["finishing_stacks"]
    wide = tmp_path / "in" / "HH.txt"
    wide.parent.mkdir()
    wide.write_bytes(TILT.read_text().replace("\n", "\r\n").encode("utf-16"))
    result = invoke(
        ["razz", "replay", wide.parent, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"]
    )
    assert_ok(result)
    hands = json.loads(result.stdout)["hands"]
    assert [(h["site"], h["hand_id"], h["agrees"]) for h in hands] == [
        ("fulltilt", "5005", True),
        ("fulltilt", "5006", True),
    ]
    assert [h["collected"] for h in hands] == [[170, 0, 0], [620, 0]]
    out = tmp_path / "hands"
    assert_ok(invoke(["razz", "convert", wide.parent, "--out", out]))
    assert sorted(p.name for p in out.iterdir()) == ["fulltilt-5005.phh", "fulltilt-5006.phh"]


BENIGN = {
    "Full Tilt's upper-case street headers": (TILT, "rd STREET ***", "RD STREET ***"),
    "Full Tilt's main pot": (TILT, "wins the pot (620)", "wins the main pot (620)"),
    "Full Tilt's chat": (
        TILT,
        "Hero calls $0.20\n",
        "Hero calls $0.20\nVillain Two: nh\nHero has 15 seconds left to act\n",
    ),
    "a mixed game's header": (STARS, "Razz Limit ($0.10/$0.20 USD)", "HORSE (Razz Limit, $0.10/$0.20 USD)"),
    "news of seats not dealt in": (
        STARS,
        "Hero: posts the ante $0.02\n",
        "sleepy has returned\nnewbie joins the table at seat #3\nsleepy: is sitting out\nHero: posts the ante $0.02\n",
    ),
    "a seat out of the hand": (
        STARS,
        "Seat 4: Villain Two ($3.00 in chips)\n",
        "Seat 4: Villain Two ($3.00 in chips)\nSeat 5: Mover ($1.00 in chips) out of hand (moved from another table)\n",
    ),
    "a tournament's end": (
        STARS,
        "A:B collected 6,200 from pot\n",
        "A:B collected 6,200 from pot\nC (d) finished the tournament in 2nd place\n",
    ),
    "files joined with their byte-order marks": (STARS, "\nPokerStars Hand #2002", "\n\ufeffPokerStars Hand #2002"),
}


@pytest.mark.parametrize("case", list(BENIGN))
def test_what_real_files_also_write_reads_the_same(case):
    """Lines and spellings real files carry (found by a review against real files' layout) change nothing."""
    path, old, new = BENIGN[case]
    text = path.read_text()
    assert old in text
    assert tables(text.replace(old, new)) == tables(text)


def test_an_error_names_the_line_that_says_it():
    text = STARS.read_text().replace("Dealt to Villain Two [6s]\n", "Dealt to Villain Two [Kh]\n", 1)
    with pytest.raises(RP.ReplayError, match=r"\[#1001\]: line 13 'Dealt to Villain Two \[Kh\]': Kh is dealt twice"):
        RP.replay(RP.site_hand(sites.hands(text)[0][1], 1, "x.txt"))


def test_a_hand_pokerkit_refuses_is_written_with_a_note(tmp_path):
    """A raise capped at what the others can call (replayed as played): the file says PokerKit refuses it."""
    text = _hand("2002").replace("A:B: raises 1,000 to 3,000\n", "A:B: raises 900 to 2,900\n")
    text = text.replace("Uncalled bet (100) returned to A:B\n", "")
    path = tmp_path / "capped.txt"
    path.write_text(text)
    out = tmp_path / "hands"
    result = invoke(["razz", "convert", path, "--out", out])
    assert_ok(result)
    assert "1 hands written" in result.stdout and "1 with a note that PokerKit refuses it" in result.stdout
    assert "# Note: p1 raises to 2900, not 3000: capped" in (out / "pokerstars-2002.phh").read_text()


def test_an_older_full_tilt_file_in_windows_1252_reads_too(tmp_path):
    """Names with accents and the euro sign in Windows-1252 (no byte-order mark); a file that is no site's
    history in that encoding is still refused as not UTF-8."""
    text = TILT.read_text().replace("Villain Two", "Zoë Two")
    path = tmp_path / "old.txt"
    path.write_bytes(text.encode("cp1252"))
    assert tables(RP.read_text(path))["5005"]["players"][2] == "Zoë Two"
    other = tmp_path / "x.phh"
    other.write_bytes("variant = 'FR' # Zoë".encode("cp1252"))
    with pytest.raises(RP.ReplayError, match="not UTF-8 text"):
        RP.read_text(other)


WINAMAX = DATA / "winamax.txt"


def test_winamax_hands_read_as_the_file_says_and_pokerkit_replays_them(tmp_path):
    """Our Winamax file (from the layout of its 8-Game tables' stud hands): a 7-Card Stud hand of the mixed table
    left out; euros after the amount, ``posts ante``, ``brings in``, a completion written ``raises 4€ to 4€``,
    others' cards ``X``, no ``Uncalled bet`` line (what comes back is in ``collected``), the bring-in's all-in raise
    written without its own bring-in (``raises -5 to 35``: to 50 in all), a rake, a tournament in chips."""
    text = WINAMAX.read_text()
    found, others = sites.razz_hands(text)
    assert others == 1 and len(sites.hands(text)) == 3
    got = {sites.hand_id(lines): sites.read_hand(lines, first).table for first, lines in found}
    cash, tour = got["777001-12-1764000000"], got["2815488303912976462-7-1764001000"]
    assert cash["players"] == ["Hero", "Jean Pierre", "K [x]"] and cash["_seat_numbers"] == [1, 2, 4]
    assert (cash["antes"], cash["bring_in"], cash["small_bet"], cash["big_bet"]) == ([50] * 3, 100, 400, 800)
    assert cash["finishing_stacks"] == [16600, 8400, 1550]  # the 2 € rake added back to the one collector
    assert cash["actions"][:5] == ["d dh p1 2c5d3h", "d dh p2 ????Kd", "d dh p3 ????4s", "p2 pb", "p3 cbr 400"]
    assert "d dh p3 ??" in cash["actions"]  # 7th street's card of another player, face down
    assert "p2 cbr 50" in tour["actions"] and tour["finishing_stacks"] == [1860, 0, 1700]
    for table in got.values():
        assert pokerkit_stacks(convert.phh_text(table, "winamax.txt")) == table["finishing_stacks"]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "HH.txt").write_bytes(("\ufeff" + text.replace("\n", "\r\n")).encode())
    result = invoke(
        ["razz", "replay", folder, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"]
    )
    assert_ok(result)
    hands = json.loads(result.stdout)["hands"]
    assert [(h["site"], h["agrees"]) for h in hands] == [("winamax", True), ("winamax", True)]
    assert [h["collected"] for h in hands] == [[8850, 0, 0], [0, 0, 380]]


def test_a_file_without_a_razz_hand_is_named_and_a_mixed_folder_keeps_its_razz_files(tmp_path):
    stud = WINAMAX.read_text().split("\n\n")[0] + "\n"
    (tmp_path / "stud.txt").write_text(stud)
    result = invoke(["razz", "replay", tmp_path / "stud.txt", "--search", "none"])
    assert result.exit_code == 2 and "no Razz hand in this winamax history (1 of other games" in result.stderr
    (tmp_path / "mixed.txt").write_text(WINAMAX.read_text())
    assert [p.name for p in RP.history_files([tmp_path])[0]] == ["mixed.txt"]  # the stud-only file is left alone


MERGE, HORSE = DATA / "merge.xml", DATA / "merge-horse.xml"


def merge_tables(path: Path) -> dict[str, dict]:
    found, _ = sites.razz_hands(path.read_text())
    return {sites.hand_id(lines): sites.read_hand(lines, first).table for first, lines in found}


def test_merge_xml_hands_read_as_the_file_says_and_pokerkit_replays_them(tmp_path):
    """Our Merge (Carbon) XML files, from its published layout: seats from 0 named in events, a seat without an
    event not dealt in, ``&amp;`` in a name, cumulative cards with ``null`` or nothing for a card not seen,
    ``COMPLETE``, ``RAISE`` to an amount, ``ALL_IN`` adding chips (a short all-in raise), chat, ``SHOWN`` and
    ``MUCKED``, an uncalled bet as its own winner, no rake written (what the pot kept is added back to its one
    winner), a HORSE tournament whose hold'em hand is left out, balances after the ante and bets from the hand."""
    cash = merge_tables(MERGE)
    assert {h: t["finishing_stacks"] for h, t in cash.items()} == {
        "71234567-42": [2690, 1220, 140],
        "71234567-43": [2860, 1190, 0],
        "71234567-44": [2700, 1350],
    }
    first = cash["71234567-42"]
    assert first["players"] == ["Hero", "A & B", "C. [Q]"] and first["_seat_numbers"] == [0, 2, 5]
    assert (first["antes"], first["bring_in"], first["small_bet"], first["big_bet"]) == ([10] * 3, 20, 50, 100)
    assert first["actions"][:6] == [
        "d dh p1 2c4d6h",
        "d dh p2 ????Kc",
        "d dh p3 ????7s",
        "p2 pb",
        "p3 cbr 50",
        "p1 cbr 100",
    ]
    assert "p3 cbr 130" in cash["71234567-43"]["actions"]  # ALL_IN for 0.80 over 0.50: a raise to 1.30
    found, others = sites.razz_hands(HORSE.read_text())
    assert others == 1 and len(found) == 1
    tour = merge_tables(HORSE)["80000001-8"]
    assert tour["starting_stacks"] == [3000, 3000, 1000] and (tour["small_bet"], tour["big_bet"]) == (200, 400)
    assert tour["finishing_stacks"] == [5050, 975, 975] and tour["actions"][-1] == "p2 sm"  # Bo mucks
    for table in [*cash.values(), tour]:
        assert pokerkit_stacks(convert.phh_text(table, "merge.xml")) == table["finishing_stacks"]
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "carbon.xml").write_text(MERGE.read_text().replace("\n", "\r\n"))
    (folder / "horse.xml").write_text(HORSE.read_text())
    result = invoke(
        ["razz", "replay", folder, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"]
    )
    assert_ok(result)
    hands = json.loads(result.stdout)["hands"]
    assert [(h["site"], h["hand_id"], h["agrees"]) for h in hands] == [
        ("merge", "71234567-42", True),
        ("merge", "71234567-43", True),
        ("merge", "71234567-44", True),
        ("merge", "80000001-8", True),
    ]
    out = tmp_path / "hands"
    assert_ok(invoke(["razz", "convert", folder, "--out", out]))
    assert len(list(out.iterdir())) == 4


@pytest.mark.parametrize(
    ("old", "new", "fragment"),
    [
        (
            'type="CALL" timestamp="1795556105000" player="5"',
            'type="CALL" timestamp="1795556105000" player="7"',
            "seat '7' is",
        ),
        (
            'type="FOLD" timestamp="1795556104000"',
            'type="SWAP" timestamp="1795556104000"',
            "an event razzmatazz does not know",
        ),
        ('cards="null,null,Kc"', 'cards="null,null,K?"', "cards razzmatazz cannot read"),
        ('stakes="Limit $0.50/$1.00"', 'stakes="No Limit ($0.01/$0.02/$0.10)"', "are not Limit small/big bets"),
        ('</game>\n\n<game id="71234567-43"', '<game id="71234567-43"', "no end"),
    ],
)
def test_a_bad_merge_hand_names_its_line(tmp_path, old, new, fragment):
    text = MERGE.read_text()
    assert old in text
    path = tmp_path / "bad.xml"
    path.write_text(text.replace(old, new, 1))
    result = invoke(["razz", "replay", path, "--trials", "200", "--seed", "1", "--search", "none"])
    assert result.exit_code == 2 and fragment in result.stderr and "Traceback" not in result.stderr


def test_an_all_in_ante_and_an_all_in_bring_in(tmp_path):
    """A tournament hand (our own) where one player is all in with the ante and another brings in all in: the
    bring-in is taken as at least what was brought in (else the all-in bring-in would not be all in), the side
    pots are paid as the file says, and PokerKit replays it to the file's stacks."""
    path = DATA / "pokerstars-allin.txt"
    [(first, lines)] = sites.hands(path.read_text())
    table = sites.read_hand(lines, first).table
    assert table["antes"] == [15] * 4 and table["bring_in"] == 25 and table["finishing_stacks"] == [0, 0, 3190, 2365]
    assert pokerkit_stacks(convert.phh_text(table, path.name)) == table["finishing_stacks"]
    hand = json.loads(
        invoke(
            ["razz", "replay", path, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"]
        ).stdout
    )["hands"][0]
    assert hand["agrees"] is True and hand["collected"] == [0, 0, 325, 0]


TIE = """PokerStars Game #6006001:  Razz Limit ($0.10/$0.20 USD) - 2026/11/30 22:00:00 ET
Table 'Tie' 8-max
Seat 1: Ann ($2.00 in chips)
Seat 2: Bea ($2.00 in chips)
Ann: posts the ante $0.02
Bea: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [2c 3c 5c]
Dealt to Bea [7d]
Bea: brings in for $0.05
Ann: completes it to $0.10
Bea: calls $0.05
*** 4th STREET ***
Dealt to Ann [5c] [7c]
Dealt to Bea [7d] [8d]
Ann: checks
Bea: checks
*** 5th STREET ***
Dealt to Ann [5c 7c] [Kc]
Dealt to Bea [7d 8d] [Qd]
Bea: checks
Ann: checks
*** 6th STREET ***
Dealt to Ann [5c 7c Kc] [8c]
Dealt to Bea [7d 8d Qd] [Kd]
Ann: checks
Bea: checks
*** RIVER ***
Dealt to Ann [2c 3c 5c 7c Kc 8c] [Jc]
Ann: checks
Bea: checks
*** SHOW DOWN ***
Ann: shows [2c 3c 5c 7c Kc 8c Jc] (Lo: 8,7,5,3,2)
Bea: shows [2d 3d 7d 8d Qd Kd 5d] (Lo: 8,7,5,3,2)
Ann collected $0.12 from pot
Bea collected $0.11 from pot
*** SUMMARY ***
Total pot $0.24 | Rake $0.01
"""


def test_a_rake_taken_from_a_split_pot_agrees_when_each_collector_is_paid_its_share(tmp_path):
    """A tie whose pot, less a one-cent rake, is split 12/11: how the site split the rake is not written, so the
    finishing stacks are not stated, and the replay agrees when it pays each collector what the file says plus
    a share of the rake, and nobody else more; a payment the file does not show disagrees."""
    path = tmp_path / "tie.txt"
    path.write_text(TIE)
    args = ["razz", "replay", path, "--trials", "200", "--seed", "1", "--search", "none", "--format", "json"]
    hand = json.loads(invoke(args).stdout)["hands"][0]
    assert hand["file_finishing_stacks"] is None and hand["finishing_stacks"] == [200, 200]
    assert hand["agrees"] is True and hand["collected"] == [12, 11]
    path.write_text(TIE.replace("Bea collected $0.11", "Bea collected $0.09").replace("Rake $0.01", "Rake $0.03"))
    assert json.loads(invoke(args).stdout)["hands"][0]["agrees"] is True  # 2 cents to one, 1 to the other
    path.write_text(TIE.replace("Ann collected $0.12 from pot\n", "").replace("Rake $0.01", "Rake $0.13"))
    assert json.loads(invoke(args).stdout)["hands"][0]["agrees"] is False  # the replay pays Ann, the file does not
