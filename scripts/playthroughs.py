"""Write every registered game's playthrough anew (``tests/<game>/playthrough.txt``; see
``tests/conformance/playthrough.py``). Usage: ``python scripts/playthroughs.py [GAME ...]``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.conformance.playthrough import games_with_playthroughs, path, playthrough  # noqa: E402


def main(names: list[str]) -> None:
    for game in names or games_with_playthroughs():
        text = playthrough(game)
        path(game).write_text(text)
        print(f"{path(game)}: {text.count(chr(10))} lines")


if __name__ == "__main__":
    main(sys.argv[1:])
