"""The toy game's random streams (:mod:`razzmatazz.core.streams`): codes are part of every stored result's
meaning, never renumber them, only add."""

from razzmatazz.core.streams import Stream, register

register(
    "toy",
    9,
    (
        Stream("toy", "deal", 1, (), "the deck shuffled for game i (game i // N with duplicate deals)"),
        Stream("toy", "policy", 2, ("seat",), "random choices of the policy in a seat"),
    ),
)
