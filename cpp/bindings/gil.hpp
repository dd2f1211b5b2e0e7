// Releasing the GIL for a long call, safely when the interpreter shuts down
// meanwhile (used by every binding that releases the GIL: equity, the batches).
//
// A thread that takes the GIL while the interpreter finalizes is ended by
// Python (PyThread_exit_thread: pthread_exit, a forced unwind, before 3.14). A
// forced unwind that starts inside a destructor (implicitly noexcept) calls
// std::terminate, so the GIL is never taken back in a destructor here
// (py::gil_scoped_release does that): run_without_gil takes it back in
// straight-line code, from which a forced unwind goes through pybind11's
// dispatcher (it rethrows abi::__forced_unwind) and ends the thread cleanly.
// A run that sees the shutdown begin while it is off the GIL parks its thread
// instead of taking the GIL back (as Python 3.14 does): the process is exiting.
// A run that started during the shutdown (in the finalizing thread: a __del__
// run by the final collection, module teardown) runs and returns normally.
#pragma once

#include <pybind11/pybind11.h>

#include <chrono>
#include <exception>
#include <optional>
#include <thread>
#include <type_traits>
#include <utility>
#ifdef __GLIBCXX__
#include <cxxabi.h>  // abi::__forced_unwind
#endif

namespace splitpot::gil {

/// Whether the interpreter is shutting down (may be read without the GIL).
inline bool finalizing() {
#if PY_VERSION_HEX >= 0x030D0000
  return Py_IsFinalizing() != 0;
#else
  return _Py_IsFinalizing() != 0;
#endif
}

/// Whether the shutdown began after a run that read `finalizing_at_start`
/// (with the GIL held, as it started) began: the run must stop and never take
/// the GIL again. False all along for a run started during the shutdown.
inline bool shutdown_began(bool finalizing_at_start) { return !finalizing_at_start && finalizing(); }

/// Sleeps for ever: the thread of a run the shutdown overtook, until the process ends.
[[noreturn]] inline void park() {
  for (;;) std::this_thread::sleep_for(std::chrono::hours(1));
}

/// An exception kept while the GIL is released, rethrown with it held. If the
/// shutdown ends the thread while one is kept, it is leaked, not destroyed:
/// destroying a Python error (py::error_already_set) takes the GIL, which would
/// end the thread again inside a destructor of the forced unwind (std::terminate).
class KeptError {
 public:
  explicit KeptError(bool finalizing_at_start) : finalizing_at_start_(finalizing_at_start) {}
  KeptError(const KeptError&) = delete;
  KeptError& operator=(const KeptError&) = delete;
  ~KeptError() {
    if (error_ && shutdown_began(finalizing_at_start_)) new std::exception_ptr(std::move(error_));
  }
  KeptError& operator=(std::exception_ptr error) {
    error_ = std::move(error);
    return *this;
  }
  explicit operator bool() const { return static_cast<bool>(error_); }
  [[noreturn]] void rethrow() const { std::rethrow_exception(error_); }

 private:
  std::exception_ptr error_;
  bool finalizing_at_start_;
};

/// Calls fn() with the GIL released and returns its result (or rethrows its
/// exception) with the GIL held again; parks the thread instead when the
/// interpreter began shutting down meanwhile. fn must touch no Python object
/// unless it takes the GIL itself, and then only while
/// !shutdown_began(finalizing_at_start). `finalizing_at_start` is finalizing()
/// read by the caller with the GIL held (the hooks of a run test the same).
template <class Fn>
auto run_without_gil(Fn&& fn, bool finalizing_at_start = finalizing()) -> std::invoke_result_t<Fn&> {
  using Result = std::invoke_result_t<Fn&>;
  std::conditional_t<std::is_void_v<Result>, bool, std::optional<Result>> result{};
  KeptError error(finalizing_at_start);
  PyThreadState* state = PyEval_SaveThread();
  try {
    if constexpr (std::is_void_v<Result>) {
      fn();
    } else {
      result.emplace(fn());
    }
#ifdef __GLIBCXX__
  } catch (abi::__forced_unwind&) {
    throw;  // the thread is being ended (a hook took the GIL as the shutdown began): never kept
#endif
  } catch (...) {
    error = std::current_exception();  // rethrown with the GIL held
  }
  if (shutdown_began(finalizing_at_start)) park();
  // The shutdown may begin while this waits for the GIL: Python then ends the
  // thread here, outside any destructor (a forced unwind the dispatcher passes on).
  PyEval_RestoreThread(state);
  if (error) error.rethrow();
  if constexpr (!std::is_void_v<Result>) return std::move(*result);
}

}  // namespace splitpot::gil
