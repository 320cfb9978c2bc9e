"""``razzmatazz razz replay``: PHH hand histories replayed and checked (analysis/razz/replay/).

Oracles: PokerKit, which replays the same files to its own finishing stacks (every hand the
project's ``razz play --phh`` writes that PokerKit can play, and hand-written all-in spots: a
raise covering a short stack only in part, a short all-in raise, an all-in showdown on 6th street
with 7th still dealt, dead antes, unknown cards) and which refuses the same illegal actions; the
engine's own policies, which must choose again, through the view the replay builds, every move
they made in the exported hands; the files' ``finishing_stacks``; exact heads-up equity; the search
player of an exported run, whose moves the replay's search (same policy, field model and seed) must
answer again, from an engine position that stays in step with every file.
"""

from __future__ import annotations

import json
import shutil
import warnings
from pathlib import Path

import pytest

from razzmatazz.analysis.razz import replay as RP
from razzmatazz.analysis.razz.equities import equity
from razzmatazz.analysis.razz.phh import hand_history
from razzmatazz.core.razz import rules as R
from razzmatazz.core.razz.policies import REGISTRY
from tests.cli.test_razz_cli import assert_ok, assert_one_line_error, invoke, run_script
from tests.razz.test_game_pokerkit import pokerkit_warnings, random_hands, strict_replay

DATA = Path(__file__).parent / "data" / "replay"
GOOD = sorted(DATA.glob("*.phh"))
BAD = sorted((DATA / "bad").glob("*.phh"))
FAST = ["--trials", "500", "--seed", "3"]
DETERMINISTIC = ("station", "rock", "tag", "steal", "reader")
QUICK_SEARCH = "search:samples=2"


