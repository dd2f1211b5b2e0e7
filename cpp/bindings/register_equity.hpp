// splitpot._core.equity and friends (cpp/bindings/register_equity.cpp).
#pragma once

#include <pybind11/pybind11.h>

namespace splitpot {

/// Adds equity(), equity_outcomes() and EQUITY_SHARE_UNITS to the module and
/// registers the translator EquityOptionError -> splitpot.errors.RuleError.
void register_equity(pybind11::module_& m);

}  // namespace splitpot
