// The table builder (build time and tests only; the library compiles in its
// output, see tables.hpp).
#pragma once

#include <vector>

#include "splitpot/tables.hpp"

namespace splitpot {

template <typename T>
using OwnedTable = std::vector<T>;
/// The tables as the builder makes them: owning vectors.
using BuiltTables = BasicTables<OwnedTable>;

/// Derives every table from the rules (a fraction of a second on one core per ranking).
BuiltTables build_tables();

}  // namespace splitpot
