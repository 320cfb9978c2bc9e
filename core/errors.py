"""The one exception type for bad user input (unknown card, impossible deal, bad option).

Front ends report it as a single line naming the problem, with exit status 2.
"""


class InputError(ValueError):
    """Input that cannot be answered as given; the message names the problem."""
