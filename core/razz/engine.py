"""The Razz engine's facade: every name of the engine, re-exported from the modules that do each job.

The engine plays whole hands between policies and sums what happened. It was one module; it is now split by
job, and this module only re-exports their names (``from razzmatazz.core.razz import engine as E`` then
``E.<name>`` works as before, the private names :mod:`.state`, :mod:`.search` and the tests use included):

* :mod:`.layout`: the counts vector (:func:`~.layout.layout`, :func:`~.layout.blocks`, ``count_offsets``,
  ``view``, the ``P_*``, ``Q_*``, ``G_*``, ``ST_*`` fields), a hand's results ``H_*``, the workspace rows
  ``W_*`` and the log ``_log``.
* :mod:`.betting`: one betting round (``_betting``, ``_decide``, ``_ask``, ``_put_chips``, ``_must_act``,
  ``_counts``, ``_can_raise``) and its steps one decision at a time for :mod:`.state` (``_show``, ``_repair``,
  ``_bring_in_move``, ``_move``, ``_end_round``).
* :mod:`.flow`: a whole hand: the deck (``shuffle``, ``shuffled_deck``), ``_setup``, ``_deal``,
  ``_deal_street``, ``_seventh``, ``_showdown``, ``_count_in``, ``play_hand``; ``seat_policies`` (from
  :mod:`razzmatazz.core.harness`).
* :mod:`.kernels`: the play and trace kernels (``play_games``, ``play_games_with``, ``_play_games``,
  ``trace_game``, ``trace_game_with``, ``_trace``, ``_trace_deck``, ``_trace_deck_builtin``,
  ``_trace_deck_with``, ``_tally``, ``_tally_streets``, ``tally_hand``).
* :mod:`.job`: the batch runner's :class:`~.job.GameJob`, its kernels' arguments ``Args``, its lanes, and
  ``play_deck`` (one hand from a given deck).

:func:`play_hand` plays one hand from a shuffled deck (rules G1-G10 of ``seeds/razz.md``, helpers in
:mod:`.rules`), asking each seat's policy through :func:`.policies.decide` (or a user's jitted function for
ids from :data:`.policies.USER_ID`) with the view of that seat only. :func:`play_games` plays hands
``start..stop-1`` of a run and returns integer sums (their layout: :mod:`.layout`); :class:`GameJob` is what
the batch runner runs. Hand ``g`` deals deck ``g`` (or ``g // N`` with duplicate deals) from stream
``razz/deal`` and rotates the players one seat per hand.
"""

from __future__ import annotations

