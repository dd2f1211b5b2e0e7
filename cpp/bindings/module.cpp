// The pybind11 module splitpot._core: conversions, error translation and GIL
// handling only; no poker logic lives here.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>
#include <tuple>

#include "errors.hpp"
#include "splitpot/evaluate.hpp"
#include "splitpot/select.hpp"
#include "splitpot/stand_ins.hpp"
#include "splitpot/wild.hpp"
#include "gil.hpp"
#include "register_equity.hpp"
#include "register_twister.hpp"

namespace py = pybind11;
using namespace splitpot;

namespace {

struct CardTypeError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

Ranking to_ranking(int r) {
  if (r < 0 || r >= kRankingCount) throw std::invalid_argument("unknown ranking id " + std::to_string(r));
  return static_cast<Ranking>(r);
}

// Reads a list or tuple of ints (Card is an int) into `out`; returns the count.
int read_cards(py::handle obj, std::uint8_t (&out)[kMaxCards]) {
  PyObject* seq = obj.ptr();
  const bool is_list = PyList_Check(seq);
  if (!is_list && !PyTuple_Check(seq)) throw CardTypeError("cards must be a list or tuple of ints");
  const Py_ssize_t n = is_list ? PyList_GET_SIZE(seq) : PyTuple_GET_SIZE(seq);
  if (n > kMaxCards) throw CardError("expected at most 7 cards, got " + std::to_string(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject* item = is_list ? PyList_GET_ITEM(seq, i) : PyTuple_GET_ITEM(seq, i);
    if (!PyLong_Check(item) || PyBool_Check(item)) {
      throw CardTypeError("a card must be an int, a Card or card text, not " +
                          std::string(Py_TYPE(item)->tp_name));
    }
    int overflow = 0;  // a huge int is reported as itself, not as the -1 of an overflow
    const long v = PyLong_AsLongAndOverflow(item, &overflow);
    if (overflow != 0 || v < 0 || v > kJoker) {
      if (v == -1 && PyErr_Occurred()) PyErr_Clear();
      throw CardError("card " + py::str(item).cast<std::string>() + " is out of range (0..51, 52 = joker)");
    }
    out[i] = static_cast<std::uint8_t>(v);
  }
  return static_cast<int>(n);
}

// The joker plays as the bug unless a call says otherwise.
bool has_joker(const std::uint8_t* cards, int n) {
  return std::find(cards, cards + n, static_cast<std::uint8_t>(kJoker)) != cards + n;
}

py::tuple played_tuple(const Played& p) {
  py::tuple cards(p.count);
  for (int i = 0; i < p.count; ++i) cards[static_cast<std::size_t>(i)] = py::int_(p.cards[i]);
  return py::make_tuple(p.strength, cards);
}

void register_evaluate(py::module_& m) {
  m.def(
      "strength",
      [](py::handle cards, int ranking) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        if (has_joker(buf, n)) return evaluate_wild(buf, n, to_ranking(ranking), WildOptions{});
        return evaluate(buf, n, to_ranking(ranking));
      },
      py::arg("cards"), py::arg("ranking"), "Strength of 1..7 cards (higher is better; 0 = no qualifying low).");

  m.def(
      "evaluate",
      [](py::handle cards, int ranking) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        if (has_joker(buf, n)) return played_tuple(best_five_wild(buf, n, to_ranking(ranking), WildOptions{}));
        return played_tuple(best_five(buf, n, to_ranking(ranking)));
      },
      py::arg("cards"), py::arg("ranking"), "(strength, five cards played in reading order).");

