// splitpot's core beside OMPEval (zekyll/OMPEval, from the omp-wrapper sdist)
// and, from card bytes, PokerHandEvaluator (HenryRLee/PokerHandEvaluator's
// seven-card evaluator, from the phevaluator sdist), all built with the same
// flags, the same hands, one process, one thread. Built and run by run.sh.
//
// Every figure is chunked so that a busy machine does not distort the ratio:
// the work is cut into chunks, each contender runs each chunk several times in
// turn, and its time is the sum over chunks of its fastest run; in the races on
// random hands (chunks of a millisecond) each timed run follows an untimed one
// of the same contender, so that each is timed with its own tables in cache
// (bench_common.hpp). Before timing, OMPEval is checked to put every hand in
// splitpot's category, and PokerHandEvaluator to order the hands exactly as
// splitpot does (one rank a strength, the order reversed). With
// several runs, the whole comparison is repeated and each ratio's range over
// the runs is printed at the end (a figure that moves with the machine's load
// shows as a wide range).
//
// evaluate_batch makes the hands' keys four at a time with AVX2 where the CPU
// has it, in the portable build too (asked at run time); its name says so, and
// "scalar keys" is the same call with the card-by-card keys of other CPUs.
//
//   bench_peers [million random hands, default 4] [repeats per chunk, default 5] [runs, default 1]
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "HandEvaluator.h"
#include "phevaluator/phevaluator.h"
#include "splitpot/evaluate.hpp"
#include "splitpot/hand.hpp"
#include "bench_common.hpp"  // cpp/benchmarks: random hands, splitpot's side of the enumeration
#include "peers_common.hpp"

using namespace splitpot;
using Clock = std::chrono::steady_clock;

