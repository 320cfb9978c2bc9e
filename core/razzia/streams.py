"""Razzia's random streams (:mod:`razzmatazz.core.streams`): codes are part of every stored result's
meaning, never renumber them, only add."""

from razzmatazz.core.streams import Stream, register

register(
    "razzia",
    2,
    (
        Stream("razzia", "deal", 1, (), "gambling, police and money cards of game i"),
        Stream("razzia", "dice", 2, (), "dice duels of game i"),
        Stream("razzia", "policy", 3, ("seat",), "random choices of the policy in a seat"),
    ),
)