  m.def(
      "high_low",
      [](py::handle cards, int low) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        const HighLow hl = splitpot::high_low(buf, n, to_ranking(low));
        return py::make_tuple(played_tuple(hl.high), played_tuple(hl.low));
      },
      py::arg("cards"), py::arg("low"), "((high strength, cards), (low strength, cards)).");

  m.def(
      "evaluate_many",
      [](const py::array_t<std::uint8_t, py::array::c_style>& cards, int ranking, int threads, bool check, bool bug) {
        if (cards.ndim() != 2) {
          throw CardError("cards must be a 2-dimensional array of shape (N, k), got " +
                          std::to_string(cards.ndim()) + " dimensions");
        }
        const auto rows = static_cast<std::size_t>(cards.shape(0));
        const int k = static_cast<int>(cards.shape(1));
        if (k < 5 || k > kMaxCards) throw CardError("cards must have shape (N, k) with k in 5..7, got k = " + std::to_string(k));
        const Ranking r = to_ranking(ranking);
        py::array_t<std::uint32_t> out(static_cast<py::ssize_t>(rows));
        const std::uint8_t* in = cards.data();
        std::uint32_t* dst = out.mutable_data();
        const std::ptrdiff_t bad = gil::run_without_gil([&] {  // the loop touches no Python object
          return bug ? evaluate_batch_bug(in, rows, k, r, dst, check, threads)
                     : evaluate_batch(in, rows, k, r, dst, check, threads);
        });
        if (bad >= 0) {
          const std::uint8_t* row = in + static_cast<std::size_t>(bad) * static_cast<std::size_t>(k);
          try {
            if (bug) evaluate_wild(row, k, r, WildOptions{});  // the joker is a card: the wild path's message
            check_cards(row, k, r);
          } catch (const CardError& e) {
            throw CardError("row " + std::to_string(bad) + ": " + e.what());
          }
          throw CardError("row " + std::to_string(bad) + " is invalid");
        }
        return out;
      },
      py::arg("cards").noconvert(), py::arg("ranking"), py::arg("threads") = 1, py::arg("check") = true,
      py::kw_only(), py::arg("bug") = false,
      "Strengths of an (N, k) uint8 array of hands; releases the GIL. bug (keyword-only): the joker (52) plays "
      "as the bug, its rows evaluated a group at a time after the natural pass (else a row holding it is a bad "
      "row).");

  m.def(
      "category",
      [](std::uint32_t strength, int ranking) {
        return static_cast<int>(category_of(strength, to_ranking(ranking)));
      },
      py::arg("strength"), py::arg("ranking"), "Category index (1 high card .. 10 five of a kind; 0 no low).");

  m.def(
      "table_bytes",
      [](int ranking) { return ranking_table_bytes(to_ranking(ranking)); }, py::arg("ranking"),
      "Bytes of one ranking's own tables.");
  m.def("shared_table_bytes", &shared_table_bytes, "Bytes of the tables every ranking shares.");
  m.def(
      "batch_keys", [] { return std::string(batch_keys_used()); },
      "How evaluate_many makes the hands' keys on this CPU: 'AVX-512', 'AVX2' or 'scalar'.");
}

// Wild options arrive as a tuple (wild card mask, joker rule, wild_low rule,
// duplicate, penalty card mask, penalty rule), built by python/splitpot/evaluate.py.
using OptionsTuple = std::tuple<std::uint64_t, int, int, bool, std::uint64_t, int>;

WildOptions to_options(const OptionsTuple& t) {
  WildOptions o;
  o.wild = std::get<0>(t) & ((std::uint64_t{1} << kDeckSize) - 1);
  o.joker = std::get<1>(t) ? JokerRule::Wild : JokerRule::Bug;
  const int low = std::get<2>(t);
  if (low < 0 || low > 2) throw std::invalid_argument("unknown wild_low rule id " + std::to_string(low));
  o.wild_low = static_cast<WildLow>(low);
  o.duplicate = std::get<3>(t);
  o.penalty = std::get<4>(t);
  o.penalty_rule = std::get<5>(t) ? PenaltyRule::VoidCard : PenaltyRule::DeadHand;
  return o;
}

