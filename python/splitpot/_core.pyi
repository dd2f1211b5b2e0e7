"""Type stubs for splitpot's compiled core (cpp/bindings/module.cpp)."""

from collections.abc import Callable, Iterable, Sequence

import numpy as np
from numpy.typing import NDArray

def strength(cards: Sequence[int], ranking: int) -> int: ...
def evaluate(cards: Sequence[int], ranking: int) -> tuple[int, tuple[int, ...]]: ...
def high_low(
    cards: Sequence[int], low: int
) -> tuple[tuple[int, tuple[int, ...]], tuple[int, tuple[int, ...]]]: ...
def evaluate_many(
    cards: NDArray[np.uint8], ranking: int, threads: int = 1, check: bool = True, *, bug: bool = False
) -> NDArray[np.uint32]: ...
def category(strength: int, ranking: int) -> int: ...
def table_bytes(ranking: int) -> int: ...
def shared_table_bytes() -> int: ...
def batch_keys() -> str: ...

# equity (cpp/bindings/register_equity.cpp)
EQUITY_SHARE_UNITS: int
EQUITY_BLOCK: int
EQUITY_MAX_OUTCOMES: int
EQUITY_MAX_SAMPLES: int
EQUITY_TARGET_CAP: int
EQUITY_MAX_PLAYERS: int

_EquityRange = tuple[int, NDArray[np.uint8], NDArray[np.uint64]] | None
_EquityWild = tuple[bool, int, int, int, bool, int, int, int]

def equity_outcomes(
    game: int,
    hands: Iterable[Iterable[int]],
    ranges: Iterable[_EquityRange],
    dead: Iterable[int],
    draws: Iterable[int],
    low: int,
    wild: _EquityWild,
    *,
    declare: Iterable[int] = (),
    tie_keeps_half: bool = False,
    last_card_down: bool = False,
    qualifier: int = 8,
) -> int: ...
def equity(
    game: int,
    hands: Iterable[Iterable[int]],
    ranges: Iterable[_EquityRange],
    dead: Iterable[int],
    draws: Iterable[int],
    low: int,
    wild: _EquityWild,
    samples: int,
    seed: int,
    threads: int,
    max_outcomes: int,
    target_stderr: float,
    seconds: float,
    method: int,
    progress: Callable[[int, int], object] | None,
    part: int = 0,
    parts: int = 1,
    *,
    declare: Iterable[int] = (),
    tie_keeps_half: bool = False,
    last_card_down: bool = False,
    qualifier: int = 8,
) -> tuple[list[tuple[int, int, int, int, int, int, int]], int, bool, int, int, int]: ...
def equity_plan(
    game: int,
    hands: Iterable[Iterable[int]],
    ranges: Iterable[_EquityRange],
    dead: Iterable[int],
    draws: Iterable[int],
    low: int,
    wild: _EquityWild,
    samples: int,
    max_outcomes: int,
    target_stderr: float,
    seconds: float,
    method: int,
    *,
    declare: Iterable[int] = (),
    tie_keeps_half: bool = False,
    last_card_down: bool = False,
    qualifier: int = 8,
) -> tuple[int, int]: ...
def strength_wild(
    cards: Sequence[int], ranking: int, options: tuple[int, int, int, bool, int, int]
) -> int: ...
def evaluate_wild(
    cards: Sequence[int], ranking: int, options: tuple[int, int, int, bool, int, int]
) -> tuple[int, tuple[int, ...]]: ...
def read_wild(
    cards: Sequence[int], ranking: int, options: tuple[int, int, int, bool, int, int]
) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]: ...
def evaluate_many_wild(
    cards: NDArray[np.uint8],
    ranking: int,
    options: tuple[int, int, int, bool, int, int],
    wild_ranks: NDArray[np.uint16] | None,
    threads: int = 1,
    check: bool = True,
) -> NDArray[np.uint32]: ...
def tier_categories(ranking: int) -> list[int]: ...

# seeded decks (cpp/bindings/register_twister.cpp)
def twister(key: Sequence[int]) -> bytearray: ...
def shuffled(state: bytearray, values: list[int]) -> list[int]: ...
