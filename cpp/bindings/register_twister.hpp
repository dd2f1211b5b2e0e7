// splitpot._core.twister and shuffled (cpp/bindings/register_twister.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace splitpot {

/// Adds twister() and shuffled(): random.Random's generator and shuffle for seeded decks.
void register_twister(pybind11::module_& m);

}  // namespace splitpot
