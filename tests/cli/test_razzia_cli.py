"""``razzmatazz razzia play``, ``razzia police`` and ``razzia policies``: output, reproducibility, files, bad input.

Oracles: conservation (a game hands out at most its money cards, ``money_total``; the money won is
the money of the cards played, of the rounds by distance from the croupier and of the seats; win
shares add to one game), the seed (same seed, same bytes for any thread count), and the structure
of duplicate deals: identical deterministic players playing every rotation of one deal get
exactly the same money.
"""

from __future__ import annotations

import json
import re

import pandas as pd
import pytest

from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia.policies import REGISTRY
from tests.cli.test_razz_cli import (
    ROOT,
    _all_threads,  # noqa: F401  (autouse: --threads changes numba's for the process)
    assert_ok,
    assert_one_line_error,
    hidden_leftovers,
    invoke,
    snapshot,
)

GAMES = 300
PLAY = ["razzia", "play", "--games", str(GAMES), "--seed", "5"]
TABLES = ("policies", "players", "seats", "croupier", "pairs", "haggling", "cards")
CORE = ("payoff", "payoff_low", "payoff_high")
PAIR = ("payoff_difference", "payoff_low", "payoff_high")
COLUMNS = {
    "policies": {
        *CORE,
        "policy",
        "players",
        "games",
        "win_rate",
        "win_low",
        "win_high",
        "money",
        "money_low",
        "money_high",
        "bars_won",
    },
    "players": {
        *CORE,
        "player",
        "policy",
        "parameters",
        "games",
        "win_rate",
        "win_low",
        "win_high",
        "money",
        "money_low",
        "money_high",
        "bars_won",
    },
    "seats": {*CORE, "seat", "games", "win_rate", "win_low", "win_high", "money", "money_low", "money_high"},
    "croupier": {"distance", "rounds", "money_per_round", "ci_low", "ci_high"},
    "pairs": {
        *PAIR,
        "policy",
        "versus",
        "win_rate_difference",
        "win_rate_low",
        "win_rate_high",
        "clear",
        "money_difference",
        "money_low",
        "money_high",
    },
    "haggling": {"counter", "total", "per_game"},
    "cards": {"kind", "value", "bucket", "bucket_index", "others", "plays", "won", "money"},
}
COUNTERS = (
    "haggles",
    "calls_without_offer",
    "answers_accepted",
    "answers_declined",
    "duels",
    "duels_with_a_caller",
    "duels_won_by_the_caller",
    "knockouts",
    "roll_offs",
    "reshuffles",
    "shared_wins",
)


def play_json(*args: str) -> dict:
    result = invoke([*PLAY, *args, "--format", "json"])
    assert_ok(result)
    return json.loads(result.stdout)


def counter(data: dict, name: str) -> int:
    return next(r["total"] for r in data["haggling"] if r["counter"] == name)


def check_money(data: dict, settings: R.Settings) -> None:
    """Money conservation as far as the tables allow (dollars per game)."""
    games = data["games"]
    players = pd.DataFrame(data["players"])
    won = players.money.sum()  # the money cards won in a mean game, by all players
    assert won <= settings.money_total * R.UNIT + 1e-6
    assert pd.DataFrame(data["seats"]).money.sum() == pytest.approx(won)
    crou = pd.DataFrame(data["croupier"])
    assert len(crou) == settings.players and (crou.rounds == data["rounds"]).all()
    by_cards = pd.DataFrame(data["cards"]).money.sum()  # every dollar won at a bar is won by a card played there
    assert (crou.money_per_round * crou.rounds).sum() == pytest.approx(by_cards)  # every round's money, by seat
    if settings.leftover == "unclaimed":
        assert by_cards == pytest.approx(won * games)
    else:  # the players also share the leftover
        assert by_cards <= won * games * (1 + 1e-12)
    assert players.win_rate.sum() == pytest.approx(1.0)  # one win a game, shared on ties
    assert pd.DataFrame(data["seats"]).win_rate.sum() == pytest.approx(1.0)
    assert (players.games == games).all()