from razzmatazz.core.harness import seat_policies as seat_policies
from razzmatazz.core.razz import policies as policies
from razzmatazz.core.razz import rules as R  # noqa: F401  (re-exported: E.R)
from razzmatazz.core.razz.betting import _ask as _ask
from razzmatazz.core.razz.betting import _betting as _betting
from razzmatazz.core.razz.betting import _bring_in_move as _bring_in_move
from razzmatazz.core.razz.betting import _can_raise as _can_raise
from razzmatazz.core.razz.betting import _counts as _counts
from razzmatazz.core.razz.betting import _decide as _decide
from razzmatazz.core.razz.betting import _end_round as _end_round
from razzmatazz.core.razz.betting import _move as _move
from razzmatazz.core.razz.betting import _must_act as _must_act
from razzmatazz.core.razz.betting import _put_chips as _put_chips
from razzmatazz.core.razz.betting import _repair as _repair
from razzmatazz.core.razz.betting import _show as _show
from razzmatazz.core.razz.flow import _count_in as _count_in
from razzmatazz.core.razz.flow import _deal as _deal
from razzmatazz.core.razz.flow import _deal_street as _deal_street
from razzmatazz.core.razz.flow import _setup as _setup
from razzmatazz.core.razz.flow import _seventh as _seventh
from razzmatazz.core.razz.flow import _showdown as _showdown
from razzmatazz.core.razz.flow import play_hand as play_hand
from razzmatazz.core.razz.flow import shuffle as shuffle
from razzmatazz.core.razz.flow import shuffled_deck as shuffled_deck
from razzmatazz.core.razz.job import Args as Args
from razzmatazz.core.razz.job import GameJob as GameJob
from razzmatazz.core.razz.job import _builtin_run as _builtin_run
from razzmatazz.core.razz.job import _builtin_trace as _builtin_trace
from razzmatazz.core.razz.job import _plugin_run as _plugin_run
from razzmatazz.core.razz.job import _plugin_trace as _plugin_trace
from razzmatazz.core.razz.job import _search_run as _search_run
from razzmatazz.core.razz.job import _search_trace as _search_trace
from razzmatazz.core.razz.job import play_deck as play_deck
from razzmatazz.core.razz.kernels import _play_games as _play_games
from razzmatazz.core.razz.kernels import _tally as _tally
from razzmatazz.core.razz.kernels import _tally_streets as _tally_streets
from razzmatazz.core.razz.kernels import _trace as _trace
from razzmatazz.core.razz.kernels import _trace_deck as _trace_deck
from razzmatazz.core.razz.kernels import _trace_deck_builtin as _trace_deck_builtin
from razzmatazz.core.razz.kernels import _trace_deck_with as _trace_deck_with
from razzmatazz.core.razz.kernels import play_games as play_games
from razzmatazz.core.razz.kernels import play_games_with as play_games_with
from razzmatazz.core.razz.kernels import tally_hand as tally_hand
from razzmatazz.core.razz.kernels import trace_game as trace_game
from razzmatazz.core.razz.kernels import trace_game_with as trace_game_with
from razzmatazz.core.razz.layout import G_BLOCKS as G_BLOCKS
from razzmatazz.core.razz.layout import G_COMMUNITY as G_COMMUNITY
from razzmatazz.core.razz.layout import G_HANDS as G_HANDS
from razzmatazz.core.razz.layout import G_RESHUFFLE as G_RESHUFFLE
from razzmatazz.core.razz.layout import H_NET as H_NET
from razzmatazz.core.razz.layout import H_SD_WON as H_SD_WON
from razzmatazz.core.razz.layout import H_SHOWDOWN as H_SHOWDOWN
from razzmatazz.core.razz.layout import H_VPIP as H_VPIP
from razzmatazz.core.razz.layout import H_WON_NO_SD as H_WON_NO_SD
from razzmatazz.core.razz.layout import N_GFIELDS as N_GFIELDS
from razzmatazz.core.razz.layout import N_PFIELDS as N_PFIELDS
from razzmatazz.core.razz.layout import N_QFIELDS as N_QFIELDS
from razzmatazz.core.razz.layout import N_STFIELDS as N_STFIELDS
from razzmatazz.core.razz.layout import N_STREETS as N_STREETS
from razzmatazz.core.razz.layout import N_WS as N_WS
from razzmatazz.core.razz.layout import P_HANDS as P_HANDS
from razzmatazz.core.razz.layout import P_NET as P_NET
from razzmatazz.core.razz.layout import P_NET2 as P_NET2
from razzmatazz.core.razz.layout import P_SD_WON as P_SD_WON
from razzmatazz.core.razz.layout import P_SHOWDOWN as P_SHOWDOWN
from razzmatazz.core.razz.layout import P_VPIP as P_VPIP
from razzmatazz.core.razz.layout import P_WON_NO_SD as P_WON_NO_SD
from razzmatazz.core.razz.layout import Q_HANDS as Q_HANDS
from razzmatazz.core.razz.layout import Q_NET as Q_NET
from razzmatazz.core.razz.layout import Q_NET2 as Q_NET2
from razzmatazz.core.razz.layout import Q_SD_WON as Q_SD_WON
from razzmatazz.core.razz.layout import Q_SHOWDOWN as Q_SHOWDOWN
from razzmatazz.core.razz.layout import Q_VPIP as Q_VPIP
from razzmatazz.core.razz.layout import Q_WON_NO_SD as Q_WON_NO_SD
from razzmatazz.core.razz.layout import ST_CAPPED as ST_CAPPED
from razzmatazz.core.razz.layout import ST_ROUNDS as ST_ROUNDS
from razzmatazz.core.razz.layout import W_ACTED as W_ACTED
from razzmatazz.core.razz.layout import W_BET as W_BET
from razzmatazz.core.razz.layout import W_CAPPED as W_CAPPED
from razzmatazz.core.razz.layout import W_CLASS as W_CLASS
from razzmatazz.core.razz.layout import W_DECISIONS as W_DECISIONS
from razzmatazz.core.razz.layout import W_PUT as W_PUT
from razzmatazz.core.razz.layout import W_ROUND as W_ROUND
from razzmatazz.core.razz.layout import W_STACK as W_STACK
from razzmatazz.core.razz.layout import W_STATUS as W_STATUS
from razzmatazz.core.razz.layout import W_WON as W_WON
from razzmatazz.core.razz.layout import _log as _log
from razzmatazz.core.razz.layout import blocks as blocks
from razzmatazz.core.razz.layout import count_offsets as count_offsets
from razzmatazz.core.razz.layout import layout as layout
from razzmatazz.core.razz.layout import view as view
from razzmatazz.core.razz.policies import USER_ID as USER_ID
from razzmatazz.core.razz.policies import decide as decide
from razzmatazz.core.razz.ranking import tables as tables