namespace {

// OMPEval's categories: value >> 12, 1 = high card .. 9 = straight flush, as splitpot's Category.
int omp_category(std::uint16_t v) { return v >> 12; }
int sp_category(std::uint16_t v) { return static_cast<int>(category_of(v, Ranking::High)); }
// PokerHandEvaluator's ranks: 1 (a royal flush) .. 7,462 (7-5-4-3-2), each category a range.
int phe_category(int rank) {
  static constexpr int kLast[9] = {10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462};  // straight flush .. high card
  int c = 0;
  while (rank > kLast[c]) ++c;
  return 9 - c;
}
// From card bytes, in a function of its own as the other contenders' loops.
[[gnu::noinline]] std::uint64_t phe_sum(const std::uint8_t* rows, std::size_t n) {
  std::uint64_t sum = 0;
  for (std::size_t h = 0; h < n; ++h) {
    const std::uint8_t* r = rows + h * 7;
    sum += static_cast<std::uint64_t>(evaluate_7cards(r[0], r[1], r[2], r[3], r[4], r[5], r[6]));
  }
  return sum;
}

bool omp_flush_possible(const omp::Hand& h) {
  return h.suitCount(0) >= 4 || h.suitCount(1) >= 4 || h.suitCount(2) >= 4 || h.suitCount(3) >= 4;
}
// The suit of which a hand holds four cards, or 4 when it holds five of one.
unsigned omp_suit_of_four(const omp::Hand& h) {
  unsigned four = 4;
  for (unsigned s = 0; s < 4; ++s) {
    if (h.suitCount(s) >= 5) return 4;
    if (h.suitCount(s) == 4) four = s;
  }
  return four;
}
// Pre-built hands summed, each contender in a function of its own (as the
// enumeration's): inlined side by side into one lambda, the same loop ran 7 %
// slower in one ranking than in another, its speed set by where it landed.
[[gnu::noinline]] std::uint64_t omp_sum(const omp::HandEvaluator& omp_eval, const omp::Hand* begin, const omp::Hand* end) {
  std::uint64_t sum = 0;
  for (const omp::Hand* h = begin; h != end; ++h) sum += omp_eval.evaluate(*h);
  return sum;
}
template <Ranking R>
[[gnu::noinline]] std::uint64_t hand_sum_sum(const Tables& t, const HandSum* begin, const HandSum* end) {
  std::uint64_t sum = 0;
  for (const HandSum* h = begin; h != end; ++h) sum += h->evaluate<R>(t);
  return sum;
}

// Every seven-card hand whose lowest card is a, in nested loops, the same shape
// as splitpot's (bench_common.hpp): the partial hand reused at each level, the flush test skipped
// for the innermost loop where no flush is possible; Group 1: one lookup per rank there for the
// cards that cannot make a flush; Group 2: also one lookup per pair of ranks for the last two
// cards where five hold no four of a suit (bench::rank_pairs).
// The suit of which h holds three cards or more (-1: none).
int omp_suit_of_three(const omp::Hand& h) {
  for (unsigned s = 0; s < 4; ++s)
    if (h.suitCount(s) >= 3) return static_cast<int>(s);
  return -1;
}
// bench::rank_pairs in OMPEval's terms.
std::uint64_t omp_rank_pairs(const omp::HandEvaluator& omp_eval, const omp::Hand& h, int e, int three) {
  std::uint64_t sum = 0;
  const int other = three < 0 ? 0 : (three + 1) & 3;
  auto card = [](int c) { return omp::Hand(static_cast<unsigned>(c)); };
  for (int r1 = e >> 2; r1 < kRanks; ++r1) {
    const int n1 = bench::cards_above(e, r1);
    if (n1 == 0) continue;
    const int c1 = r1 == (e >> 2) ? e + 1 : 4 * r1 + other;
    const omp::Hand h1 = h + card(c1);
    if (n1 >= 2) {
      const int c1b = r1 == (e >> 2) ? e + 2 : 4 * r1 + ((other + 1) & 3);
      sum += static_cast<unsigned>(n1 * (n1 - 1) / 2) * omp_eval.evaluate<false>(h1 + card(c1b));
    }
    const int suited = three >= 0 && 4 * r1 + three > e ? 1 : 0;
    for (int r2 = r1 + 1; r2 < kRanks; ++r2)
      sum += static_cast<unsigned>(n1 * 4 - suited) * omp_eval.evaluate<false>(h1 + card(4 * r2 + other));
  }
  if (three >= 0)
    for (int c1 = bench::first_above(e, three); c1 < 52; c1 += 4)
      for (int c2 = c1 + 4; c2 < 52; c2 += 4) sum += omp_eval.evaluate<true>(h + card(c1) + card(c2));
  return sum;
}
template <int Group>
[[gnu::noinline]] std::uint64_t omp_enumerate(const omp::HandEvaluator& omp_eval, int a) {
  std::uint64_t sum = 0;
  const omp::Hand ha = omp::Hand::empty() + omp::Hand(static_cast<unsigned>(a));
  for (unsigned b = static_cast<unsigned>(a) + 1; b < 52; ++b) {
    const omp::Hand hb = ha + omp::Hand(b);
    for (unsigned c = b + 1; c < 52; ++c) {
      const omp::Hand hc = hb + omp::Hand(c);
      for (unsigned d = c + 1; d < 52; ++d) {
        const omp::Hand hd = hc + omp::Hand(d);
        for (unsigned e = d + 1; e < 52; ++e) {
          const omp::Hand he = hd + omp::Hand(e);
          if (Group >= 2 && !omp_flush_possible(he)) {  // no four of a suit
            sum += omp_rank_pairs(omp_eval, he, static_cast<int>(e), omp_suit_of_three(he));
            continue;
          }
          for (unsigned f = e + 1; f < 52; ++f) {
            const omp::Hand hf = he + omp::Hand(f);
            if (omp_flush_possible(hf)) {
              const unsigned s = omp_suit_of_four(hf);
              if (Group == 0 || s == 4) {
                for (unsigned g = f + 1; g < 52; ++g) sum += omp_eval.evaluate<true>(hf + omp::Hand(g));
              } else {
                // Four cards of suit s: a card of s makes a flush, the other
                // cards of one rank give one value.
                const auto suited = static_cast<unsigned>(bench::first_above(static_cast<int>(f), static_cast<int>(s)));
                for (unsigned g = suited; g < 52; g += 4) sum += omp_eval.evaluate<true>(hf + omp::Hand(g));
                const unsigned same = 3 - (f & 3) - ((f & 3) < s);
                if (same) sum += same * omp_eval.evaluate<false>(hf + omp::Hand(((f + 1) & 3) == s ? f + 2 : f + 1));
                for (unsigned g = (f | 3) + 1 + (s == 0); g < 52; g += 4) sum += 3u * omp_eval.evaluate<false>(hf + omp::Hand(g));
              }
            } else if constexpr (Group >= 1) {
              // No flush possible: the cards of one rank give one value.
              const unsigned same = 3 - (f & 3);
              if (same) sum += same * omp_eval.evaluate<false>(hf + omp::Hand(f + 1));
              for (unsigned g = (f | 3) + 1; g < 52; g += 4) sum += 4u * omp_eval.evaluate<false>(hf + omp::Hand(g));
            } else {
              for (unsigned g = f + 1; g < 52; ++g) sum += omp_eval.evaluate<false>(hf + omp::Hand(g));
            }
          }
        }
      }
    }
  }
  return sum;
}
const char* kRankingNames[] = {"high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better"};


}  // namespace

