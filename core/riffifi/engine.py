"""The Riffifi engine's facade: every name of the engine, re-exported from the modules that do each job.

The engine plays whole games between policies and sums what happened. It was one module; it is now split by
job, and this module only re-exports their names (``from razzmatazz.core.riffifi import engine as E`` then
``E.<name>`` works as before, the private names :mod:`.fast`, :mod:`.search`, :mod:`.state` and the tests use
included):

* :mod:`.layout`: the counts vector (:func:`~.layout.layout`, :func:`~.layout.blocks`, ``count_offsets``,
  ``view``, the ``P_*``, ``G_*``, ``T_*`` fields, ``WIN``), a game's results ``H_*``, the position a game lives
  in (the ``PS_*`` fields, ``POS_LEN``, the phases ``PH_*``, ``results``, ``_workspace``) and ``LOG_PER_DEAL``.
* :mod:`.flow`: a whole game, decision by decision: the deal (``deal_hands``, ``as_one``), asking a seat and
  repairing its answer (``_answer``, ``repair``, ``_legal_card``), turns, claims and deals (``_open_turn``,
  ``_close_turn``, ``_collect``, ``_split``, ``_end_orbit``, ``_open_deal``, ``_close_deal``), ``apply_move``,
  ``take_turn``, ``decide_and_apply``, ``play_move``, ``begin_game``, ``play_game``, the end of a game
  (``count_game``, ``tick_deal``, ``_share_win``, ``_ticks_cap_win``); ``seat_policies`` (from
  :mod:`razzmatazz.core.harness`).
* :mod:`.kernels`: the play and trace kernels (``play_games``, ``play_games_with``,
  ``_play_games_by``, ``trace_game``, ``trace_game_with``, ``_trace_by``, ``_trace_begin``,
  ``_tally``, ``tally_game``, ``tally_block``) and ``first_deal`` (for tests).
* :mod:`.job`: the batch runner's :class:`~.job.GameJob`, its kernels' arguments ``Args`` and its lanes.

:func:`play_game` plays one game (rules C1-G6 of ``seeds/riffifi.md``, moves in :mod:`.rules`) from decision to
decision: a game in progress is one int64 array ``pos``, :func:`begin_game` sets it up to its first decision,
and :func:`decide_and_apply` asks the seat to move and plays on to the next decision; :mod:`.state` offers these
as the decision-point interface of ``core/positions.py``. :func:`play_games` plays games ``start..stop-1`` of a
run and returns integer sums (their layout: :mod:`.layout`); :class:`GameJob` is what the batch runner runs.
Game ``g`` deals from stream ``riffifi/deal`` game ``g`` (``g // N`` with duplicate deals) and seats player
``p`` in seat ``(p + g) mod N`` (G6).
"""

from __future__ import annotations

