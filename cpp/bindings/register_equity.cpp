// Bindings of the equity calculator: convert, validate, release the GIL for
// the run, re-acquire it only to call `progress` (and to notice Ctrl-C).
#include "register_equity.hpp"

#include <exception>
#include <string>
#include <vector>

#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"

namespace py = pybind11;

namespace splitpot {
namespace {

std::vector<std::uint8_t> read_card_list(py::handle obj, const std::string& what) {
  std::vector<std::uint8_t> out;
  for (py::handle item : py::reinterpret_borrow<py::iterable>(obj)) {
    if (!PyLong_Check(item.ptr()) || PyBool_Check(item.ptr())) {
      throw py::type_error(what + ": a card must be an int, not " + std::string(Py_TYPE(item.ptr())->tp_name));
    }
    const long v = PyLong_AsLong(item.ptr());
    if (v < 0 || v > kJoker) {
      if (v == -1 && PyErr_Occurred()) PyErr_Clear();
      throw CardError(what + ": card " + std::to_string(v) + " is out of range (0..51, 52 = joker)");
    }
    out.push_back(static_cast<std::uint8_t>(v));
  }
  return out;
}

EquityRequest make_request(int game, py::handle hands, py::handle dead, py::handle draws, int low,
                           bool joker, std::uint64_t samples, std::uint64_t seed, int threads,
                           std::uint64_t max_outcomes) {
  if (game < 0 || game >= kEquityGameCount) throw EquityOptionError("unknown game id " + std::to_string(game));
  if (low < 0 || low >= kRankingCount) throw EquityOptionError("unknown ranking id " + std::to_string(low));
  EquityRequest rq;
  rq.game = static_cast<EquityGame>(game);
  rq.low = static_cast<Ranking>(low);
  rq.joker = joker;
  int i = 0;
  for (py::handle h : py::reinterpret_borrow<py::iterable>(hands)) rq.hands.push_back(read_card_list(h, "hand " + std::to_string(++i)));
  rq.dead = read_card_list(dead, "dead cards");
  for (py::handle d : py::reinterpret_borrow<py::iterable>(draws)) {
    if (!PyLong_Check(d.ptr()) || PyBool_Check(d.ptr())) throw py::type_error("draws must be ints");
    const long v = PyLong_AsLong(d.ptr());
    if (v < -1 || v > 52) {
      if (v == -1 && PyErr_Occurred()) PyErr_Clear();
      throw EquityOptionError("cannot draw " + std::to_string(v) + " cards");
    }
    rq.draws.push_back(static_cast<int>(v));
  }
  rq.samples = samples;
  rq.seed = seed;
  rq.threads = threads;
  rq.max_outcomes = max_outcomes;
  return rq;
}

py::tuple result_tuple(const EquityResult& r) {
  py::list players;
  for (const PlayerCounts& c : r.players) {
    players.append(py::make_tuple(c.high_win, c.high_tie, c.low_win, c.low_tie, c.scoop, c.share));
  }
  return py::make_tuple(players, r.outcomes, r.exact);
}

}  // namespace

void register_equity(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const EquityOptionError& e) {
      py::object cls = py::module_::import("splitpot.errors").attr("RuleError");
      PyErr_SetString(cls.ptr(), e.what());
    }
  });

  m.attr("EQUITY_SHARE_UNITS") = kShareUnits;
  m.attr("EQUITY_BLOCK") = kEquityBlock;
  m.attr("EQUITY_MAX_OUTCOMES") = kEquityMaxOutcomes;

  m.def(
      "equity_outcomes",
      [](int game, py::handle hands, py::handle dead, py::handle draws, int low, bool joker) {
        return equity_outcomes(make_request(game, hands, dead, draws, low, joker, 0, 0, 1, kEquityMaxOutcomes));
      },
      py::arg("game"), py::arg("hands"), py::arg("dead"), py::arg("draws"), py::arg("low"), py::arg("joker"),
      "Checks a spot and returns how many outcomes an exact enumeration visits.");

  m.def(
      "equity",
      [](int game, py::handle hands, py::handle dead, py::handle draws, int low, bool joker,
         std::uint64_t samples, std::uint64_t seed, int threads, std::uint64_t max_outcomes, py::object progress) {
        const EquityRequest rq =
            make_request(game, hands, dead, draws, low, joker, samples, seed, threads, max_outcomes);
        std::exception_ptr error;
        // Runs on the calling thread only, with the GIL released around it.
        EquityProgress report = [&](std::uint64_t done, std::uint64_t total) {
          py::gil_scoped_acquire acquire;
          try {
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
            if (!progress.is_none()) progress(done, total);
          } catch (...) {
            error = std::current_exception();
            return false;
          }
          return true;
        };
        EquityResult r;
        {
          py::gil_scoped_release release;
          r = equity(rq, report);
        }
        if (error) std::rethrow_exception(error);
        if (!r.complete) throw std::runtime_error("the equity run stopped early");
        return result_tuple(r);
      },
      py::arg("game"), py::arg("hands"), py::arg("dead"), py::arg("draws"), py::arg("low"), py::arg("joker"),
      py::arg("samples"), py::arg("seed"), py::arg("threads"), py::arg("max_outcomes"), py::arg("progress"),
      "([(high_win, high_tie, low_win, low_tie, scoop, share units) per player], outcomes, exact); "
      "counts of outcomes. Releases the GIL.");
}

}  // namespace splitpot
