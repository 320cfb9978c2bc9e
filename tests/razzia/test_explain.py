"""``razzmatazz razzia explain``: the scenario files settle to their ``expect``; what a file leaves out is
filled in and said; impossible scenarios are refused in one line.

The ``expect`` of every file under ``seeds/razzia/`` is written from the rulebook's text (see each
file's ``about``), not from a run. The dice a file does not give are drawn from the dice stream
``razzia/dice`` of ``--seed`` (game 0), whose algorithm the plain reference writes out
(:class:`tests.reference.razzia.StreamDie`).
"""

from __future__ import annotations

import json

import pytest

from razzmatazz.core import streams
from razzmatazz.core.razzia import rules as R
from tests.cli.test_razz_cli import ROOT, assert_ok, assert_one_line_error, invoke, run_script
from tests.reference.razzia import StreamDie

SCENARIOS = ROOT / "seeds" / "razzia"
NAMES = sorted(p.name for p in SCENARIOS.glob("*.json"))
SMALL_SEEDS = (0, 1, 3)
"""Seeds used where the drawn dice only have to change with the seed."""


def load(name: str) -> dict:
    return json.loads((SCENARIOS / name).read_text())


def explain(path, *args) -> dict:
    result = invoke(["razzia", "explain", path, "--format", "json", *args])
    assert_ok(result)
    return json.loads(result.stdout)


def explain_data(tmp_path, scenario: dict, *args) -> dict:
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    return explain(path, *args)


def rows(bar: dict) -> list[list[int]]:
    return [s["row"] for s in bar["steps"]]


def duels(bar: dict) -> list[dict]:
    """The duels of a bar from its log: the two seats, the winner and how many throws."""
    out, throws = [], []
    for kind, seat, a, b, _ in rows(bar):
        if kind == R.L_THROW:
            throws.append((seat, b))
        elif kind == R.L_DUEL:
            out.append({"seats": list(throws[0]), "winner": seat, "throws": len(throws)})
            assert all(t == throws[0] for t in throws) and {seat, a} == set(throws[0])
            throws = []
    assert not throws
    return out


def throws(bar: dict) -> list[tuple[int, int]]:
    """Every die thrown at a bar, in order: (seat, roll)."""
    out = []
    for kind, seat, a, b, c in rows(bar):
        if kind == R.L_THROW:
            out += [(seat, a), (b, c)]
        elif kind in (R.L_ROLL, R.L_ROLLOFF):
            out.append((seat, a))
    return out


def bars_of(data: dict) -> list[dict]:
    return data["bars"] if "bars" in data else [data]


def test_every_scenario_file_is_tested_here():
    assert len(NAMES) >= 12
    assert {
        "jazz_house_haggle.json",
        "three_way_both_decline.json",
        "four_way_knockout.json",
        "police_jungle_cotton_club.json",
        "equal_values.json",
    } <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_scenario_settles_to_its_expect(name):
    scenario = load(name)
    got = explain(SCENARIOS / name)
    n = scenario["players"]
    assert got["players"] == n and got["croupier"] == scenario["croupier"]
    for want, bar in zip(bars_of(scenario), bars_of(got), strict=True):
        expect = want["expect"]
        assert bar["bar"] == want.get("bar", bar["bar"])
        assert bar["proposer"] == expect["proposer"]
        assert bar["payout"] == expect["payout"]
        assert bar["remains"] == sum(expect["remains"])
        assert sorted(bar["remaining_cards"]) == sorted(expect["remains"])
        assert sum(bar["payout"].values()) + bar["remains"] == sum(want["money"])  # every card paid or left
        if "duels" in expect:
            assert duels(bar) == expect["duels"]
        assert bar["filled_in"] == []  # the file decides everything that happens
        assert all(step["text"] for step in bar["steps"])
    if "bars" in scenario:
        assert got["payout"] == scenario["expect"]["payout"]
        assert got["remains"] == sum(sum(b["expect"]["remains"]) for b in scenario["bars"])


def test_text_names_the_proposer_offers_answers_and_duels():
    result = invoke(["razzia", "explain", SCENARIOS / "three_way_one_declines.json"])
    assert_ok(result)
    out = result.stdout.splitlines()
    assert out[0] == "Razzia, 4 players, seat 0 is the croupier"
    expected = [
        "Jungle: $50,000 there, 3 cards played",
        "  seat 2 proposes (card value 6)",
        "  offer: seat 2 gets 1 card of $20,000",
        "  offer: seat 3 gets 1 card of $5,000",
        "  offer: seat 3 gets 1 card of $10,000",
        "  offer: seat 0 gets 1 card of $15,000",
        "  seat 3 calls for a duel (offered $15,000)",  # clockwise from the proposer's left: 3, then 0
        "  seat 0 accepts (offered $15,000)",
        "  duel: seat 2 rolls 1, seat 3 rolls 5",
        "  seat 3 wins the duel against seat 2 for $35,000",
        "  seat 0 receives $15,000 (1 card)",
        "  seat 3 receives $35,000 (3 cards)",
        "  payout: seat 0 $15,000, seat 3 $35,000; stays at the bar: $0",
    ]
    assert out[2:] == expected


