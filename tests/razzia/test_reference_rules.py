"""The Razzia reference (``tests/reference/razzia.py``) against the rulings of ``seeds/razzia.md``.

Three kinds of test: every scenario file under ``seeds/razzia/`` (the rulebook's worked examples
and our own) resolves to the outcome written in it; single rulings and switches on hand-built
bars and tables; and invariants kept over many random games of every player count and switch
(money and cards conserved, five cards in hand when choosing, police alone never win, a lone
gambler always wins, duel ties go to the caller). Seeds are fixed.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from tests.reference import razzia as ref

SCENARIOS = sorted(p.name for p in ref.SEEDS.glob("*.json"))


def amounts(result: ref.BarResult) -> dict[str, int]:
    return {str(s): v for s, v in result.amounts.items()}


def script(offer=None, answers=None, dice=None):
    """decide_offer, decide_answer and roll from literal values (as a scenario bar would give them)."""
    bar = {"answers": answers or {}, "dice": dice or {}}
    if offer is not None:
        bar["offer"] = None if offer == "none" else offer
    decide_offer, decide_answer, roll, left = ref.scripted(bar)
    return decide_offer, decide_answer, roll, left


def resolve(players, croupier, money, cards, settings=None, **kw):
    decide_offer, decide_answer, roll, left = script(**kw)
    res = ref.resolve_bar(players, croupier, money, cards, decide_offer, decide_answer, roll, settings)
    assert not any(left.values()), f"dice not thrown: {left}"
    return res


# ---------------------------------------------------------------------------------------------
# The scenario files
# ---------------------------------------------------------------------------------------------


def test_every_scenario_file_is_tested_here():
    assert set(SCENARIOS) == {
        "gambling_four_bars.json",
        "police_jungle_cotton_club.json",
        "jazz_house_haggle.json",
        "duel_two_way.json",
        "duel_tie_caller.json",
        "three_way_one_declines.json",
        "three_way_both_decline.json",
        "equal_values.json",
        "three_way_equal_values.json",
        "police_alone.json",
        "police_without_gamblers.json",
        "four_way_knockout.json",
    }


@pytest.mark.parametrize("name", SCENARIOS)
def test_scenario_resolves_to_its_expect(name):
    scenario = ref.load_scenario(ref.SEEDS / name)
    assert scenario["about"]
    results = ref.run_scenario(scenario)
    total = Counter()
    for bar, res in zip(ref.bars_of(scenario), results):
        expect = bar["expect"]
        assert res.proposer == expect["proposer"], res.steps
        assert amounts(res) == expect["payout"], res.steps
        assert sorted(res.remains) == sorted(expect["remains"]), res.steps
        if "duels" in expect:
            got = [{"seats": [d.first, d.second], "winner": d.winner, "throws": len(d.throws)} for d in res.duels]
            assert got == expect["duels"], res.steps
        total.update(amounts(res))
        money_in = Counter(bar["money"])
        money_out = Counter(v for cards in res.payout.values() for v in cards) + Counter(res.remains)
        assert money_in == money_out
    if "payout" in scenario.get("expect", {}):
        assert {s: total[s] for s in scenario["expect"]["payout"]} == scenario["expect"]["payout"]


def test_h1_jazz_house_the_higher_police_card_proposes_not_bill():
    """The rulebook says Bill (police 3) proposes; the rule says the highest card, Dave's 4 (seat 1)."""
    res = ref.run_scenario(ref.load_scenario(ref.SEEDS / "jazz_house_haggle.json"))[0]
    assert res.contestants == [0, 1] and res.proposer == 1
    assert res.payout[2] == [] and res.payout[3] == []  # the gamblers have no say


def test_scenario_with_a_missing_die_is_refused():
    scenario = ref.load_scenario(ref.SEEDS / "duel_two_way.json")
    scenario["dice"] = {"1": [4]}
    with pytest.raises(ref.RuleError, match="seat 3 must throw"):
        ref.run_scenario(scenario)
    scenario["dice"] = {"1": [4, 2], "3": [6]}
    with pytest.raises(ref.RuleError, match="unthrown"):
        ref.run_scenario(scenario)