void register_wild(py::module_& m) {
  m.def(
      "strength_wild",
      [](py::handle cards, int ranking, const OptionsTuple& options) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        return evaluate_wild(buf, n, to_ranking(ranking), to_options(options));
      },
      py::arg("cards"), py::arg("ranking"), py::arg("options"), "Strength with wild cards (0: no low or dead hand).");
  m.def(
      "evaluate_wild",
      [](py::handle cards, int ranking, const OptionsTuple& options) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        return played_tuple(best_five_wild(buf, n, to_ranking(ranking), to_options(options)));
      },
      py::arg("cards"), py::arg("ranking"), py::arg("options"), "(strength, the five played, wild cards included).");
  m.def(
      "read_wild",
      [](py::handle cards, int ranking, const OptionsTuple& options) {
        std::uint8_t buf[kMaxCards];
        const int n = read_cards(cards, buf);
        const ReadHand h = read_best_five_wild(buf, n, to_ranking(ranking), to_options(options));
        py::tuple five(h.count), values(h.count), stand_ins(3 * std::size_t{h.stand_in_count});
        for (std::size_t i = 0; i < h.count; ++i) {
          five[i] = py::int_(h.cards[i]);
          values[i] = py::int_(h.values[i]);
        }
        for (std::size_t i = 0; i < h.stand_in_count; ++i) {
          stand_ins[3 * i] = py::int_(h.stand_ins[i].card);
          stand_ins[3 * i + 1] = py::int_(h.stand_ins[i].rank);
          stand_ins[3 * i + 2] = py::int_(h.stand_ins[i].suit);
        }
        return py::make_tuple(h.strength, five, values, stand_ins);
      },
      py::arg("cards"), py::arg("ranking"), py::arg("options"),
      "(strength, the five in reading order, the rank each plays as (-1: a zero), (wild card, rank, suit (-1: "
      "none)) for each wild card, flat).");
  m.def(
      "evaluate_many_wild",
      [](const py::array_t<std::uint8_t, py::array::c_style>& cards, int ranking, const OptionsTuple& options,
         const std::optional<py::array_t<std::uint16_t, py::array::c_style>>& row_wild_ranks, int threads, bool check) {
        if (cards.ndim() != 2) {
          throw CardError("cards must be a 2-dimensional array of shape (N, k), got " +
                          std::to_string(cards.ndim()) + " dimensions");
        }
        const auto rows = static_cast<std::size_t>(cards.shape(0));
        const int k = static_cast<int>(cards.shape(1));
        if (k < 5 || k > kMaxCards) throw CardError("cards must have shape (N, k) with k in 5..7, got k = " + std::to_string(k));
        const std::uint16_t* per_row = nullptr;
        if (row_wild_ranks) {
          if (row_wild_ranks->ndim() != 1 || static_cast<std::size_t>(row_wild_ranks->shape(0)) != rows) {
            throw CardError("wild_ranks must have shape (N,) = (" + std::to_string(rows) + ",), one mask per row");
          }
          per_row = row_wild_ranks->data();
        }
        const Ranking r = to_ranking(ranking);
        const WildOptions o = to_options(options);
        py::array_t<std::uint32_t> out(static_cast<py::ssize_t>(rows));
        const std::uint8_t* in = cards.data();
        std::uint32_t* dst = out.mutable_data();
        const std::ptrdiff_t bad =
            gil::run_without_gil([&] { return evaluate_batch_wild(in, rows, k, r, o, per_row, dst, check, threads); });
        if (bad >= 0) {
          const std::uint8_t* row = in + static_cast<std::size_t>(bad) * static_cast<std::size_t>(k);
          try {
            evaluate_wild(row, k, r, o);
          } catch (const CardError& e) {
            throw CardError("row " + std::to_string(bad) + ": " + e.what());
          }
          throw CardError("row " + std::to_string(bad) + " is invalid");
        }
        return out;
      },
      py::arg("cards").noconvert(), py::arg("ranking"), py::arg("options"), py::arg("wild_ranks"),
      py::arg("threads") = 1, py::arg("check") = true, "Strengths of an (N, k) uint8 array with wild options.");
  m.def(
      "tier_categories",
      [](int ranking) {
        py::list out;
        for (const Category c : tables().tier_category[static_cast<std::size_t>(to_ranking(ranking))])
          out.append(static_cast<int>(c));
        return out;
      },
      py::arg("ranking"), "The category index of each tier (strength >> 12).");
}

void register_errors() {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const CardError& e) {
      errors::set(errors::classes().card_error, e.what());
    } catch (const CardTypeError& e) {
      errors::set(errors::classes().card_type_error, e.what());
    }
  });
}

}  // namespace

PYBIND11_MODULE(_core, m, py::mod_gil_not_used()) {
  m.doc() = "splitpot's C++ core: lookup-table poker hand evaluators.";
  (void)errors::classes();  // looked up now, while imports work
  register_errors();
  register_evaluate(m);
  register_wild(m);
  register_equity(m);
  register_twister(m);
  // pybind11 reads numpy's C API on the first array it meets; read it now, while imports
  // work: a first batch called during the interpreter's exit (a __del__ run by the final
  // collection) failed with ImportError instead of running as documented.
  (void)py::dtype::of<std::uint8_t>();
}