def test_text_of_several_bars_and_of_a_tie_won_by_the_caller():
    result = invoke(["razzia", "explain", SCENARIOS / "police_jungle_cotton_club.json"])
    assert_ok(result)
    out = result.stdout
    assert "Cotton Club: $20,000 there, 1 card played" in out
    assert "  payout: nobody; stays at the bar: $20,000" in out
    assert "Jungle: $45,000 there, 2 cards played" in out and "  seat 1 receives $45,000 (2 cards)" in out
    assert out.splitlines()[-1] == "Total: seat 0 $0, seat 1 $45,000, seat 2 $0, seat 3 $0"
    tie = invoke(["razzia", "explain", SCENARIOS / "duel_tie_caller.json"]).stdout
    assert "  seat 3 wins the duel against seat 1 for $30,000 (a tie, won by the caller)" in tie
    knockout = invoke(["razzia", "explain", SCENARIOS / "four_way_knockout.json"]).stdout
    assert knockout.count("wins the duel") == 3 and "seat 5 receives $85,000" in knockout


def test_left_out_answers_are_taken_by_the_policies_and_said(tmp_path):
    scenario = load("three_way_both_decline.json")
    del scenario["answers"]
    got = explain_data(tmp_path, scenario)
    assert got["filled_in"] == ["answers of seats 2, 3: their policies"]
    assert got["proposer"] == 1 and sum(got["payout"].values()) == 40000
    # always accept: the offer as written is paid; always duel: the file's duels, with the file's dice
    accept = explain_data(tmp_path, scenario, "--policy", "greedy:haggle=1")
    assert accept["payout"] == {"0": 0, "1": 30000, "2": 0, "3": 10000} and duels(accept) == []
    assert [r[2] for r in rows(accept) if r[0] == R.L_ANSWER] == [R.ACCEPT, R.ACCEPT]
    duel = explain_data(tmp_path, scenario, "--policy", "greedy:haggle=2")
    assert duel["payout"] == load("three_way_both_decline.json")["expect"]["payout"]
    assert duels(duel) == load("three_way_both_decline.json")["expect"]["duels"]
    assert duel["filled_in"] == ["answers of seats 2, 3: their policies"]


def test_a_left_out_offer_is_made_by_the_proposers_policy(tmp_path):
    scenario = load("duel_two_way.json")
    del scenario["offer"], scenario["answers"]
    got = explain_data(tmp_path, scenario)
    assert got["filled_in"][0] == "the offer: seat 1's policy" and got["proposer"] == 1
    assert any(r[0] == R.L_OFFER for r in rows(got)) or any(r[0] == R.L_NO_OFFER for r in rows(got))
    assert sum(got["payout"].values()) == 30000 and got["remains"] == 0
    keep = explain_data(tmp_path, scenario, "--policy", "greedy:haggle=1")  # baselines keep everything as proposer
    assert [r[1:4] for r in rows(keep) if r[0] == R.L_OFFER] == [[1, 1, 2], [1, 1, 4]]
    assert keep["payout"]["1"] == 30000


def test_left_out_dice_are_drawn_and_said(tmp_path):
    scenario = load("three_way_both_decline.json")
    del scenario["dice"]
    got = explain_data(tmp_path, scenario)
    counts = {}
    for seat, _ in throws(got):
        counts[seat] = counts.get(seat, 0) + 1
    said = ", ".join(f"seat {s} {k}" for s, k in sorted(counts.items()))
    assert got["filled_in"] == [f"dice drawn from the seed: {said}"]
    assert all(1 <= r <= 6 for _, r in throws(got))
    assert sum(got["payout"].values()) == 40000
    partial = load("three_way_both_decline.json")
    partial["dice"] = {"1": [1], "2": [6]}  # the first duel as scripted, the second drawn
    got = explain_data(tmp_path, partial)
    assert throws(got)[:2] == [(1, 1), (2, 6)]
    assert got["filled_in"][-1].startswith("dice drawn from the seed: seat 2 ") and "seat 1" not in got["filled_in"][-1]


