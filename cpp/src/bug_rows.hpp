// The joker rows of a natural batch (evaluate_batch_bug, evaluate.cpp), read a
// group at a time by wild.cpp.
#pragma once

#include <cstddef>
#include <cstdint>

#include "splitpot/ranking.hpp"

namespace splitpot::detail {

/// Rows 0..n-1 of `copies` (k cards each, 5..7; bytes 0..52, each row holding
/// the joker) into out[rows[g]]: each row's evaluate_wild_unchecked(row, k, r,
/// WildOptions{}) (the joker as the bug, no wild card).
void evaluate_bug_rows(const std::uint8_t* copies, const std::size_t* rows, std::size_t n, int k, Ranking r,
                       std::uint32_t* out) noexcept;

}  // namespace splitpot::detail
