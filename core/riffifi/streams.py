"""Riffifi's random streams (:mod:`razzmatazz.core.streams`): codes are part of every stored result's
meaning, never renumber them, only add."""

from razzmatazz.core.streams import Stream, register

register(
    "riffifi",
    3,
    (
        Stream("riffifi", "deal", 1, (), "the cards dealt in game i (every deal of it)"),
        Stream("riffifi", "policy", 2, ("seat",), "random choices of the policy in a seat"),
    ),
)