def test_the_seed_changes_drawn_dice_but_not_scripted_ones(tmp_path):
    partial = load("three_way_both_decline.json")
    partial["dice"] = {"1": [1], "2": [6]}
    drawn = set()
    for seed in SMALL_SEEDS:
        got = explain_data(tmp_path, partial, "--seed", str(seed))
        assert throws(got)[:2] == [(1, 1), (2, 6)]
        drawn.add(tuple(throws(got)[2:]))
        again = explain_data(tmp_path, partial, "--seed", str(seed))
        assert again == got  # the same seed draws the same dice
    assert len(drawn) > 1
    full = [explain(SCENARIOS / "three_way_both_decline.json", "--seed", str(s)) for s in SMALL_SEEDS]
    assert all(f == full[0] for f in full)  # a complete file does not depend on the seed


def test_drawn_dice_are_the_dice_stream_of_the_seed(tmp_path):
    scenario = load("three_way_both_decline.json")
    del scenario["dice"]
    for seed in (0, 1, 2, 3):
        got = explain_data(tmp_path, scenario, "--seed", str(seed))
        die = StreamDie(int(streams.key(seed, "razzia", "dice")), 0)
        assert [r for _, r in throws(got)] == [die.roll() for _ in throws(got)], seed


def _card(seat, kind, value):
    return {"seat": seat, "kind": kind, "value": value}


def _duel(**change) -> dict:
    return {**load("duel_two_way.json"), **change}


