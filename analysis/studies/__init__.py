"""Studies written once over any registered game: the round-robin :mod:`.tournament`, the parameter
:mod:`.sweep`, and their figures (:mod:`.plots`)."""
