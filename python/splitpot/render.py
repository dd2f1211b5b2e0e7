"""Terminal output shared by every command: cards, styled lines, tables, progress bars.

An :class:`Output` prints to one stream.  On a terminal it draws with ``rich``:
suit symbols, red hearts and diamonds, bold headings, boxed tables.  It is
*plain* — the card text ``Kh``, no escape codes, nothing else changed — when
the stream is not a terminal (a pipe, a file), when ``NO_COLOR`` is set or
``TERM`` is ``dumb`` or ``unknown``, or when the caller asks (``--plain``).
Commands build their output as plain text (the one source of what is said)
and :meth:`Output.line` styles its parts: card tokens, street headings, the
names to highlight.

>>> out = Output(plain=True)
>>> out.plain
True
>>> out.line("P1: [Kh ??] 7c")
P1: [Kh ??] 7c
>>> card_label(51, plain=False).plain, card_label(51, plain=True).plain
('A♠', 'As')
>>> out.table(["seat", "stack"], [["P0", "200"], ["P1", "195"]], align="lr")
seat  stack
P0      200
P1      195
"""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from types import TracebackType
from typing import IO, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    TaskID,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.progress import Progress as _RichProgress
from rich.table import Table
from rich.text import Text

from splitpot.cards import card_text

__all__ = [
    "HIDDEN",
    "Output",
    "ProgressBar",
    "action_label",
    "can_show_symbols",
    "card_label",
    "card_letters",
    "cards_label",
    "plain_wanted",
    "style_text",
]

HIDDEN = "??"
"""How a card the viewer may not see is written."""

_SUITS = {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}
_RED = "bold red"
_BLACK = "bold"
_CARD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA][cdhs]|Jk|\?\?)(?![A-Za-z0-9])")
_HEADING = re.compile(r"^\*\*\* .* \*\*\*")
_PLAIN_WIDTH = 160
_WRAP_OVER = 24  # a table column with a wider cell is free text, which may wrap (Output.table)


_NBSP = "\u00a0"
"""A no-break space in a line: the words either side of it wrap as one."""
_GLUE = "\ue000"
"""A no-break space while a line is wrapped (rich's wrap breaks at U+00A0 too)."""
_WORD_NUMBER = re.compile(r"(?<=[A-Za-z]) (?=\d)")
"""A space that parts a word from its number (``pot 37``, ``call 10``): never broken."""
_HANG = re.compile(r" *(?:\S{1,3} {2,}(?=\S))?")
"""A line's indent and a list's number or key before its text (``  12  seven-card stud``)."""


def _swap(text: Text, old: str, new: str, plain: str | None = None) -> Text:
    """``text`` with each ``old`` character made ``new`` (or its characters ``plain``, as long),
    its styles kept."""
    changed = text.plain.replace(old, new) if plain is None else plain
    if changed == text.plain:
        return text
    out = text.copy()
    out.plain = changed
    return out


_HAND_OR_WORD = re.compile(r"\[[^\]]*\]|\S+")
"""A unit a column of cards keeps on one line where it can: a bracketed hand, else a card."""


