// splitpot's Python error classes, for the bindings' exception translators.
#pragma once

#include <pybind11/gil_safe_call_once.h>
#include <pybind11/pybind11.h>

namespace splitpot::errors {

namespace py = pybind11;

struct Classes {
  py::object card_error;       // splitpot.errors.CardError
  py::object card_type_error;  // splitpot.errors.CardTypeError
  py::object rule_error;       // splitpot.errors.RuleError
};

/// The classes, looked up once (the module's init asks first) and kept until the process
/// ends: an error raised during the interpreter's exit (in a __del__ of the final
/// collection), when nothing can be imported, is still splitpot's, not an ImportError.
inline const Classes& classes() {
  PYBIND11_CONSTINIT static py::gil_safe_call_once_and_store<Classes> storage;
  return storage
      .call_once_and_store_result([] {
        const py::module_ m = py::module_::import("splitpot.errors");
        return Classes{m.attr("CardError"), m.attr("CardTypeError"), m.attr("RuleError")};
      })
      .get_stored();
}

/// Sets the Python error `cls` with the message `what` (in an exception translator).
inline void set(const py::object& cls, const char* what) { PyErr_SetString(cls.ptr(), what); }

}  // namespace splitpot::errors
