"""The Razzia kernel (razzmatazz.core.razzia.engine) against the plain-Python reference, game by game.

Method: *replay*. The kernel plays a game with its own policies and logs every decision (where
the free card or a spielbox round's money goes, every card played, every offer, every answer);
the reference (``tests/reference/razzia.py``) then plays the same game on the same random
streams (``razzia/deal``, ``razzia/dice``) with :class:`Replay` policies that answer each
question with the kernel's logged decision for that seat, in order. The reference checks every
decision for legality (the card must be in its hand, the offer must divide the bar's cards), and
every outcome must match: per settled bar the proposer, the money paid to each seat, the dice of
every duel and roll-off; per game the rounds, the leftover, each seat's money, bars won and win.
The cases cover every switch of ``Settings`` (both values), player counts 2-8, every built-in
policy with varied parameters, changed cards and money tables and duplicate deals; the scenario
files are checked through :func:`~razzmatazz.analysis.razzia.resolve.resolve_bar`; invariants (money conserved,
every seat plays once a round from five cards, the counts equal the sums of the traced games) are checked on the
kernel.
"""

from __future__ import annotations

import random
from collections import Counter, deque
from fractions import Fraction

import numpy as np
import pytest

from razzmatazz.analysis.razzia.resolve import resolve_bar
from razzmatazz.core.razzia import engine
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY
from tests.reference import razzia as ref

UNIT = R.UNIT


def random_policy(rng: random.Random) -> str:
    """A built-in policy the reference plays (not ``search``, tested in test_search.py) with random values."""
    spec = rng.choice([s for s in REGISTRY if s.name != "search"])
    pairs = []
    for p in spec.params:
        if rng.random() < 0.6:
            x = rng.randint(int(p.lo), int(p.hi)) if p.integer else round(rng.uniform(p.lo, p.hi), 3)
            pairs.append(f"{p.name}={x}")
    return f"{spec.name}:{','.join(pairs)}" if pairs else spec.name


def random_settings(rng: random.Random, players: int, **fixed) -> dict:
    kw = {name: rng.choice(values) for name, values in R.CHOICES.items()}
    kw.update(offer_duel=rng.random() < 0.5, spielbox=rng.random() < 0.4, open_money=rng.random() < 0.7)
    kw.update(fixed)
    return dict(players=players, **kw)


def write_tables(tmp_path):
    cards = tmp_path / "cards.csv"
    cards.write_text(
        "kind,value,count\npolice,6,2\ngambler,1,1\ngambler,6,2\ngambler,2,1\npolice,3,1\ngambler,3,2\npolice,5,1\n"
    )
    money = tmp_path / "money.csv"
    money.write_text("value,count\n50000,3\n5000,20\n15000,6\n100000,2\n20000,5\n")
    return str(cards), str(money)


class Replay:
    """A reference policy answering with the kernel's logged decisions for its seat."""

    def __init__(self) -> None:
        self.q = {k: deque() for k in ("free", "all", "card", "offer", "answer")}

    def choose_card(self, view):
        return self.q["card"].popleft()

    def place_free(self, view, value):
        return self.q["free"].popleft()

    def place_all(self, view, values):
        return self.q["all"].popleft()

    def offer(self, view, bar, contestants, money):
        return self.q["offer"].popleft()

    def answer(self, view, bar, proposer, offer):
        return self.q["answer"].popleft()


def replay_policies(log: np.ndarray, n: int, spielbox: bool) -> list[Replay]:
    pol = [Replay() for _ in range(n)]
    targets: list[int] = []
    croupier = -1
    offer = None
    for kind, seat, a, b, c in log.tolist():
        if kind == R.L_ROUND:
            croupier = seat
        elif kind == R.L_MONEY and seat >= 0 and c == 1:
            if spielbox:
                targets.append(a)
            else:
                pol[seat].q["free"].append(a)
        elif kind == R.L_PLAY:
            if targets:
                pol[croupier].q["all"].append(targets)
                targets = []
            pol[seat].q["card"].append(ref.Card(a, ref.KINDS[b], c))
        elif kind == R.L_PROPOSER:
            offer = {"seat": seat, "division": {}}
            pol[seat].q["offer"].append(offer["division"])
        elif kind == R.L_OFFER:
            offer["division"].setdefault(a, []).extend([b * UNIT] * c)
        elif kind == R.L_NO_OFFER:
            pol[seat].q["offer"][-1] = None
        elif kind == R.L_ANSWER:
            pol[seat].q["answer"].append(ref.ACCEPT if a == R.ACCEPT else ref.DUEL)
    return pol


