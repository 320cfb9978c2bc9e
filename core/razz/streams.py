"""Razz's random streams (:mod:`razzmatazz.core.streams`): codes are part of every stored result's
meaning, never renumber them, only add."""

from razzmatazz.core.streams import Stream, register

register(
    "razz",
    1,
    (
        Stream("razz", "equity", 1, (), "all-in equity questions: trial i completes every unknown card"),
        Stream(
            "razz",
            "table",
            2,
            ("start", "opponents"),
            "starting-hand table: one stream per (start index in multisets(3), number of opponents)",
        ),
        Stream("razz", "deal", 3, (), "the full game: the shuffled deck of game i"),
        Stream("razz", "policy", 4, ("seat",), "the full game: random choices of the policy in a seat"),
        Stream(
            "razz",
            "street",
            5,
            ("street",),
            "razz street: the root seed of each street's Monte Carlo (then stream razz/equity under it)",
        ),
        Stream("razz", "luck", 6, (), "luck terms (issue 38): the equity completions of game i's deals"),
    ),
)
