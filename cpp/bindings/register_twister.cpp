// splitpot._core.twister / shuffled: CPython's random.Random(seed).shuffle() in
// C++, for the engine's seeded decks (one shuffle a deal).  The generator's
// state travels as a bytearray the caller keeps (no class: nothing for the stub
// but two functions); conversions only, the generator is
// cpp/include/splitpot/twister.hpp.
#include "register_twister.hpp"

#include <pybind11/stl.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "splitpot/twister.hpp"

namespace py = pybind11;

namespace splitpot {

namespace {

char* state_bytes(const py::handle& state) {
  PyObject* obj = state.ptr();
  if (!PyByteArray_Check(obj) || PyByteArray_GET_SIZE(obj) != static_cast<Py_ssize_t>(sizeof(Twister))) {
    throw std::invalid_argument("shuffled: state must be the bytearray twister() returned");
  }
  return PyByteArray_AS_STRING(obj);
}

py::bytearray twister(const std::vector<std::uint32_t>& key) {
  const Twister made(key);
  return py::bytearray(reinterpret_cast<const char*>(&made), sizeof(Twister));
}

// A list of ints 0..255 (cards) shuffled into a new list; the state moves on in place.
py::list shuffled(const py::handle& state, const py::list& values) {
  char* bytes = state_bytes(state);
  const std::size_t n = values.size();
  std::vector<std::uint8_t> buf(n);
  for (std::size_t i = 0; i < n; ++i) {
    PyObject* item = PyList_GET_ITEM(values.ptr(), static_cast<Py_ssize_t>(i));
    const long v = PyLong_Check(item) ? PyLong_AsLong(item) : -1;
    if (v < 0 || v > 255) {
      if (PyErr_Occurred()) PyErr_Clear();
      throw std::invalid_argument("shuffled: values must be a list of ints 0..255");
    }
    buf[i] = static_cast<std::uint8_t>(v);
  }
  Twister twister;
  std::memcpy(static_cast<void*>(&twister), bytes, sizeof(Twister));
  twister.shuffle(buf.data(), n);
  std::memcpy(bytes, static_cast<const void*>(&twister), sizeof(Twister));
  py::list out(n);
  for (std::size_t i = 0; i < n; ++i) {
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), PyLong_FromLong(buf[i]));
  }
  return out;
}

}  // namespace

void register_twister(py::module_& m) {
  m.def("twister", &twister, py::arg("key"),
        "The state of random.Random(n) where key lists n's 32-bit words, least significant first.");
  m.def("shuffled", &shuffled, py::arg("state"), py::arg("values"),
        "random.shuffle of a list of ints 0..255 with the generator `state` (moved on in place), as a new list.");
}

}  // namespace splitpot