int main(int argc, char** argv) {
  const peers::Args args(argc, argv);
  const std::size_t n = args.n, per = args.per;
  const int repeats = args.repeats, runs = args.runs, chunks = args.chunks;
  const omp::HandEvaluator omp_eval;
  const Tables& t = tables();
  const peers::Hands hands(n);
  const std::vector<std::uint8_t>& bytes = hands.bytes;
  const std::vector<HandSum>& sums = hands.sums;
  const std::vector<omp::Hand>& omp_hands = hands.omp;
  long mismatches = 0;
  for (std::size_t h = 0; h < n; ++h)
    mismatches += sp_category(sums[h].evaluate<Ranking::High>(t)) != omp_category(omp_eval.evaluate(omp_hands[h]));
  // PokerHandEvaluator's ranks are checked to order the hands exactly as splitpot's strengths
  // do: each strength seen has one rank, and a higher strength a lower (better) rank.
  long phe_mismatches = 0;
  std::vector<int> phe_rank_of(1 << 16, 0);
  for (std::size_t h = 0; h < n; ++h) {
    const std::uint8_t* r = &bytes[h * 7];
    const std::uint16_t v = sums[h].evaluate<Ranking::High>(t);
    const int rank = evaluate_7cards(r[0], r[1], r[2], r[3], r[4], r[5], r[6]);
    phe_mismatches += sp_category(v) != phe_category(rank);
    if (phe_rank_of[v] == 0) phe_rank_of[v] = rank;
    phe_mismatches += phe_rank_of[v] != rank;
  }
  for (int v = 0, last = 1 << 30; v < (1 << 16); ++v)
    if (phe_rank_of[static_cast<std::size_t>(v)]) {
      phe_mismatches += phe_rank_of[static_cast<std::size_t>(v)] >= last;
      last = phe_rank_of[static_cast<std::size_t>(v)];
    }
  std::printf("random 7-card hands: %zu, category mismatches with OMPEval: %ld, with PokerHandEvaluator: %ld\n", n,
              mismatches, phe_mismatches);
  mismatches += phe_mismatches;

  bench::RatioRanges ranges, over_phe;
  for (int run = 1; run <= runs; ++run) {
    if (runs > 1) std::printf("-- run %d of %d\n", run, runs);
    {  // From card bytes.
      // evaluate_batch makes keys with the widest instructions the CPU has (AVX-512 or AVX2, in
      // both builds); where that is AVX-512 the AVX2 path races too; scalar keys are the
      // fallback elsewhere.
      const std::string batch = std::string("splitpot evaluate_batch (") + batch_keys_used() + " keys)";
      const bool avx2_too = std::string(batch_keys_used(BatchKeys::Avx2)) != batch_keys_used();
      bench::Race race{{"OMPEval Hand from bytes", batch, "splitpot evaluate_unchecked", "splitpot HandSum from bytes",
                        "splitpot evaluate_batch, scalar keys"}, {}, true};
      if (avx2_too) race.names.push_back("splitpot evaluate_batch, AVX2 keys");
      const std::size_t phe_at = race.names.size();
      race.names.push_back("PokerHandEvaluator from bytes");
      std::vector<std::uint32_t> out(per);
      race.run(chunks, repeats, [&](std::size_t who, int c) -> std::uint64_t {
        const std::uint8_t* rows = &bytes[static_cast<std::size_t>(c) * per * 7];
        std::uint64_t sum = 0;
        if (who == phe_at) return phe_sum(rows, per);
        switch (who) {
          case 0:
            for (std::size_t h = 0; h < per; ++h) {
              const std::uint8_t* r = rows + h * 7;
              omp::Hand o = omp::Hand::empty();
              o += omp::Hand(r[0]), o += omp::Hand(r[1]), o += omp::Hand(r[2]), o += omp::Hand(r[3]);
              o += omp::Hand(r[4]), o += omp::Hand(r[5]), o += omp::Hand(r[6]);
              sum += omp_eval.evaluate(o);
            }
            break;
          case 1:
            evaluate_batch(rows, per, 7, Ranking::High, out.data(), false, 1);
            for (const std::uint32_t v : out) sum += v;
            break;
          case 2:
            for (std::size_t h = 0; h < per; ++h) sum += evaluate_unchecked<Ranking::High>(t, rows + h * 7, 7);
            break;
          case 4:
          case 5:
            evaluate_batch(rows, per, 7, Ranking::High, out.data(), false, 1, who == 4 ? BatchKeys::Scalar : BatchKeys::Avx2);
            for (const std::uint32_t v : out) sum += v;
            break;
          default:
            for (std::size_t h = 0; h < per; ++h) sum += HandSum::of(rows + h * 7, 7).evaluate<Ranking::High>(t);
        }
        return sum;
      });
      race.print("from card bytes, random 7-card hands (high):", static_cast<double>(n), 0);
      for (std::size_t i = 1; i < race.names.size(); ++i) ranges.add("from card bytes", race, 0, i);
      for (std::size_t i = 1; i < phe_at; ++i) over_phe.add("from card bytes", race, phe_at, i);
    }

    {  // Pre-built hands: OMPEval's Hand beside HandSum in every ranking.
      bench::Race race{{"OMPEval Hand (high)"}, {}, true};
      for (const char* r : kRankingNames) race.names.push_back(std::string("splitpot HandSum ") + r);
      race.run(chunks, repeats, [&](std::size_t who, int c) -> std::uint64_t {
        const std::size_t begin = static_cast<std::size_t>(c) * per, end = begin + per;
        if (who == 0) return omp_sum(omp_eval, omp_hands.data() + begin, omp_hands.data() + end);
        return with_ranking(static_cast<Ranking>(who - 1),
                            [&](auto R) { return hand_sum_sum<R.value>(t, sums.data() + begin, sums.data() + end); });
      });
      race.print("pre-built 7-card hands (OMPEval's Hand has high only):", static_cast<double>(n), 0);
      for (std::size_t i = 1; i < race.names.size(); ++i) ranges.add("pre-built", race, 0, i);
    }

    {  // Enumeration of all 133,784,560 seven-card hands, chunked by the first card.
      // A lookup per hand; then, in both, one lookup per rank in the innermost
      // loop for the cards that cannot make a flush; then also one per pair of
      // ranks for the last two cards where no flush is possible (every hand still counted).
      bench::Race race{{"OMPEval Hand, nested loops", "splitpot HandSum, nested loops", "OMPEval Hand, lookup per rank",
                        "splitpot HandSum, lookup per rank", "OMPEval Hand, per pair of ranks",
                        "splitpot HandSum, per pair of ranks"}, {}};
      std::uint64_t sums_seen[6] = {};
      race.run(46, std::max(2, repeats / 2), [&](std::size_t who, int a) -> std::uint64_t {
        std::uint64_t sum = 0;
        switch (who) {
          case 0: sum = omp_enumerate<0>(omp_eval, a); break;
          case 1: sum = bench::enumerate_seven_from<Ranking::High, 0>(t, a); break;
          case 2: sum = omp_enumerate<1>(omp_eval, a); break;
          case 3: sum = bench::enumerate_seven_from<Ranking::High, 1>(t, a); break;
          case 4: sum = omp_enumerate<2>(omp_eval, a); break;
          default: sum = bench::enumerate_seven_from<Ranking::High, 2>(t, a);
        }
        sums_seen[who] += sum;
        return sum;
      });
      if (sums_seen[0] != sums_seen[2] || sums_seen[0] != sums_seen[4] || sums_seen[1] != sums_seen[3] ||
          sums_seen[1] != sums_seen[5]) {
        std::printf("the grouped loops' sums differ from the per-hand loops'\n");
        mismatches = 1;
      }
      race.print("enumerate all 133,784,560 seven-card hands (high; the goal: 0.080 s):", 133784560.0, 0);
      ranges.add("enumeration", race, 0, 1);
      ranges.add("enumeration", race, 2, 3);
      ranges.add("enumeration", race, 4, 5);
    }
  }
  if (runs > 1) {
    ranges.print(runs, "OMPEval");
    over_phe.print(runs, "PokerHandEvaluator");
  }
  return mismatches == 0 ? 0 : 1;
}
