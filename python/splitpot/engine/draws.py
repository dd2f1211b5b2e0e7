"""Draw rules: how many cards a player may draw, where the deck orders come from,
the stub and its reshuffle, and exposed cards.

The mechanics of the rules, §5.4, for every draw game: draws are served in
turn, a player's whole draw at once, and the last card of the stub is never
dealt.  When the stub cannot serve a draw, the player receives what the stub
gives but its last card, then that last card, the burn cards and the discards
of the players already served (never the current player's own) are shuffled
into a new stub and the draw goes on from it.  So eight players may each draw
five:

>>> capacity(cards_left=11, pool=0)     # 8 x 5 dealt from 52, one burned
10
>>> capacity(cards_left=1, pool=11)     # the last card and 11 cards mucked
11

Every deck order a :class:`~splitpot.engine.state.State` uses — its first deck,
each re-deal's deck, each new stub — comes from one :class:`Decks`: a shuffle
seeded by ``seed``, or a script of decks (stacked hands; a replay feeds the
orders its events recorded).

>>> decks = Decks(["As Kd Qh", "2c 3c 4c 5c"], seed=None, size=52)
>>> decks.first, decks.next_stub([12, 4, 0])   # the stub: the pool in the order scripted
([51, 45, 42], [0, 4, 12])
>>> len(decks.next_deck()), Decks(None, seed=3, size=52).first == Decks(None, seed=3, size=52).first
(52, True)

Exposed cards (the rules, §5.6): before the draw a card of rank 7 or lower
(the ace low in a low game) must be kept and an 8 or higher may be refused and
replaced from the top of the stub; in the draw an exposed card is dead and
replaced after the other players are served; the dealer keeps his own.

>>> str(ruling(51, before_draw=True, dealer=False, keep_at_most=7, ace_low=True))
'keep'
>>> str(ruling(51, before_draw=True, dealer=False, keep_at_most=7, ace_low=False))
'choose'
>>> str(ruling(24, before_draw=False, dealer=False, keep_at_most=7, ace_low=True))
'dead'
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum, unique
from functools import partial

from splitpot._native import _core
from splitpot.cards import Card, parse_cards
from splitpot.errors import RuleError
from splitpot.validate import as_bool, as_int, as_optional_int

__all__ = [
    "DeckInput", "Decks", "DrawRules", "Ruling", "capacity", "exposed_rank", "ruling", "shuffled", "shuffler",
]

DeckInput = str | Iterable[Card | int | str] | Iterable[str | Iterable[Card | int | str]]
"""One deck (card text, or cards top first) or a sequence of decks."""


def ace_draw_problem(ace_draw: int, most: int, hand_size: int = 5, *, name: str = "ace_draw",
                     most_name: str = "max_draw") -> str | None:
    """What is wrong with an ace draw of ``ace_draw`` beside a draw of ``most``
    (None: nothing): it is more cards to a kept ace, so more than ``most`` and at
    most ``hand_size - 1`` (the rules, §5.4: "3, or 4 when the kept card is an
    ace").  One wording for the game's options and a spec's (a file's) fields,
    named ``name`` and ``most_name``.

    >>> ace_draw_problem(4, 3) is None
    True
    >>> print(ace_draw_problem(5, 3))
    ace_draw must be 4 with max_draw 3 (above max_draw, and at most 4 of 5: the ace is kept), got 5
    >>> print(ace_draw_problem(5, 1, name="draws.ace_draw", most_name="the street's draw"))
    draws.ace_draw must be 2 to 4 with the street's draw 1 (above it, and at most 4 of 5: ...), got 5
    """
    top = hand_size - 1
    if most < ace_draw <= top:
        return None
    if most >= top:
        return (f"{name} (more cards to a kept ace) needs {most_name} below {top}: a player keeping "
                f"his ace draws at most {top} of his {hand_size} cards; give both, e.g. "
                f"{most_name}={top - 1}, {name}={top}")
    allowed = str(top) if most + 1 == top else f"{most + 1} to {top}"
    above = "it" if " " in most_name else most_name
    return (f"{name} must be {allowed} with {most_name} {most} (above {above}, and at most {top} of "
            f"{hand_size}: the ace is kept), got {ace_draw}")


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawRules:
    """The draw rules of a draw game beyond ``Street.draw`` (the most cards a
    player may exchange).

    ``ace_draw``: a player keeping an ace (or the joker) may draw this many
    (jackpots' "three, or four to an ace"); ``as_asked``: a player is served
    exactly the number of cards he asks for, which may differ from the number he
    discards, and a hand of more or fewer than five cards at showdown is dead
    (California lowball); ``keep_at_most``: before the draw an exposed card of
    this rank or lower (ace = 1 in a low game, 14 in a high one) must be kept,
    a higher one may be refused.

    >>> DrawRules(ace_draw=4).ace_draw
    4
    >>> DrawRules(keep_at_most=0)
    Traceback (most recent call last):
    ...
    splitpot.errors.RuleError: DrawRules: keep_at_most must be in 1..14, got 0.
    """

    ace_draw: int | None = None
    as_asked: bool = False
    keep_at_most: int = 7

    def __post_init__(self) -> None:
        ace_draw = as_optional_int(self.ace_draw, "DrawRules: ace_draw", low=1, high=5)
        object.__setattr__(self, "ace_draw", ace_draw)
        object.__setattr__(self, "as_asked", as_bool(self.as_asked, "DrawRules: as_asked"))
        keep = as_int(self.keep_at_most, "DrawRules: keep_at_most", low=1, high=14)
        object.__setattr__(self, "keep_at_most", keep)

    def most(self, street_draw: int, kept: Sequence[int]) -> int:
        """The most cards a player keeping ``kept`` may draw on a street allowing
        ``street_draw``."""
        if self.ace_draw is not None and any(c >= 48 for c in kept):
            return max(street_draw, self.ace_draw)
        return street_draw


def capacity(*, cards_left: int, pool: int) -> int:
    """The most cards one draw can be served: the stub but its last card, then a
    new stub of that last card and ``pool`` mucked cards, but its last card."""
    first = cards_left - 1 if cards_left > 1 else 0
    second = pool if cards_left > 0 else pool - 1  # the stub's last card joins the pool
    return first + second if second > 0 else first


def _steps(size: int) -> tuple[tuple[int, int, int], ...]:
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS = {52: _steps(52), 53: _steps(53)}


def shuffled(rng: random.Random, cards: list[int]) -> list[int]:
    """``cards`` shuffled in place exactly as ``rng.shuffle`` does (so a seeded deck
    is :class:`~splitpot.cards.Deck`'s), with its loop inlined.  :class:`Decks`
    shuffles seeded decks in the core (:func:`shuffler`); this serves the others.

    >>> import random
    >>> deck = list(range(52)); random.Random(7).shuffle(deck)
    >>> shuffled(random.Random(7), list(range(52))) == deck
    True
    """
    bits = rng.getrandbits
    for i, below, width in _STEPS.get(len(cards)) or _steps(len(cards)):
        j = bits(width)
        while j >= below:
            j = bits(width)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _key(seed: int) -> list[int]:
    """The 32-bit words of ``abs(seed)``, least significant first: what
    ``random.Random(seed)`` seeds its generator with."""
    n = -seed if seed < 0 else seed
    if n < 1 << 32:  # the common seeds: one word, or two
        return [n]
    if n < 1 << 64:
        return [n & 0xFFFFFFFF, n >> 32]
    return [(n >> shift) & 0xFFFFFFFF for shift in range(0, n.bit_length(), 32)]


def shuffler(seed: int | None) -> Callable[[list[int]], list[int]]:
    """A function shuffling lists of cards as successive ``random.Random(seed).shuffle``
    calls do: for a seed, the core's copy of that generator (``_core.twister``: the
    seeding and each shuffle in C++, the same orders), without one a fresh
    ``random.Random()``.  A deck per deal is a hot path.

    >>> rng, shuffle = random.Random(7), shuffler(7)
    >>> decks = [list(range(52)) for _ in range(3)]
    >>> for deck in decks:
    ...     rng.shuffle(deck)
    >>> [shuffle(list(range(52))) for _ in range(3)] == decks  # deal after deal, the same orders
    True
    """
    if seed is None:
        return partial(shuffled, random.Random())
    return partial(_core.shuffled, _core.twister(_key(seed)))


def _digest(order: Sequence[int]) -> int:
    return int.from_bytes(hashlib.blake2b(bytes(order), digest_size=8).digest(), "big")


def _script(deck: DeckInput) -> list[list[int]]:
    if isinstance(deck, str):
        return [[int(c) for c in parse_cards(deck)]]
    items = list(deck)
    if any(isinstance(i, (list, tuple)) or (isinstance(i, str) and len(parse_cards(i)) > 1) for i in items):
        return [[int(c) for c in parse_cards(i)] for i in items]  # type: ignore[arg-type]
    return [[int(c) for c in parse_cards(items)]]  # type: ignore[arg-type]


def _lacks_joker(order: Sequence[int], size: int) -> bool:
    """Whether ``order`` is a whole deck (52 cards or more) without the joker that a
    deck of ``size`` 53 holds: a standard deck given to a game played with the joker.
    (A shorter, stacked deck is dealt on from a shuffle of the rest.)

    >>> _lacks_joker(range(52), 53), _lacks_joker(range(53), 53), _lacks_joker(range(52), 52)
    (True, False, False)
    """
    return size == 53 and len(order) >= 52 and 52 not in order


def _joker_missing(game: str) -> str:
    """The refusal of a deck that :func:`_lacks_joker`."""
    return (f"{game} is dealt with the joker, 53 cards; the deck holds 52 without it (Jk): build the deck "
            "from spec.wilds.deck_size cards (list(range(size))), or deal the game with joker=None.")


class Decks:
    """The deck orders of one hand: the first deck, each re-deal's deck and each
    new stub.

    ``deck`` is one deck (text or cards, top first) or a sequence of decks; the
    first is dealt first, later ones serve re-deals and stub reshuffles in the
    order they happen (for a stub, the cards of the pool in the order the
    script lists them, any others after in the order they were mucked).  Past
    the script, orders come from a shuffle seeded by ``seed`` (without a seed,
    by a digest of the first scripted deck, so a stacked deck replays alike).
    A re-deal's deck of 52 cards for a game dealt with the joker is refused,
    unless the decks are ``recorded`` (a hand replayed: older files hold them).
    """

    __slots__ = ("_script", "_shuffle", "first", "recorded", "size")

    def __init__(
        self, deck: DeckInput | None, *, seed: int | None, size: int, recorded: bool = False
    ) -> None:
        script = _script(deck) if deck is not None else []
        if seed is None and script:
            seed = _digest(script[0])
        self._shuffle = shuffler(seed)
        self._script = script
        self.size = size
        self.recorded = recorded
        self.first: list[int] = script.pop(0) if script else self.next_deck()

    def __setstate__(self, state: tuple[None, dict[str, object]]) -> None:
        """Decks pickled before ``recorded`` (a hand in progress) read as new decks, checked."""
        self.recorded = False
        for name, value in state[1].items():
            setattr(self, name, value)

    def _check(self, order: list[int]) -> list[int]:
        if self.size == 52 and 52 in order:
            raise RuleError("This game is dealt without the joker; the deck holds one (Jk).")
        if not self.recorded and _lacks_joker(order, self.size):
            raise RuleError(_joker_missing("This game"))
        return order

    def next_deck(self) -> list[int]:
        """A new full deck (a re-deal)."""
        if self._script:
            return self._check(self._script.pop(0))
        return self._shuffle(list(range(self.size)))

    def stack(self, front: Sequence[int]) -> None:
        """The next new stub starts with ``front`` (cards named by a recorded hand:
        see :func:`splitpot.engine.dealing.stack`); its other cards follow in the
        order they were mucked."""
        self._script.insert(0, list(front))

    def next_stub(self, pool: Sequence[int]) -> list[int]:
        """The ``pool`` cards shuffled into a new stub (top first)."""
        if self._script:
            listed = self._script.pop(0)
            inside = set(pool)
            order = [c for c in listed if c in inside]
            shown = set(order)
            return order + [c for c in pool if c not in shown]
        return self._shuffle(list(pool))


@unique
class Ruling(StrEnum):
    """What happens to a card the dealer exposed."""

    KEEP = "keep"
    """The player must keep it (before the draw: 7 or lower; the dealer's own card)."""
    CHOOSE = "choose"
    """The player may keep it or refuse it (before the draw: 8 or higher); a refused
    card is dead and replaced from the top of the stub."""
    DEAD = "dead"
    """The card is dead (exposed in the draw); the player receives another after the
    other players are served."""


def exposed_rank(card: int, *, ace_low: bool) -> int:
    """The rank that the exposed-card rule reads: 2..13, the ace (and the joker)
    1 in a low game, 14 in a high one.

    >>> exposed_rank(int(Card("Ah")), ace_low=True), exposed_rank(int(Card("9c")), ace_low=True)
    (1, 9)
    """
    if card >= 48:
        return 1 if ace_low else 14
    return (card >> 2) + 2


def ruling(card: int, *, before_draw: bool, dealer: bool, keep_at_most: int, ace_low: bool) -> Ruling:
    """The ruling on an exposed ``card``: kept, the player's choice, or dead."""
    if dealer:
        return Ruling.KEEP
    if not before_draw:
        return Ruling.DEAD
    return Ruling.KEEP if exposed_rank(card, ace_low=ace_low) <= keep_at_most else Ruling.CHOOSE