def test_policies_lists_every_policy():
    result = invoke(["razzia", "policies"])
    assert_ok(result)
    names = [spec.name for spec in REGISTRY]
    assert set(names) == {"random", "greedy", "crowd", "bigpot", "hunter", "search"}
    for spec in REGISTRY:
        assert f"\n{spec.name}: " in result.stdout
        for p in spec.params:
            assert f"  {p.name} = " in result.stdout
    listing = json.loads(invoke(["razzia", "policies", "--format", "json"]).stdout)
    assert [d["name"] for d in listing] == names
    assert [d["id"] for d in listing] == sorted(d["id"] for d in listing)
    csv = invoke(["razzia", "policies", "--format", "csv"])
    assert_ok(csv)
    assert csv.stdout.splitlines()[0].startswith("policy,parameter,default")


def test_policies_lists_the_tuned_presets_and_the_default_mix_plays_them():
    """Each preset (the tuned rows, search's strong budget) is listed under its policy with its row, and the
    default mix is the tuned field."""
    from razzmatazz.analysis.razzia import DEFAULT_MIX

    text = invoke(["razzia", "policies"]).stdout
    listing = {d["name"]: d for d in json.loads(invoke(["razzia", "policies", "--format", "json"]).stdout)}
    presets = REGISTRY.presets()
    assert {x.name for x in presets} == {"greedy-tuned", "hunter-tuned", "bigpot-tuned", "search-strong"}
    for x in presets:
        assert f"  preset {x.name} = {x.text}: " in text
        assert {"name": x.name, "text": x.text, "help": x.help} in listing[x.policy]["presets"]
        assert REGISTRY.parse(x.name) == REGISTRY.parse(x.text) != REGISTRY.parse(x.policy)
    assert DEFAULT_MIX == ("greedy-tuned", "hunter-tuned", "bigpot-tuned", "crowd", "random")


@pytest.mark.parametrize("players", [3, 5])
def test_default_mix_json_shape_and_money_conservation(players):
    table = invoke([*PLAY, "--players", str(players)])
    assert_ok(table)
    mix = ", ".join(("greedy-tuned", "hunter-tuned", "bigpot-tuned", "crowd", "random")[:players])
    assert f"no --policy given: playing the default mix {mix}" in table.stderr
    assert f"Razzia, {players} players, {GAMES} games" in table.stdout
    data = play_json("--players", str(players))
    assert set(data) == {"seed", "games", "rounds", "duplicate", "settings", "lineup", *TABLES}
    for name in TABLES:
        assert data[name], name
        assert set(data[name][0]) == COLUMNS[name], name
    settings = R.Settings(players=players)
    assert data["settings"] == {k: getattr(settings, k) for k in data["settings"]} and data["seed"] == 5
    assert data["games"] == GAMES and not data["duplicate"]
    assert data["rounds"] == GAMES * {3: 15, 5: 12}[players]  # 72 money cards 5 a round, 84 cards 7 a round
    assert [r["policy"] for r in data["players"]] == list(mix.split(", "))
    assert [r["counter"] for r in data["haggling"]] == list(COUNTERS)
    check_money(data, settings)
    cards = pd.DataFrame(data["cards"])
    assert cards.plays.sum() == data["rounds"] * players  # every player plays one card a round
    assert (cards.won <= cards.plays).all()
    assert cards[cards.kind == "gambler_police"].won.sum() == 0  # B4: gamblers beside police get nothing
    assert cards[(cards.kind == "police") & (cards.others == 0)].won.sum() == 0  # B3: a police card alone
    assert len(data["pairs"]) == players * (players - 1) // 2


def test_with_leftover_split_all_the_money_is_the_players():
    data = play_json("--players", "4", "--leftover", "split")
    total = R.Settings(players=4).money_total * R.UNIT
    assert pd.DataFrame(data["players"]).money.sum() == pytest.approx(total)


def test_same_seed_same_bytes_for_one_and_two_threads_and_the_seed_matters():
    a = invoke([*PLAY, "--players", "4", "--format", "json", "--threads", "1"])
    b = invoke([*PLAY, "--players", "4", "--format", "json", "--threads", "2"])
    assert_ok(a)
    assert a.stdout == b.stdout
    c = invoke(["razzia", "play", "--games", str(GAMES), "--seed", "6", "--players", "4", "--format", "json"])
    assert_ok(c)
    assert c.stdout != a.stdout
    assert json.loads(c.stdout)["players"] != json.loads(a.stdout)["players"]