BAD = [
    (
        "police 5 with 4 players",
        _duel(cards=[_card(1, "police", 5), _card(3, "gambler", 2)]),
        "police 5 cannot be played",
    ),
    (
        "two gambler 6 at one bar",
        _duel(cards=[_card(1, "gambler", 6), _card(3, "gambler", 6)]),
        "gambler 6 cannot be played 2 times",
    ),
    (
        "two gambler 6 with 8 players",
        _duel(players=8, cards=[_card(1, "gambler", 6), _card(3, "gambler", 6)]),
        "gambler 6 cannot be played 2 times",
    ),
    (
        "two gambler 3 with 5 players",
        _duel(players=5, cards=[_card(1, "gambler", 3), _card(3, "gambler", 3)]),
        "gambler 3 cannot be played 2 times",
    ),
    ("a gambler 7", _duel(cards=[_card(1, "gambler", 7), _card(3, "gambler", 2)]), "gambler 7"),
    (
        "two cards from one seat",
        _duel(cards=[_card(1, "gambler", 5), _card(1, "gambler", 2)]),
        "seat 1 plays two cards",
    ),
    (
        "a seat that does not exist",
        _duel(cards=[_card(4, "gambler", 5), _card(3, "gambler", 2)]),
        "seat 4 does not exist",
    ),
    ("offer: a value not at the bar", _duel(offer={"1": [20000], "3": [5000, 5000]}), "does not divide exactly"),
    ("offer: cards left over", _duel(offer={"1": [20000]}), "does not divide exactly"),
    ("offer: a card twice", _duel(offer={"1": [20000, 10000], "3": [10000]}), "does not divide exactly"),
    ("a die of 7", _duel(dice={"1": [7], "3": [4]}), "rolls 1-6"),
    ("a die of 0", _duel(dice={"1": [4], "3": [0]}), "rolls 1-6"),
    ("an answer neither accept nor duel", _duel(answers={"3": "maybe"}), "accept or duel"),
    ("money that is no card", _duel(money=[7000]), "no $7,000 money card"),
    ("more money cards than the game has", _duel(money=[50000] * 8), "the game has 7"),
    ("9 players", _duel(players=9), "2 to 8 players"),
    ("the Jazz House with 3 players", _duel(players=3, bar="Jazz House"), "Jazz House is not in play with 3"),
    ("an unknown bar", _duel(bar="Moulin Rouge"), "unknown bar"),
    ("a croupier who does not sit", _duel(croupier=4), "croupier must be a seat 0 to 3"),
    ("an unknown key", _duel(colour="red"), "unknown scenario keys: colour"),
    (
        "an unknown key in a bar",
        {"players": 4, "croupier": 0, "bars": [{"bar": "Colibri", "money": [5000], "cards": [], "tip": 1}]},
        "unknown keys in a bar: tip",
    ),
    (
        "a bar twice",
        {
            "players": 4,
            "croupier": 0,
            "bars": [
                {"bar": "Colibri", "money": [5000], "cards": []},
                {"bar": "Colibri", "money": [5000], "cards": []},
            ],
        },
        "a bar appears twice",
    ),
    ("an unknown setting", _duel(settings={"house_edge": 1}), "unknown setting"),
    (
        "an unknown setting names the settings",
        _duel(settings={"foo": 1}),
        'unknown setting "foo"; the settings are cards_file, money_file, three_player_deck',
    ),
    ("players inside settings", _duel(settings={"players": 3}), '"players" belongs at the top of the scenario'),
    ("a number as a cards table", _duel(settings={"cards_file": 2}), "cards_file must be a file name, got 2"),
    ("a list as a money table", _duel(settings={"money_file": ["x"]}), "money_file must be a file name"),
    ("a switch that is not true or false", _duel(settings={"spielbox": 1}), "spielbox must be one of true, false"),
    ("a huge setting value is not echoed", _duel(settings={"duel_tie": "x" * 100_000}), "duel_tie must be one of"),
    ("offer: a card as text", _duel(offer={"1": ["20000"], "3": [10000]}), "must be a list of money cards"),
    (
        "offer: a card that is not a card",
        _duel(money=[20000, 5000], offer={"1": [20000], "3": [9999]}),
        "does not divide exactly",
    ),
    ("offer: an entry abc", _duel(offer={"1": ["abc"], "3": [10000]}), "must be a list of money cards"),
    ("offer: an entry null", _duel(offer={"1": [None], "3": [10000]}), "must be a list of money cards"),
    ("offer: an entry that is a list", _duel(offer={"1": [[20000]], "3": [10000]}), "must be a list of money cards"),
    ("offer: a seat twice", _duel(offer={"1": [20000], " 1": [10000]}), "seat 1 is given twice"),
    (
        "a seat at two bars",
        {
            "players": 4,
            "croupier": 0,
            "bars": [
                {"bar": "Colibri", "money": [5000], "cards": [_card(1, "gambler", 2)]},
                {"bar": "Jungle", "money": [5000], "cards": [_card(1, "gambler", 5)]},
            ],
        },
        "seat 1 plays at the Colibri and the Jungle",
    ),
    (
        "a seat at all six bars",
        {
            "players": 4,
            "croupier": 0,
            "bars": [{"bar": b, "money": [5000], "cards": [_card(2, "police", 6)]} for b in range(6)],
        },
        "seat 2 plays at the Colibri and the Cotton Club",
    ),
    (
        "more money at the bars than the game has",
        {"players": 4, "croupier": 0, "bars": [{"bar": b, "money": [50000] * 4, "cards": []} for b in range(6)]},
        "the bars together: 24 cards of $50,000, but the game has 7",
    ),
    (
        "3 players with random bars, six bars",
        {
            "players": 3,
            "croupier": 0,
            "settings": {"dropped_bars": "random"},
            "bars": [{"bar": b, "money": [5000], "cards": []} for b in range(6)],
        },
        "bars lists 6 bars, but 4 are in play with 3 players",
    ),
    (
        "an offer beside bars",
        {
            "players": 4,
            "croupier": 0,
            "offer": {"1": [5000]},
            "bars": [{"bar": "Colibri", "money": [5000], "cards": []}],
        },
        "dice belong to each bar",
    ),
    (
        "two gambler 3 with 2 players, the reduced deck",
        _duel(
            players=2,
            croupier=0,
            bar="Colibri",
            cards=[_card(0, "gambler", 3), _card(1, "gambler", 3)],
            offer=None,
            answers={},
            dice={},
        ),
        "gambler 3 cannot be played 2 times with 2 players",
    ),
    ("a bad setting value", _duel(settings={"duel_tie": "random"}), 'duel_tie must be one of "caller", "reroll"'),
]


