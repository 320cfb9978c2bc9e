"""The one exception type for bad user input (unknown card, impossible deal, bad option).

Front ends report it as a single line naming the problem, with exit status 2.
"""


class InputError(ValueError):
    """Input that cannot be answered as given; the message names the problem."""


SHOWN = 60
"""At most this many characters of a user's input are quoted back in a message."""


def shorten(value: object, limit: int = SHOWN) -> str:
    """Text of ``value`` for a one-line message (``repr`` unless a string), cut with an ellipsis past ``limit``."""
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 3] + "..."
