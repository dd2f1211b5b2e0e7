"""Pictures of a session and of an equity result (PNG files), with matplotlib.

matplotlib is an optional extra: ``pip install "splitpot[plot]"``.  Without it
:func:`require_plotting` raises :class:`~splitpot.errors.ExtraMissingError`
saying so; the rest of splitpot never imports matplotlib.

Every PNG written here also carries the numbers it shows, as JSON in the
``splitpot-data`` text chunk, so a picture can be checked or drawn again:
:func:`plot_data` reads them back.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "stacks.png")
>>> figure = stack_plot([[100, 120, 90], [100, 80, 110]], ["P0", "P1"], path)
>>> plot_data(path)["series"]
{'P0': [100, 120, 90], 'P1': [100, 80, 110]}
>>> [line.get_ydata().tolist() for line in figure.axes[0].lines]
[[100, 120, 90], [100, 80, 110]]
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from splitpot.errors import ArgumentTypeError, ExtraMissingError, HistoryError, RuleError
from splitpot.validate import describe

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from splitpot.equity import EquityResult

__all__ = ["DATA_KEY", "FIGURE_SIZE", "equity_plot", "plot_data", "require_plotting", "stack_plot"]

FIGURE_SIZE = (9.0, 5.0)
"""Inches; at ``DPI`` dots per inch a picture is 900 x 500 pixels."""
DPI = 100
DATA_KEY = "splitpot-data"
"""The PNG text chunk that holds the plotted numbers as JSON."""

_INSTALL = 'pip install "splitpot[plot]"'


def require_plotting() -> None:
    """Raise :class:`ExtraMissingError` unless matplotlib can be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError as error:
        raise ExtraMissingError(
            f"plotting needs matplotlib, which is not installed: {_INSTALL} (or pip install matplotlib)"
        ) from error


def _figure() -> Figure:
    require_plotting()
    from matplotlib.figure import Figure

    return Figure(figsize=FIGURE_SIZE, dpi=DPI, layout="constrained")


def _save(figure: Figure, path: str, data: dict[str, Any]) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    FigureCanvasAgg(figure)
    figure.savefig(path, dpi=DPI, format="png", metadata={DATA_KEY: json.dumps(data), "Software": "splitpot"})


def stack_plot(
    series: Sequence[Sequence[int]],
    names: Sequence[str],
    path: str,
    *,
    title: str = "stacks",
    highlight: int | None = None,
) -> Figure:
    """Each seat's stack over a session as a line: ``series[seat][k]`` is the
    stack after ``k`` hands (``k = 0``: the start); the line of seat
    ``highlight`` (the person's) is drawn thicker.  Writes ``path`` (PNG) and
    returns the figure."""
    if len(series) != len(names):
        raise RuleError(f"one series per name: {len(series)} series, {len(names)} names")
    figure = _figure()
    axes = figure.add_subplot()
    for seat, (name, stacks) in enumerate(zip(names, series, strict=True)):
        axes.plot(range(len(stacks)), list(stacks), marker="o" if len(stacks) <= 31 else None,
                  markersize=3, label=name, linewidth=3 if seat == highlight else 1.5,
                  zorder=3 if seat == highlight else 2)
    axes.set_xlabel("hands played")
    axes.set_ylabel("stack (chips)")
    axes.set_title(title)
    axes.grid(alpha=0.3)
    axes.legend(loc="best", fontsize="small")
    hands = max((len(s) for s in series), default=1) - 1
    axes.set_xlim(0, max(1, hands))
    if hands <= 20:
        axes.set_xticks(range(hands + 1))
    numbers = {name: [int(x) for x in stacks] for name, stacks in zip(names, series, strict=True)}
    data = {"kind": "stacks", "title": title, "series": numbers}
    _save(figure, path, data)
    return figure


_BARS = (
    ("high", "high_win", "high_tie", "tab:blue"),
    ("low", "low_win", "low_tie", "tab:orange"),
)


def equity_plot(result: EquityResult, path: str, *, title: str | None = None) -> Figure:
    """Each hand's chances as bars: high and low (win, with the tie stacked
    lighter on top), scoop and its expected share of the pot.  Writes ``path``
    (PNG) and returns the figure."""
    from splitpot.equity import EquityResult

    if not isinstance(result, EquityResult):
        raise ArgumentTypeError(f"result must be an EquityResult (splitpot.equity's), got {describe(result)}")
    figure = _figure()
    axes = figure.add_subplot()
    sides = [b for b in _BARS if (b[0] == "high" and result.game.is_stud) or (b[0] == "low" and result.low)]
    bars = [*(b[0] for b in sides), "scoop", "share"]
    width = 0.8 / len(bars)
    labels = [" ".join(str(c) for c in p.cards) or "(none)" for p in result]
    for k, name in enumerate(bars):
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(result))]
        if k < len(sides):
            _, win, tie, colour = sides[k]
            wins = [100 * getattr(p, win) for p in result]
            ties = [100 * getattr(p, tie) for p in result]
            axes.bar(xs, wins, width, color=colour, label=f"{name} win")
            top = axes.bar(xs, ties, width, bottom=wins, color=colour, alpha=0.4, label=f"{name} tie")
            axes.bar_label(top, labels=[f"{w + t:.1f}" for w, t in zip(wins, ties, strict=True)],
                           fontsize="x-small", padding=2)
        else:
            values = [100 * getattr(p, name) for p in result]
            bars_ = axes.bar(xs, values, width, color="tab:green" if name == "scoop" else "tab:gray",
                             label=name)
            axes.bar_label(bars_, fmt="%.1f", fontsize="x-small", padding=2)
    axes.set_xticks(range(len(result)), labels)
    axes.set_ylabel("chance (%)")
    axes.set_ylim(0, 110)
    axes.grid(axis="y", alpha=0.3)
    how = "exact" if result.exact else f"Monte Carlo, seed {result.seed}"
    low = f", {result.low.value} low" if result.low and result.game.is_stud else ""
    name = result.variant or result.game.value  # the game asked for (a variant: its own name)
    axes.set_title(title or f"{name}{low}: {how}, {result.outcomes:,} outcomes")
    axes.legend(loc="upper right", fontsize="small", ncols=2)
    fields = ("high_win", "high_tie", "low_win", "low_tie", "scoop", "share")
    data = {
        "kind": "equity",
        "game": result.game.value,
        "variant": result.variant,
        "outcomes": result.outcomes,
        "hands": [
            {"cards": label} | {f: getattr(p, f) for f in fields}
            for label, p in zip(labels, result, strict=True)
        ],
    }
    _save(figure, path, data)
    return figure


def plot_data(path: str) -> dict[str, Any]:
    """The numbers a PNG written here shows (its ``splitpot-data`` chunk)."""
    require_plotting()
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as image:
            text = getattr(image, "text", {}).get(DATA_KEY)
    except UnidentifiedImageError:
        raise HistoryError(f"{path} is not an image splitpot can read (a PNG written by splitpot)") from None
    if text is None:
        raise HistoryError(f"{path} holds no {DATA_KEY} chunk: it was not written by splitpot")
    data: dict[str, Any] = json.loads(text)
    return data
