"""``python -m razzmatazz.analysis.cli``: the same as the ``razzmatazz`` command."""

from razzmatazz.analysis.cli import main

main()