# ---------------------------------------------------------------------------------------------
# Components and setup (K1-K8)
# ---------------------------------------------------------------------------------------------


def test_k2_k5_the_tables():
    per_colour = Counter()
    for kind, value, count in ref.load_cards():
        per_colour[(kind, value)] += count
    gamblers = sorted(v for (k, v), c in per_colour.items() if k == ref.GAMBLER for _ in range(c))
    police = sorted(v for (k, v), c in per_colour.items() if k == ref.POLICE for _ in range(c))
    assert gamblers == [1, 2, 3, 3, 4, 4, 5, 6] and police == [3, 4, 5, 6]
    money = ref.load_money()
    assert sum(c for _, c in money) == 84 and sum(v * c for v, c in money) == 1_715_000
    assert dict(money) == {5000: 14, 10000: 14, 15000: 14, 20000: 14, 25000: 7, 30000: 7, 40000: 7, 50000: 7}


@pytest.mark.parametrize(
    "players, extra, bars, deck, money, rounds",
    [
        (2, {}, 3, 27, 84, 21),
        (2, {"two_player_money": "three_player"}, 3, 27, 72, 18),
        (2, {"two_player_deck": "full"}, 3, 36, 84, 21),  # V3 read literally: only the unused bars' cards out
        (3, {}, 4, 36, 72, 15),
        (3, {"three_player_deck": "full"}, 4, 48, 72, 15),
        (4, {}, 6, 54, 84, 12),
        (4, {"bars": "players_plus_one"}, 5, 45, 84, 14),
        (5, {"bars": "players_plus_one"}, 6, 54, 84, 12),
        (6, {}, 6, 54, 84, 12),
        (7, {}, 6, 72, 84, 12),
        (8, {}, 6, 72, 84, 12),
    ],
)
def test_k3_k8_setup_by_player_count(players, extra, bars, deck, money, rounds):
    s = ref.Settings(players=players, **extra)
    seen = {}

    def observe(stage, game, info=None):
        if stage == "dealt":
            seen.update(
                bars=list(game.bars),
                deck=game.deck_size,
                money=len(game.money_deck),
                hands=[len(h) for h in game.hands],
                stock=len(game.stock),
            )

    rng = random.Random(players)
    result = ref.play_game(
        s, ref.PyShuffler(rng), ref.PyDie(rng), [ref.AcceptPolicy(rng) for _ in range(players)], observe
    )
    assert seen["bars"] == list(range(bars)) == result.bars
    assert (seen["deck"], seen["money"], result.rounds) == (deck, money, rounds)
    assert seen["hands"] == [5] * players and seen["stock"] == deck - 5 * players


def test_k3_three_players_drop_lincolns_and_the_jazz_house():
    deck = ref.build_deck(ref.Settings(players=3), ref.choose_bars(ref.Settings(players=3), None))
    assert {ref.BAR_NAMES[c.bar] for c in deck} == {"Colibri", "Cotton Club", "Havana Bar", "Jungle"}
    assert Counter((c.kind, c.value) for c in deck if c.bar == 0) == Counter(
        {("gambler", v): 1 for v in range(1, 7)} | {("police", 3): 1, ("police", 4): 1, ("police", 6): 1}
    )


def test_k3_random_bars_draw_one_shuffle():
    s = ref.Settings(players=3, dropped_bars="random")
    got = {tuple(ref.choose_bars(s, ref.PyShuffler(random.Random(i)))) for i in range(60)}
    assert len(got) > 5 and all(len(b) == 4 and list(b) == sorted(b) for b in got)


def test_k6_three_player_money():
    money = Counter(ref.build_money(ref.Settings(players=3)))
    assert money == {5000: 12, 10000: 12, 15000: 12, 20000: 12, 25000: 6, 30000: 6, 40000: 6, 50000: 6}


def test_settings_refuse_unknown_values():
    with pytest.raises(ref.RuleError):
        ref.Settings(players=9)
    with pytest.raises(ref.RuleError, match="duel_tie"):
        ref.Settings(duel_tie="random")


# ---------------------------------------------------------------------------------------------
# The randomness: the stream shuffler and die are core.rng's algorithm
# ---------------------------------------------------------------------------------------------


