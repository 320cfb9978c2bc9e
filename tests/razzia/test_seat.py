"""Razzia's human seat (``analysis/razzia/seat.py``): a scripted person plays whole games; the screen shows only
what the seat may see; the moves are the legal ones with unique keys; typed offers and placements read back;
the outcome is the game's result as the trace and the kernel's counts have it."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator

import numpy as np
import pytest

from razzmatazz.analysis.razzia.game import lineup, trace, trace_result
from razzmatazz.analysis.razzia.seat import LIST_ALL, STYLE, _hand, final, moves, outcome, parse, screen
from razzmatazz.analysis.seat import Session, describe
from razzmatazz.core.errors import InputError
from razzmatazz.core.positions import Position
from razzmatazz.core.razzia import engine as E
from razzmatazz.core.razzia import rules as R
from razzmatazz.core.razzia import state as S
from razzmatazz.core.razzia.policies import REGISTRY

MIX = ["greedy", "hunter", "bigpot", "crowd", "random", "greedy:haggle=0", "random", "hunter:min_prob=0.2"]
SETTINGS = {
    "4p": R.Settings(players=4),
    "3p-closed": R.Settings(players=3, open_money=False),
    "5p-spielbox-offer-duel": R.Settings(players=5, spielbox=True, offer_duel=True),
    "7p-bars-won": R.Settings(players=7, final_ties="bars_won", leftover="split"),
}
SEED = 5


def _job(settings: R.Settings, texts: list[str] | None = None) -> E.GameJob:
    n = settings.players
    return E.GameJob(settings, lineup(texts or MIX[:n], n), SEED, 1, False, None)


def _names(n: int, seat: int) -> list[str]:
    return [f"seat {s + 1} ({'you' if s == seat else 'bot'})" for s in range(n)]


def _decisions(job: E.GameJob, games: range) -> Iterator[tuple[int, Position]]:
    """Every decision of the given games (the game and the position before the actor's move)."""
    for g in games:
        p = Position.begin(S, job, g)
        while not p.over():
            yield g, p
            p.step()


QUESTION = re.compile(r"^(your move:|you are the croupier|your offer divides|accept, or duel)", re.M)


def _first_key(text: str) -> str:
    """The first key listed after the last question shown."""
    start = list(QUESTION.finditer(text))[-1].end()
    return re.search(r"\[(\w+)\]", text[start:]).group(1)


def test_a_scripted_person_plays_a_whole_game_and_quits():
    job = _job(SETTINGS["4p"], ["greedy", "hunter", "crowd", "bigpot"])
    out = io.StringIO()
    script = iter(["zz", "?"])

    def read(prompt: str) -> str:
        text = out.getvalue()
        if "score:" in text:
            return "q"  # the first decision of the second game
        nxt = next(script, None)
        if nxt is not None:
            return nxt
        return _first_key(text)

    session = Session(STYLE, job, 1, REGISTRY, None, samples=3, out=out, read=read)
    results = session.run(3)
    text = out.getvalue()
    assert len(results) == 1
    assert "'zz' is not a move here: type 1, 2, 3, 4, 5, ? for advice or q to quit" in text  # no offer hint here
    assert "hunter would play: " in text and "estimates (3 rollouts a move" in text
    assert "game over: " in text and "the cards you did not see:" in text and "never dealt (" in text
    assert "score: 1 game, dollars " in text and "session over: 1 game" in text
    assert text.count("=== game ") == 2
    payoff, win = results[0]
    assert f"{session.names(0)[1]}: ${int(payoff):,} from " in text


def test_a_person_types_offers_and_spielbox_placements():
    job = _job(R.Settings(players=4, spielbox=True), ["random"])
    out, log = io.StringIO(), io.StringIO()

    def read(prompt: str) -> str:
        text = out.getvalue()
        last = text[text.rfind("--- round") :]
        typed = re.search(r"type one, e\.g\. (\S+) \(the rest", last) or re.search(r"order, e\.g\. ([\d ]+)\n", last)
        if typed:  # the screen's own example of a typed offer or placement
            return typed.group(1)
        return _first_key(text)

    results = Session(STYLE, job, 3, REGISTRY, None, out=out, read=read, log=log).run(1)
    text = out.getvalue()
    rows = [json.loads(line) for line in log.getvalue().splitlines()]
    offers, placements = text.count("your offer divides"), text.count("in this order, e.g.")
    assert len(results) == 1 and offers >= 3 and placements >= 3 and "not a move" not in text
    assert sum(" gets $" in r["label"] for r in rows) >= offers  # the typed share, in words
    example = sum(b << (3 * i) for i, b in enumerate([0, 1, 2, 3, 4, 5, 0]))  # 1 2 3 4 5 6 1
    assert sum(r["move"] == example for r in rows) == placements


def _replayed(job: E.GameJob, seat: int, moves: list[int], names: list[str]) -> tuple[list[list[str]], dict]:
    """Game 0 with ``seat`` making ``moves``: each round's played cards as 'seat N (...) CARD' texts (the card
    that left each hand), and how many offers and answers the other seats made."""
    p, mine = Position.begin(S, job, 0), iter(moves)
    rounds: list[list[str]] = []
    made = {R.K_OFFER: 0, R.K_ANSWER: 0}
    while not p.over():
        actor = p.actor()
        kind, r = int(p.view(actor)[R.V_KIND]), int(p.pos[R.ST_ROUND])
        hand = set(_hand(p.pos, actor))
        if actor == seat:
            p.apply(next(mine))
        else:
            p.step()
            made[kind] = made.get(kind, 0) + 1
        if kind == R.K_PLAY:
            while len(rounds) <= r:
                rounds.append([])
            gone = hand - set(_hand(p.pos, actor))
            rounds[r] += [f"{names[actor]} {R.card_name(c)}" for c in gone]
    return rounds, made


@pytest.mark.parametrize("name", ["4p", "3p-closed", "5p-spielbox-offer-duel"])
def test_every_round_s_turned_cards_and_the_others_haggles_are_shown(name):
    """Issue 42: the session prints each round's cards as they are turned over, every other seat's offer and
    answer, and the money taken, also in rounds where the person had nothing to decide after the reveal. The
    oracle replays the person's logged moves and reads each round's cards as the cards that left the hands."""
    settings = SETTINGS[name]
    job, seat = _job(settings), 1
    out, log = io.StringIO(), io.StringIO()
    read = lambda prompt: _first_key(out.getvalue())  # noqa: E731
    session = Session(STYLE, job, seat, REGISTRY, None, out=out, read=read, log=log, seed_shown=False)
    session.run(1)
    text = out.getvalue()
    rounds, made = _replayed(
        job, seat, [json.loads(line)["move"] for line in log.getvalue().splitlines()], session.names(0)
    )
    reveals = re.findall(r"^round (\d+), the cards turned over: (.*)$", text, re.M)
    bot = "(" + "|".join(re.escape(x) for x in session.names(0) if "(you)" not in x) + ")"
    assert len(reveals) == len(rounds) >= 3
    for r, (number, cards) in enumerate(reveals):
        assert int(number) == r + 1 and sorted(cards.split(", ")) == sorted(rounds[r])
    assert len(re.findall(rf"^{bot} offers at ", text, re.M)) == made[R.K_OFFER]
    assert len(re.findall(rf"^{bot} (accepts|duels seat \d \([^)]+\)) at ", text, re.M)) == made[R.K_ANSWER]
    assert made[R.K_OFFER] + made[R.K_ANSWER] > 0
    taken = re.findall(r"^seat 2 \(you\) take \$([\d,]+)$", text, re.M)
    if settings.leftover == "unclaimed":
        assert sum(int(t.replace(",", "")) for t in taken) == session.results[0][0]
    if not settings.open_money:
        assert not re.search(rf"^{bot} takes ", text, re.M), "the others' money is hidden"


def _hidden_cards(p: Position, seat: int) -> np.ndarray:
    """What ``seat`` cannot see: the other hands, the stock and the cards face down."""
    pos = p.pos.copy()
    for j in range(R.HAND):
        pos[R.ST_HAND + seat * R.HAND + j] = -2
    hands = pos[R.ST_HAND : R.ST_HAND + R.MAX_PLAYERS * R.HAND]
    table = pos[R.ST_TABLE : R.ST_TABLE + R.MAX_PLAYERS] * (1 - pos[R.ST_REVEALED])
    stock = pos[E.W_STOCK + pos[E.W_POS] : E.W_STOCK + pos[E.W_POS] + pos[E.W_POS + 1]]
    return np.concatenate([hands, table, stock])


@pytest.mark.parametrize("name", list(SETTINGS))
def test_the_screen_shows_only_what_the_seat_may_see(name):
    job = _job(SETTINGS[name])
    n = SETTINGS[name].players
    checked = differ = 0
    for i, (g, p) in enumerate(_decisions(job, range(2))):
        if i % 3:
            continue
        seat = p.actor()
        names = _names(n, seat)
        shown, listed = screen(p, seat, names), moves(p, seat, p.legal())
        truth = _hidden_cards(p, seat)
        draws = [p.determinize(seat, 1000 + g, d) for d in range(3)]
        for q in draws:
            assert q.actor() == seat
            assert screen(q, seat, names) == shown, (name, g, i)
            assert moves(q, seat, q.legal()) == listed
        differ += any(not np.array_equal(_hidden_cards(q, seat), truth) for q in draws)
        if not SETTINGS[name].open_money:  # the others' winnings are settled in public but not shown (R9)
            q = p.copy()
            q.pos[R.ST_WON : R.ST_WON + n] += [7 * (s != seat) for s in range(n)]
            assert screen(q, seat, names) == shown and "the others' are hidden" in shown
        checked += 1
    assert checked > 20 and differ == checked  # every decision had draws whose hidden cards differ


def _typed_division(p: Position, seat: int, code: int, cards: bool) -> str:
    """Offer ``code`` as a person types it: each other contestant's dollars (or its cards, ``+``), the division
    read from the engine."""
    v = p.view(seat)
    w = np.zeros(E.W_CTRL + E.N_CTRL, np.int64)
    w[: R.VIEW_LEN] = v
    w[E.W_BAR], w[E.W_PROPOSER], w[E.W_CONTEST] = v[R.V_BAR], v[R.V_PROPOSER], v[R.V_CONTEST]
    w[E.W_K] = bin(int(v[R.V_CONTEST])).count("1")
    E.offer_division(w, code)
    div = w[R.V_OFFER : R.V_OFFER + E.NSD].reshape(R.MAX_PLAYERS, R.MAX_DENOMS)
    denoms = v[R.ST_DENOM : R.ST_DENOM + v[R.ST_NDENOM]] * R.UNIT
    parts = []
    for s in range(int(v[R.ST_PLAYERS])):
        if s == seat or not v[R.V_CONTEST] >> s & 1:
            continue
        got = [int(d) for d, c in zip(denoms, div[s]) for _ in range(c)]
        parts.append(f"{s + 1}:" + ("+".join(map(str, got)) if cards and got else str(sum(got))))
    return " ".join(parts)


def _amounts(p: Position, seat: int, code: int) -> list[int]:
    """The other contestants' dollars in offer ``code``."""
    return [int(x) for x in re.findall(r"\d+", _typed_division(p, seat, code, False))]


@pytest.mark.parametrize("name", list(SETTINGS))
def test_moves_are_the_legal_ones_and_typed_moves_read_back(name):
    job = _job(SETTINGS[name])
    rng = np.random.default_rng(7)
    kinds = set()
    for _, p in _decisions(job, range(3)):
        seat, legal = p.actor(), p.legal()
        kind = int(p.view(seat)[R.V_KIND])
        kinds.add(kind)
        listed = moves(p, seat, legal)
        keys = [m.key for m in listed]
        assert len(set(keys)) == len(keys) and all(re.fullmatch(r"[a-z0-9]+", k) for k in keys)
        assert {m.code for m in listed} <= set(legal.tolist()) and listed
        if kind in (R.K_PLAY, R.K_FREE, R.K_ANSWER) or len(legal) <= LIST_ALL:
            assert sorted(m.code for m in listed) == sorted(legal.tolist())
        for m in listed:
            assert describe(STYLE, p, seat, m.code) == m.label
        for code in rng.choice(legal, min(4, len(legal)), replace=False).tolist():
            assert describe(STYLE, p, seat, code) != str(code)  # every legal move has words
            if kind == R.K_OFFER and code != R.NO_OFFER:
                assert parse(p, seat, _typed_division(p, seat, code, True), legal) == code
                typed = parse(p, seat, _typed_division(p, seat, code, False), legal)
                assert typed in legal and _amounts(p, seat, typed) == _amounts(p, seat, code)
            if kind == R.K_ALL:
                digits = [str(((code >> (3 * i)) & 7) + 1) for i in range(p.view(seat)[R.V_NDRAWN])]
                assert parse(p, seat, " ".join(digits), legal) == code
                assert parse(p, seat, "".join(digits), legal) == code
        for m in listed:
            if kind == R.K_OFFER and m.key.isalpha():  # a named key also reads as typed text
                assert parse(p, seat, m.key.upper(), legal) == m.code
        if kind == R.K_ANSWER:
            assert [parse(p, seat, t, legal) for t in ("1", "Duel")] == [R.ACCEPT, R.DUEL]
        assert parse(p, seat, "hello", legal) is None
    assert {R.K_PLAY, R.K_OFFER, R.K_ANSWER, R.K_ALL if SETTINGS[name].spielbox else R.K_FREE} <= kinds


def _first(job: E.GameJob, kind: int) -> Position:
    return next(p for _, p in _decisions(job, range(20)) if p.view(p.actor())[R.V_KIND] == kind)


def test_malformed_offers_and_placements_get_a_one_line_hint():
    p = _first(_job(SETTINGS["4p"], ["random"]), R.K_OFFER)
    seat, legal = p.actor(), p.legal()
    v = p.view(seat)
    other = next(s for s in range(4) if s != seat and v[R.V_CONTEST] >> s & 1)
    outsider = next((s for s in range(4) if not v[R.V_CONTEST] >> s & 1), None)
    bad = [f"{other + 1}:7000", f"{other + 1}:abc", "x:5000", f"{seat + 1}:5000", "9:5000", f"{other + 1}:1000000"]
    bad += [f"{other + 1}:5000 {other + 1}:5000"] + ([f"{outsider + 1}:5000"] if outsider is not None else [])
    for text in bad:
        with pytest.raises(InputError) as e:
            parse(p, seat, text, legal)
        assert "\n" not in str(e.value) and str(e.value), text
    assert parse(p, seat, f"{other + 1}:0", legal) == 0  # nothing to the other: all kept
    q = _first(_job(R.Settings(players=4, spielbox=True), ["random"]), R.K_ALL)
    for text in ("1 2 3", "1 2 3 4 5 6 9", "1 1 1 1 1 1 1", "12345"):
        with pytest.raises(InputError):
            parse(q, q.actor(), text, q.legal())


@pytest.mark.parametrize("name", list(SETTINGS))
def test_the_outcome_is_the_games_result(name):
    settings = SETTINGS[name]
    job = _job(settings)
    n = settings.players
    for g in range(4):
        p = Position.begin(S, job, g).playout()
        counts = E.view(p.tally(), n)["seat"]
        results = trace(settings, job.lineup, SEED, g).results
        wins = 0.0
        for s in range(n):
            payoff, win = outcome(p, s)
            expect = trace_result(results[s])
            assert (payoff, win) == (expect["payoff"], expect["win"])
            assert payoff == counts[s, E.P_MONEY] * R.UNIT and win == counts[s, E.P_WIN] / E.WIN
            wins += win
        assert wins == pytest.approx(1.0)
        text = final(p, 0, _names(n, 0))
        for s in range(1, n):  # every other hand is shown
            hand = [int(c) for c in p.pos[R.ST_HAND + s * R.HAND : R.ST_HAND + (s + 1) * R.HAND] if c >= 0]
            assert all(R.BAR_NAMES[R.card_bar(c)] in text.splitlines()[n + 2 + s] for c in hand)
