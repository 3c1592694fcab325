"""The class report's pictures: matplotlib drawn to SVG (text as paths, so the file needs no
font and no network), each returned as markup to inline."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

COLOURS: Final = {
    "AC": "#2e7d32",
    "WA": "#c62828",
    "TLE": "#ef6c00",
    "MLE": "#6a1b9a",
    "OLE": "#8d6e63",
    "RTE": "#ad1457",
    "CE": "#455a64",
    "IE": "#000000",
}
NEUTRAL: Final = "#1565c0"


def _figure(width: float, height: float) -> tuple[Figure, Axes]:
    import matplotlib

    matplotlib.use("Agg")  # no display, no toolkit
    import matplotlib.pyplot as plt

    plt.rcParams.update({"svg.fonttype": "path", "font.size": 9, "svg.hashsalt": "grader"})
    return plt.subplots(figsize=(width, height))


def _svg(figure: Figure) -> str:
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    figure.tight_layout()
    figure.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    return text[text.index("<svg") :]  # without the XML prologue: inline in HTML


def bars(
    labels: Sequence[str],
    values: Sequence[float],
    title: str,
    ylabel: str,
    colours: Sequence[str] | None = None,
    highlight: int | None = None,
) -> str:
    figure, axes = _figure(6.4, 2.8)
    shades = list(colours or [NEUTRAL] * len(values))
    if highlight is not None:
        shades[highlight] = COLOURS["WA"]
    axes.bar(list(labels), list(values), color=shades)
    for x, value in enumerate(values):
        axes.annotate(f"{value:g}", (x, value), ha="center", va="bottom", fontsize=8)
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)


def histogram(values: Sequence[float], maximum: float, title: str) -> str:
    figure, axes = _figure(6.4, 2.8)
    edges = [x - 0.5 for x in range(int(maximum) + 2)]
    axes.hist(list(values), bins=edges, color=NEUTRAL, edgecolor="white")
    axes.set_title(title)
    axes.set_xlabel("score")
    axes.set_ylabel("submissions")
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)


def boxes(groups: dict[str, list[float]], title: str, ylabel: str) -> str:
    figure, axes = _figure(6.4, 2.8)
    names = sorted(groups)
    axes.boxplot([groups[name] for name in names], tick_labels=names)
    axes.set_title(title)
    axes.set_ylabel(ylabel)
    axes.spines[["top", "right"]].set_visible(False)
    return _svg(figure)


def heat_map(
    rows: Sequence[str], columns: Sequence[str], passed: Sequence[Sequence[bool | None]], title: str
) -> str:
    """A row per submission, a column per test: green passed, red failed, grey not run."""
    from matplotlib.colors import ListedColormap

    height = min(2.0 + 0.12 * len(rows), 14.0)
    figure, axes = _figure(6.4, height)
    cells = [[2 if cell else (1 if cell is False else 0) for cell in row] for row in passed]
    colour_map = ListedColormap(["#bdbdbd", COLOURS["WA"], COLOURS["AC"]])
    axes.imshow(cells, cmap=colour_map, vmin=0, vmax=2, aspect="auto", interpolation="nearest")
    axes.set_xticks(range(len(columns)), list(columns))
    shown = len(rows) <= 60
    axes.set_yticks(range(len(rows)) if shown else [], list(rows) if shown else [])
    axes.set_title(title)
    return _svg(figure)