def test_stream_shuffler_is_core_deal_from():
    from razzmatazz.core.rng import deal_from, game_state

    key, index = 0x1234_5678_9ABC_DEF1, 7
    mine = ref.StreamShuffler(key, index)
    state = np.uint64(int(game_state(np.uint64(key), index)) & ref.MASK64)
    for n in (0, 1, 2, 3, 5, 27, 36, 54, 84):
        items = list(range(n))
        mine.shuffle(items)
        deck = np.arange(n, dtype=np.int64)
        state = np.uint64(int(deal_from(state, deck, n, np.zeros(max(n, 1), np.int64))) & ref.MASK64)
        assert items == deck.tolist()
        assert mine.bits.state == int(state)


def test_stream_die_is_fair_and_reproducible():
    a, b = ref.stream_randomness(2024, 3)[1], ref.stream_randomness(2024, 3)[1]
    rolls = [a.roll() for _ in range(6000)]
    assert rolls == [b.roll() for _ in range(6000)]
    counts = Counter(rolls)
    assert set(counts) == set(range(1, 7)) and all(850 < c < 1150 for c in counts.values())


def test_a_game_on_the_streams_is_reproducible():
    def one():
        deck, dice = ref.stream_randomness(99, 5)
        return ref.play_game(
            ref.Settings(players=5), deck, dice, [ref.RandomPolicy(random.Random(s)) for s in range(5)]
        )

    assert one().steps == one().steps


# ---------------------------------------------------------------------------------------------
# Bars, haggling and duels (B1-B6, H1-H9)
# ---------------------------------------------------------------------------------------------

# research note §3: P(caller with card b wins) against the proposer's card a; rows b = 1..6, columns a = 1..6
DUEL_TABLE = [
    [0.583, 0.417, 0.278, 0.167, 0.083, 0.028],
    [0.722, 0.583, 0.417, 0.278, 0.167, 0.083],
    [0.833, 0.722, 0.583, 0.417, 0.278, 0.167],
    [0.917, 0.833, 0.722, 0.583, 0.417, 0.278],
    [0.972, 0.917, 0.833, 0.722, 0.583, 0.417],
    [1.000, 0.972, 0.917, 0.833, 0.722, 0.583],
]


def test_h5_every_throw_of_a_two_way_duel_matches_the_duel_table():
    for b in range(1, 7):
        for a in range(b, 7):  # the proposer holds the higher card (or an equal one and sits further)
            wins = 0
            for da in range(1, 7):
                for db in range(1, 7):
                    res = resolve(
                        4,
                        0,
                        [10000],
                        [(3, "gambler", a), (1, "gambler", b)],
                        offer={"3": [10000]},
                        answers={"1": "duel"},
                        dice={"3": [da], "1": [db]},
                    )
                    assert res.proposer == 3
                    wins += res.amounts[1] == 10000
            assert round(wins / 36, 3) == DUEL_TABLE[b - 1][a - 1]


def test_b2_two_gamblers_haggle_although_each_is_not_the_only_one():
    res = resolve(3, 0, [5000], [(0, "gambler", 2), (1, "gambler", 3)], offer={"1": [5000]}, answers={"0": "accept"})
    assert res.proposer == 1 and res.amounts[1] == 5000


def test_b6_no_money_nothing_happens_and_no_die_is_thrown():
    res = resolve(4, 0, [], [(0, "gambler", 2), (1, "gambler", 3)])
    assert res.proposer is None and res.duels == [] and res.remains == []


def test_h1_equal_values_furthest_clockwise_from_the_croupier():
    for croupier, proposer in ((0, 3), (1, 0), (2, 1), (3, 1)):
        res = resolve(
            4,
            croupier,
            [5000],
            [(0, "gambler", 4), (1, "gambler", 4), (3, "gambler", 4)],
            offer={str(proposer): [5000]},
            answers={str(s): "accept" for s in (0, 1, 3) if s != proposer},
        )
        assert res.proposer == proposer