def kernel_bars(log: np.ndarray) -> list[tuple]:
    """Per bar with a card: (bar, proposer, {seat: units paid}, duel throws, roll-off rolls)."""
    bars = []
    cur = None
    for kind, seat, a, b, c in log.tolist():
        if kind == R.L_BAR:
            cur = [a, -1, {}, [], []]
            bars.append(cur)
        elif kind == R.L_PROPOSER:
            cur[1] = seat
        elif kind == R.L_PAY:
            cur[2][seat] = b
        elif kind == R.L_THROW:
            cur[3].append((seat, a, b, c))
        elif kind == R.L_ROLLOFF:
            cur[4].append((seat, a))
        elif kind == R.L_ROLL:
            cur[4].append((seat, b))
    return [tuple(x[:2]) + (x[2], x[3], x[4]) for x in bars]


def reference_bars(result: ref.GameResult) -> list[tuple]:
    out = []
    for _, bar, res in result.results:
        pays = {s: sum(v) // UNIT for s, v in res.payout.items() if v}
        throws = [(d.first, ra, d.second, rb) for d in res.duels for ra, rb in d.throws]
        rolls = [(s, r) for roll in res.rolloffs for s, r in roll.items()]
        out.append((bar, -1 if res.proposer is None else res.proposer, pays, throws, rolls))
    return out


def check_game(job: engine.GameJob, ref_settings: ref.Settings, g: int) -> dict:
    """Play game ``g`` in the kernel and replay it in the reference; assert equality; return the tallies."""
    s = job.settings
    n = s.players
    log, res, _ = job.trace(g)
    item = g // n if job.duplicate else g
    shuffler, die = ref.stream_randomness(job.seed, item)
    pol = replay_policies(log, n, s.spielbox)
    seen = Counter()

    def observe(stage, game, info=None):
        if stage == "choose":
            assert len(game.hands[info]) == ref.HAND_SIZE
            seen["choices"] += 1

    what = f"game {g} of {s}"
    result = ref.play_game(ref_settings, shuffler, die, pol, observe)
    assert all(not q for p in pol for q in p.q.values()), what + ": decisions left unused"
    assert kernel_bars(log) == reference_bars(result), what
    leftover = int(log[-1, 2])
    assert log[-1, 0] == R.L_END and leftover * UNIT == result.leftover, what
    share = Fraction(leftover * UNIT, n) if s.leftover == "split" else 0
    assert [int(m) * UNIT + share for m in res[:, engine.H_MONEY]] == list(result.money), what
    assert [Fraction(int(w), engine.WIN) for w in res[:, engine.H_WIN]] == result.wins, what
    assert res[:, engine.H_BARS_WON].tolist() == result.bars_won, what
    rounds = sum(1 for row in log if row[0] == R.L_ROUND)
    assert rounds == result.rounds and seen["choices"] == rounds * n, what
    # kernel invariants: money conserved, one card per seat per round, wins sum to one
    assert res[:, engine.H_MONEY].sum() + leftover == s.money_total, what
    assert Counter(int(row[1]) for row in log if row[0] == R.L_PLAY) == Counter({p: rounds for p in range(n)})
    assert res[:, engine.H_WIN].sum() == engine.WIN
    kinds = Counter(int(row[0]) for row in log)
    kinds["ties to caller"] = sum(1 for row in log if row[0] == R.L_DUEL and row[4] == 1)
    kinds["shared"] = int((res[:, engine.H_WIN] > 0).sum() > 1)
    return kinds


def lineup(texts):
    return tuple(REGISTRY.parse(t) for t in texts)


def cases(tmp_tables) -> list[tuple[engine.GameJob, ref.Settings, int]]:
    rng = random.Random(20240612)
    out = []
    fixed = [
        dict(players=4),
        dict(players=5),
        dict(players=2),
        dict(players=3),
        dict(players=8),
        dict(players=3, three_player_deck="full", dropped_bars="random"),
        dict(players=2, two_player_money="three_player", spielbox=True),
        dict(players=4, bars="players_plus_one", furthest="circular", multi_duel="rolloff"),
        dict(players=6, furthest="circular", many_order="seat", duel_tie="reroll", one_declines="own_share"),
        dict(players=7, reshuffle="refill_first", free_card="random", leftover="split", final_ties="bars_won"),
        dict(players=8, reshuffle="refill_first", offer_duel=True, open_money=False),
        dict(players=2, two_player_deck="full"),
    ]
    for _ in range(24):
        fixed.append(random_settings(rng, rng.randint(2, 8)))
    cards, money = tmp_tables
    fixed.append(random_settings(rng, 5, cards_file=cards, money_file=money))
    fixed.append(random_settings(rng, 3, cards_file=cards, money_file=money))
    for i, kw in enumerate(fixed):
        n = kw["players"]
        if i < 5:
            texts = [["random", "greedy", "crowd", "bigpot", "hunter"][(i + p) % 5] for p in range(n)]
        else:
            texts = [random_policy(rng) for _ in range(n)]
        duplicate = rng.random() < 0.2
        job = engine.GameJob(R.Settings(**kw), lineup(texts), 500 + i, 4, duplicate)
        out.append((job, ref.Settings(**kw), 6 if i < 12 else 5))
    return out


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    return write_tables(tmp_path_factory.mktemp("razzia"))


def test_kernel_equals_the_reference_game_by_game(tables):
    seen = Counter()
    games = 0
    for job, ref_settings, n_games in cases(tables):
        for g in range(n_games):
            seen += check_game(job, ref_settings, g)
            games += 1
    assert games > 150
    for kind in (R.L_RESHUFFLE, R.L_NO_OFFER, R.L_ROLLOFF, R.L_ROLL, R.L_THROW, R.L_ANSWER, R.L_OFFER):
        assert seen[kind] > 0, (kind, seen)
    assert seen["ties to caller"] > 0 and seen["shared"] > 0


@pytest.mark.parametrize("players", [2, 5, 8])
def test_counts_are_the_sums_of_the_traced_games(players):
    job = engine.GameJob(
        R.Settings(players=players, leftover="split"),
        lineup(
            ["greedy", "random", "hunter", "crowd:haggle=2", "bigpot:haggle=1", "random", "greedy:haggle=1", "hunter"][
                :players
            ]
        ),
        77,
        6,
        players == 5,
    )
    out = job.run_chunk(0, job.n_items)
    c = engine.view(out, players)
    money = np.zeros(players, np.int64)
    wins = np.zeros(players, np.int64)
    for g in range(job.games):
        log, res, _ = job.trace(g)
        for s in range(players):
            p = (s - g) % players
            money[p] += res[s, engine.H_MONEY]
            wins[p] += res[s, engine.H_WIN]
    per = c["player"]
    assert per[:, engine.P_GAMES].tolist() == [job.games] * players
    assert per[:, engine.P_MONEY].tolist() == money.tolist()
    assert per[:, engine.P_WIN].tolist() == wins.tolist()
    glob = c["global"]
    assert glob[engine.G_GAMES] == job.games
    assert per[:, engine.P_MONEY].sum() + glob[engine.G_LEFTOVER] == job.games * job.settings.money_total
    crou = c["croupier"]
    assert crou[:, 1].sum() == per[:, engine.P_MONEY].sum() and crou[0, 0] == glob[engine.G_ROUNDS]
    plays = sum(c[k][..., engine.T_PLAYS].sum() for k in ("police", "gambler_police", "gambler_free"))
    assert plays == glob[engine.G_ROUNDS] * players
    won = sum(c[k][..., engine.T_MONEY].sum() for k in ("police", "gambler_police", "gambler_free"))
    assert won == per[:, engine.P_MONEY].sum()


@pytest.mark.parametrize("name", sorted(p.name for p in ref.SEEDS.glob("*.json")))
def test_resolve_bar_gives_every_scenarios_expect(name):
    sc = ref.load_scenario(ref.SEEDS / name)
    settings = R.Settings(players=sc["players"], **sc.get("settings", {}))
    for bar in ref.bars_of(sc):
        where = R.BAR_NAMES.index(bar["bar"]) if "bar" in bar else 0
        got = resolve_bar(
            settings,
            sc["croupier"],
            bar["money"],
            bar["cards"],
            bar.get("offer"),
            bar.get("answers"),
            bar.get("dice"),
            bar=where,
        )
        expect = bar["expect"]
        assert got["proposer"] == expect["proposer"]
        assert {str(s): v for s, v in got["payout"].items()} == expect["payout"]
        assert sorted(got["remains"]) == sorted(expect["remains"]) and not got["dice_left"]
        if "duels" in expect:
            duels = [(int(r[1]), int(r[2])) for r in got["log"] if r[0] == R.L_DUEL]
            assert [d["winner"] for d in expect["duels"]] == [w for w, _ in duels]


def test_resolve_bar_asks_policies_and_the_dice_stream_for_what_is_missing():
    s = R.Settings()
    cards = [(1, "gambler", 5), (3, "gambler", 2)]
    got = resolve_bar(s, 0, [20000, 5000, 5000], cards, seed=3)  # greedy: exact haggling (as rational for two)
    # P(gambler 2 beats gambler 5, the tie to the caller) = 1/6: the smallest amount >= 1/6 x $30,000 is one $5,000
    assert got["proposer"] == 1 and got["payout"] == {0: 0, 1: 25000, 2: 0, 3: 5000}
    assert [r[2] for r in got["log"] if r[0] == R.L_ANSWER] == [R.ACCEPT]
    # with $20,000 + $10,000 the least formable offer ($10,000) leaves the proposer less than his duel chance
    got = resolve_bar(s, 0, [20000, 10000], cards, seed=3)
    assert [r[2] for r in got["log"] if r[0] == R.L_ANSWER] == [R.DUEL] and sum(got["payout"].values()) == 30000
    duel = resolve_bar(s, 0, [20000, 10000], cards, {"1": [20000, 10000]}, {"3": "duel"}, seed=3)
    assert sum(1 for r in duel["log"] if r[0] == R.L_THROW) >= 1 and sum(duel["payout"].values()) == 30000
    with pytest.raises(R.InputError, match="divide exactly"):
        resolve_bar(s, 0, [20000, 10000], cards, {"1": [20000]})


def test_settings_and_tables_are_validated(tmp_path):
    with pytest.raises(R.InputError, match="2 to 8"):
        R.Settings(players=9)
    with pytest.raises(R.InputError, match="duel-tie"):
        R.Settings(duel_tie="random")
    bad = tmp_path / "m.csv"
    bad.write_text("value,count\n7000,3\n")
    with pytest.raises(R.InputError, match="multiple of 5000"):
        R.Settings(money_file=str(bad))
    with pytest.raises(R.InputError, match="cannot read"):
        R.Settings(cards_file=str(tmp_path / "missing.csv"))
    assert [c for _, _, c in R.Settings(players=7).card_rows()] == [c for _, _, c in R.DEFAULT_CARDS]
    assert R.Settings(players=3).money_total * UNIT == 1_470_000
    assert R.load_cards(str(ref.CARDS_CSV)) == R.DEFAULT_CARDS
    assert R.load_money(str(ref.MONEY_CSV)) == R.DEFAULT_MONEY


def test_a_search_seat_settles_a_bar_as_its_rollout_policy():
    """``resolve_bar`` does not search: a ``search`` seat's decisions there are its rollout policy's at its defaults
    (the engine never sees the search id)."""
    s = R.Settings()
    cards = [(1, "gambler", 5), (3, "gambler", 2)]
    specs = [spec for spec in REGISTRY if spec.id <= 4]
    assert len(specs) == 5
    for spec in specs:
        for seed in range(4):
            plain = [REGISTRY.parse("greedy")] * 4
            searching = list(plain)
            plain[3] = REGISTRY.parse(spec.name)
            searching[3] = REGISTRY.parse(f"search:rollout={spec.id}")
            got, want = (
                resolve_bar(s, 0, [20000, 5000, 5000], cards, lineup=tuple(lineup), seed=seed)
                for lineup in (searching, plain)
            )
            assert repr(got) == repr(want)