@pytest.mark.parametrize("what,scenario,fragment", BAD, ids=[w for w, _, _ in BAD])
def test_impossible_scenarios_are_refused_in_one_line(tmp_path, what, scenario, fragment):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    result = invoke(["razzia", "explain", path, "--format", "json"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    text = invoke(["razzia", "explain", path])
    assert_one_line_error(text.exit_code, text.stdout, text.stderr, fragment)


QUIET_BAD = [
    (
        "an offer to a seat that is not haggling",
        _duel(offer={"1": [20000], "0": [10000]}),
        "the offer was silently replaced by everything to the proposer (the engine's fallback for illegal offers)",
    ),
    (
        "no offer without offer_duel",
        _duel(offer="none"),
        "'none' without offer_duel is silently turned into everything to the proposer",
    ),
    (
        "dice left unthrown",
        _duel(dice={"1": [4, 4, 4], "3": [6]}),
        "rolls the bar never uses are ignored (the reference's run_scenario refuses them)",
    ),
    (
        "dice for a seat that never throws",
        _duel(dice={"1": [4], "3": [6], "0": [3]}),
        "rolls the bar never uses are ignored (the reference's run_scenario refuses them)",
    ),
    (
        "an answer from the proposer",
        _duel(answers={"1": "duel", "3": "duel"}),
        "an answer for a seat that is never asked is ignored (the reference's run_scenario refuses it)",
    ),
]


@pytest.mark.parametrize("what,scenario,reason", QUIET_BAD, ids=[w for w, _, _ in QUIET_BAD])
def test_scripted_decisions_that_cannot_happen_are_refused(tmp_path, what, scenario, reason):
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(scenario))
    result = invoke(["razzia", "explain", path, "--format", "json"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")


def test_two_players_full_deck_equal_values_the_furthest_proposes(tmp_path):
    """V3 with two_player_deck full: two gambling 3s of one colour exist, so two players can tie in value (H1)."""
    scenario = {
        "players": 2,
        "croupier": 0,
        "bar": "Colibri",
        "settings": {"two_player_deck": "full"},
        "money": [20000, 10000],
        "cards": [_card(0, "gambler", 3), _card(1, "gambler", 3)],
        "offer": {"1": [20000], "0": [10000]},
        "answers": {"0": "accept"},
    }
    got = explain_data(tmp_path, scenario)
    assert got["proposer"] == 1 and got["payout"] == {"0": 10000, "1": 20000}


def test_huge_input_is_not_echoed(tmp_path):
    for scenario in (
        _duel(dice={"1": [4] * 300_000, "3": [6]}),
        _duel(money=["x" * 600_000]),
        _duel(cards=[{"seat": "9" * 600_000, "kind": "gambler", "value": 1}]),
        _duel(players=int("9" * 4000)),
        _duel(settings={"spielbox": "y" * 600_000}),
    ):
        path = tmp_path / "scenario.json"
        path.write_text(json.dumps(scenario))
        result = invoke(["razzia", "explain", path])
        line = assert_one_line_error(result.exit_code, result.stdout, result.stderr, "")
        assert len(line) < 400


def test_a_number_as_a_table_path_leaves_stderr_open(tmp_path):
    """A number used to be opened as a file descriptor: "cards_file": 2 closed stderr, and the error was lost."""
    path = tmp_path / "scenario.json"
    path.write_text(json.dumps(_duel(settings={"cards_file": 2})))
    proc = run_script(["razzia", "explain", path])
    assert_one_line_error(proc.returncode, proc.stdout, proc.stderr, "cards_file must be a file name")


def test_an_unknown_policy_and_malformed_files_are_refused(tmp_path):
    result = invoke(["razzia", "explain", SCENARIOS / "duel_two_way.json", "--policy", "nosuch"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "unknown razzia policy 'nosuch'")
    result = invoke(["razzia", "explain", SCENARIOS / "duel_two_way.json", "--policy", "greedy:haggle=9"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, "haggle must be in")
    for text, fragment in (("{", "not valid JSON"), ("[1, 2]", "must hold a JSON object"), ("", "not valid JSON")):
        path = tmp_path / "bad.json"
        path.write_text(text)
        result = invoke(["razzia", "explain", path])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    for raw, fragment in (
        (b'{"players": 4, "players": 5, "money": [], "cards": []}', "'players' appears twice"),
        (b'{"players": ' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested too deeply"),
        (b'{"players": 4, "bar": "Caf\xe9"}', "not UTF-8"),
    ):
        path = tmp_path / "bad.json"
        path.write_bytes(raw)
        result = invoke(["razzia", "explain", path])
        assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    missing = invoke(["razzia", "explain", tmp_path / "nope.json"])
    assert_one_line_error(missing.exit_code, missing.stdout, missing.stderr, "does not exist")


def test_the_engines_resolver_refuses_text_and_truncated_money():
    from razzmatazz.analysis.razzia.resolve import resolve_bar
    from razzmatazz.core.errors import InputError

    settings = R.Settings(players=4)
    cards = [(1, "gambler", 5), (3, "gambler", 2)]
    for money, offer in (
        ([20000, 5000], {1: [20000], 3: [9999]}),
        ([20000, 5000], {1: ["20000"], 3: [5000]}),
        (["20000", 5000], None),
        ([9999], None),
        ([True], None),
    ):
        with pytest.raises(InputError):
            resolve_bar(settings, 0, money, cards, offer, {3: "accept"}, {})
    assert resolve_bar(settings, 0, [20000, 5000], cards, {1: [20000], 3: [5000]}, {3: "accept"}, {})["payout"] == {
        0: 0,
        1: 20000,
        2: 0,
        3: 5000,
    }