def _least_free_text(width: int) -> int:
    """The narrowest a free-text column of cells ``width`` wide is made before its cards' column."""
    return min(_WRAP_OVER // 2, width)


def plain_wanted(stream: IO[str], plain: bool = False) -> bool:
    """Whether output to ``stream`` must be plain: asked for, ``NO_COLOR`` set
    (https://no-color.org: any non-empty value), ``TERM`` ``dumb`` or ``unknown``
    in any case (a terminal that draws no colours and may read no symbols aloud: a
    screen reader's; rich's own test for a dumb terminal, whose width it then reads
    from ``COLUMNS`` and ``LINES`` only, so the table must wrap as plain text does),
    or not a terminal.

    >>> import io
    >>> plain_wanted(io.StringIO())
    True
    """
    if plain or os.environ.get("NO_COLOR") or os.environ.get("TERM", "").lower() in ("dumb", "unknown"):
        return True
    isatty = getattr(stream, "isatty", None)
    return not (callable(isatty) and isatty())


def card_label(card: int | None, *, plain: bool, symbols: bool = True) -> Text:
    """One card: ``Kh`` plain, ``K♥`` in red on a terminal (``Kh`` in red where
    the terminal cannot show the symbols); ``None`` is a hidden card."""
    return _token(HIDDEN if card is None else card_text(card), plain, symbols)


def cards_label(cards: Iterable[int | None], *, plain: bool, symbols: bool = True) -> Text:
    """Cards separated by spaces, each as :func:`card_label` writes it."""
    return Text(" ").join(card_label(c, plain=plain, symbols=symbols) for c in cards)


def _token(text: str, plain: bool, symbols: bool) -> Text:
    if plain:
        return Text(text)
    if text == HIDDEN:
        return Text("▒▒" if symbols else HIDDEN, style="dim")
    if text == "Jk":
        return Text("Jk", style="bold magenta")
    suit = text[1]
    return Text(text[0] + (_SUITS[suit] if symbols else suit), style=_RED if suit in "hd" else _BLACK)


def can_show_symbols(stream: IO[str]) -> bool:
    """Whether ``stream``'s encoding can write the suit symbols (not on a non-UTF-8 locale).

    >>> import io
    >>> can_show_symbols(io.TextIOWrapper(io.BytesIO(), encoding="ascii"))
    False
    """
    try:
        "♠♥♦♣▒".encode(getattr(stream, "encoding", None) or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


SUIT_LETTERS = dict(zip("♣♦♥♠", "cdhs", strict=True))
"""Each suit symbol's letter, as a card is written where the symbols cannot be shown
(here, and the command line's streams: :mod:`splitpot.cli`)."""
_CARD_SUIT = re.compile(r"(?<=[2-9TJQKA])[♣♦♥♠]")
"""A suit symbol after a rank: a card's (``A♥``), not a name's (``Café ♠``, a file ``é ♠.png``)."""


def card_letters(text: str, before: str = "") -> str:
    """``text`` with its cards' suit symbols as letters; any other symbol as it is
    (``before``: what was written just before it, where a card's rank may be).

    >>> card_letters("2c as A♥, house Café ♠"), card_letters("♠ and ♠", before="A")
    ('2c as Ah, house Café ♠', 's and ♠')
    """
    before = before[-1:]
    return _CARD_SUIT.sub(lambda m: SUIT_LETTERS[m.group()], before + text)[len(before):]


def style_text(line: str, *, plain: bool, names: Sequence[str] = (), symbols: bool = True) -> Text:
    """``line`` with its card tokens drawn as cards, a ``*** street ***`` heading
    in bold and every word in ``names`` highlighted; plain: the line as it is, but
    for cards' suit symbols (a wild card's stand-in, ``2c as A♥``) written as letters
    (a name's symbol is the name's: left as it is).

    >>> style_text("pair of aces (2c as A♥)", plain=True).plain
    'pair of aces (2c as Ah)'
    """
    if not symbols or plain:
        line = card_letters(line)
    if plain:
        return Text(line)
    out = Text(style="bold" if _HEADING.match(line) else "")
    last = 0
    for match in _CARD.finditer(line):
        out.append(line[last : match.start()])
        out.append_text(_token(match.group(), plain, symbols))
        last = match.end()
    out.append(line[last:])
    for name in names:
        out.highlight_regex(rf"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", "bold cyan")
    return out


_LABELS = {
    "call": "call {}",
    "bet": "bet {}",
    "raise": "raise to {}",
    "complete": "complete to {}",
    "bring_in": "bring in {}",
    "draw": "draw (up to {})",
}


def action_label(action: str, value: object = None) -> str:
    """How a choice reads: ``call 4``, ``raise to 8``, ``high`` (a declaration's
    choice); an action this module does not know reads as its name and value.

    >>> action_label("raise", 8), action_label("fold"), action_label("declare", "both")
    ('raise to 8', 'fold', 'both')
    >>> action_label("turn_up", "Kh")
    'turn up Kh'
    """
    if value is None:
        return str(action).replace("_", " ")
    if action == "declare":
        return str(value)
    return _LABELS.get(action, str(action).replace("_", " ") + " {}").format(value)


class _Console(Console):
    """rich's console, but a reader that goes away raises ``BrokenPipeError`` (rich
    exits with status 1) so that the command line exits quietly with 141, and a width
    under 1 (``COLUMNS=0``, which rich takes as it stands) is unknown: the terminal's,
    or 80."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self._width is not None and self._width < 1:
            self._width = None

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


class Output:
    """Where a command prints: a ``rich`` console on a terminal, plain text elsewhere.

    ``stream`` defaults to standard output (looked up when the Output is made,
    so redirections in force then are honoured).
    """

    def __init__(self, *, plain: bool = False, stream: IO[str] | None = None) -> None:
        self.stream = sys.stdout if stream is None else stream
        self.plain = plain_wanted(self.stream, plain)
        self.symbols = not self.plain and can_show_symbols(self.stream)
        isatty = getattr(self.stream, "isatty", None)
        self.terminal = callable(isatty) and bool(isatty())
        if self.plain:
            self.console = _Console(
                file=self.stream, color_system=None, no_color=True, highlight=False, markup=False,
                emoji=False, force_terminal=False, width=None if self.terminal else _PLAIN_WIDTH,
            )
        else:
            self.console = _Console(file=self.stream, highlight=False, markup=False, emoji=False)

    @property
    def wraps(self) -> bool:
        """Whether long lines wrap at word boundaries: on a terminal, plain or not
        (``NO_COLOR``, ``--plain``); never in plain to a pipe or a file."""
        return not self.plain or self.terminal

    def line(self, text: str = "", *, names: Sequence[str] = (), style: str = "") -> None:
        """Print one line of plain text, its cards drawn as cards; on a terminal a line
        wider than the screen wraps at word boundaries, plain or not (a pipe or a file:
        never wrapped)."""
        styled = style_text(text, plain=self.plain, names=names, symbols=self.symbols)
        if style and not self.plain:
            styled.stylize(style)
        self._print(styled)

    def text(self, text: Text) -> None:
        """Print a ready-made :class:`rich.text.Text` (plain: its characters only),
        wrapped as :meth:`line`."""
        self._print(Text(card_letters(text.plain)) if self.plain else text)

    def _print(self, text: Text) -> None:
        """Print ``text``; on a terminal the wrapped parts of each of its lines go under
        its text (past its indent, and past a list's number or key: ``12  seven-card
        stud, ...``), never parting a word from the number after it (``pot 37``) nor
        the words joined by a no-break space (U+00A0)."""
        if not self.wraps or all(cell_len(line) <= self.console.width for line in text.plain.split("\n")):
            self.console.print(_swap(text, _NBSP, " "), soft_wrap=self.plain)
            return
        for line in text.split("\n"):
            glued = _swap(line, _NBSP, _GLUE)
            glued = _swap(glued, "", "", _WORD_NUMBER.sub(_GLUE, glued.plain))
            indent = len(_HANG.match(glued.plain).group())  # type: ignore[union-attr]
            if self.console.width - indent < _WRAP_OVER:  # too narrow to hang: the plain indent
                indent = len(glued.plain) - len(glued.plain.lstrip(" "))
            if self.console.width - indent < _WRAP_OVER:
                indent = 0
            lead = glued[:indent]
            for part in glued[indent:].wrap(self.console, self.console.width - indent):
                part.rstrip()
                self.console.print(_swap(lead + part, _GLUE, " "), soft_wrap=True)
                lead = Text(" " * indent)

    def cards(self, cards: Iterable[int | None]) -> Text:
        """``cards`` as this output draws them."""
        return cards_label(cards, plain=self.plain, symbols=self.symbols)

    def table(
        self,
        header: Sequence[str],
        rows: Iterable[Sequence[str | Text]],
        *,
        align: str = "",
        title: str | None = None,
        highlight: int | None = None,
        wrap: str = "",
    ) -> None:
        """An aligned table; ``align`` gives each column ``l``/``r`` (default left);
        row ``highlight`` is drawn in bold.  Strings in cells are styled as lines.
        Where the table is wider than the screen, the columns of free text wrap at
        word boundaries, and the others (names, amounts) keep their width; a column
        of cards wraps between its cards, only where nothing else makes the table fit.
        ``wrap`` says what each column holds: ``w`` free text (a hand's name, what a
        player did), ``c`` cards, ``n`` names or amounts; a column it leaves out is
        free text when a cell is wider than ``_WRAP_OVER``.

        >>> out = Output(plain=True)
        >>> out.console.width = 30
        >>> out.table(["seat", "stack", "did"], [["P0", "195", "raises to 10; calls 5"]],
        ...           align="lrl", wrap="nnw")
        seat  stack  did
        P0      195  raises to 10;
                     calls 5
        """
        texts = [[c if isinstance(c, Text) else style_text(c, plain=self.plain, symbols=self.symbols)
                  for c in row] for row in rows]
        widths = [max([len(name), *(row[i].cell_len for row in texts if i < len(row))])
                  for i, name in enumerate(header)]
        kinds = [wrap[i] if i < len(wrap) and wrap[i] in "wcn" else "w" if widths[i] > _WRAP_OVER else "n"
                 for i in range(len(header))]
        fitted = self._fit(header, texts, widths, kinds)
        table = Table(
            box=None if self.plain else box.SIMPLE_HEAD,
            show_edge=False,
            pad_edge=False,
            header_style="" if self.plain else "bold",
        )
        for i, name in enumerate(header):
            right = i < len(align) and align[i] == "r"
            if fitted is not None and fitted[i] < widths[i]:  # narrowed to fit: wraps at that width
                table.add_column(name, justify="right" if right else "left", width=fitted[i], overflow="fold")
                continue
            wraps = kinds[i] == "w"
            table.add_column(name, justify="right" if right else "left", no_wrap=not wraps,
                             min_width=_least_free_text(widths[i]) if wraps else widths[i],
                             overflow="fold")
        for index, cells in enumerate(texts):
            table.add_row(*cells, style="bold" if index == highlight and not self.plain else None)
        if title:  # a line of its own: the screen's width (never wrapped in plain), its cards drawn
            self.line(title, style="bold")
        if not self.plain:
            self.console.print(table)
            return
        with self.console.capture() as captured:
            self.console.print(table)
        for line in captured.get().splitlines():
            self.stream.write(line.rstrip() + "\n")

    def _fit(self, header: Sequence[str], texts: list[list[Text]], widths: list[int],
             kinds: list[str]) -> list[int] | None:
        """The columns' widths where the table is wider than the screen (None where it
        fits): the widest free-text column gives way first, down to half of
        ``_WRAP_OVER``; then the columns of cards, down to their longest card; then free
        text down to its longest word.  Names and amounts keep their width."""
        gaps = (len(header) - 1) * (2 if self.plain else 3)  # padding, and the box's rule between columns
        excess = sum(widths) + gaps - self.console.width
        if excess <= 0:
            return None

        def longest_word(i: int) -> int:
            cells = [Text(header[i]), *(row[i] for row in texts if i < len(row))]
            return max(cell_len(word) for cell in cells for word in [*cell.plain.split(), ""])

        def half(i: int) -> int:
            return _least_free_text(widths[i])

        def longest_hand(i: int) -> int:  # a bracketed hand ([8♥ 3♠ 3♣ A♥ 9♦]) whole, else a card
            cells = [Text(header[i]), *(row[i] for row in texts if i < len(row))]
            return max(cell_len(unit) for cell in cells for unit in [*_HAND_OR_WORD.findall(cell.plain), ""])

        def third(i: int) -> int:
            return max(longest_word(i), min(_WRAP_OVER // 3, widths[i]))

        fitted = list(widths)
        # free text to half its width, then cards to their longest bracketed hand, free text to a
        # third where that keeps each hand's cards on one line, cards to their longest card, then
        # free text to its longest word (a hand's name in single words, or a hand's cards split,
        # read worse than other text over more lines)
        steps: list[tuple[str, Callable[[int], int], bool]] = [
            ("w", half, False), ("c", longest_hand, False), ("w", third, True),
            ("c", longest_word, False), ("w", longest_word, False),
        ]
        for kind, floor, only_if_it_fits in steps:
            floors = {i: max(1, floor(i)) for i, k in enumerate(kinds) if k == kind}
            if only_if_it_fits and sum(max(0, fitted[i] - floors[i]) for i in floors) < excess:
                continue
            while excess > 0:
                narrowable = [i for i in floors if fitted[i] > floors[i]]
                if not narrowable:
                    break
                widest = max(narrowable, key=lambda i: fitted[i])
                fitted[widest] -= 1
                excess -= 1
        return fitted


class ProgressBar:
    """A progress bar on standard error for long work; nothing when standard
    error is not a terminal (or ``NO_COLOR``, ``TERM`` ``dumb`` or ``unknown``, ``plain``).

    Call it as ``progress(done, total)`` (the form :func:`splitpot.equity.equity`
    takes) or :meth:`advance` it; the bar appears only once the work has lasted
    ``delay`` seconds, and is erased when it closes.

    >>> with ProgressBar("hands", total=3) as bar:
    ...     bar.advance()
    >>> bar.shown
    False
    """

    def __init__(
        self,
        description: str,
        *,
        total: float | None = None,
        plain: bool = False,
        delay: float = 0.5,
        counts: bool = True,
    ) -> None:
        self.description = description
        self.counts = counts
        self.total = total
        self.done = 0.0
        self.delay = delay
        self.enabled = not plain_wanted(sys.stderr, plain)
        self.shown = False
        self._started = time.perf_counter()
        self._bar: _RichProgress | None = None
        self._task = TaskID(0)

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def __call__(self, done: float, total: float | None) -> None:
        """The work has reached ``done`` of ``total`` (None: a total not known, a bar without an end)."""
        self.done, self.total = done, total
        self._draw()

    def advance(self, steps: float = 1) -> None:
        """``steps`` more units are done."""
        self.done += steps
        self._draw()

    def _draw(self) -> None:
        if not self.enabled:
            return
        if self._bar is None:
            if time.perf_counter() - self._started < self.delay:
                return
            columns = [TextColumn("{task.description}"), BarColumn(), TaskProgressColumn()]
            if self.counts:
                columns.append(MofNCompleteColumn())
            self._bar = _RichProgress(
                *columns,
                TimeRemainingColumn(),
                console=_Console(stderr=True),
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task(self.description, total=self.total)
            self.shown = True
        self._bar.update(self._task, completed=self.done, total=self.total)

    def close(self) -> None:
        """Erase the bar (if it was drawn)."""
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
