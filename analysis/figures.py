"""What every figure shares: matplotlib's Agg backend, the text sizes and a deterministic PNG."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from matplotlib.figure import Figure  # noqa: E402

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

PNG: dict[str, Any] = {"dpi": 100, "metadata": {"Software": None}}
STYLE: dict[RcKeyType, Any] = {"font.size": 10, "axes.titlesize": 11, "figure.titlesize": 12}
"""Every text at least 10 pt (14 px at the saved dpi)."""


def save(fig: Figure, path: Path) -> None:
    """Write ``fig`` as a PNG (the same bytes for the same figure) and close it."""
    fig.savefig(path, **PNG)
    plt.close(fig)