def test_h1_circular_distance_ties_roll_off():
    s = ref.Settings(furthest="circular")
    res = resolve(
        4,
        0,
        [5000],
        [(1, "gambler", 4), (3, "gambler", 4)],
        s,
        offer={"3": [5000]},
        answers={"1": "accept"},
        dice={"1": [2], "3": [5]},
    )
    assert res.proposer == 3 and res.rolloffs == [{1: 2, 3: 5}]
    res = resolve(4, 0, [5000], [(1, "gambler", 4), (2, "gambler", 4)], s, offer={"2": [5000]}, answers={"1": "accept"})
    assert res.proposer == 2 and res.rolloffs == []  # seat 2 sits opposite the croupier


def test_h2_an_offer_must_divide_exactly_the_money_cards_among_the_contestants():
    cards = [(0, "gambler", 2), (1, "gambler", 3)]
    for offer in ({"1": [5000]}, {"1": [10000, 5000, 5000]}, {"1": [10000], "2": [5000]}, {"1": [7500, 7500]}):
        with pytest.raises(ref.RuleError):
            resolve(4, 0, [10000, 5000], cards, offer=offer, answers={"0": "accept"})
    with pytest.raises(ref.RuleError, match="offer_duel"):
        resolve(4, 0, [10000, 5000], cards, offer="none")


def test_h2_offer_duel_the_proposer_calls_and_wins_ties():
    s = ref.Settings(offer_duel=True)
    res = resolve(4, 0, [10000], [(0, "gambler", 2), (1, "gambler", 3)], s, offer="none", dice={"1": [3], "0": [4]})
    assert res.offer is None and res.answers == {} and res.duels[0].caller == 1 and res.amounts[1] == 10000


def test_h5_duel_tie_reroll():
    s = ref.Settings(duel_tie="reroll")
    res = resolve(
        4,
        0,
        [10000],
        [(0, "gambler", 2), (1, "gambler", 3)],
        s,
        offer={"1": [10000]},
        answers={"0": "duel"},
        dice={"1": [3, 1], "0": [4, 1]},
    )
    assert res.duels[0].throws == [(3, 4), (1, 1)] and res.amounts[1] == 10000


def test_h6_one_declines_own_share():
    s = ref.Settings(one_declines="own_share")
    res = resolve(
        4,
        0,
        [20000, 10000, 5000],
        [(0, "gambler", 2), (1, "gambler", 6), (2, "gambler", 1)],
        s,
        offer={"1": [20000], "0": [10000], "2": [5000]},
        answers={"2": "duel", "0": "accept"},
        dice={"1": [1], "2": [6]},
    )
    assert amounts(res) == {"0": 10000, "1": 20000, "2": 5000, "3": 0}


def test_h7_multi_duel_rolloff():
    s = ref.Settings(multi_duel="rolloff")
    res = resolve(
        4,
        0,
        [20000, 10000],
        [(0, "gambler", 2), (1, "gambler", 6), (2, "gambler", 1)],
        s,
        offer={"1": [20000, 10000]},
        answers={"2": "duel", "0": "duel"},
        dice={"1": [1, 2], "2": [6, 3], "0": [5, 1]},
    )
    assert res.rolloffs == [{1: 7, 2: 7, 0: 7}, {1: 8, 2: 4, 0: 3}] and res.amounts[1] == 30000


def test_h7_three_equal_values_enter_nearest_first():
    res = resolve(
        4,
        0,
        [10000],
        [(1, "gambler", 3), (2, "gambler", 3), (3, "gambler", 3)],
        offer={"3": [10000]},
        answers={"1": "duel", "2": "duel"},
        dice={"1": [6, 6], "2": [1], "3": [1]},
    )
    assert res.proposer == 3 and [(d.first, d.second, d.winner) for d in res.duels] == [(1, 2, 1), (1, 3, 1)]


def test_h8_many_order_seat():
    s = ref.Settings(many_order="seat")
    cards = [(1, "gambler", 6), (2, "gambler", 1), (3, "gambler", 3), (5, "gambler", 4)]
    res = resolve(
        6,
        0,
        [5000],
        cards,
        s,
        offer={"1": [5000]},
        answers={"2": "duel", "3": "duel", "5": "duel"},
        dice={"1": [6, 6, 6], "2": [1], "3": [1], "5": [1]},
    )
    assert [(d.first, d.second) for d in res.duels] == [(1, 2), (1, 3), (1, 5)] and res.amounts[1] == 5000


