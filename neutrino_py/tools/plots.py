"""Matplotlib, imported only when a figure is drawn (it is an optional dependency)."""
from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Sequence

import numpy as np

from neutrino_py.errors import ToolError
from neutrino_py.files import atomic_file

if TYPE_CHECKING:                     # matplotlib is optional: only for type checkers
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

MAX_POINTS = 200_000


def pyplot() -> ModuleType:
    """`matplotlib.pyplot` on the file-only Agg backend."""
    try:
        import matplotlib
    except ImportError as err:
        raise ToolError("figures need matplotlib, which is not installed",
                        fix="python -m pip install 'neutrino_py[plots]'") from err
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def figure(title: str, rows: int = 1, cols: int = 1,
           size: tuple[float, float] = (9, 4.5)) -> tuple[Figure, np.ndarray]:
    """A titled figure whose axes are always a 2-D array (``axes[0][0]`` even for one plot)."""
    plt = pyplot()
    fig, axes = plt.subplots(rows, cols, figsize=size, squeeze=False, constrained_layout=True)
    fig.suptitle(title)
    return fig, axes


def ranked_bars(title: str, labels: list[str], values: list[float], xlabel: str,
                color: str | Sequence[str] | None = None, pad: float = 1.6) -> tuple[Figure, Axes]:
    """One horizontal bar per row, the first row on top: the ranking every per-kernel or
    per-operator figure draws. `pad` is the height in inches beyond 0.35 per bar (room for the
    title, axis and any legend). Returns the figure and its axes for extra marks."""
    fig, axes = figure(title, size=(9, 0.35 * len(labels) + pad))
    ax = axes[0][0]
    y = list(range(len(labels)))[::-1]
    ax.barh(y, values, color=color)
    ax.set_yticks(y, labels, fontsize=7)
    ax.set_xlabel(xlabel)
    return fig, ax


def save(fig: Figure, path: Path) -> Path:
    """Write `fig` as a PNG and close it: a report with many figures must not keep them all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with atomic_file(path) as f:
            fig.savefig(f, dpi=110, format="png")
    finally:
        pyplot().close(fig)
    return path


def thin(n: int, limit: int = MAX_POINTS) -> slice:
    """A stride that keeps at most about `limit` of `n` points for a scatter plot."""
    return slice(None, None, max(1, -(-n // limit)))