def test_duplicate_deals_identical_deterministic_players_get_the_same_money():
    data = play_json("--players", "4", "--policy", "greedy", "--duplicate")
    assert data["duplicate"] and data["games"] == GAMES  # 75 deals of 4 games
    players = pd.DataFrame(data["players"])
    assert (players.games == GAMES).all()
    assert players.money.nunique() == 1 and players.win_rate.tolist() == pytest.approx([0.25] * 4)
    assert players.bars_won.nunique() == 1
    check_money(data, R.Settings(players=4))
    seven = invoke(
        ["razzia", "play", "--games", "100", "--seed", "5", "--players", "7", "--duplicate", "--format", "json"]
    )
    assert_ok(seven)
    assert json.loads(seven.stdout)["games"] == 105  # rounded up to whole deals of 7 games
    plain = play_json("--players", "4", "--policy", "greedy")
    assert pd.DataFrame(plain["players"]).money.nunique() > 1  # without duplicate deals, luck differs


def _tables(tmp_path):
    cards = tmp_path / "cards.csv"
    cards.write_text(
        "kind,value,count\ngambler,1,1\ngambler,2,1\ngambler,3,2\ngambler,4,2\ngambler,5,1\n"
        "gambler,6,2\npolice,3,1\npolice,4,1\npolice,5,1\npolice,6,1\n"
    )
    money = tmp_path / "money.csv"
    money.write_text("value,count\n5000,14\n10000,14\n15000,14\n20000,14\n25000,7\n30000,7\n40000,7\n60000,3\n")
    return cards, money


SWITCHES = [
    "--three-player-deck",
    "full",
    "--dropped-bars",
    "random",
    "--free-card",
    "random",
    "--leftover",
    "split",
    "--reshuffle",
    "refill_first",
    "--furthest",
    "circular",
    "--duel-tie",
    "reroll",
    "--one-declines",
    "own_share",
    "--multi-duel",
    "rolloff",
    "--many-order",
    "seat",
    "--bars",
    "players_plus_one",
    "--two-player-money",
    "three_player",
    "--final-ties",
    "bars_won",
    "--offer-duel",
    "--closed-money",
]