# ---------------------------------------------------------------------------------------------
# A round and the end (R1-R9, E1-E4, V1)
# ---------------------------------------------------------------------------------------------


class Recorder(ref.RandomPolicy):
    """A random policy that notes every placement decision it is asked for."""

    calls: list = []

    def place_free(self, view, value):
        Recorder.calls.append(("free", view["seat"], view["croupier"], view["round"], value))
        return super().place_free(view, value)

    def place_all(self, view, values):
        Recorder.calls.append(("all", view["seat"], view["croupier"], view["round"], tuple(values)))
        return super().place_all(view, values)


@pytest.mark.parametrize("spielbox", [False, True])
def test_r1_v1_the_croupier_rotates_and_places_the_money(spielbox):
    Recorder.calls = []
    rng = random.Random(7)
    s = ref.Settings(players=3, spielbox=spielbox)
    result = ref.play_game(s, ref.PyShuffler(rng), ref.PyDie(rng), [Recorder(random.Random(i)) for i in range(3)])
    assert result.rounds == 15
    kind = "all" if spielbox else "free"
    assert [(c[0], c[1], c[3]) for c in Recorder.calls] == [(kind, r % 3, r) for r in range(14)]  # not the short round
    assert all(c[1] == c[2] for c in Recorder.calls)
    if spielbox:
        assert all(len(c[4]) == 5 for c in Recorder.calls)


def test_e1_the_short_last_round_goes_left_to_right():
    before = {}
    after = {}

    def observe(stage, game, info=None):
        if stage == "round end" or stage == "dealt":
            before.clear()
            before.update({b: len(m) for b, m in game.bar_money.items()})
        if stage == "placed" and game.last_round:
            after.update({b: len(m) - before[b] for b, m in game.bar_money.items()})

    rng = random.Random(11)
    ref.play_game(
        ref.Settings(players=3),
        ref.PyShuffler(rng),
        ref.PyDie(rng),
        [ref.RandomPolicy(random.Random(i)) for i in range(3)],
        observe,
    )
    assert after == {0: 1, 1: 1, 2: 0, 3: 0}


@pytest.mark.parametrize("mode", ["discard_first", "refill_first"])
def test_r7_what_the_reshuffle_takes(mode):
    checked = 0
    state = {}

    def observe(stage, game, info=None):
        nonlocal checked
        if stage == "revealed":
            state.update(reshuffles=game.reshuffles, table=sorted(game.table.values()))
        if stage == "round end" and game.reshuffles > state["reshuffles"]:
            checked += 1
            if mode == "discard_first":
                assert game.discard == []  # this round's cards were shuffled into the new stock
            else:
                assert sorted(game.discard) == state["table"]  # only this round's cards wait

    for seed in range(5):
        rng = random.Random(seed)
        ref.play_game(
            ref.Settings(players=8, reshuffle=mode),
            ref.PyShuffler(rng),
            ref.PyDie(rng),
            [ref.RandomPolicy(random.Random(i)) for i in range(8)],
            observe,
        )
    assert checked >= 5


def test_e3_e4_final_ties():
    def finish(settings, won, bars_won):
        game = ref.Game(settings, None, None, [None] * settings.players)
        game.bars = [0, 1, 2, 3, 4, 5]
        game.bar_money = {b: [] for b in game.bars}
        game.won, game.bars_won = won, bars_won
        return game.finish()

    won = [[50000], [20000, 30000], [5000]]
    assert finish(ref.Settings(players=3), won, [1, 2, 1]).wins == [Fraction(1, 2), Fraction(1, 2), 0]
    assert finish(ref.Settings(players=3, final_ties="bars_won"), won, [1, 2, 1]).wins == [0, 1, 0]
    assert finish(ref.Settings(players=3, final_ties="bars_won"), won, [2, 2, 1]).wins == [Fraction(1, 2)] * 2 + [0]


def test_e2_leftover_split():
    rng = random.Random(3)
    r = ref.play_game(
        ref.Settings(players=4, leftover="split"),
        ref.PyShuffler(rng),
        ref.PyDie(rng),
        [ref.RandomPolicy(random.Random(i)) for i in range(4)],
    )
    assert r.leftover > 0 and sum(r.money) == 1_715_000


