"""``razzmatazz toy``: the toy game's group and its ``new-policy`` command.

``play`` and ``policies`` come from :mod:`razzmatazz.analysis.cli.play` (this game's part: :mod:`.cli_play`).
"""

from __future__ import annotations

import click

from razzmatazz.analysis.cli.new_policy import add_new_policy
from razzmatazz.analysis.toy.template import TEMPLATE
from razzmatazz.core.policy import Registry


@click.group()
def toy() -> None:
    """High card with one draw: the template game (seeds/toy.md), not a shipped one.

    \b
    Examples:
      razzmatazz toy play --players 3 --games 100000
      razzmatazz toy policies
    """


def _registry() -> Registry:
    from razzmatazz.core.toy.policies import REGISTRY

    return REGISTRY


add_new_policy(toy, "toy", TEMPLATE, _registry)