def replay_json(*args) -> dict:
    result = invoke(["razz", "replay", *args, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def pokerkit_stacks(text: str) -> list[int]:
    """PokerKit's finishing stacks for a PHH text (every warning an error except the reshuffle ones)."""
    with pokerkit_warnings(True):
        _, state = strict_replay(text)
    return list(state.stacks)


def own_policy_moves(hand: dict) -> tuple[int, list]:
    """Decisions of players named after a deterministic policy, and those that policy answers otherwise."""
    checked, wrong = 0, []
    for street in hand["streets"]:
        for a in street["actions"]:
            name = hand["players"][int(a["player"][1:]) - 1]
            label = REGISTRY.parse(name).label
            if a["policies"] is not None and label in a["policies"]:
                checked += 1
                if not a["policies"][label]["same"]:
                    wrong.append((hand["file"], a))
    return checked, wrong


# ----------------------------------------------------------------------------- the project's own files


PLAYS = {
    "side-pots": ["--players", "4", "--stacks", "30,60,120,400", "--bring-in-tie", "suit", "--hands", "24"],
    "eight": ["--players", "8", "--bring-in-tie", "suit", "--hands", "6", "--policy", "station"],
    "seat-ties": ["--players", "6", "--stack", "90", "--hands", "12"],
}


@pytest.mark.parametrize("name", PLAYS)
def test_every_exported_hand_replays_to_pokerkits_stacks(tmp_path, name):
    """``razz play --phh`` files: the replay agrees with each file and with PokerKit; each policy re-makes its moves."""
    lineup = ["--policy", "tag", "--policy", "station", "--policy", "reader", "--policy", "rock"]
    args = PLAYS[name] + ([] if "--policy" in PLAYS[name] else lineup)
    assert_ok(invoke(["razz", "play", *args, "--seed", "11", "--phh", tmp_path / "h", "--quiet"]))
    data = replay_json(tmp_path / "h", *FAST, *[x for p in DETERMINISTIC for x in ("--policy", p)])
    assert data["errors"] == [] and len(data["hands"]) == len(list((tmp_path / "h").iterdir()))
    compared = decisions = 0
    for hand in data["hands"]:
        assert hand["agrees"] is True, hand["file"]
        assert (
            hand["search"]["stopped"] is None and hand["search"]["engine_finishing_stacks"] == hand["finishing_stacks"]
        )
        text = Path(hand["file"]).read_text()
        if "_pokerkit_replayable = true" in text:
            assert pokerkit_stacks(text) == hand["finishing_stacks"], hand["file"]
            compared += 1
        checked, wrong = own_policy_moves(hand)
        assert wrong == []
        decisions += checked
    assert compared >= len(data["hands"]) // 2 and decisions >= 3 * len(data["hands"])


def test_many_engine_hands_replay_like_pokerkit_and_their_policies():
    """250 engine hands (2-8 players, short and deep stacks, odd stakes, community cards, reshuffles, seat ties,
    uncapped heads-up) through the Python API: stacks as the file and PokerKit say, every policy move re-made."""
    cases = [
        *random_hands(31, 14, 10, (2, 3, 4, 5, 6, 7)),
        *random_hands(32, 3, 10, (8,), True, exhausted="community"),
        *random_hands(33, 3, 10, (8,), True, exhausted="reshuffle"),
        *random_hands(34, 3, 10, (5, 6), bring_in_tie="seat"),
        *random_hands(35, 2, 10, (2,), True, uncapped_heads_up=True),
    ]
    asked = tuple(REGISTRY.parse(p) for p in DETERMINISTIC)
    searcher = RP.searcher("search:samples=1", "tag", 9)
    counts = {"pokerkit": 0, "rules PokerKit lacks": 0, "decisions": 0, "all-in": 0, "searched": 0, "reshuffled": 0}
    for settings, log, net, names in cases:
        text = hand_history(settings, log, names, net)
        result = RP.ask_search(RP.replay(RP.parse_history(text, "engine.phh"), asked), searcher)
        assert result.agrees, text
        run = result.engine
        assert run is not None and (run.finishing == result.finishing or "reshuffled deck" in run.stopped), (run, text)
        counts["searched"] += run.asked
        counts["reshuffled"] += bool(run.stopped)
        if "_pokerkit_replayable = true" in text:
            assert pokerkit_stacks(text) == result.finishing, text
            counts["pokerkit"] += 1
        else:
            counts["rules PokerKit lacks"] += 1
        counts["all-in"] += bool(((log[:, 0] == R.L_CALL) & (log[:, 3] == 1)).any())
        for street in result.streets:
            for d in street.actions:
                own = REGISTRY.parse(names[d.player]).label
                if d.answers is not None and own in d.answers:
                    assert d.answers[own][0] == d.phh, (own, d, text)
                    counts["decisions"] += 1
    assert counts["pokerkit"] >= 200 and counts["rules PokerKit lacks"] >= 5, counts
    assert counts["decisions"] >= 1000 and counts["all-in"] >= 20, counts
    assert counts["searched"] >= 5000 and 1 <= counts["reshuffled"] <= 10, counts


# ----------------------------------------------------------------------------- hand-written all-in spots


@pytest.mark.parametrize("path", GOOD, ids=[p.name for p in GOOD])
def test_hand_written_files_agree_with_pokerkit(path):
    hand = replay_json(path, *FAST)["hands"][0]
    assert hand["agrees"] is True
    assert hand["finishing_stacks"] == hand["file_finishing_stacks"] == pokerkit_stacks(path.read_text())


def test_a_raise_covering_a_short_stack_makes_a_side_pot():
    hand = replay_json(DATA / "short-stack-raise.phh", *FAST)["hands"][0]
    moves = [a["move"] for a in hand["streets"][1]["actions"]]
    assert moves == ["bets 5", "raises to 10", "calls 3, all-in", "calls 5"]
    assert hand["won"] == [54, 0, 27] and hand["finishing_stacks"] == [118, 64, 27]
    seventh = hand["streets"][4]["actions"]
    assert [a["move"] for a in seventh[:2]] == ["bets 10", "folds"]  # p1's unmatched 10 comes back


def test_a_short_all_in_raise_cannot_be_raised_again():
    hand = replay_json(DATA / "short-all-in-raise.phh", *FAST)["hands"][0]
    fourth = hand["streets"][1]["actions"]
    assert fourth[2]["move"] == "raises to 9, all-in for less than a full bet"
    # the engine's policies never raise short: they could not raise here, and none is offered a raise after it
    assert all(p["action"] != "p3 cbr 9" for p in fourth[2]["policies"].values())
    assert all(not p["action"].endswith("cbr 14") for a in fourth[3:] for p in a["policies"].values())
    text = (DATA / "short-all-in-raise.phh").read_text()
    for bad in ('"p3 cbr 9",\n  "p1 cbr 14",', '"p3 cbr 9",\n  "p1 cc",\n  "p2 cbr 14",'):
        good = bad.replace("p1 cbr 14", "p1 cc").replace("p2 cbr 14", "p2 cc")
        assert_both_refuse(text.replace(good, bad, 1), "a short all-in cannot be raised")


def test_a_raise_capped_at_what_the_caller_can_put_in_is_replayed_as_the_table_played_it():
    """Real tables cap a bet or raise at what the others can call (issue 39's WSOP hand): PokerKit refuses it,
    the replay plays it and says so; an amount that is neither the fixed one nor that cap is still refused."""
    path = DATA / "real" / "capped-raise.phh"
    hand = replay_json(path, *FAST)["hands"][0]
    assert [a["move"] for a in hand["streets"][0]["actions"]][-2:] == ["raises to 12", "calls 2, all-in"]
    assert hand["agrees"] is True and hand["finishing_stacks"] == [113, 0]
    assert any("raises to 12, not 15: capped at what the others can call" in n for n in hand["notes"])
    run = hand["search"]  # the engine's full raise is the same bet: its 3 chips beyond are never called
    assert run["stopped"] is None and run["asked"] == 5 and run["engine_finishing_stacks"] == [113, 0]
    text = path.read_text()
    with pytest.raises(ValueError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        strict_replay(text)
    for amount in ("11", "13"):
        with pytest.raises(RP.ReplayError, match=f"may only raise to 15, not {amount}"):
            RP.replay(RP.parse_history(text.replace('"p1 cbr 12"', f'"p1 cbr {amount}"'), "x.phh"))


def test_all_in_on_sixth_street_shows_and_deals_seventh():
    hand = replay_json(DATA / "all-in-sixth-street.phh", *FAST)["hands"][0]
    sixth, seventh = hand["streets"][3], hand["streets"][4]
    assert [a["move"][:5] for a in sixth["actions"]] == ["bets ", "calls", "shows", "shows"]
    assert sixth["actions"][1]["move"] == "calls 5, all-in"
    assert [a["move"][:5] for a in seventh["actions"]] == ["shows", "shows"]  # no betting: p2 is all in
    assert seventh["equity_method"] == "exact" and [e["equity"] for e in seventh["equity"]] == [1.0, 0.0]
    assert hand["finishing_stacks"] == [247, 0]


def test_dead_antes_without_trimming_and_with_it():
    text = (DATA / "dead-antes.phh").read_text()
    assert RP.replay(RP.parse_history(text, "dead")).finishing == [5, 93, 103]
    trimmed = text.replace("ante_trimming_status = false", "ante_trimming_status = true")
    assert RP.replay(RP.parse_history(trimmed, "trimmed")).finishing == [3, 93, 105] == pokerkit_stacks(trimmed)


def test_unknown_cards_are_random_in_equity_and_policies_are_not_asked():
    hand = replay_json(DATA / "unknown-cards.phh", *FAST)["hands"][0]
    third, fourth = hand["streets"][0], hand["streets"][1]
    assert [e["cards"] for e in third["equity"]] == ["[As] [2s] 3c", "[??] [??] Kd", "[??] [??] 9h"]
    assert third["equity_method"] == "Monte Carlo" and third["trials"] == 500
    exact = equity("As2s3c4d", ["xxKdQc"], "9h", exact_enum=True).shares[0].equity  # p3 folded 9h: dead
    assert fourth["equity_method"] == "exact" and fourth["equity"][0]["equity"] == pytest.approx(exact, abs=1e-12)
    p2 = [a for s in hand["streets"] for a in s["actions"] if a["player"] == "p2" and "sm" not in a["action"]]
    assert p2 and all(a["policies"] is None and "not all known" in a["note"] for a in p2)
    assert hand["finishing_stacks"] == [584, 418, 498]


def test_monte_carlo_streets_have_intervals_and_repeat_with_the_seed():
    args = [DATA / "short-stack-raise.phh", "--trials", "2000"]
    a, b = replay_json(*args, "--seed", "5"), replay_json(*args, "--seed", "5")
    assert a == b and a["seed"] == 5
    third = a["hands"][0]["streets"][0]
    assert third["equity_method"] == "Monte Carlo" and third["trials"] == 2000
    assert sum(e["equity"] for e in third["equity"]) == pytest.approx(1.0)
    for e in third["equity"]:
        lo, hi = e["ci95"]
        assert lo < e["equity"] < hi and hi - lo < 0.06
    c = replay_json(*args, "--seed", "6")
    assert c["hands"][0]["streets"][0]["equity"] != third["equity"]


def test_table_output_names_policies_and_the_verdict():
    result = invoke(["razz", "replay", DATA / "short-stack-raise.phh", *FAST])
    assert_ok(result)
    out = result.stdout
    assert "search: what the search player search-strong would have done" in " ".join(out.split())
    assert "tag, rock, station, steal, reader" in out
    headers = [line.split() for line in out.splitlines() if line.strip().startswith("action")]
    assert headers and all(h == ["action", "tag", "rock", "station", "steal", "reader", "search"] for h in headers)
    assert "3rd street: pot 3" in out and "p3 brings in 2" in out and "complete to 5 *" in out
    assert "Finishing stacks: p1 118, p2 64, p3 27" in out and "agree." in out and "Showdown: " in out


def test_policies_can_be_chosen_and_random_is_refused():
    data = replay_json(DATA / "all-in-sixth-street.phh", *FAST, "--policy", "tag:max_card=9", "--policy", "rock")
    assert data["policies"] == ["tag:max_card=9", "rock"]
    assert set(data["hands"][0]["streets"][0]["actions"][0]["policies"]) == {"tag:max_card=9", "rock"}
    for bad, fragment in (("random", "not a decision rule"), ("nosuch", "nosuch")):
        result = invoke(["razz", "replay", DATA / "dead-antes.phh", "--policy", bad])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    result = invoke(["razz", "replay", DATA / "dead-antes.phh", "--trials", "0"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "trials")


# ----------------------------------------------------------------------------- the search player


SEARCH_RUNS = {
    "six-handed": ["--players", "6", "--stacks", "60,150,100,200,80,120", "--hands", "12", "--seed", "11"],
    "heads-up": ["--players", "2", "--stacks", "80,150", "--hands", "20", "--seed", "12"],
}


def betting(hand: dict) -> list[dict]:
    return [a for s in hand["streets"] for a in s["actions"] if " sm" not in a["action"]]


@pytest.mark.parametrize("name", SEARCH_RUNS)
def test_the_search_answers_the_moves_the_exported_search_seat_made(tmp_path, name):
    """A ``razz play --phh`` run of one search seat against tag, replayed with that search, field model tag and
    the run's seed: the engine position stays in step with every file (actor, pot, cards and move at each
    decision, then the finishing stacks) and the search answers, at its seat, exactly the moves it made."""
    args, search = SEARCH_RUNS[name], "search:samples=4"
    lineup = ["--policy", search, *["--policy", "tag"] * (int(args[1]) - 1)]
    assert_ok(invoke(["razz", "play", *args, *lineup, "--phh", tmp_path / "h", "--quiet"]))
    opts = ["--search", search, "--field-model", "tag", "--policy", "tag", "--trials", "200"]
    data = replay_json(tmp_path / "h", *opts, "--seed", args[-1])
    assert data["search"] == REGISTRY.parse(search).label and data["field_model"] == "tag"
    assert len(data["hands"]) == int(args[args.index("--hands") + 1])
    own = 0
    for hand in data["hands"]:
        run, actions = hand["search"], betting(hand)
        assert run["stopped"] is None, (hand["file"], run)
        assert run["engine_finishing_stacks"] == hand["finishing_stacks"] == hand["file_finishing_stacks"]
        assert run["asked"] == len(actions) and all(a["search"] is not None for a in actions)
        mine = [a for a in actions if REGISTRY.parse(hand["players"][int(a["player"][1:]) - 1]).spec.name == "search"]
        assert [a["action"] for a in mine] == [a["search"]["action"] for a in mine], hand["file"]
        own += len(mine)
    assert own >= 20


def test_the_search_column_repeats_with_the_seed_and_can_be_left_out():
    args = [DATA / "short-stack-raise.phh", "--trials", "200", "--search", QUICK_SEARCH]
    a, b = replay_json(*args, "--seed", "5"), replay_json(*args, "--seed", "5")
    assert a == b and a["search"] == QUICK_SEARCH and a["field_model"] == "tag"
    actions = betting(a["hands"][0])
    assert a["hands"][0]["search"]["asked"] == len(actions) == 15 and all(x["search"] for x in actions)
    result = invoke(["razz", "replay", *args, "--seed", "5"])
    assert_ok(result)
    assert f"search: what the search player {QUICK_SEARCH} would have done" in " ".join(result.stdout.split())
    header = next(line for line in result.stdout.splitlines() if line.strip().startswith("action"))
    assert header.split()[-1] == "search"
    off = replay_json(DATA / "short-stack-raise.phh", *FAST, "--search", "none")
    assert off["search"] is None and off["hands"][0]["search"] is None
    assert all(x["search"] is None for x in betting(off["hands"][0]))
    for option, value, fragment in (
        ("--search", "tag", "not the search player"),
        ("--field-model", "search", "cannot search itself"),
        ("--policy", "search-strong", "asked with --search"),
    ):
        result = invoke(["razz", "replay", DATA / "dead-antes.phh", option, value])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def test_where_the_engine_and_the_file_part_the_search_stops_and_says_why_once():
    hand = replay_json(DATA / "short-all-in-raise.phh", *FAST, "--search", QUICK_SEARCH)["hands"][0]
    run, fourth = hand["search"], hand["streets"][1]["actions"]
    assert run["stopped_at"] == "p3 cbr 9" and "less than a full bet" in run["stopped"]
    assert run["asked"] == 5 and run["engine_finishing_stacks"] is None
    assert [a["search"] is not None for a in fourth] == [True, True, False, False, False]
    assert fourth[2]["search_note"] == run["stopped"] and fourth[3]["search_note"] == RP.STOPPED_EARLIER
    out = invoke(["razz", "replay", DATA / "short-all-in-raise.phh", *FAST, "--search", QUICK_SEARCH]).stdout
    assert out.count("search not asked from") == 1 and "call 4 *  -" in out
    searcher = RP.searcher(QUICK_SEARCH, "tag", 1)
    spots = (
        ("dead-antes.phh", "", "the engine cannot play this table: every stack must cover ante and bring-in"),
        ("short-stack-raise.phh", "antes = [1, 2, 1]", "the antes differ (1, 2, 1)"),
    )
    for name, antes, fragment in spots:
        text = (DATA / name).read_text().replace("antes = [1, 1, 1]", antes or "antes = [1, 1, 1]")
        run = RP.ask_search(RP.replay(RP.parse_history(text, name)), searcher).engine
        assert run is not None and run.asked == 0 and fragment in run.stopped and run.at, (name, run)


def test_the_engine_position_is_checked_against_the_file_at_each_decision():
    """A decision whose actor, pot or cards the engine does not share stops the search there, naming the difference."""
    searcher = RP.searcher(QUICK_SEARCH, "tag", 1)

    def run_with(change) -> RP.EngineRun:
        result = RP.replay(RP.parse_history((DATA / "short-stack-raise.phh").read_text(), "x.phh"))
        change(result.streets[1])
        run = RP.ask_search(result, searcher).engine
        assert run is not None and run.at == "p1 cbr 5" and run.asked == 4
        return run

    pot = RP.replay(RP.parse_history((DATA / "short-stack-raise.phh").read_text(), "x.phh")).streets[1].actions[0].pot
    assert (
        run_with(lambda s: setattr(s.actions[0], "pot", pot + 1)).stopped
        == f"the engine's pot is {pot}, the file's {pot + 1}"
    )
    assert run_with(lambda s: setattr(s.actions[0], "player", 1)).stopped == "the engine has p1 to act"
    kd = RP.phh_cards("Kd")[0]
    assert run_with(lambda s: s.cards[2].__setitem__(3, kd)).stopped == "the engine dealt p3 Qs where the file has Kd"


def test_unknown_cards_of_the_others_are_filled_and_the_search_asks_the_known_seat():
    result = RP.replay(RP.parse_history((DATA / "unknown-cards.phh").read_text(), "unknown"))
    deck = RP.engine_deck(result)
    known = {c for cards in result.cards for c in cards if c >= 0}
    assert sorted(deck) == list(range(52)) and [int(c) for c in deck[:2]] == RP.phh_cards("As6d")  # p2 shows 6d
    assert deck[2] not in known and deck[5] not in known  # p3's down cards, never shown: filled
    run = RP.ask_search(result, RP.searcher(QUICK_SEARCH, "tag", 1)).engine
    assert run is not None and run.stopped == "" and run.finishing == result.finishing == [584, 418, 498]
    decisions = [d for s in result.streets for d in s.actions if d.pot is not None]
    assert {d.player for d in decisions if d.search is not None} == {0} and run.asked == 5
    assert all(d.search_note == RP.unknown_note(d.player) for d in decisions if d.player != 0)


# ----------------------------------------------------------------------------- bad input


def assert_both_refuse(text: str, fragment: str) -> None:
    with pytest.raises(RP.ReplayError, match=fragment):
        RP.replay(RP.parse_history(text, "x.phh"))
    with pytest.raises(ValueError), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        strict_replay(text)


MUTATIONS = [
    ("short-stack-raise.phh", '"p2 cbr 10",', '"p2 cbr 15",', "may only raise to 10, not 15"),
    ("short-stack-raise.phh", '"p3 pb",', '"p1 pb",', "not p1's turn: p3 is to act"),
    ("short-stack-raise.phh", '"p3 pb",', '"p3 f",', "must post the bring-in"),
    ("short-stack-raise.phh", '"p3 pb",', '"p3 cc",', "must post the bring-in"),
    ("short-stack-raise.phh", '"d dh p3 Qs",\n', "", "4th street is still being dealt"),
    ("short-stack-raise.phh", '"p1 cbr 10",\n  "p2 f",', '"p1 sm Ah6c2c4c7h8s9d",', "no showdown now"),
    ("all-in-sixth-street.phh", '"p2 cc",\n  # all-in', '"p2 cc",\n  "p1 cbr 40",\n  # all-in', "betting is over"),
    (
        "all-in-sixth-street.phh",
        '"p2 cc",\n  # 4th',
        '"p2 cbr 20",\n  "p1 cbr 30",\n  "p2 cbr 40",\n  "p1 cbr 50",\n  # 4th',
        "cap",
    ),
    ("all-in-sixth-street.phh", '"d dh p1 Kh",', '"d db Kh",', "no community card now"),
]


@pytest.mark.parametrize("name,old,new,fragment", MUTATIONS, ids=[m[3] for m in MUTATIONS])
def test_illegal_actions_are_refused_like_pokerkit_does(name, old, new, fragment):
    text = (DATA / name).read_text()
    assert old in text
    assert_both_refuse(text.replace(old, new, 1), fragment)


BAD_FRAGMENTS = {
    "card-twice.phh": "action 10 'd dh p3 Ah': Ah is dealt twice",
    "illegal-raise.phh": "action 12 'p2 cbr 15': fixed limit",
    "incomplete.phh": "the actions end before the hand does: p1 is to act on 7th street",
    "malformed.phh": "not a PHH file",
    "missing-field.phh": "the field 'bring_in' is missing",
    "other-variant.phh": "unknown variant 'NT'",
}


@pytest.mark.parametrize("path", BAD, ids=[p.name for p in BAD])
def test_a_bad_file_is_one_line_naming_file_and_action(path):
    assert {p.name for p in BAD} == set(BAD_FRAGMENTS)
    result = invoke(["razz", "replay", path, *FAST])
    line = assert_one_line_error(result.exit_code, result.stdout, result.stderr, BAD_FRAGMENTS[path.name])
    assert str(path) in line


def test_a_shown_card_dealt_elsewhere_is_refused():
    text = (DATA / "unknown-cards.phh").read_text().replace("8s9c", "8sAs")
    with pytest.raises(RP.ReplayError, match="As is dealt twice"):
        RP.replay(RP.parse_history(text, "x.phh"))


def test_a_folder_replays_its_good_files_and_names_the_bad_one(tmp_path):
    folder = tmp_path / "hands"
    folder.mkdir()
    for p in (DATA / "dead-antes.phh", DATA / "all-in-sixth-street.phh", DATA / "bad" / "card-twice.phh"):
        shutil.copy(p, folder / p.name)
    (folder / "notes.txt").write_text("not a hand history")
    result = invoke(["razz", "replay", folder, *FAST, "--format", "json"])
    assert result.exit_code == 2 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 2 and lines[0].startswith("razzmatazz: error: ") and "card-twice.phh" in lines[0]
    assert lines[1].endswith("2 hands replayed, 1 refused (a hand or a file each line above)")
    data = json.loads(result.stdout)
    assert [Path(h["file"]).name for h in data["hands"]] == ["all-in-sixth-street.phh", "dead-antes.phh"]
    assert all(h["agrees"] for h in data["hands"]) and len(data["errors"]) == 1


def test_paths_that_are_no_hand_histories(tmp_path):
    (tmp_path / "empty").mkdir()
    for path, fragment in ((tmp_path / "empty", "no hand history files"), (tmp_path / "nope.phh", "no such file")):
        result = invoke(["razz", "replay", path])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)


def test_the_console_script_shows_no_traceback():
    proc = run_script(["razz", "replay", DATA / "bad" / "illegal-raise.phh"])
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "illegal-raise.phh: action 12")