def test_r9_closed_money_hides_the_others_totals():
    views = []

    class Peek(ref.RandomPolicy):
        def choose_card(self, view):
            views.append(view)
            return super().choose_card(view)

    rng = random.Random(5)
    ref.play_game(
        ref.Settings(players=4, open_money=False),
        ref.PyShuffler(rng),
        ref.PyDie(rng),
        [Peek(random.Random(i)) for i in range(4)],
    )
    assert all(v["won"][s] is None for v in views for s in range(4) if s != v["seat"])
    assert all(v["won"][v["seat"]] is not None and v["table"] == {} for v in views)


# ---------------------------------------------------------------------------------------------
# Invariants over many random games
# ---------------------------------------------------------------------------------------------


def random_settings(rng: random.Random) -> ref.Settings:
    extra = {name: rng.choice(values) if rng.random() < 0.4 else values[0] for name, values in ref.CHOICES.items()}
    extra["leftover"] = "unclaimed"  # conservation is checked with the money left at the bars
    return ref.Settings(
        players=rng.randint(2, 8),
        offer_duel=rng.random() < 0.3,
        spielbox=rng.random() < 0.3,
        open_money=rng.random() < 0.8,
        **extra,
    )


POLICIES = (ref.RandomPolicy, ref.AcceptPolicy, ref.DuelPolicy)


def test_invariants_over_random_games():
    rng = random.Random(20240607)
    seen = Counter()

    def observe(stage, game, info=None):
        s = game.settings
        cards = sum(map(len, game.hands)) + len(game.stock) + len(game.discard) + len(game.table)
        assert cards == game.deck_size, stage
        if stage != "end" or s.leftover == "unclaimed":
            money = sum(map(sum, game.bar_money.values())) + sum(map(sum, game.won)) + sum(game.money_deck)
            assert money == game.money_total, stage
        if stage == "choose":
            assert len(game.hands[info]) == ref.HAND_SIZE
            seen["choices"] += 1
        if stage != "bar":
            return
        bar, played, before, res = info
        kinds = [k for _, k, _ in played]
        won = Counter(v for c in res.payout.values() for v in c)
        assert won + Counter(res.remains) == Counter(before)
        if ref.GAMBLER not in kinds:  # police alone (one or several) never win
            assert not won and res.remains == before
            seen["police alone"] += 1
        if kinds == [ref.GAMBLER] and before:  # a single gambler alone always wins
            assert res.payout[played[0][0]] == before
            seen["gambler alone"] += 1
        if ref.POLICE in kinds:  # the gamblers get nothing
            assert all(not res.payout[seat] for seat, k, _ in played if k == ref.GAMBLER)
        for d in res.duels:
            seen["duels"] += 1
            for i, (ta, tb) in enumerate(d.totals):
                if ta == tb and d.caller is not None:
                    assert d.winner == d.caller and i == len(d.totals) - 1
                    seen["tie to caller"] += 1
                elif ta == tb:
                    assert i < len(d.totals) - 1
                    seen["tie thrown again"] += 1
            assert d.winner in (d.first, d.second)
        if len(res.duels) >= 2:
            seen["knockouts"] += 1
        seen["rolloffs"] += bool(res.rolloffs)

    for game in range(400):
        settings = random_settings(rng) if game % 2 else ref.Settings(players=2 + game % 7)
        n = settings.players
        policies = [rng.choice(POLICIES)(random.Random(rng.getrandbits(32))) for _ in range(n)]
        result = ref.play_game(
            settings, ref.PyShuffler(random.Random(game)), ref.PyDie(random.Random(-game)), policies, observe
        )
        assert sum(result.money) + result.leftover == sum(ref.build_money(settings))
        assert sum(result.wins) == 1
        best = max(result.money)
        assert all(result.money[s] == best for s in range(n) if result.wins[s])
        seen["shared wins"] += sum(1 for w in result.wins if 0 < w < 1) > 0
    for event in (
        "police alone",
        "gambler alone",
        "duels",
        "tie to caller",
        "tie thrown again",
        "knockouts",
        "rolloffs",
        "shared wins",
    ):
        assert seen[event] > 0, (event, seen)
