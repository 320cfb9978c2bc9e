"""A fourth game, for tests only: registering it is one package (this) and one line (``games.register``).

High card: every player draws a card from 1 to 10 from the deal stream and may draw once more (from its
own policy stream) if the card is below its threshold; the highest card takes the antes (ties split
them as evenly as whole chips allow, the odd ones to the earlier seats).
"""
