// Bindings of the equity calculator: convert, validate, release the GIL for
// the run; the calling thread takes the GIL back only to poll for signals
// (about every 5 ms) and to call `progress`.
#include "register_equity.hpp"

#include <pybind11/numpy.h>

#include <exception>
#include <string>
#include <vector>
#ifdef __GLIBCXX__
#include <cxxabi.h>  // abi::__forced_unwind
#endif

#include "splitpot/equity.hpp"
#include "splitpot/evaluate.hpp"
#include "errors.hpp"
#include "gil.hpp"

namespace py = pybind11;

namespace splitpot {
namespace {

std::vector<std::uint8_t> read_card_list(py::handle obj, const std::string& what) {
  std::vector<std::uint8_t> out;
  for (py::handle item : py::reinterpret_borrow<py::iterable>(obj)) {
    if (!PyLong_Check(item.ptr()) || PyBool_Check(item.ptr())) {
      throw py::type_error(what + ": a card must be an int, not " + std::string(Py_TYPE(item.ptr())->tp_name));
    }
    int overflow = 0;
    const long v = PyLong_AsLongAndOverflow(item.ptr(), &overflow);
    if (overflow != 0 || v < 0 || v > kJoker) {
      throw CardError(what + ": card " + py::str(item).cast<std::string>() + " is out of range (0..51, 52 = joker)");
    }
    out.push_back(static_cast<std::uint8_t>(v));
  }
  return out;
}

using CardArray = py::array_t<std::uint8_t, py::array::c_style>;
using WeightArray = py::array_t<std::uint64_t, py::array::c_style>;

EquityRequest make_request(int game, py::handle hands, py::handle ranges, py::handle dead, py::handle draws, int low,
                           py::tuple wild) {
  if (game < 0 || game >= kEquityGameCount) throw EquityOptionError("unknown game id " + std::to_string(game));
  if (low < 0 || low >= kRankingCount) throw EquityOptionError("unknown ranking id " + std::to_string(low));
  EquityRequest rq;
  rq.game = static_cast<EquityGame>(game);
  rq.low = static_cast<Ranking>(low);
  int i = 0;
  for (py::handle h : py::reinterpret_borrow<py::iterable>(hands)) rq.hands.push_back(read_card_list(h, "hands[" + std::to_string(i++) + "]"));
  for (py::handle r : py::reinterpret_borrow<py::iterable>(ranges)) {
    EquityRange range;
    if (!r.is_none()) {
      const auto t = r.cast<py::tuple>();
      range.hidden = t[0].cast<int>();
      const auto cards = t[1].cast<CardArray>();
      const auto weights = t[2].cast<WeightArray>();
      range.cards.assign(cards.data(), cards.data() + cards.size());
      range.weights.assign(weights.data(), weights.data() + weights.size());
    }
    rq.ranges.push_back(std::move(range));
  }
  rq.dead = read_card_list(dead, "dead cards");
  for (py::handle d : py::reinterpret_borrow<py::iterable>(draws)) rq.draws.push_back(d.cast<int>());
  // (joker in the deck, joker rule, wild card mask, wild_low, duplicate, penalty card mask, penalty rule,
  // positional rule)
  if (wild.size() != 8) throw EquityOptionError("wild options: expected 8 items, got " + std::to_string(wild.size()));
  rq.joker = wild[0].cast<bool>();
  const int joker_rule = wild[1].cast<int>(), wild_low = wild[3].cast<int>();  // enums: their ids checked
  if (joker_rule < 0 || joker_rule > 1) throw EquityOptionError("unknown joker rule id " + std::to_string(joker_rule));
  if (wild_low < 0 || wild_low > 2) throw EquityOptionError("unknown wild_low rule id " + std::to_string(wild_low));
  rq.joker_rule = static_cast<JokerRule>(joker_rule);
  rq.wild = wild[2].cast<std::uint64_t>();
  rq.wild_low = static_cast<WildLow>(wild_low);
  rq.duplicate = wild[4].cast<bool>();
  rq.penalty = wild[5].cast<std::uint64_t>();
  const int penalty_rule = wild[6].cast<int>();
  if (penalty_rule < 0 || penalty_rule > 1) throw EquityOptionError("unknown penalty rule id " + std::to_string(penalty_rule));
  rq.penalty_rule = static_cast<PenaltyRule>(penalty_rule);
  rq.positional = static_cast<PositionalRule>(wild[7].cast<int>());  // checked by the core
  return rq;
}

/// Declarations (0 high, 1 low, 2 both; empty: cards speak) and tie_keeps_half.
void set_declarations(EquityRequest& rq, py::handle declare, bool tie_keeps_half) {
  for (py::handle d : py::reinterpret_borrow<py::iterable>(declare)) {
    const int v = d.cast<int>();
    if (v < 0 || v > 2) throw EquityOptionError("unknown declaration id " + std::to_string(v) + " (0 high, 1 low, 2 both)");
    rq.declarations.push_back(static_cast<Declaration>(v));
  }
  rq.tie_keeps_half = tie_keeps_half;
}

void set_run(EquityRequest& rq, std::uint64_t samples, std::uint64_t max_outcomes, double target_stderr,
             double seconds, int method) {
  if (method < 0 || method > 2) throw EquityOptionError("unknown method id " + std::to_string(method));
  rq.samples = samples;
  rq.max_outcomes = max_outcomes;
  rq.target_stderr = target_stderr;
  rq.seconds = seconds;
  rq.method = static_cast<EquityMethod>(method);
}

/// A real Ctrl-C: a KeyboardInterrupt itself, not a subclass (a callback's own
/// exception, or the EquityInterrupted of a run inside the callback).
bool is_ctrl_c(const py::error_already_set& e) { return e.type().ptr() == PyExc_KeyboardInterrupt; }

py::tuple result_tuple(const EquityResult& r, bool interrupted) {
  py::list players;
  for (const PlayerCounts& c : r.players) {
    // (share units)^2 summed exactly, as a Python int: parts of a run add up to the whole.
    const py::object share_sq = (py::int_(c.share_sq_high) << py::int_(64)) | py::int_(c.share_sq_low);
    const py::object share = (py::int_(c.share_high) << py::int_(64)) | py::int_(c.share);
    players.append(py::make_tuple(c.high_win, c.high_tie, c.low_win, c.low_tie, c.scoop, share, share_sq));
  }
  const int stop = interrupted ? 5 : static_cast<int>(r.stop);
  return py::make_tuple(players, r.outcomes, r.exact, static_cast<int>(r.method), stop, r.rejected);
}

}  // namespace

void register_equity(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const EquityOptionError& e) {
      errors::set(errors::classes().rule_error, e.what());
    }
  });

  m.attr("EQUITY_SHARE_UNITS") = kShareUnits;
  m.attr("EQUITY_BLOCK") = kEquityBlock;
  m.attr("EQUITY_MAX_OUTCOMES") = kEquityMaxOutcomes;
  m.attr("EQUITY_MAX_SAMPLES") = kEquityMaxSamples;
  m.attr("EQUITY_TARGET_CAP") = kEquityTargetCap;
  m.attr("EQUITY_MAX_PLAYERS") = kEquityMaxPlayers;

  m.def(
      "equity_outcomes",
      [](int game, py::handle hands, py::handle ranges, py::handle dead, py::handle draws, int low, py::tuple wild,
         py::handle declare, bool tie_keeps_half, bool last_card_down, int qualifier) {
        EquityRequest rq = make_request(game, hands, ranges, dead, draws, low, wild);
        set_declarations(rq, declare, tie_keeps_half);
        rq.last_card_down = last_card_down;
        rq.qualifier = qualifier;
        return equity_outcomes(rq);
      },
      py::arg("game"), py::arg("hands"), py::arg("ranges"), py::arg("dead"), py::arg("draws"), py::arg("low"),
      py::arg("wild"), py::kw_only(), py::arg("declare") = py::tuple(), py::arg("tie_keeps_half") = false, py::arg("last_card_down") = false,
      py::arg("qualifier") = 8,
      "Checks a spot and returns how many outcomes an exact enumeration visits (with ranges: an upper bound). "
      "declare, tie_keeps_half, last_card_down, qualifier (the low's qualifier rank, 5..13, 8 by default; "
      "another only in seven-card-stud-8): as for equity.");

  m.def(
      "equity_plan",
      [](int game, py::handle hands, py::handle ranges, py::handle dead, py::handle draws, int low, py::tuple wild,
         std::uint64_t samples, std::uint64_t max_outcomes, double target_stderr, double seconds, int method,
         py::handle declare, bool tie_keeps_half, bool last_card_down, int qualifier) {
        EquityRequest rq = make_request(game, hands, ranges, dead, draws, low, wild);
        set_run(rq, samples, max_outcomes, target_stderr, seconds, method);
        set_declarations(rq, declare, tie_keeps_half);
        rq.last_card_down = last_card_down;
        rq.qualifier = qualifier;
        const EquityPlan plan = equity_plan(rq);
        return py::make_tuple(static_cast<int>(plan.method), plan.units);
      },
      py::arg("game"), py::arg("hands"), py::arg("ranges"), py::arg("dead"), py::arg("draws"), py::arg("low"),
      py::arg("wild"), py::arg("samples"), py::arg("max_outcomes"), py::arg("target_stderr"), py::arg("seconds"),
      py::arg("method"), py::kw_only(), py::arg("declare") = py::tuple(), py::arg("tie_keeps_half") = false, py::arg("last_card_down") = false,
      py::arg("qualifier") = 8,
      "Checks a run as equity() does before it starts and returns (method, units): the exact method (1 "
      "enumerate, 2 count; 0 for Monte Carlo) and the units its parts slice (outer completions, sample blocks; "
      "1 for counting, which part 0 does alone). declare, tie_keeps_half, last_card_down, qualifier (the low's "
      "qualifier rank, 5..13, 8 by default; another only in seven-card-stud-8): as for equity.");

  m.def(
      "equity",
      [](int game, py::handle hands, py::handle ranges, py::handle dead, py::handle draws, int low, py::tuple wild,
         std::uint64_t samples, std::uint64_t seed, int threads, std::uint64_t max_outcomes, double target_stderr,
         double seconds, int method, py::object progress, std::uint64_t part, std::uint64_t parts, py::handle declare,
         bool tie_keeps_half, bool last_card_down, int qualifier) {
        EquityRequest rq = make_request(game, hands, ranges, dead, draws, low, wild);
        set_run(rq, samples, max_outcomes, target_stderr, seconds, method);
        set_declarations(rq, declare, tie_keeps_half);
        rq.last_card_down = last_card_down;
        rq.qualifier = qualifier;
        rq.seed = seed;
        rq.threads = threads;
        rq.part = part;
        rq.parts = parts;
        // A run the shutdown overtakes stops its workers and never takes the
        // GIL again (its thread parks); one started during the shutdown (a
        // __del__ run by the final collection) runs as any other.
        const bool finalizing_at_start = gil::finalizing();
        gil::KeptError error(finalizing_at_start);
        bool interrupted = false;
        EquityHooks hooks;
        hooks.poll = [&] {
          if (gil::shutdown_began(finalizing_at_start)) return false;  // the workers stop
          py::gil_scoped_acquire acquire;
          if (PyErr_CheckSignals() != 0) {
            py::error_already_set e;
            if (is_ctrl_c(e)) interrupted = true;
            error = std::make_exception_ptr(std::move(e));
            return false;
          }
          return true;
        };
        if (!progress.is_none()) {
          hooks.progress = [&](std::uint64_t done, std::uint64_t total) {
            if (gil::shutdown_began(finalizing_at_start)) return false;
            if (error) return false;  // an exception waits (Ctrl-C, the callback's own): no more calls
            py::gil_scoped_acquire acquire;
            try {
              // Any false value but None (a callback returning nothing) stops.
              const py::object answer = progress(done, total);
              if (answer.is_none()) return true;
              const int go = PyObject_IsTrue(answer.ptr());
              if (go < 0) throw py::error_already_set();
              return go != 0;
#ifdef __GLIBCXX__
            } catch (abi::__forced_unwind&) {
              throw;  // a thread ended by Python: never swallowed
#endif
            } catch (py::error_already_set& e) {
              // Ctrl-C handled while the callback ran (Python runs signal
              // handlers between its bytecodes): an interruption, as in poll.
              // A subclass (the callback's own, or an EquityInterrupted of a
              // run inside it) is an error of the callback, raised as it is.
              if (is_ctrl_c(e)) interrupted = true;
              error = std::current_exception();
              return false;
            } catch (...) {
              error = std::current_exception();
              return false;
            }
          };
        }
        const EquityResult r = gil::run_without_gil([&] { return equity(rq, hooks); }, finalizing_at_start);
        // Ctrl-C during a Monte Carlo run keeps the samples drawn (the
        // result says it was interrupted); anything else raises.
        if (error && !(interrupted && !r.exact)) error.rethrow();
        return result_tuple(r, interrupted);
      },
      py::arg("game"), py::arg("hands"), py::arg("ranges"), py::arg("dead"), py::arg("draws"), py::arg("low"),
      py::arg("wild"), py::arg("samples"), py::arg("seed"), py::arg("threads"), py::arg("max_outcomes"),
      py::arg("target_stderr"), py::arg("seconds"), py::arg("method"), py::arg("progress"), py::arg("part") = 0,
      py::arg("parts") = 1, py::kw_only(), py::arg("declare") = py::tuple(), py::arg("tie_keeps_half") = false, py::arg("last_card_down") = false,
      py::arg("qualifier") = 8,
      "Part `part` of `parts` of the run (the parts' counts add up to the whole run's): "
      "([(high_win, high_tie, low_win, low_tie, scoop, share units, share units squared) per player], outcomes, "
      "exact, method, stop, rejected): weighted counts of outcomes. stop: 0 complete, 1 target reached, 2 time "
      "up, 3 stopped by progress, 4 samples ran out before the target, 5 interrupted (Ctrl-C). declare: one declaration id per hand (0 high, 1 low, 2 "
      "both; empty: cards speak), high-low games only. last_card_down: five-card stud's fifth card dealt face down "
      "too (the last-down variant: positional wild cards read the first and fifth as the down cards). Releases "
      "the GIL.");
}

}  // namespace splitpot