@pytest.mark.parametrize("players,spielbox", [(2, True), (3, False), (8, True)])
def test_every_switch_at_once_runs_and_reaches_the_engine(tmp_path, players, spielbox):
    cards, money = _tables(tmp_path)
    policies = [
        "random:no_offer=0.4",
        "greedy:haggle=2",
        "hunter",
        "bigpot:haggle=1",
        "crowd:haggle=2",
        "random",
        "greedy",
        "random:accept=0.1",
    ][:players]
    args = [
        *SWITCHES,
        "--cards-file",
        cards,
        "--money-file",
        money,
        "--players",
        str(players),
        *(["--spielbox"] if spielbox else []),
    ]
    for p in policies:
        args += ["--policy", p]
    data = play_json(*args)
    s = data["settings"]
    settings = R.Settings(
        players=players,
        cards_file=str(cards),
        money_file=str(money),
        three_player_deck="full",
        dropped_bars="random",
        free_card="random",
        leftover="split",
        reshuffle="refill_first",
        furthest="circular",
        duel_tie="reroll",
        one_declines="own_share",
        multi_duel="rolloff",
        many_order="seat",
        bars="players_plus_one",
        two_player_money="three_player",
        final_ties="bars_won",
        offer_duel=True,
        spielbox=spielbox,
        open_money=False,
    )
    assert s == {k: getattr(settings, k) for k in s}
    rounds = -(-sum(c for _, c in settings.money_cards()) // (settings.n_bars + 1))
    assert data["rounds"] == GAMES * rounds
    check_money(data, settings)
    assert counter(data, "calls_without_offer") > 0  # offer_duel: random proposers call duels
    assert counter(data, "duels") > 0 and counter(data, "duels_with_a_caller") == 0  # duel_tie reroll: no caller
    assert counter(data, "knockouts") == 0  # multi_duel rolloff
    assert counter(data, "reshuffles") > 0
    if players == 8:
        assert counter(data, "roll_offs") > 0
    table = invoke([*PLAY, *args, "--quiet"])
    assert_ok(table)
    assert table.stderr == ""


def test_trace_prints_a_whole_game():
    result = invoke(
        ["razzia", "play", "--players", "4", "--seed", "3", "--trace", "2", "--policy", "random", "--policy", "greedy"]
    )
    assert_ok(result)
    out = result.stdout
    lines = out.splitlines()
    assert lines[0] == "Razzia, 4 players, game 2 of seed 3"
    assert lines[1] == "Seats: 0 random, 1 greedy, 2 random, 3 greedy"  # player p sits in seat (p + 2) mod 4
    rounds = [int(m) for m in re.findall(r"^round (\d+): seat \d is the croupier", out, re.M)]
    assert rounds == list(range(1, 13))
    assert re.findall(r"^round \d+: seat (\d)", out, re.M) == [str(r % 4) for r in range(12)]
    assert "(the last round)" in lines[[i for i, t in enumerate(lines) if t.startswith("round 12:")][0]]
    assert out.count(" plays ") == 12 * 4
    assert " proposes " in out and "receives" in out
    end = re.search(r"^end of the game: \$([\d,]+) left at the bars$", out, re.M)
    result_line = lines[-1]
    assert result_line.startswith("Result: ")
    money = [int(x.replace(",", "")) for x in re.findall(r"seat \d \$([\d,]+)", result_line)]
    assert len(money) == 4 and "wins" in result_line
    assert sum(money) + int(end.group(1).replace(",", "")) == R.Settings(players=4).money_total * R.UNIT
    paid = sum(int(x.replace(",", "")) for x in re.findall(r"^  seat \d receives \$([\d,]+)", out, re.M))
    assert paid == sum(money)
    again = invoke(
        ["razzia", "play", "--players", "4", "--seed", "3", "--trace", "2", "--policy", "random", "--policy", "greedy"]
    )
    assert again.stdout == out


def test_out_writes_tables_and_manifest(tmp_path):
    out = tmp_path / "run"
    result = invoke([*PLAY, "--players", "4", "--out", out, "--format", "json"])
    assert_ok(result)
    data = json.loads(result.stdout)
    assert f"written: {out}/" in result.stderr
    files = {p.name for p in out.iterdir()}
    assert {f"{t}.{ext}" for t in TABLES for ext in ("parquet", "csv")} | {"manifest.json"} <= files
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "razzia play" and meta["games"] == GAMES and meta["seed"] == 5
    assert meta["rounds"] == data["rounds"] and meta["settings"] == data["settings"]
    assert meta["lineup"] == data["lineup"] and not meta["duplicate"]
    players = pd.read_parquet(out / "players.parquet")
    assert players.policy.tolist() == [r["policy"] for r in data["players"]]
    assert players.money.tolist() == pytest.approx([r["money"] for r in data["players"]])
    assert players.win_low.tolist() == pytest.approx([r["win_low"] for r in data["players"]])
    assert pd.read_csv(out / "cards.csv").plays.sum() == pd.DataFrame(data["cards"]).plays.sum()
    assert hidden_leftovers(out) == []


def test_police_small_run_writes_tables_figures_and_the_summary(tmp_path):
    out = tmp_path / "police"
    result = invoke(["razzia", "police", "--games", "300", "--players", "3,4", "--seed", "2", "--out", out])
    assert_ok(result)
    text = result.stdout
    assert text.startswith("Razzia police study, 300 games per player count and mix, seed 2")
    for n in (3, 4):
        assert re.search(rf"^{n} players, default mix: a police card wins [\d.]+% \[", text, re.M)
        assert re.search(rf"^{n} players, all hunters: a police card wins", text, re.M)
    assert f"written: {out}/" in text
    files = {p.name for p in out.iterdir()}
    for table in ("cards", "by_value", "by_bucket", "by_others", "policies", "croupier", "haggling"):
        assert {f"{table}.parquet", f"{table}.csv"} <= files, table
    assert any(f.startswith("police_by_pot") and f.endswith(".png") for f in files)
    assert any(f.startswith("money_by_value") and f.endswith(".png") for f in files)
    for png in out.glob("*.png"):
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["kind"] == "razzia police" and meta["players"] == [3, 4] and meta["games"] == 300
    cards = pd.read_parquet(out / "cards.parquet")
    assert set(cards.players) == {3, 4} and {"default mix", "all hunters"} <= set(cards.mix)
    rounds = {3: 15, 4: 12}
    for (n, _), part in cards.groupby(["players", "mix"]):
        assert part.plays.sum() == 300 * rounds[n] * n  # every card played, once
    assert cards[cards.kind == "gambler_police"].won.sum() == 0  # B4
    assert cards[(cards.kind == "police") & (cards.others == 0)].won.sum() == 0  # B3
    by_value = pd.read_parquet(out / "by_value.parquet")
    assert ((by_value.win_low <= by_value.win_rate) & (by_value.win_rate <= by_value.win_high)).all()
    police = by_value[by_value.kind == "police"]
    assert set(police.value) <= {3, 4, 5, 6} and 5 not in set(police[police.players <= 6].value)  # K4: no police 5
    as_json = invoke(["razzia", "police", "--games", "300", "--players", "3,4", "--seed", "2", "--format", "json"])
    assert_ok(as_json)
    assert pd.DataFrame(json.loads(as_json.stdout)["cards"]).plays.sum() == cards.plays.sum()


def _bad_tables(tmp_path):
    (tmp_path / "cards_header.csv").write_text("kind,value\ngambler,1\n")
    (tmp_path / "cards_value.csv").write_text("kind,value,count\ngambler,9,1\n")
    (tmp_path / "cards_count.csv").write_text("kind,value,count\ngambler,2,x\n")
    (tmp_path / "cards_few.csv").write_text("kind,value,count\ngambler,1,1\n")
    (tmp_path / "money_value.csv").write_text("value,count\n7000,3\n")
    (tmp_path / "money_header.csv").write_text("value,number\n5000,3\n")
    (tmp_path / "money_none.csv").write_text("value,count\n5000,0\n")
    (tmp_path / "cards_extra.csv").write_text("kind,value,count\ngambler,1,1,9\n")
    (tmp_path / "money_extra.csv").write_text("value,count\n5000,3,1\n")
    (tmp_path / "cards_latin.csv").write_bytes(b"kind,value,count\ngambler,1,1\npolice,\xe9,1\n")
    (tmp_path / "money_latin.csv").write_bytes(b"value,count\n5000,3\xff\n")
    (tmp_path / "cards_short.csv").write_text("kind,value,count\ngambler,1\n")


BAD = [
    (["--policy", "nosuch"], "unknown razzia policy 'nosuch'"),
    (["--policy", "greedy:nosuch=1"], "no parameter 'nosuch'"),
    (["--policy", "greedy:haggle=5"], "haggle must be in [0, 3]"),
    (["--policy", "hunter:min_prob=1.5"], "min_prob must be in"),
    (["--players", "1"], "2 to 8 players"),
    (["--players", "9"], "2 to 8 players"),
    (
        ["--players", "3", "--policy", "greedy", "--policy", "random", "--policy", "hunter", "--policy", "crowd"],
        "4 policies given for 3 players",
    ),
    (["--games", "0"], "games must be 1 to"),
    (["--seed", "-1"], "seed must be"),
    (["--cards-file", "{tmp}/cards_header.csv"], "header must be kind,value,count"),
    (["--cards-file", "{tmp}/cards_value.csv"], "bad row gambler,9,1"),
    (["--cards-file", "{tmp}/cards_count.csv"], "'x' is not a whole number"),
    (["--cards-file", "{tmp}/cards_few.csv"], "too few for 5 players"),
    (["--cards-file", "{tmp}/missing.csv"], "cannot read it"),
    (["--money-file", "{tmp}/money_value.csv"], "multiple of 5000"),
    (["--money-file", "{tmp}/money_header.csv"], "header must be value,count"),
    (["--money-file", "{tmp}/money_none.csv"], "1 to 255 money cards"),
    (["--cards-file", "{tmp}/cards_extra.csv"], "row 2 has 4 fields, the header 3"),
    (["--money-file", "{tmp}/money_extra.csv"], "row 2 has 3 fields, the header 2"),
    (["--cards-file", "{tmp}/cards_short.csv"], "row 2 has 2 fields, the header 3"),
    (["--cards-file", "{tmp}/cards_latin.csv"], "is not UTF-8 text (byte 36)"),
    (["--money-file", "{tmp}/money_latin.csv"], "is not UTF-8 text (byte 18)"),
    (["--cards-file", "{tmp}"], "cannot read it"),
    (["--duel-tie", "random"], "--duel-tie"),
]


@pytest.mark.parametrize("args,fragment", BAD, ids=[f for _, f in BAD])
def test_bad_play_input_is_one_line_and_writes_nothing(tmp_path, args, fragment):
    inputs = tmp_path / "inputs"
    inputs.mkdir()
    _bad_tables(inputs)
    out = tmp_path / "run"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    before = snapshot(tmp_path)
    args = [a.replace("{tmp}", str(inputs)) for a in args]
    result = invoke(["razzia", "play", "--games", "10", *args, "--out", tmp_path / "new"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert snapshot(tmp_path) == before and not (tmp_path / "new").exists()
    assert hidden_leftovers(tmp_path / "new") == []
    again = invoke(["razzia", "play", "--games", "10", *args, "--out", out])  # an earlier result is not touched
    assert_one_line_error(again.exit_code, again.stdout, again.stderr, fragment)
    assert snapshot(tmp_path) == before


POLICE_BAD = [
    (["--players", "9"], "3 to 8 players"),
    (["--players", "1,3"], "3 to 8 players"),
    (["--players", "3,x"], "--players takes player counts"),
    (["--games", "0"], "games must be 1 to"),
    (["--policy", "nosuch"], "unknown razzia policy"),
    (
        ["--players", "3", "--policy", "greedy", "--policy", "random", "--policy", "hunter", "--policy", "crowd"],
        "4 policies given for 3 players",
    ),
    (
        ["--players", "2,3", "--policy", "greedy", "--policy", "random", "--policy", "hunter"],
        "3 policies given for 2 players",
    ),
    (["--players", "2,4", "--games", "-5"], "games must be 1 to"),
    (["--players", "3," * 50_000 + "x"], "--players takes player counts like 3,4,5; got '3,3,3,"),
]


@pytest.mark.parametrize("args,fragment", POLICE_BAD, ids=[f for _, f in POLICE_BAD])
def test_bad_police_input_is_one_line_and_writes_nothing(tmp_path, args, fragment):
    before = snapshot(tmp_path)
    result = invoke(["razzia", "police", "--games", "10", *args, "--out", tmp_path / "new"])
    assert_one_line_error(result.exit_code, result.stdout, result.stderr, fragment)
    assert snapshot(tmp_path) == before and not (tmp_path / "new").exists()
    assert hidden_leftovers(tmp_path / "new") == []


def test_police_default_mixes_seat_two_players(tmp_path):
    """--players 2 is documented: every default mix seats it (haggling styles: its first two policies)."""
    out = tmp_path / "police"
    result = invoke(["razzia", "police", "--games", "30", "--players", "2,3", "--seed", "4", "--out", out, "--quiet"])
    assert_ok(result)
    assert hidden_leftovers(out) == [] and not (out / ".partial").exists()
    meta = json.loads((out / "manifest.json").read_text())
    assert meta["players"] == [2, 3] and set(meta["mixes"]) == {"default mix", "all hunters", "haggling styles"}
    assert [p.split(":")[0] + ":" + p.split("haggle=")[1][0] for p in meta["mixes"]["haggling styles"]["2"]] == [
        "greedy:3",
        "greedy:1",
    ]
    assert len(meta["mixes"]["haggling styles"]["3"]) == 3 and len(meta["mixes"]["default mix"]["2"]) == 2
    cards = pd.read_parquet(out / "cards.parquet")
    for (n, _), part in cards.groupby(["players", "mix"]):
        assert part.plays.sum() == 30 * {2: 21, 3: 15}[n] * n  # every card played, once


def test_the_help_names_every_switch():
    result = invoke(["razzia", "play", "--help"])
    assert_ok(result)
    for name in R.CHOICES:
        assert f"--{name.replace('_', '-')}" in result.stdout
    for flag in (
        "--offer-duel",
        "--spielbox",
        "--closed-money",
        "--cards-file",
        "--money-file",
        "--duplicate",
        "--trace",
    ):
        assert flag in result.stdout
    assert (ROOT / "seeds" / "razzia" / "cards.csv").exists()


@pytest.mark.parametrize("deck", ["reduced", "full"])
def test_two_player_deck_reaches_the_engine(deck):
    data = play_json("--players", "2", "--two-player-deck", deck)
    settings = R.Settings(players=2, two_player_deck=deck)
    assert data["settings"]["two_player_deck"] == deck and settings.deck_size == {"reduced": 27, "full": 36}[deck]
    check_money(data, settings)
    police = pd.DataFrame(data["cards"]).query("kind == 'police'")
    assert (5 in set(police.value)) == (deck == "full")  # K4: the police 5s are out of the reduced deck only