from razzmatazz.core.harness import seat_policies as seat_policies
from razzmatazz.core.riffifi import policies as policies
from razzmatazz.core.riffifi import rules as R  # noqa: F401  (re-exported: E.R)
from razzmatazz.core.riffifi.flow import _answer as _answer
from razzmatazz.core.riffifi.flow import _close_deal as _close_deal
from razzmatazz.core.riffifi.flow import _close_turn as _close_turn
from razzmatazz.core.riffifi.flow import _collect as _collect
from razzmatazz.core.riffifi.flow import _count_claim as _count_claim
from razzmatazz.core.riffifi.flow import _end_orbit as _end_orbit
from razzmatazz.core.riffifi.flow import _legal_card as _legal_card
from razzmatazz.core.riffifi.flow import _open_deal as _open_deal
from razzmatazz.core.riffifi.flow import _open_turn as _open_turn
from razzmatazz.core.riffifi.flow import _popcount as _popcount
from razzmatazz.core.riffifi.flow import _share_win as _share_win
from razzmatazz.core.riffifi.flow import _split as _split
from razzmatazz.core.riffifi.flow import _ticks_cap_win as _ticks_cap_win
from razzmatazz.core.riffifi.flow import apply_move as apply_move
from razzmatazz.core.riffifi.flow import as_one as as_one
from razzmatazz.core.riffifi.flow import begin_game as begin_game
from razzmatazz.core.riffifi.flow import count_game as count_game
from razzmatazz.core.riffifi.flow import deal_hands as deal_hands
from razzmatazz.core.riffifi.flow import decide_and_apply as decide_and_apply
from razzmatazz.core.riffifi.flow import play_game as play_game
from razzmatazz.core.riffifi.flow import play_move as play_move
from razzmatazz.core.riffifi.flow import repair as repair
from razzmatazz.core.riffifi.flow import take_turn as take_turn
from razzmatazz.core.riffifi.flow import tick_deal as tick_deal
from razzmatazz.core.riffifi.job import Args as Args
from razzmatazz.core.riffifi.job import GameJob as GameJob
from razzmatazz.core.riffifi.job import _builtin_run as _builtin_run
from razzmatazz.core.riffifi.job import _builtin_trace as _builtin_trace
from razzmatazz.core.riffifi.job import _fast_run as _fast_run
from razzmatazz.core.riffifi.job import _fast_takes as _fast_takes
from razzmatazz.core.riffifi.job import _plugin_run as _plugin_run
from razzmatazz.core.riffifi.job import _plugin_trace as _plugin_trace
from razzmatazz.core.riffifi.job import _search_run as _search_run
from razzmatazz.core.riffifi.job import _search_trace as _search_trace
from razzmatazz.core.riffifi.kernels import _play_games_by as _play_games_by
from razzmatazz.core.riffifi.kernels import _tally as _tally
from razzmatazz.core.riffifi.kernels import _trace_begin as _trace_begin
from razzmatazz.core.riffifi.kernels import _trace_by as _trace_by
from razzmatazz.core.riffifi.kernels import first_deal as first_deal
from razzmatazz.core.riffifi.kernels import play_games as play_games
from razzmatazz.core.riffifi.kernels import play_games_with as play_games_with
from razzmatazz.core.riffifi.kernels import tally_block as tally_block
from razzmatazz.core.riffifi.kernels import tally_game as tally_game
from razzmatazz.core.riffifi.kernels import trace_game as trace_game
from razzmatazz.core.riffifi.kernels import trace_game_with as trace_game_with
from razzmatazz.core.riffifi.layout import G_ASIDE as G_ASIDE
from razzmatazz.core.riffifi.layout import G_BLOCKS as G_BLOCKS
from razzmatazz.core.riffifi.layout import G_DEALS as G_DEALS
from razzmatazz.core.riffifi.layout import G_GAMES as G_GAMES
from razzmatazz.core.riffifi.layout import G_LAPSED as G_LAPSED
from razzmatazz.core.riffifi.layout import G_MIDDLE as G_MIDDLE
from razzmatazz.core.riffifi.layout import G_OFFICER_DEALS as G_OFFICER_DEALS
from razzmatazz.core.riffifi.layout import G_OFFICER_HITS as G_OFFICER_HITS
from razzmatazz.core.riffifi.layout import G_OFFICER_SQ as G_OFFICER_SQ
from razzmatazz.core.riffifi.layout import G_OFFICER_SUM as G_OFFICER_SUM
from razzmatazz.core.riffifi.layout import G_REDEALS as G_REDEALS
from razzmatazz.core.riffifi.layout import G_UNDERCUTS as G_UNDERCUTS
from razzmatazz.core.riffifi.layout import H_CHIPS as H_CHIPS
from razzmatazz.core.riffifi.layout import H_SCORE as H_SCORE
from razzmatazz.core.riffifi.layout import H_TICKS as H_TICKS
from razzmatazz.core.riffifi.layout import H_WIN as H_WIN
from razzmatazz.core.riffifi.layout import LOG_PER_DEAL as LOG_PER_DEAL
from razzmatazz.core.riffifi.layout import N_GFIELDS as N_GFIELDS
from razzmatazz.core.riffifi.layout import N_PFIELDS as N_PFIELDS
from razzmatazz.core.riffifi.layout import N_POSFIELDS as N_POSFIELDS
from razzmatazz.core.riffifi.layout import N_RES as N_RES
from razzmatazz.core.riffifi.layout import N_TABLE as N_TABLE
from razzmatazz.core.riffifi.layout import ORBITS as ORBITS
from razzmatazz.core.riffifi.layout import P_CHIPS as P_CHIPS
from razzmatazz.core.riffifi.layout import P_GAMES as P_GAMES
from razzmatazz.core.riffifi.layout import P_SCORE as P_SCORE
from razzmatazz.core.riffifi.layout import P_SCORE2 as P_SCORE2
from razzmatazz.core.riffifi.layout import P_TICKS as P_TICKS
from razzmatazz.core.riffifi.layout import P_WIN as P_WIN
from razzmatazz.core.riffifi.layout import P_WIN2 as P_WIN2
from razzmatazz.core.riffifi.layout import PH_END as PH_END
from razzmatazz.core.riffifi.layout import PH_OVER as PH_OVER
from razzmatazz.core.riffifi.layout import PH_TURN as PH_TURN
from razzmatazz.core.riffifi.layout import POS_LEN as POS_LEN
from razzmatazz.core.riffifi.layout import PS_ASIDE_ORBIT as PS_ASIDE_ORBIT
from razzmatazz.core.riffifi.layout import PS_BEFORE as PS_BEFORE
from razzmatazz.core.riffifi.layout import PS_CLAIM_ORBIT as PS_CLAIM_ORBIT
from razzmatazz.core.riffifi.layout import PS_DEAL_RNG as PS_DEAL_RNG
from razzmatazz.core.riffifi.layout import PS_DEALT as PS_DEALT
from razzmatazz.core.riffifi.layout import PS_DECK as PS_DECK
from razzmatazz.core.riffifi.layout import PS_END_T as PS_END_T
from razzmatazz.core.riffifi.layout import PS_GAME as PS_GAME
from razzmatazz.core.riffifi.layout import PS_GLOB as PS_GLOB
from razzmatazz.core.riffifi.layout import PS_HANDS as PS_HANDS
from razzmatazz.core.riffifi.layout import PS_HOLDER as PS_HOLDER
from razzmatazz.core.riffifi.layout import PS_KEY as PS_KEY
from razzmatazz.core.riffifi.layout import PS_MARK as PS_MARK
from razzmatazz.core.riffifi.layout import PS_OFFICER_SUM as PS_OFFICER_SUM
from razzmatazz.core.riffifi.layout import PS_ORBIT as PS_ORBIT
from razzmatazz.core.riffifi.layout import PS_PHASE as PS_PHASE
from razzmatazz.core.riffifi.layout import PS_POLICY as PS_POLICY
from razzmatazz.core.riffifi.layout import PS_POS_SUM as PS_POS_SUM
from razzmatazz.core.riffifi.layout import PS_RES as PS_RES
from razzmatazz.core.riffifi.layout import PS_SHOWN as PS_SHOWN
from razzmatazz.core.riffifi.layout import PS_SWAP as PS_SWAP
from razzmatazz.core.riffifi.layout import PS_TABLE as PS_TABLE
from razzmatazz.core.riffifi.layout import PS_VALUE as PS_VALUE
from razzmatazz.core.riffifi.layout import T_CHIPS as T_CHIPS
from razzmatazz.core.riffifi.layout import T_PAID as T_PAID
from razzmatazz.core.riffifi.layout import T_PLAYS as T_PLAYS
from razzmatazz.core.riffifi.layout import WIN as WIN
from razzmatazz.core.riffifi.layout import _workspace as _workspace
from razzmatazz.core.riffifi.layout import blocks as blocks
from razzmatazz.core.riffifi.layout import count_offsets as count_offsets
from razzmatazz.core.riffifi.layout import layout as layout
from razzmatazz.core.riffifi.layout import results as results
from razzmatazz.core.riffifi.layout import view as view
from razzmatazz.core.riffifi.policies import USER_ID as USER_ID
from razzmatazz.core.riffifi.policies import decide as decide
