"""A person's seat at the Riffifi table (``analysis/riffifi/seat.py``, issue 28).

- A scripted person plays whole games through :class:`Session`: a wrong key gets a hint, ``?`` advice, typed
  words are read, the game ends with the result, the hidden cards and the score; ``q`` ends the session.
- The screen and the moves are the same in every position the seat cannot tell from the true one
  (:meth:`Position.determinize`), while the hidden cards differ: they show nothing the seat may not see.
- ``moves`` lists exactly the legal moves with unique keys; ``parse`` reads every move typed in words.
- ``outcome`` is the trace's and the kernel's result; the hands replayed from the deal stream are the game's.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator

import numpy as np
import pytest

from razzmatazz.analysis.riffifi import seat as RS
from razzmatazz.analysis.riffifi.game import lineup, trace
from razzmatazz.analysis.seat import Session, describe
from razzmatazz.core.errors import InputError
from razzmatazz.core.positions import Position
from razzmatazz.core.riffifi import engine as E
from razzmatazz.core.riffifi import rules as R
from razzmatazz.core.riffifi import state as S
from razzmatazz.core.riffifi.policies import REGISTRY

SEED = 5
SETTINGS = {
    "default": R.Settings(),
    "three-officer": R.Settings(players=3, officer=True),
    "five-stay": R.Settings(players=5, officer=True, after_claim="stay", reveal_own=True),
    "ticks-reshuffle": R.Settings(scoring="ticks", passing="reshuffle"),
}
MIX = ("expect", "undercut", "lowest", "thief", "random")


def job_of(settings: R.Settings) -> E.GameJob:
    """A run of the built-in mix, built as ``analysis/riffifi/game.py`` builds its jobs."""
    policies = lineup(MIX[: settings.players], settings.players)
    return E.GameJob(settings, policies, SEED, 1, False, None)


def names_of(job: E.GameJob, seat: int, g: int) -> list[str]:
    n = len(job.lineup)
    return [f"seat {s + 1} ({'you' if s == seat else job.lineup[(s - g) % n].label})" for s in range(n)]


def decisions(job: E.GameJob, g: int) -> Iterator[Position]:
    """Every decision of game ``g`` played by the lineup (the position before the move; then it is played)."""
    p = Position.begin(S, job, g)
    while not p.over():
        yield p
        p.step()


def finished(job: E.GameJob, g: int) -> Position:
    p = Position.begin(S, job, g)
    return p.playout()


# --- a scripted person ---------------------------------------------------------------------------


def scripted(out: io.StringIO, script: list[str]):
    """A ``read`` that answers ``script`` first, then the first key listed (the card's words every third time)."""
    answers = iter(script)
    asked = [0]

    def read(prompt: str) -> str:
        for text in answers:
            return text
        asked[0] += 1
        line = [x for x in out.getvalue().splitlines() if x.startswith("  [")][-1]
        key, label = re.match(r"  \[(\w+)\] (.+?)(?:   \[|$)", line).groups()
        words = label.split(" (")[0]
        return words if asked[0] % 3 == 0 and words.split()[0] in R.COLOURS else key

    return read


def test_a_scripted_person_plays_a_whole_game():
    out = io.StringIO()
    job = job_of(SETTINGS["default"])
    read = scripted(out, ["zz", "?", "blue 9", "? lowest", "hello"])
    log = io.StringIO()
    session = Session(RS.STYLE, job, 1, REGISTRY, samples=3, out=out, read=read, log=log)
    results = session.run(1)
    text = out.getvalue()
    rows = [json.loads(line) for line in log.getvalue().splitlines()]
    assert len(rows) == text.count("your decision") and {r["seat"] for r in rows} == {1}
    assert "'zz' is not a move here: type " in text and RS.TYPING_HINT in text
    assert "'hello' is not a move here" in text
    assert "unknown card 'blue 9'" in text
    assert "undercut would play: " in text and "lowest would play: " in text
    assert "estimates (3 rollouts a move" in text and ": win " in text
    assert "your hand: " in text and "claims due, in turn order: " in text
    assert "game over after 4 deals: won by " in text
    assert "the hands dealt in deal 1 (passed left after each deal, through deal 4):" in text
    assert "score: 1 game, chips " in text and "session over: 1 game, chips " in text
    assert len(results) == 1
    pay, win = results[0]
    assert re.search(rf"^  seat 2 \(you\) +{int(pay)} chips \(", text, re.M)
    assert 0 <= win <= 1


def test_q_ends_the_session_with_its_summary():
    out = io.StringIO()
    job = job_of(SETTINGS["three-officer"])
    session = Session(RS.STYLE, job, 0, REGISTRY, samples=2, out=out, read=scripted(out, ["q"]))
    assert session.run(3) == []
    assert out.getvalue().rstrip().endswith("session over: no game finished")

    def eof(prompt: str) -> str:
        raise EOFError

    out = io.StringIO()
    first = scripted(out, [])
    games = [0]

    def read(prompt: str) -> str:  # the first game played out, then the end of input
        return first(prompt) if games[0] == 0 else eof(prompt)

    session = Session(RS.STYLE, job, 2, REGISTRY, samples=2, out=out, read=read)
    session.on_game = lambda p, g, names: games.__setitem__(0, games[0] + 1)
    assert len(session.run(3)) == 1
    assert "session over: 1 game, chips " in out.getvalue()


# --- nothing hidden on the screen ----------------------------------------------------------------


def hidden(p: Position, seat: int) -> list[int]:
    """What ``seat`` may not see: the other hands and their cards set aside unseen."""
    public = int(p.pos[R.ST_PUBLIC])
    n = int(p.ro[0][R.C_PLAYERS])
    return [int(p.pos[R.ST_HAND + o]) | (int(p.pos[R.ST_PLAYED + o]) & ~public) for o in range(n) if o != seat]


@pytest.mark.parametrize("name", list(SETTINGS))
def test_the_screen_shows_only_what_the_seat_may_see(name):
    job = job_of(SETTINGS[name])
    checked, differ = np.zeros(2, int), np.zeros(2, int)  # in the first deal, in the later deals
    for g in range(3):
        for i, p in enumerate(decisions(job, g)):
            if i % 9:
                continue
            seat = p.actor()
            names = names_of(job, seat, g)
            want = RS.screen(p, seat, names)
            want_moves = RS.moves(p, seat, p.legal())
            for key in range(4):
                q = p.determinize(seat, 1000 + key, i)
                assert RS.screen(q, seat, names) == want, (name, g, i, key)
                assert RS.moves(q, seat, q.legal()) == want_moves
                later = int(p.pos[R.ST_DEAL] > 0)
                differ[later] += hidden(q, seat) != hidden(p, seat)
                checked[later] += 1
    # the screens were the same while the hidden cards changed; with hands passed, a later deal's hands are
    # known but for the cards set aside unseen (none with reveal_own), and few draws differ
    assert checked.min() > 10
    assert differ[0] > checked[0] * 3 // 4
    assert differ[1] > (checked[1] // 2 if job.settings.passing == "reshuffle" else -1)


# --- the moves -----------------------------------------------------------------------------------


def typed(kind: int, code: int) -> list[str]:
    """A move in words, as a person may type it."""
    if kind == R.K_PLAY:
        return ["officer", "the Officer"] if code == R.OFFICER else [R.card_name(code), R.card_name(code).upper()]
    if kind == R.K_TARGET:
        return ["none", "nothing"] if code == R.NO_TARGET else [R.COLOURS[code]]
    return [f"seat {code + 1}", str(code + 1)]


@pytest.mark.parametrize("name", list(SETTINGS))
def test_moves_are_exactly_the_legal_moves_and_parse_reads_them(name):
    job = job_of(SETTINGS[name])
    kinds = set()
    for g in range(3):
        for p in decisions(job, g):
            seat, legal = p.actor(), p.legal()
            kind = int(p.view(seat)[R.V_KIND])
            kinds.add(kind)
            listed = RS.moves(p, seat, legal)
            assert sorted(m.code for m in listed) == sorted(legal.tolist())
            keys = [m.key for m in listed]
            assert len(set(keys)) == len(keys)
            assert all(re.fullmatch(r"[a-z0-9]+", k) and k not in ("q", "quit", "exit") for k in keys)
            for m in listed:
                assert describe(RS.STYLE, p, seat, m.code) == m.label
                for text in typed(kind, m.code):
                    assert RS.parse(p, seat, text, legal) == m.code, (text, m)
            assert RS.parse(p, seat, "hello there", legal) is None
            bad = {R.K_PLAY: "blue 9", R.K_TARGET: None, R.K_SPLIT: "seat 9"}[kind]
            if bad is not None:
                with pytest.raises(InputError):
                    RS.parse(p, seat, bad, legal)
    want = {R.K_PLAY} | ({R.K_TARGET} if job.settings.officer else set())
    assert want <= kinds


def test_every_kind_of_decision_is_met():
    kinds = set()
    for name in ("default", "three-officer"):
        job = job_of(SETTINGS[name])
        for g in range(6):
            kinds |= {int(p.view(p.actor())[R.V_KIND]) for p in decisions(job, g)}
    assert kinds == {R.K_PLAY, R.K_TARGET, R.K_SPLIT}


# --- the end of a game ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", list(SETTINGS))
def test_outcome_is_the_traces_and_the_kernels_result(name):
    settings = SETTINGS[name]
    job = job_of(settings)
    n = settings.players
    for g in range(4):
        p = finished(job, g)
        results = trace(settings, job.lineup, SEED, g).seat_results()
        counts = p.tally()
        base = n * E.N_PFIELDS  # the per-seat counts
        wins = 0.0
        for s in range(n):
            pay, win = RS.outcome(p, s)
            assert (pay, win) == (results[s]["payoff"], results[s]["win"])
            assert pay == counts[base + s * E.N_PFIELDS + E.P_SCORE]
            assert win == counts[base + s * E.N_PFIELDS + E.P_WIN] / E.WIN
            wins += win
        assert wins == pytest.approx(1.0)


@pytest.mark.parametrize("name", list(SETTINGS))
def test_the_hands_replayed_from_the_deal_stream_are_the_games(name):
    settings = SETTINGS[name]
    job = job_of(settings)
    n = settings.players
    for g in range(3):
        p = finished(job, g)
        deals = RS.fresh_deals(p)
        last = int(p.pos[R.ST_DEAL])
        d, hands = deals[-1]
        assert np.array_equal(hands, p.pos[E.PS_DEALT : E.PS_DEALT + n])
        k = (last - d) if settings.passing == "pass" else 0
        for s in range(n):
            assert int(p.pos[R.ST_HAND + s]) | int(p.pos[R.ST_PLAYED + s]) == hands[(s - k) % n]
        first = Position.begin(S, job, g)
        for s in range(n):  # the first deal's hands as the game began
            assert deals[0][1][s] == int(first.pos[R.ST_HAND + s])
        names = names_of(job, 0, g)
        text = RS.final(p, 0, names)
        assert text.startswith(f"game over after {last + 1} deals: won by ")
        for _, hands in deals:
            for s in range(n):
                line = rf"^  {re.escape(names[s])} +{re.escape(RS.cards_text(int(hands[s])))}$"
                assert re.search(line, text, re.M), (names[s], text)


def test_memory_of_passed_hands_in_later_deals():
    """Deals 1-3 at 4 players (G1 pass): the seat's view holds the whole hands it held before (its V_ROUND left
    neighbours) and only the shown cards of the others; built-in policies answer the live state as the view. Here
    rather than in test_hidden.py: this file compiles the Riffifi positions anyway (a few minutes cold)."""
    from razzmatazz.core.riffifi import policies as P

    settings = R.Settings(players=4)
    job = E.GameJob(settings, lineup(["recall", "expect", "thief", "recall"], 4), 3, 4)
    seen = 0
    for g in range(4):
        p = Position.begin(S, job, g)
        while not p.over():
            s, pos = p.actor(), p.pos
            if pos[R.V_KIND] == R.K_PLAY and pos[R.ST_DEAL] > 0:
                view = p.view(s)
                k = pos[R.ST_DEAL] % 4
                assert view[R.V_ROUND] == k
                for o in range(4):
                    whole = int(pos[R.ST_HAND + o] | pos[R.ST_PLAYED + o])
                    known = int(view[R.V_KNOWN + o])
                    assert known & ~whole == 0, "memory names only cards of that hand"
                    if o != s and (o - s) % 4 <= k:
                        assert known == whole
                    elif o != s:
                        assert known == int(pos[E.PS_SHOWN + (o - k) % 4])
                live = pos[: R.VIEW_LEN].copy()
                for spec in P.REGISTRY:
                    if spec.name != "search":
                        state = np.uint64(7)
                        assert P.decide(spec.id, spec.defaults(), view, state) == P.decide(
                            spec.id, spec.defaults(), live, state
                        ), spec.name
                seen += 1
            p.step()
    assert seen > 100
