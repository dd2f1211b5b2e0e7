// The core's C++ tests.
//
//   test_core          everything: all 2,598,960 five-card hands against an
//                      independent brute force (full order), all 20,358,520
//                      six-card and all 133,784,560 seven-card hands against
//                      the best of the hands one card smaller (so by induction
//                      every 5-7 card hand is checked), the category counts,
//                      random hands against brute-force best-five-of-n, batch
//                      equals scalar with AVX2 keys (where the CPU has them)
//                      and scalar keys (random rows, batches of 0..40 rows,
//                      every 5-, 6- and 7-card hand in every ranking, a bad
//                      row at every place), bad input, the compiled-in tables
//                      equal a fresh run of the builder, HandSum (incremental
//                      hands) against evaluate: all 7-card hands in high,
//                      deuce-to-seven and ace-to-six, all
//                      5- and 6-card hands and random ones in every ranking,
//                      wild-card batches against single hands: every
//                      five-card hand of 53 cards, random seven-card hands
//                      with 0-4 wild cards and per-row wild ranks, and
//                      batches of runs of natural, wild and joker rows; the
//                      CPU features the batches choose by against the
//                      compiler's __builtin_cpu_supports (x86-64 Linux)
//   test_core --quick  the same but sampled 7-card hands, and the five-card
//                      hands in high and ace-to-five only (sanitizer builds)
//
// Prints the time of each group of tests, and the cards of the first failure of each kind;
// exits 1 on any failure.
// Its last line is "N passed, N failed".
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <map>
#include <set>
#include <tuple>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "splitpot/evaluate.hpp"
#include "splitpot/hand.hpp"
#include "splitpot/select.hpp"
#include "splitpot/stand_ins.hpp"
#include "splitpot/wild.hpp"
#include "cpu_features.hpp"
#include "table_builder.hpp"

using namespace splitpot;

namespace {

int g_passed = 0, g_failed = 0;

void check(bool ok, const std::string& what) {
  if (ok) {
    ++g_passed;
  } else {
    ++g_failed;
    std::printf("FAIL: %s\n", what.c_str());
  }
  std::fflush(stdout);
}

template <typename A, typename B>
void check_eq(const A& got, const B& want, const std::string& what) {
  check(got == static_cast<A>(want), what + ": got " + std::to_string(got) + ", want " + std::to_string(want));
}

const Ranking kAll[] = {Ranking::High, Ranking::DeuceToSeven, Ranking::AceToSix, Ranking::AceToFive,
                        Ranking::EightOrBetter};
const char* name(Ranking r) {
  static const char* names[] = {"high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better"};
  return names[static_cast<int>(r)];
}

std::string hand_text(const std::uint8_t* c, int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? " " : "") + card_text(c[i]);
  return s;
}

const char* keys_name(BatchKeys keys) { return batch_keys_used(keys); }

// The ways of making keys that differ on this machine, widest first: Auto,
// then AVX2 where Auto is AVX-512, then scalar.
std::vector<BatchKeys> key_kinds() {
  std::vector<BatchKeys> kinds{BatchKeys::Auto};
  if (std::strcmp(batch_keys_used(BatchKeys::Avx2), batch_keys_used(BatchKeys::Auto)) != 0)
    kinds.push_back(BatchKeys::Avx2);
  kinds.push_back(BatchKeys::Scalar);
  return kinds;
}

// ---------------------------------------------------------------------------
// An independent brute force: a comparable key for exactly five cards, written
// from docs/rules.md without the core's scoring code. Higher = better; 0 = no low.
std::int64_t brute5(const std::uint8_t* c, Ranking r) {
  const bool aces_low = r == Ranking::AceToSix || r == Ranking::AceToFive || r == Ranking::EightOrBetter;
  int v[5];
  bool flush = true;
  for (int i = 0; i < 5; ++i) {
    const int rank = c[i] / 4;                        // 0 = deuce .. 12 = ace
    v[i] = aces_low ? (rank == 12 ? 1 : rank + 2)     // ace 1, deuce 2 .. king 13
                    : rank + 2;                       // deuce 2 .. ace 14
    flush = flush && c[i] % 4 == c[0] % 4;
  }
  std::sort(v, v + 5, std::greater<int>());
  int count[15] = {};
  for (int x : v) ++count[x];
  // tiebreak order: by multiplicity, then value, both descending
  std::vector<std::pair<int, int>> g;
  for (int x = 14; x >= 1; --x)
    if (count[x]) g.push_back({count[x], x});
  std::stable_sort(g.begin(), g.end(), [](auto a, auto b) { return a.first > b.first; });
  const bool distinct = g.size() == 5;
  bool straight = distinct && v[0] - v[4] == 4;
  int straight_top = v[0];
  if (r == Ranking::High && distinct && v[0] == 14 && v[1] == 5) straight = true, straight_top = 5;
  const bool counts_sf = r == Ranking::High || r == Ranking::DeuceToSeven || r == Ranking::AceToSix;
  if (!counts_sf) straight = flush = false;
  int cat;  // 0 high card .. 8 straight flush
  if (straight && flush) cat = 8;
  else if (g[0].first == 4) cat = 7;
  else if (g[0].first == 3 && g[1].first == 2) cat = 6;
  else if (flush) cat = 5;
  else if (straight) cat = 4;
  else if (g[0].first == 3) cat = 3;
  else if (g[0].first == 2 && g[1].first == 2) cat = 2;
  else if (g[0].first == 2) cat = 1;
  else cat = 0;
  std::int64_t key = cat;
  if (straight) {
    key = key * 16 + straight_top;
    for (int i = 0; i < 4; ++i) key *= 16;
  } else {
    for (std::size_t i = 0; i < 5; ++i) key = key * 16 + (i < g.size() ? g[i].second : 0);
  }
  if (r == Ranking::High) return key + 1;
  if (r == Ranking::EightOrBetter && !(distinct && v[0] <= 8)) return 0;
  return (std::int64_t{1} << 40) - key;  // lows: the smaller the hand, the better
}

std::int64_t brute_best(const std::uint8_t* c, int n, Ranking r) {
  if (n == 5) return brute5(c, r);
  std::int64_t best = 0;
  std::uint8_t five[5];
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b)
      for (int d = b + 1; d < n; ++d)
        for (int e = d + 1; e < n; ++e)
          for (int f = e + 1; f < n; ++f) {
            five[0] = c[a], five[1] = c[b], five[2] = c[d], five[3] = c[e], five[4] = c[f];
            best = std::max(best, brute5(five, r));
          }
  return best;
}

std::uint64_t g_rng = 0x853c49e6748fea9bull;
std::uint64_t next_random() {
  std::uint64_t z = (g_rng += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}
void random_hand(std::uint8_t* out, int n) {
  std::uint8_t deck[52];
  for (int i = 0; i < 52; ++i) deck[i] = static_cast<std::uint8_t>(i);
  for (int j = 0; j < n; ++j) {
    const int pick = j + static_cast<int>(next_random() % static_cast<std::uint64_t>(52 - j));
    std::swap(deck[j], deck[pick]);
    out[j] = deck[j];
  }
}

// Runs body(first_card) for first cards 0..51 across two threads.
void parallel_first_card(const std::function<void(int)>& body) {
  std::atomic<int> next{0};
  auto worker = [&] {
    for (int a; (a = next++) < 52;) body(a);
  };
  std::thread t1(worker), t2(worker);
  t1.join(), t2.join();
}

// ---------------------------------------------------------------------------

// The compiled-in tables (generated at build time) equal a fresh run of the
// builder, table by table: the generated file cannot drift from its code.
void test_generated_tables() {
  const BuiltTables built = build_tables();
  const Tables& t = tables();
  auto same = [](const auto& view, const auto& want, const std::string& what) {
    check(view.size() == want.size() && std::equal(want.begin(), want.end(), view.begin()),
          what + " compiled in equals the builder's");
  };
  same(t.offsets, built.offsets, "hash offsets");
  same(t.dense, built.dense, "dense index");
  check_eq(t.slots, built.slots, "slots");
  check(t.card_key == built.card_key && t.card_mask == built.card_mask && t.dense_upto == built.dense_upto &&
            t.rank_suits_key == built.rank_suits_key && t.tier_category == built.tier_category &&
            t.high_card_base == built.high_card_base,
        "small tables compiled in equal the builder's");
  for (std::size_t r = 0; r < kRankingCount; ++r) {
    const std::string n = name(static_cast<Ranking>(r));
    same(t.value[r], built.value[r], n + " values");
    same(t.flush[r], built.flush[r], n + " flushes");
    same(t.high_card_ranks[r], built.high_card_ranks[r], n + " five ranks of each high-card strength");
    for (std::size_t f = 0; f < kWildFamilies; ++f)
      for (std::size_t w = 0; w <= kMaxCards; ++w)
        same(t.wild[r][f][w], built.wild[r][f][w], n + " wild family " + std::to_string(f) + " w=" + std::to_string(w));
  }
  for (std::size_t d = 0; d < 2; ++d)
    for (std::size_t w = 0; w <= kMaxFlushWilds; ++w)
      same(t.flush_fill[d][w], built.flush_fill[d][w], "flush fill " + std::to_string(d) + " w=" + std::to_string(w));
}

void test_rank_multipliers() {
  std::vector<std::uint32_t> sums{0};
  std::vector<int> sizes{0};
  for (std::size_t r = 0; r < kRanks; ++r) {
    const std::size_t n = sums.size();
    for (std::size_t i = 0; i < n; ++i)
      for (int c = 1; c <= 4 && sizes[i] + c <= kMaxCards; ++c) {
        sums.push_back(sums[i] + static_cast<std::uint32_t>(c) * kRankMultiplier[r]);
        sizes.push_back(sizes[i] + c);
      }
  }
  std::vector<std::uint32_t> sorted = sums;
  std::sort(sorted.begin(), sorted.end());
  check(std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end(),
        "rank multipliers give every multiset of <= 7 ranks its own key");
  check_eq(sums.size(), 76155u, "multisets of 0..7 ranks");
  check(std::all_of(kRankMultiplier.begin(), kRankMultiplier.end(), [](std::uint32_t m) { return m < (1u << 24); }),
        "rank multipliers fit in three bytes (the vector key kernels sum them byte by byte)");
  std::set<std::uint32_t> slots;
  const Tables& t = tables();
  for (const std::uint32_t s : sums) slots.insert(t.slot(s));
  check_eq(slots.size(), sums.size(), "the perfect hash maps every multiset to its own slot");
  // What one evaluation may read: its ranking's tables and the shared ones, in
  // the L2 cache of a Zen 3 core (512 KB; issue 17: at most 1 MB).
  for (const Ranking r : kAll)
    check(ranking_table_bytes(r) + shared_table_bytes() <= 512 * 1024,
          std::string(name(r)) + " tables and the shared ones fit in 512 KB");
}

void test_five_card_exhaustive(bool quick) {
  struct Expect {
    Ranking r;
    std::size_t distinct;
    std::array<long, 11> cats;  // by Category index (0 = no low)
  };
  const Expect expect[] = {
      {Ranking::High, 7462, {0, 1302540, 1098240, 123552, 54912, 10200, 5108, 3744, 624, 40, 0}},
      {Ranking::DeuceToSeven, 7462, {0, 1303560, 1098240, 123552, 54912, 9180, 5112, 3744, 624, 36, 0}},
      {Ranking::AceToSix, 7462, {0, 1303560, 1098240, 123552, 54912, 9180, 5112, 3744, 624, 36, 0}},
      {Ranking::AceToFive, 6175, {0, 1317888, 1098240, 123552, 54912, 0, 0, 3744, 624, 0, 0}},
      {Ranking::EightOrBetter, 56, {2598960 - 57344, 57344, 0, 0, 0, 0, 0, 0, 0, 0, 0}},
  };
  for (const Expect& e : expect) {
    // --quick: high and ace-to-five (the two table families); 56 s for all five under the sanitizers
    if (quick && e.r != Ranking::High && e.r != Ranking::AceToFive) continue;
    std::vector<std::pair<std::int64_t, std::uint16_t>> pairs;
    pairs.reserve(2598960);
    std::array<long, 11> cats{};
    std::uint8_t c[5];
    for (c[0] = 0; c[0] < 52; ++c[0])
      for (c[1] = static_cast<std::uint8_t>(c[0] + 1); c[1] < 52; ++c[1])
        for (c[2] = static_cast<std::uint8_t>(c[1] + 1); c[2] < 52; ++c[2])
          for (c[3] = static_cast<std::uint8_t>(c[2] + 1); c[3] < 52; ++c[3])
            for (c[4] = static_cast<std::uint8_t>(c[3] + 1); c[4] < 52; ++c[4]) {
              const std::uint16_t s = evaluate(c, 5, e.r);
              pairs.push_back({brute5(c, e.r), s});
              ++cats[static_cast<std::size_t>(category_of(s, e.r))];
            }
    const std::string n = name(e.r);
    for (std::size_t i = 0; i < cats.size(); ++i) check_eq(cats[i], e.cats[i], n + " five-card category " + std::to_string(i));
    std::sort(pairs.begin(), pairs.end());
    std::set<std::uint16_t> distinct;
    std::size_t order_errors = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
      if (pairs[i].second) distinct.insert(pairs[i].second);
      if (i == 0) continue;
      const auto& [k0, s0] = pairs[i - 1];
      const auto& [k1, s1] = pairs[i];
      const bool ok = k0 == k1 ? s0 == s1 : s0 < s1;  // equal iff equal, else strictly increasing
      if (!ok && order_errors++ == 0)
        std::printf("  order error %s: brute %lld -> %u, brute %lld -> %u\n", n.c_str(), static_cast<long long>(k0), s0,
                    static_cast<long long>(k1), s1);
    }
    check_eq(order_errors, 0, n + " five-card order equals the brute force's on all 2,598,960 hands");
    check_eq(distinct.size(), e.distinct, n + " distinct five-card values");
  }
}

// n-card strength == max over dropping one card of the (n-1)-card strength.
void test_drop_one_exhaustive(int n, Ranking r, std::array<std::atomic<long>, 11>* cats, std::set<std::uint16_t>* distinct) {
  std::atomic<long> errors{0};
  std::vector<std::set<std::uint16_t>> seen(52);
  parallel_first_card([&](int a) {
    std::uint8_t c[7];
    c[0] = static_cast<std::uint8_t>(a);
    std::array<long, 11> local{};
    std::function<void(int, int)> rec = [&](int depth, int from) {
      if (depth == n) {
        const std::uint16_t s = evaluate_unchecked(c, n, r);
        std::uint16_t best = 0;
        std::uint8_t sub[7];
        for (int skip = 0; skip < n; ++skip) {
          int m = 0;
          for (int i = 0; i < n; ++i)
            if (i != skip) sub[m++] = c[i];
          best = std::max(best, evaluate_unchecked(sub, n - 1, r));
        }
        if (s != best && errors++ == 0)
          std::printf("  %s %d cards %s: %u, best of %d-card subsets %u\n", name(r), n, hand_text(c, n).c_str(), s,
                      n - 1, best);
        ++local[static_cast<std::size_t>(category_of(s, r))];
        if (distinct && s) seen[static_cast<std::size_t>(a)].insert(s);
        return;
      }
      for (int x = from; x < 52; ++x) {
        c[depth] = static_cast<std::uint8_t>(x);
        rec(depth + 1, x + 1);
      }
    };
    rec(1, a + 1);
    if (cats)
      for (std::size_t i = 0; i < 11; ++i) (*cats)[i] += local[i];
  });
  if (distinct)
    for (const auto& s : seen) distinct->insert(s.begin(), s.end());
  check_eq(errors.load(), 0, std::string(name(r)) + " every " + std::to_string(n) + "-card hand is its best " +
                                 std::to_string(n - 1) + "-card subset");
}

void test_six_and_seven_exhaustive() {
  for (const Ranking r : kAll) test_drop_one_exhaustive(6, r, nullptr, nullptr);
  std::array<std::atomic<long>, 11> cats{};
  std::set<std::uint16_t> distinct;
  test_drop_one_exhaustive(7, Ranking::High, &cats, &distinct);
  const long want[11] = {0, 23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584, 0};
  for (std::size_t i = 0; i < 11; ++i) check_eq(cats[i].load(), want[i], "high seven-card category " + std::to_string(i));
  check_eq(distinct.size(), 4824u, "distinct high values over all seven-card hands");

  std::array<std::atomic<long>, 11> low_cats{};
  test_drop_one_exhaustive(7, Ranking::EightOrBetter, &low_cats, nullptr);
  check_eq(133784560 - low_cats[0].load(), 24530944, "seven-card hands with an eight-or-better low");
  std::set<std::uint16_t> a5;
  test_drop_one_exhaustive(7, Ranking::AceToFive, nullptr, &a5);
  check_eq(a5.size(), 5083u, "distinct ace-to-five values over all seven-card hands");
  test_drop_one_exhaustive(7, Ranking::DeuceToSeven, nullptr, nullptr);
  test_drop_one_exhaustive(7, Ranking::AceToSix, nullptr, nullptr);
}

// HandSum (hand.hpp) built card by card in nested loops, as an enumeration
// builds it, equals the evaluator on the card list: every n-card hand (n = 7:
// all 133,784,560) in ranking r; or, sampled, only the hands whose lowest card
// is only_first.
void test_hand_sum_exhaustive(int n, Ranking r, int only_first = -1) {
  const Tables& t = tables();
  std::atomic<long> errors{0}, hands{0};
  parallel_first_card([&](int a) {
    if (only_first >= 0 && a != only_first) return;
    std::uint8_t c[7];
    c[0] = static_cast<std::uint8_t>(a);
    long local = 0;
    std::function<void(int, int, HandSum)> rec = [&](int depth, int from, HandSum h) {
      if (depth == n) {
        const std::uint16_t got = h.evaluate(r), want = evaluate_unchecked(c, n, r);
        if ((got != want || h.key() != hand_key(t, c, n)) && errors++ == 0)
          std::printf("  %s HandSum %s: %u, evaluate %u\n", name(r), hand_text(c, n).c_str(), got, want);
        ++local;
        return;
      }
      for (int x = from; x < 52; ++x) {
        c[depth] = static_cast<std::uint8_t>(x);
        rec(depth + 1, x + 1, h + HandSum::card(x));
      }
    };
    rec(1, a + 1, HandSum::card(a));
    hands += local;
  });
  const std::string what = std::string(name(r)) + " HandSum equals evaluate on " + std::to_string(hands.load()) + " " +
                           std::to_string(n) + "-card hands";
  check_eq(errors.load(), 0, what);
  const long all[8] = {0, 52, 1326, 22100, 270725, 2598960, 20358520, 133784560};
  if (only_first < 0) check_eq(hands.load(), all[n], what + " (all of them)");
}

// HandSum in every ranking on random hands of 1..7 cards: card by card, as
// two partial hands combined, with cards taken out again, and its card list.
void test_hand_sum_random(int hands_per_size) {
  const Tables& t = tables();
  for (const Ranking r : kAll) {
    long errors = 0;
    for (int n = min_cards(r); n <= kMaxCards; ++n)
      for (int i = 0; i < hands_per_size; ++i) {
        std::uint8_t c[7], back[7];
        random_hand(c, n);
        const int split = static_cast<int>(next_random() % static_cast<std::uint64_t>(n + 1));
        const HandSum left = HandSum::of(c, split), right = HandSum::of(c + split, n - split);
        HandSum whole;
        for (int j = 0; j < n; ++j) whole += HandSum::card(c[j]);
        std::sort(c, c + n);
        const bool ok = left + right == whole && whole - right == left && whole.size() == n &&
                        whole.cards(back) == n && (std::sort(back, back + n), std::equal(c, c + n, back)) &&
                        whole.key() == hand_key(t, c, n) && whole.contains(c[0]) &&
                        whole.evaluate(r) == evaluate_unchecked(c, n, r);
        if (!ok && errors++ == 0)
          std::printf("  %s HandSum %s (split after %d): %u, evaluate %u\n", name(r), hand_text(c, n).c_str(), split,
                      whole.evaluate(r), evaluate_unchecked(c, n, r));
      }
    check_eq(errors, 0, std::string(name(r)) + " HandSum: combined, taken apart and evaluated as the card list on " +
                            std::to_string(hands_per_size) + " random hands of each size");
  }
  check(HandSum() == HandSum::of(nullptr, 0) && HandSum().size() == 0, "the default HandSum is the empty hand");
}

void test_random_against_brute(int hands_per_size) {
  for (const Ranking r : kAll)
    for (int n = 5; n <= 7; ++n) {
      long errors = 0;
      std::map<std::uint16_t, std::int64_t> strength_to_key;
      std::map<std::int64_t, std::uint16_t> key_to_strength;
      for (int h = 0; h < hands_per_size; ++h) {
        std::uint8_t c[7];
        random_hand(c, n);
        const std::uint16_t s = evaluate(c, n, r);
        const std::int64_t k = brute_best(c, n, r);
        // the map strength <-> brute key is a bijection...
        const auto [it, fresh] = strength_to_key.emplace(s, k);
        const auto [it2, fresh2] = key_to_strength.emplace(k, s);
        if ((it->second != k || it2->second != s) && errors++ == 0)
          std::printf("  %s %s: strength %u brute %lld\n", name(r), hand_text(c, n).c_str(), s, static_cast<long long>(k));
        (void)fresh, (void)fresh2;
      }
      // ...and increasing: sorting by brute key sorts the strengths
      std::uint16_t last = 0;
      bool first = true;
      for (const auto& [k, s] : key_to_strength) {
        if (!first && s <= last && errors++ == 0) std::printf("  %s order broken at strength %u\n", name(r), s);
        if (!(k == 0 && s == 0)) first = false;
        last = s;
      }
      check_eq(errors, 0, std::string(name(r)) + " " + std::to_string(hands_per_size) + " random " + std::to_string(n) +
                              "-card hands match the brute force in full order");
    }
}

void test_batch_equals_scalar() {
  const std::size_t rows = 300000;
  for (int k = 5; k <= 7; ++k) {
    std::vector<std::uint8_t> hands(rows * static_cast<std::size_t>(k));
    for (std::size_t i = 0; i < rows; ++i) random_hand(&hands[i * static_cast<std::size_t>(k)], k);
    for (const Ranking r : kAll) {
      std::vector<std::uint32_t> out1(rows), out2(rows), out3(rows), out4(rows);
      check_eq(evaluate_batch(hands.data(), rows, k, r, out1.data(), true, 1), -1, "valid batch has no bad row");
      evaluate_batch(hands.data(), rows, k, r, out2.data(), false, 2);
      evaluate_batch(hands.data(), rows, k, r, out3.data(), true, 2);
      check_eq(evaluate_batch(hands.data(), rows, k, r, out4.data(), true, 2, BatchKeys::Scalar), -1,
               "valid batch has no bad row (scalar keys)");
      std::vector<std::uint32_t> out5(rows);
      check_eq(evaluate_batch(hands.data(), rows, k, r, out5.data(), true, 1, BatchKeys::Avx2), -1,
               "valid batch has no bad row (AVX2 keys at most)");
      long mismatches = 0;
      for (std::size_t i = 0; i < rows; ++i)
        mismatches += out1[i] != evaluate(&hands[i * static_cast<std::size_t>(k)], k, r) || out1[i] != out2[i] ||
                      out1[i] != out3[i] || out1[i] != out4[i] || out1[i] != out5[i];
      check_eq(mismatches, 0, std::string(name(r)) + " batch of " + std::to_string(k) +
                                  "-card hands equals scalar calls (1 and 2 threads, " + keys_name(BatchKeys::Auto) +
                                  ", " + keys_name(BatchKeys::Avx2) + " and scalar keys)");
      // Enumerations read non-flush hands by their rank key alone.
      const RankKeyValues values(tables(), r);
      long rank_key_mismatches = 0;
      for (std::size_t i = 0; i < rows; ++i) {
        const std::uint64_t key = hand_key(tables(), &hands[i * static_cast<std::size_t>(k)], k);
        if (!(key & kFlushBits) || !straights_and_flushes_count(r))
          rank_key_mismatches += values(static_cast<std::uint32_t>(key)) != out1[i];
      }
      check_eq(rank_key_mismatches, 0, std::string(name(r)) + " rank-key reads equal full evaluation where no flush is possible");
    }
  }
}

// The batch kernel on every n-card hand (5..7) in ranking r, checked and unchecked,
// equals the evaluator on the card list: rows grouped by their two lowest
// cards (for seven cards, batches of 1 to 2,118,760 rows). Batches of 0..40
// rows from the start of a random batch, then, exercise the kernel's first and
// last hands (it makes each hand's key some hands ahead of its lookup).
void test_batch_exhaustive(int n, Ranking r) {
  std::atomic<long> errors{0}, hands{0};
  parallel_first_card([&](int a) {
    std::vector<std::uint8_t> rows;
    std::vector<std::uint32_t> checked, unchecked;
    std::uint8_t c[7];
    c[0] = static_cast<std::uint8_t>(a);
    std::function<void(int, int)> rec = [&](int depth, int from) {
      if (depth == n) {
        rows.insert(rows.end(), c, c + n);
        return;
      }
      for (int x = from; x < 52; ++x) c[depth] = static_cast<std::uint8_t>(x), rec(depth + 1, x + 1);
    };
    for (int b = a + 1; b < 52; ++b) {
      rows.clear();
      c[1] = static_cast<std::uint8_t>(b);
      rec(2, b + 1);
      const std::size_t count = rows.size() / static_cast<std::size_t>(n);
      for (const BatchKeys keys : key_kinds()) {
        checked.assign(count, 0), unchecked.assign(count, 0);
        const bool ok = evaluate_batch(rows.data(), count, n, r, checked.data(), true, 1, keys) == -1;
        evaluate_batch(rows.data(), count, n, r, unchecked.data(), false, 1, keys);
        for (std::size_t i = 0; i < count; ++i) {
          const std::uint8_t* row = &rows[i * static_cast<std::size_t>(n)];
          const std::uint16_t want = evaluate_unchecked(row, n, r);
          if ((!ok || checked[i] != want || unchecked[i] != want) && errors++ == 0)
            std::printf("  %s batch (%s keys) %s: %u/%u, evaluate %u\n", name(r), keys_name(keys),
                        hand_text(row, n).c_str(), checked[i], unchecked[i], want);
        }
      }
      hands += static_cast<long>(count);
    }
  });
  std::string kinds;
  for (const BatchKeys keys : key_kinds()) kinds += std::string(kinds.empty() ? "" : ", ") + keys_name(keys);
  const std::string what = std::string(name(r)) + " batch (" + kinds + " keys, checked and unchecked) equals evaluate on " +
                           std::to_string(hands.load()) + " " + std::to_string(n) + "-card hands";
  check_eq(errors.load(), 0, what);
  const long all[8] = {0, 0, 0, 0, 0, 2598960, 20358520, 133784560};
  check_eq(hands.load(), all[n], what + " (all of them)");
}

// evaluate_batch_bug: batches of 5..7-card rows from the 53-card deck (about
// one row in ten, or every row, or none, holding the joker; the joker in the
// first and last rows too) equal evaluate_wild with no options row by row, in
// every ranking, checked and unchecked, one thread and two, every key kind;
// a byte over 52 or a repeated card (the joker twice) anywhere is still found.
void test_batch_bug() {
  const std::size_t rows = 140000;  // two threads take 2 * 65,536 rows or more
  long errors = 0;
  for (int k = 5; k <= 7; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    for (const int every : {0, 1, 10}) {  // the joker in no row, in every row, in about one row of ten
      std::vector<std::uint8_t> hands(rows * ku);
      for (std::size_t i = 0; i < rows; ++i) {
        std::uint8_t* row = &hands[i * ku];
        random_hand(row, k);
        const bool joker = every == 1 || (every == 10 && (next_random() % 10 == 0 || i == 0 || i + 1 == rows));
        if (joker) row[next_random() % ku] = static_cast<std::uint8_t>(kJoker);
      }
      for (const Ranking r : kAll) {
        std::vector<std::uint32_t> want(rows);
        for (std::size_t i = 0; i < rows; ++i) want[i] = evaluate_wild(&hands[i * ku], k, r, WildOptions{});
        for (const BatchKeys keys : key_kinds())
          for (const bool check : {true, false})
            for (const int threads : {1, 2}) {
              std::vector<std::uint32_t> out(rows + 1, 12345);
              errors += evaluate_batch_bug(hands.data(), rows, k, r, out.data(), check, threads, keys) != -1;
              errors += out[rows] != 12345;
              for (std::size_t i = 0; i < rows; ++i)
                if (out[i] != want[i] && errors++ == 0)
                  std::printf("  %s bug batch %s: %u, evaluate_wild %u\n", name(r), hand_text(&hands[i * ku], k).c_str(),
                              out[i], want[i]);
            }
      }
      // Bad rows beside the joker rows: a byte over 52, the joker repeated.
      for (const std::size_t bad_row : {std::size_t{0}, std::size_t{7}, rows - 1}) {
        for (const int kind : {0, 1}) {
          std::vector<std::uint8_t> bad = hands;
          std::uint8_t* row = &bad[bad_row * ku];
          if (kind == 0) row[1] = 53;
          else row[0] = row[ku - 1] = static_cast<std::uint8_t>(kJoker);
          std::vector<std::uint32_t> out(rows);
          for (const BatchKeys keys : key_kinds()) {
            errors += evaluate_batch_bug(bad.data(), rows, k, Ranking::High, out.data(), true, 2, keys) !=
                      static_cast<std::ptrdiff_t>(bad_row);
            if (kind == 0)
              errors += evaluate_batch_bug(bad.data(), rows, k, Ranking::High, out.data(), false, 1, keys) !=
                        static_cast<std::ptrdiff_t>(bad_row);
          }
        }
      }
    }
  }
  check_eq(errors, 0, "joker-as-bug batches (no joker row, every row, one in ten; 5-7 cards, every ranking, checked "
                      "and unchecked, 1 and 2 threads, every key kind) equal evaluate_wild row by row; bad rows found");
}

// Batches of 0..40 rows of k cards with one bad row (a non-card, or a repeated
// card where checked): the first and last hands of the kernels, the rows
// around a bad one still right, nothing written past the end.
void test_small_batches() {
  for (int k = 5; k <= 7; ++k)
    for (const BatchKeys keys : key_kinds())
      for (const bool check_duplicates : {false, true}) {
        const auto ku = static_cast<std::size_t>(k);
        std::vector<std::uint8_t> hands(40 * ku);
        for (std::size_t i = 0; i < 40; ++i) random_hand(&hands[i * ku], k);
        if (check_duplicates)
          hands[7 * ku + 1] = hands[7 * ku + 3];
        else
          hands[7 * ku + 2] = 200;
        long errors = 0;
        for (const Ranking r : kAll)
          for (std::size_t rows = 0; rows <= 40; ++rows) {
            std::vector<std::uint32_t> out(rows + 1, 12345);
            const std::ptrdiff_t bad = evaluate_batch(hands.data(), rows, k, r, out.data(), check_duplicates, 1, keys);
            errors += bad != (rows > 7 ? 7 : -1) || out[rows] != 12345;
            for (std::size_t i = 0; i < rows; ++i)
              if (i != 7) errors += out[i] != evaluate_unchecked(&hands[i * ku], k, r);
            if (rows > 7 && !check_duplicates) errors += out[7] != 0;
          }
        check_eq(errors, 0, "batches of 0.." + std::to_string(40) + " rows of " + std::to_string(k) + " cards (" +
                                keys_name(keys) + " keys, one " + (check_duplicates ? "repeated card" : "non-card") +
                                ") equal single hands, nothing written past the end");
      }
}

// A bad row found wherever it is: a repeated card at every pair of places of
// a row, a non-card (52, 53, 128, 255) at every place, in each of the first
// 16 rows of 28 (every place in the kernels' groups of four and eight hands).
void test_batch_bad_rows() {
  for (int k = 5; k <= 7; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    std::vector<std::uint8_t> good(28 * ku);
    for (std::size_t i = 0; i < 28; ++i) random_hand(&good[i * ku], k);
    for (const BatchKeys keys : key_kinds()) {
      long errors = 0;
      std::vector<std::uint32_t> out(28);
      for (std::size_t row = 0; row < 16; ++row)
        for (std::size_t a = 0; a < ku; ++a) {
          for (std::size_t b = a + 1; b < ku; ++b) {
            std::vector<std::uint8_t> hands = good;
            hands[row * ku + b] = hands[row * ku + a];
            errors += evaluate_batch(hands.data(), 28, k, Ranking::High, out.data(), true, 1, keys) !=
                      static_cast<std::ptrdiff_t>(row);
          }
          for (const int byte : {52, 53, 128, 255}) {
            std::vector<std::uint8_t> hands = good;
            hands[row * ku + a] = static_cast<std::uint8_t>(byte);
            for (const bool check_duplicates : {false, true})
              errors += evaluate_batch(hands.data(), 28, k, Ranking::High, out.data(), check_duplicates, 1, keys) !=
                            static_cast<std::ptrdiff_t>(row) ||
                        out[row] != 0;
          }
        }
      check_eq(errors, 0, "a repeated card or a non-card anywhere in a batch of " + std::to_string(k) +
                              "-card rows is found (" + keys_name(keys) + " keys)");
    }
  }
}

// The same for batches with wild cards (deuces and the joker wild, or the
// joker as the bug; the same wild cards in every row, and a wild rank per
// row): a repeated card or a byte past the joker in any row of 40 is found,
// the row reads 0, and the other rows are read as single hands.
void test_wild_batch_bad_rows() {
  WildOptions deuces_joker, bug;
  deuces_joker.wild = bug.wild = wild_ranks_mask(1);
  deuces_joker.joker = JokerRule::Wild;
  constexpr std::size_t kRows = 40;
  for (int k = 5; k <= 7; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    std::vector<std::uint8_t> good(kRows * ku);
    for (std::size_t i = 0; i < kRows; ++i) {
      random_hand(&good[i * ku], k);
      if (i % 3 == 0) good[i * ku] = kJoker;  // random_hand deals 0..51: some rows hold the joker instead
    }
    std::vector<std::uint16_t> row_ranks(kRows);
    for (auto& w : row_ranks) w = static_cast<std::uint16_t>(1u << (next_random() % 13));
    for (const WildOptions* o : {&deuces_joker, &bug})
      for (const bool per_row : {false, true}) {
        const std::uint16_t* rw = per_row ? row_ranks.data() : nullptr;
        long errors = 0;
        std::vector<std::uint32_t> out(kRows);
        auto rest_read = [&](const std::vector<std::uint8_t>& hands, std::size_t bad_row) {
          long wrong = 0;
          for (std::size_t i = 0; i < kRows; ++i) {
            WildOptions row_o = *o;
            if (rw) row_o.wild |= wild_ranks_mask(rw[i]);
            if (i != bad_row) wrong += out[i] != evaluate_wild_unchecked(&hands[i * ku], k, Ranking::High, row_o);
          }
          return wrong;
        };
        for (std::size_t row = 0; row < kRows; ++row)
          for (std::size_t a = 0; a < ku; a += 2) {
            std::vector<std::uint8_t> hands = good;
            hands[row * ku + (a + 1) % ku] = hands[row * ku + a];
            errors += evaluate_batch_wild(hands.data(), kRows, k, Ranking::High, *o, rw, out.data(), true, 1) !=
                          static_cast<std::ptrdiff_t>(row) ||
                      out[row] != 0 || rest_read(hands, row) != 0;
            for (const int byte : {53, 56, 128, 255}) {
              hands = good;
              hands[row * ku + a] = static_cast<std::uint8_t>(byte);
              for (const bool check_duplicates : {false, true})
                errors += evaluate_batch_wild(hands.data(), kRows, k, Ranking::High, *o, rw, out.data(),
                                              check_duplicates, 1) != static_cast<std::ptrdiff_t>(row) ||
                          out[row] != 0 || rest_read(hands, row) != 0;
            }
          }
        check_eq(errors, 0, "wild cards: a repeated card or a non-card anywhere in a batch of " + std::to_string(k) +
                                "-card rows is found, the others read (" + (o == &bug ? "the bug" : "the joker wild") +
                                (per_row ? ", a wild rank per row)" : ")"));
      }
  }
}

// The duplicate check of a wild-card batch, the same wild cards in every row
// or a wild rank per row (eight rows at a time with AVX-512, four with AVX2,
// the last rows of each block of 2,048 card by card; every way this CPU
// has): a repeated card in any row of a batch of any length, at the edges of
// its groups and of its blocks, is the row returned and reads 0; a batch
// without one is clean.
void test_wild_batch_repeats_every_length() {
  WildOptions deuces;
  deuces.wild = wild_ranks_mask(1);
  long errors = 0;
  for (int k = 5; k <= 7; ++k) {
    for (const bool per_row : {false, true}) {
      for (const BatchKeys keys : key_kinds()) {
        const auto ku = static_cast<std::size_t>(k);
        auto check_rows = [&](std::size_t n, const std::vector<std::size_t>& bad_rows) {
          std::vector<std::uint8_t> good(n * ku);
          for (std::size_t i = 0; i < n; ++i) random_hand(&good[i * ku], k);
          std::vector<std::uint16_t> ranks(n);
          for (auto& w : ranks) w = static_cast<std::uint16_t>(1u << (next_random() % 13));
          const std::uint16_t* rw = per_row ? ranks.data() : nullptr;
          std::vector<std::uint32_t> out(n);
          errors += evaluate_batch_wild(good.data(), n, k, Ranking::High, deuces, rw, out.data(), true, 1, keys) != -1;
          for (const std::size_t row : bad_rows) {
            if (row >= n) continue;
            std::vector<std::uint8_t> hands = good;
            const std::size_t a = next_random() % ku, b = (a + 1 + next_random() % (ku - 1)) % ku;
            hands[row * ku + b] = hands[row * ku + a];
            errors += evaluate_batch_wild(hands.data(), n, k, Ranking::High, deuces, rw, out.data(), true, 1, keys) !=
                          static_cast<std::ptrdiff_t>(row) ||
                      out[row] != 0;
            // Unchecked, the same batch is not refused for it.
            errors += evaluate_batch_wild(hands.data(), n, k, Ranking::High, deuces, rw, out.data(), false, 1, keys) != -1;
          }
        };
        for (std::size_t n = 1; n <= 20; ++n) {
          std::vector<std::size_t> every(n);
          for (std::size_t i = 0; i < n; ++i) every[i] = i;
          check_rows(n, every);
        }
        check_rows(4100, {0, 7, 8, 2039, 2047, 2048, 2049, 4095, 4096, 4099});
      }
    }
  }
  check_eq(errors, 0, "wild cards: the duplicate check finds a repeated card in any row of a batch of any length");
}

// Unchecked batches (check_duplicates false) of rows that repeat cards, many
// of one or two suits (flushes of repeated cards, the rare paths' inputs),
// the joker among them: every ranking, natural and with wild or penalty
// cards, the same wild cards in every row or a wild rank per row. The values
// are not defined, but no read may leave the tables (was: deuce-to-seven and
// ace-to-six with wild cards read the per-suit ranks as a sum, which a
// repeated card carried into the next rank, and a flush's rare path then took
// out ranks the key did not hold), and every way of making the keys reads the
// same values.
void test_unchecked_repeats_stay_in_the_tables() {
  WildOptions natural, deuces, joker, bug, penalty;
  deuces.wild = bug.wild = wild_ranks_mask(1);
  joker.joker = JokerRule::Wild;
  penalty.penalty = card_bit(make_card(9, 3));
  const WildOptions* options[] = {&natural, &deuces, &joker, &bug, &penalty};
  long errors = 0;
  std::uint64_t sink = 0;  // the HandSum values, kept so that the reads are made
  for (int k = 5; k <= 7; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    constexpr std::size_t kRows = 3000;
    std::vector<std::uint8_t> rows(kRows * ku);
    for (auto& c : rows) {
      const auto pick = next_random() % 16;
      c = static_cast<std::uint8_t>(pick == 0 ? kJoker : pick < 12 ? make_card(static_cast<int>(next_random() % 13), static_cast<int>(pick % 2))
                                                                  : next_random() % 53);
    }
    std::vector<std::uint16_t> row_ranks(kRows);
    for (auto& w : row_ranks) w = static_cast<std::uint16_t>(next_random() % 3 ? 1u << (next_random() % 13) : 0u);
    for (const Ranking r : kAll) {
      std::vector<std::uint32_t> first(kRows), out(kRows);
      for (const WildOptions* o : options)
        for (const bool per_row : {false, true}) {
          const std::uint16_t* rw = per_row ? row_ranks.data() : nullptr;
          bool made = false;
          for (const BatchKeys keys : key_kinds()) {
            evaluate_batch_wild(rows.data(), kRows, k, r, *o, rw, made ? out.data() : first.data(), false, 1, keys);
            if (made) errors += first != out;
            made = true;
          }
        }
      evaluate_batch(rows.data(), kRows, k, r, out.data(), false, 1);  // the natural batch (a joker is a non-card)
      // The joker as the bug in the natural batch: its joker rows (read a group at a time) are
      // evaluate_wild_unchecked's, repeated cards and a repeated joker included.
      for (const BatchKeys keys : key_kinds()) {
        evaluate_batch_bug(rows.data(), kRows, k, r, out.data(), false, 1, keys);
        for (std::size_t i = 0; i < kRows; ++i) {
          const std::uint8_t* row = &rows[i * ku];
          if (std::find(row, row + k, kJoker) != row + k)
            errors += out[i] != evaluate_wild_unchecked(row, k, r, WildOptions{});
        }
      }
#ifdef NDEBUG  // (a debug build asserts that no card is added twice)
      // A HandSum of repeated cards (its lanes are sums, which a repeat carries into the
      // next rank): the lows' rare path reads with bounds.
      for (std::size_t i = 0; i < kRows; ++i) {
        std::uint8_t natural[7];
        for (int j = 0; j < k; ++j) natural[j] = std::min<std::uint8_t>(rows[i * ku + static_cast<std::size_t>(j)], 51);
        sink += HandSum::of(natural, k).evaluate(r);
      }
#else
      sink += 1;
#endif
    }
  }
  check_eq(errors, 0, "unchecked batches of repeated cards stay in the tables and read alike every way (the "
                      "joker rows of a natural batch as evaluate_wild_unchecked)");
  asm volatile("" : : "r"(sink));  // the HandSums' reads are made (ASan checks them in CI)
  // The batch's rare flush path masks the ranks it reads again (a row another thread may
  // write meanwhile): on real cards it reads as the unmasked path does, on junk bytes within
  // the tables.
  const Tables& t = tables();
  long masked_differs = 0;
  for (int h = 0; h < 20000; ++h) {
    std::uint8_t row[7];
    for (int j = 0; j < 7;) {  // five to seven clubs: a flush on most rows
      const auto card = static_cast<std::uint8_t>(j < 5 ? make_card(static_cast<int>(next_random() % 13), 0)
                                                        : next_random() % 52);
      if (std::find(row, row + j, card) == row + j) row[j++] = card;
    }
    const std::uint64_t key = hand_key(t, row, 7);
    if (!(key & kFlushBits)) continue;
    masked_differs += detail::evaluate_flush<Ranking::High, true>(t, key, row, 7) !=
                      detail::evaluate_flush<Ranking::High>(t, key, row, 7);
    masked_differs += detail::evaluate_flush<Ranking::DeuceToSeven, true>(t, key, row, 7) !=
                      detail::evaluate_flush<Ranking::DeuceToSeven>(t, key, row, 7);
    masked_differs += detail::evaluate_flush<Ranking::AceToSix, true>(t, key, row, 7) !=
                      detail::evaluate_flush<Ranking::AceToSix>(t, key, row, 7);
    std::uint8_t junk[7];
    for (int j = 0; j < 7; ++j) junk[j] = static_cast<std::uint8_t>(row[j] | (next_random() % 2 ? 0xC0 : 0));
    sink += detail::evaluate_flush<Ranking::High, true>(t, key, junk, 7) +
            detail::evaluate_flush<Ranking::DeuceToSeven, true>(t, key, junk, 7);
  }
  asm volatile("" : : "r"(sink));
  check_eq(masked_differs, 0, "the batch's masked flush path reads real cards as the unmasked one");
}

void test_bad_input() {
  auto throws = [](std::vector<std::uint8_t> cards, Ranking r, const std::string& needle) {
    try {
      evaluate(cards.data(), static_cast<int>(cards.size()), r);
    } catch (const CardError& e) {
      return std::string(e.what()).find(needle) != std::string::npos;
    }
    return false;
  };
  check(throws({51, 51, 3, 4, 5}, Ranking::High, "duplicate card As"), "duplicate card refused by name");
  check(throws({52, 1, 2, 3, 4}, Ranking::High, "joker"), "joker without a wild rule refused");
  check(throws({60, 1, 2, 3, 4}, Ranking::High, "out of range"), "byte 60 refused");
  check(throws({1, 2, 3, 4, 5, 6, 7, 8}, Ranking::High, "got 8"), "eight cards refused");
  check(throws({}, Ranking::High, "got 0"), "no cards refused");
  check(throws({1, 2, 3, 4}, Ranking::EightOrBetter, "got 4"), "eight-or-better needs five cards");
  std::vector<std::uint8_t> batch = {0, 4, 8, 12, 16, 1, 5, 9, 13, 13, 2, 6, 10, 14, 200};
  std::vector<std::uint32_t> out(3);
  check_eq(evaluate_batch(batch.data(), 3, 5, Ranking::High, out.data(), true, 1), 1, "first bad batch row (duplicate)");
  check_eq(evaluate_batch(batch.data(), 3, 5, Ranking::High, out.data(), false, 1), 2, "unchecked batch still finds byte 200");
}

void test_rule_examples() {
  auto s = [](std::vector<std::uint8_t> c, Ranking r) { return evaluate(c.data(), static_cast<int>(c.size()), r); };
  auto card = [](int rank, int suit) { return static_cast<std::uint8_t>(make_card(rank, suit)); };
  // 7-5-4-3-2 offsuit: best deuce-to-seven; A-2-3-4-5 there is ace high
  const auto best27 = s({card(5, 0), card(3, 1), card(2, 2), card(1, 3), card(0, 0)}, Ranking::DeuceToSeven);
  std::uint16_t top = 0;
  std::uint8_t c[5];
  for (c[0] = 0; c[0] < 52; ++c[0])
    for (c[1] = static_cast<std::uint8_t>(c[0] + 1); c[1] < 52; ++c[1])
      for (c[2] = static_cast<std::uint8_t>(c[1] + 1); c[2] < 52; ++c[2])
        for (c[3] = static_cast<std::uint8_t>(c[2] + 1); c[3] < 52; ++c[3])
          for (c[4] = static_cast<std::uint8_t>(c[3] + 1); c[4] < 52; ++c[4]) top = std::max(top, evaluate(c, 5, Ranking::DeuceToSeven));
  check_eq(best27, top, "7-5-4-3-2 offsuit is the best deuce-to-seven hand");
  const Played wheel27 = best_five(std::vector<std::uint8_t>{card(12, 0), card(0, 1), card(1, 2), card(2, 3), card(3, 0)}.data(), 5,
                                   Ranking::DeuceToSeven);
  check(category_of(wheel27.strength, Ranking::DeuceToSeven) == Category::HighCard && rank_of(wheel27.cards[0]) == 12,
        "A-2-3-4-5 is ace high in deuce-to-seven");
  check(s({card(6, 0), card(4, 1), card(3, 2), card(2, 3), card(1, 0)}, Ranking::DeuceToSeven) >
            s({card(6, 0), card(5, 1), card(2, 2), card(1, 3), card(0, 0)}, Ranking::DeuceToSeven),
        "8-6-5-4-3 beats 8-7-4-3-2 in deuce-to-seven");
  const auto a6 = s({card(4, 0), card(2, 1), card(1, 2), card(0, 3), card(12, 0)}, Ranking::AceToSix);
  const auto a6suited = s({card(4, 0), card(2, 0), card(1, 0), card(0, 0), card(12, 0)}, Ranking::AceToSix);
  check(category_of(a6suited, Ranking::AceToSix) == Category::Flush && a6suited < a6, "6-4-3-2-A suited is a flush in ace-to-six");
  check(s({card(12, 0), card(12, 1), card(5, 0), card(4, 1), card(3, 2)}, Ranking::AceToSix) >
            s({card(0, 0), card(0, 1), card(5, 0), card(4, 1), card(3, 2)}, Ranking::AceToSix),
        "pair of aces beats pair of deuces in ace-to-six");
  check(s({card(12, 0), card(12, 1), card(5, 0), card(4, 1), card(3, 2)}, Ranking::AceToFive) >
            s({card(0, 0), card(0, 1), card(5, 0), card(4, 1), card(3, 2)}, Ranking::AceToFive),
        "pair of aces beats pair of deuces in ace-to-five");
  check(category_of(s({card(12, 0), card(0, 1), card(1, 2), card(2, 3), card(3, 0)}, Ranking::AceToSix), Ranking::AceToSix) ==
            Category::Straight,
        "A-2-3-4-5 is a straight in ace-to-six");
  check(category_of(s({card(12, 0), card(11, 1), card(10, 2), card(9, 3), card(8, 0)}, Ranking::AceToSix), Ranking::AceToSix) ==
            Category::HighCard,
        "K-Q-J-T-A is no straight in ace-to-six");
  // The lows' flush path where the best five read without the flush is not a
  // high-card hand (a straight): the card list and HandSum both read it.
  // The straight is deuces to fives and its fifth rank (a six; an ace, low in ace-to-six).
  for (const auto& [r, fifth, sf] : {std::tuple{Ranking::DeuceToSeven, 4, "6-5-4-3-2 suited is a straight flush in deuce-to-seven"},
                                     std::tuple{Ranking::AceToSix, 12, "5-4-3-2-A suited is a straight flush in ace-to-six"}}) {
    std::vector<std::uint8_t> hand;
    for (int i = 0; i < 5; ++i) hand.push_back(card(i < 4 ? i : fifth, 2));
    const auto v = s(hand, r);
    check(category_of(v, r) == Category::StraightFlush, sf);
    const HandSum h = HandSum::of(hand.data(), 5);
    check(with_ranking(r, [&](auto R) { return h.evaluate<R.value>(tables()); }) == v,
          std::string(sf) + " (HandSum too)");
    // Two more cards pairing two of its ranks: the pair plays, without the flush.
    hand.insert(hand.end(), {card(1, 0), card(2, 1)});
    check(category_of(s(hand, r), r) == Category::Pair, std::string(sf) + "; with two cards pairing it a pair plays");
  }
}

// Calls f(cards) for every five-card hand of cards 0..deck-1 (52: the
// standard deck; 53: with the joker), cards increasing.
void each_five(int deck, const std::function<void(const std::uint8_t*)>& f) {
  std::uint8_t c[5];
  for (c[0] = 0; c[0] < deck; ++c[0])
    for (c[1] = static_cast<std::uint8_t>(c[0] + 1); c[1] < deck; ++c[1])
      for (c[2] = static_cast<std::uint8_t>(c[1] + 1); c[2] < deck; ++c[2])
        for (c[3] = static_cast<std::uint8_t>(c[2] + 1); c[3] < deck; ++c[3])
          for (c[4] = static_cast<std::uint8_t>(c[3] + 1); c[4] < deck; ++c[4]) f(c);
}

// Wild cards: the exhaustive counts.
void test_wild_counts(bool seven) {
  WildOptions deuces;
  deuces.wild = wild_ranks_mask(1);
  long five_kind = 0;
  each_five(52, [&](const std::uint8_t* c) {
    five_kind += category_of(evaluate_wild_unchecked(c, 5, Ranking::High, deuces), Ranking::High) == Category::FiveOfAKind;
  });
  check_eq(five_kind, 672, "deuces wild: five-card hands that are five of a kind");

  WildOptions bug;  // the joker as the bug, over the 53-card deck
  std::array<long, 11> cats{};
  std::set<std::uint16_t> distinct;
  long hands = 0;
  each_five(53, [&](const std::uint8_t* c) {
    const std::uint16_t s = evaluate_wild_unchecked(c, 5, Ranking::AceToFive, bug);
    ++cats[static_cast<std::size_t>(category_of(s, Ranking::AceToFive))];
    distinct.insert(s);
    ++hands;
  });
  check_eq(hands, 2869685, "five-card hands from 53 cards");
  check_eq(distinct.size(), 6175u, "ace-to-five with the bug: distinct values");
  const long want[11] = {0, 1500928, 1180608, 126360, 57408, 0, 0, 3744, 637, 0, 0};
  for (std::size_t i = 0; i < 11; ++i) check_eq(cats[i], want[i], "ace-to-five with the bug: category " + std::to_string(i));

  if (!seven) return;
  std::atomic<long> seven_kind{0};
  parallel_first_card([&](int a) {
    std::uint8_t h[7];
    h[0] = static_cast<std::uint8_t>(a);
    long local = 0;
    for (int b = a + 1; b < 52; ++b)
      for (int d = b + 1; d < 52; ++d)
        for (int e = d + 1; e < 52; ++e)
          for (int f = e + 1; f < 52; ++f)
            for (int g = f + 1; g < 52; ++g)
              for (int x = g + 1; x < 52; ++x) {
                h[1] = static_cast<std::uint8_t>(b), h[2] = static_cast<std::uint8_t>(d), h[3] = static_cast<std::uint8_t>(e);
                h[4] = static_cast<std::uint8_t>(f), h[5] = static_cast<std::uint8_t>(g), h[6] = static_cast<std::uint8_t>(x);
                local += category_of(evaluate_wild_unchecked(h, 7, Ranking::High, deuces), Ranking::High) == Category::FiveOfAKind;
              }
    seven_kind += local;
  });
  check_eq(seven_kind.load(), 609760, "deuces wild: seven-card hands that make five of a kind");
}

// Batches with wild cards (their fast paths: the natural cards' key read in
// pipelined groups of rows, flush fills read for the hard rows) against the single-hand
// evaluation (the general path, kept as the reference), row by row, with and
// without the duplicate check. row_wild: per-row wild ranks, or empty.
long wild_batch_mismatches(const std::vector<std::uint8_t>& rows, int k, Ranking r, const WildOptions& o,
                           const std::vector<std::uint16_t>& row_wild, std::string& first) {
  const std::size_t n = rows.size() / static_cast<std::size_t>(k);
  std::vector<std::uint32_t> checked(n), unchecked(n);
  const std::uint16_t* rw = row_wild.empty() ? nullptr : row_wild.data();
  std::vector<std::uint32_t> scalar(n);
  long bad = evaluate_batch_wild(rows.data(), n, k, r, o, rw, checked.data(), true, 1) != -1;
  bad += evaluate_batch_wild(rows.data(), n, k, r, o, rw, scalar.data(), true, 1, BatchKeys::Scalar) != -1;
  evaluate_batch_wild(rows.data(), n, k, r, o, rw, unchecked.data(), false, 1);
  for (std::size_t i = 0; i < n; ++i) {
    WildOptions row_o = o;
    if (rw) row_o.wild |= wild_ranks_mask(rw[i]);
    const std::uint8_t* c = &rows[i * static_cast<std::size_t>(k)];
    const std::uint16_t want = evaluate_wild_unchecked(c, k, r, row_o);
    if (checked[i] != want || unchecked[i] != want || scalar[i] != want) {
      if (!bad++) {
        first = std::string(name(r)) + ":";
        for (int j = 0; j < k; ++j) first += " " + card_text(c[j]);
        first += " batch " + std::to_string(checked[i]) + "/" + std::to_string(unchecked[i]) + "/" + std::to_string(scalar[i]) +
                 ", want " + std::to_string(want);
      }
    }
  }
  return bad;
}

// Batches whose rows come in runs of one kind, the runs' lengths crossing
// every group and block of the batch paths (the kernels' keys four and eight
// rows at a time and 8 or 16 rows ahead, the wild loop's groups of eight and
// blocks of 512 keys, the duplicate check's blocks of 2,048 rows), the kinds
// in turn so that every kind follows every other: rows with no wild card,
// with one or two wild cards, with three or more, and with the joker (beside a
// wild card or not). Each batch equals the single-hand evaluation row by row,
// so that a path reading some kinds of rows apart (a natural run, a wild run,
// the joker's rows) must give each row its value, in its place. 5-7 cards,
// every ranking, the same wild cards in every row and a wild rank per row
// (natural rows: a rank the row does not hold, or none), checked and
// unchecked, every key kind; and the joker as the bug in a natural batch, runs
// of natural and joker rows.
void test_batch_runs(bool quick) {
  constexpr std::size_t kLengths[] = {1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 64, 65, 511, 512, 513, 2047, 2049};
  constexpr int kKinds = 4;  // 0: natural, 1: one or two wild cards, 2: three or more, 3: the joker
  constexpr int kOrder[] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3, 3, 0, 2, 1};  // every kind after every other
  const std::size_t target = quick ? 12000 : 60000;
  long errors = 0;
  std::string first;
  auto note = [&](const char* what, Ranking r, const std::uint8_t* row, int k, std::uint32_t got, std::uint32_t want) {
    if (errors++ == 0)
      first = std::string(what) + ", " + name(r) + ": " + hand_text(row, k) + " batch " + std::to_string(got) +
              ", single hand " + std::to_string(want);
  };
  for (int k = 5; k <= 7; ++k) {
    const auto ku = static_cast<std::size_t>(k);
    std::vector<std::uint8_t> rows;
    std::vector<int> kinds;
    std::vector<std::uint16_t> own_ranks;  // per row: a wild rank of its own by its kind
    for (std::size_t q = 0; rows.size() < target * ku; ++q) {
      const int kind = kOrder[q % std::size(kOrder)];
      const std::size_t length = kLengths[(q * 7) % std::size(kLengths)];  // (7: prime to the lengths' count)
      for (std::size_t n = 0; n < length; ++n) {
        std::uint8_t row[kMaxCards];
        // Wild cards (deuces, cards 0-3) by the kind, the rest from the other 48 cards.
        const int deuces = kind == 1 ? 1 + static_cast<int>(next_random() % 2)
                           : kind == 2 ? 3 + static_cast<int>(next_random() % 2)
                           : kind == 3 ? static_cast<int>(next_random() % 2)
                                       : 0;
        for (int j = 0; j < k;) {
          const auto card = static_cast<std::uint8_t>(j < deuces ? next_random() % 4 : 4 + next_random() % 48);
          if (std::find(row, row + j, card) == row + j) row[j++] = card;
        }
        if (kind == 3) row[deuces + static_cast<int>(next_random() % static_cast<std::uint64_t>(k - deuces))] = kJoker;
        // Rotated: the deuces, dealt first, start anywhere in the row, not only at its head, but
        // stay together (wrapping round its end); a joker stays among the cards after them.
        std::rotate(row, row + next_random() % ku, row + k);
        // Its own wild rank: for a natural row one it does not hold (or none),
        // else the rank of one of its cards (not the joker).
        unsigned held = 0;
        for (int j = 0; j < k; ++j)
          if (row[j] < kDeckSize) held |= 1u << rank_of(row[j]);
        unsigned own = 0;
        if (kind == 0) {
          const unsigned absent = 0x1FFFu & ~held;
          own = next_random() % 4 == 0 || absent == 0 ? 0u : 1u << bits::ctz(absent);
        } else {
          for (std::size_t j = next_random() % ku;; j = (j + 1) % ku)
            if (row[j] < kDeckSize) {
              own = 1u << rank_of(row[j]);
              break;
            }
        }
        rows.insert(rows.end(), row, row + k);
        kinds.push_back(kind);
        own_ranks.push_back(static_cast<std::uint16_t>(own));
      }
    }
    const std::size_t n = kinds.size();
    WildOptions deuces_bug, deuces_joker, lowest_absent, joker_only, bug;
    deuces_bug.wild = deuces_joker.wild = lowest_absent.wild = wild_ranks_mask(1);
    deuces_joker.joker = joker_only.joker = JokerRule::Wild;
    lowest_absent.wild_low = WildLow::LowestAbsent;
    const std::tuple<const char*, const WildOptions*, bool> cases[] = {
        {"deuces wild, the bug", &deuces_bug, false},           {"deuces and the joker wild", &deuces_joker, false},
        {"deuces wild, lowest absent", &lowest_absent, false},  {"the joker wild, a wild rank per row", &joker_only, true},
        {"the bug, a wild rank per row", &bug, true}};
    for (const Ranking r : kAll) {
      for (const auto& [what, o, per_row] : cases) {
        const std::uint16_t* rw = per_row ? own_ranks.data() : nullptr;
        std::vector<std::uint32_t> want(n);
        for (std::size_t i = 0; i < n; ++i) {
          WildOptions row_o = *o;
          if (rw) row_o.wild |= wild_ranks_mask(rw[i]);
          want[i] = evaluate_wild_unchecked(&rows[i * ku], k, r, row_o);
        }
        for (const BatchKeys keys : key_kinds())
          for (const bool check : {true, false}) {
            std::vector<std::uint32_t> out(n + 1, 12345);
            errors += evaluate_batch_wild(rows.data(), n, k, r, *o, rw, out.data(), check, 1, keys) != -1;
            errors += out[n] != 12345;
            for (std::size_t i = 0; i < n; ++i)
              if (out[i] != want[i]) note(what, r, &rows[i * ku], k, out[i], want[i]);
          }
      }
      // The joker as the bug in a natural batch: the runs of natural and joker
      // rows (the wild cards' runs left out: deuces are natural cards here).
      std::vector<std::uint8_t> natural_rows;
      for (std::size_t i = 0; i < n; ++i)
        if (kinds[i] == 0 || kinds[i] == 3) natural_rows.insert(natural_rows.end(), &rows[i * ku], &rows[i * ku] + k);
      const std::size_t m = natural_rows.size() / ku;
      std::vector<std::uint32_t> want(m);
      for (std::size_t i = 0; i < m; ++i) want[i] = evaluate_wild(&natural_rows[i * ku], k, r, WildOptions{});
      for (const BatchKeys keys : key_kinds())
        for (const bool check : {true, false}) {
          std::vector<std::uint32_t> out(m + 1, 12345);
          errors += evaluate_batch_bug(natural_rows.data(), m, k, r, out.data(), check, 1, keys) != -1;
          errors += out[m] != 12345;
          for (std::size_t i = 0; i < m; ++i)
            if (out[i] != want[i]) note("the bug in a natural batch", r, &natural_rows[i * ku], k, out[i], want[i]);
        }
    }
  }
  if (errors) std::printf("  first: %s\n", first.c_str());
  check_eq(errors, 0, "batches of runs of natural, wild and joker rows (every run length across the groups and blocks, "
                      "5-7 cards, every ranking, fixed and per-row wild cards, checked and unchecked, every key kind) "
                      "equal single hands row by row");
}

void test_wild_batch_equals_scalar(bool quick) {
  WildOptions deuces_joker, deuces_bug, joker_only, deuces_dup, penalty, lowest_absent;
  deuces_joker.wild = deuces_bug.wild = deuces_dup.wild = lowest_absent.wild = wild_ranks_mask(1);
  lowest_absent.wild_low = WildLow::LowestAbsent;  // (high ignores it: the batch's fast path still applies)
  deuces_joker.joker = joker_only.joker = deuces_dup.joker = JokerRule::Wild;
  deuces_dup.duplicate = true;
  penalty.wild = wild_ranks_mask(1u << 5);  // sevens wild, the jack of spades a penalty card
  penalty.penalty = card_bit(make_card(9, 3));
  penalty.penalty_rule = PenaltyRule::VoidCard;
  const std::pair<const char*, const WildOptions*> options[] = {
      {"deuces and the joker wild", &deuces_joker}, {"deuces wild, the bug", &deuces_bug},
      {"the joker wild", &joker_only}, {"deuces and the joker wild, duplicates", &deuces_dup}, {"void card", &penalty},
      {"deuces wild, lowest absent", &lowest_absent}};
  // Every five-card hand of the 53-card deck (0 to 5 wild cards); --quick: every 13th.
  std::vector<std::uint8_t> fives;
  long count = 0;
  each_five(53, [&](const std::uint8_t* c) {
    if (!quick || count++ % 13 == 0) fives.insert(fives.end(), c, c + 5);
  });
  // Random seven-card hands of the 53-card deck with 0 to 4 deuces, as many of
  // each count; and per-row wild ranks (none in a sixth of the rows, else one
  // random rank, or two in a third of those: the batch reads a row of one
  // wild rank or none from a key table per rank, the others rank by rank).
  const std::size_t sevens_per_count = quick ? 4000 : 250000;
  std::vector<std::uint8_t> sevens;
  for (int wilds = 0; wilds <= 4; ++wilds)
    for (std::size_t h = 0; h < sevens_per_count; ++h) {
      std::uint8_t row[7];
      for (int j = 0; j < 7;) {  // wilds deuces, the rest from the other 49 cards (the joker included)
        const auto card = static_cast<std::uint8_t>(j < wilds ? next_random() % 4 : 4 + next_random() % 49);
        if (std::find(row, row + j, card) == row + j) row[j++] = card;
      }
      sevens.insert(sevens.end(), row, row + 7);
    }
  std::vector<std::uint16_t> row_wild(sevens.size() / 7);
  for (auto& w : row_wild)
    w = next_random() % 6 == 0 ? 0
                               : static_cast<std::uint16_t>(1u << (next_random() % 13) |
                                                            (next_random() % 3 ? 0 : 1u << (next_random() % 13)));
  // Every five-card hand with a wild rank of its own: rank h % 14 for hand h
  // (13: none), and every seventh hand a second rank, so that each rank is
  // the wild one, alone or with another, across the deck's hands.
  std::vector<std::uint16_t> five_row_wild(fives.size() / 5);
  for (std::size_t h = 0; h < five_row_wild.size(); ++h) {
    const std::size_t rank = h % 14;
    five_row_wild[h] = static_cast<std::uint16_t>((rank < 13 ? 1u << rank : 0u) | (h % 7 == 3 ? 1u << (h / 14 % 13) : 0u));
  }
  for (const Ranking r : kAll) {
    for (const auto& [what, o] : options) {
      std::string first;
      const long five_bad = wild_batch_mismatches(fives, 5, r, *o, {}, first);
      check_eq(five_bad, 0, std::string(name(r)) + ", " + what + ": batch of every five-card hand equals single hands " + first);
      const long seven_bad = wild_batch_mismatches(sevens, 7, r, *o, {}, first);
      check_eq(seven_bad, 0, std::string(name(r)) + ", " + what + ": batch of random seven-card hands equals single hands " + first);
    }
    std::string first;
    for (const auto& [what, o] : {std::pair{"the joker wild", &joker_only}, std::pair{"deuces wild, the bug", &deuces_bug}}) {
      const long row_bad = wild_batch_mismatches(sevens, 7, r, *o, row_wild, first);
      check_eq(row_bad, 0, std::string(name(r)) + ", " + what + ": batch with per-row wild ranks equals single hands " + first);
      const long five_row_bad = wild_batch_mismatches(fives, 5, r, *o, five_row_wild, first);
      check_eq(five_row_bad, 0,
               std::string(name(r)) + ", " + what + ": batch of every five-card hand with a wild rank per row equals single hands " + first);
    }
    // Batches of 0..40 rows (the wild-card batch loop runs groups of eight
    // in three stages): every length, from rows that mix 0 to 4 deuces.
    long short_bad = 0;
    for (std::size_t n = 0; n <= 40; ++n) {
      std::vector<std::uint8_t> mixed;
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t from = (i % 5) * sevens_per_count + i;  // i % 5 deuces
        mixed.insert(mixed.end(), sevens.begin() + static_cast<std::ptrdiff_t>(from * 7),
                     sevens.begin() + static_cast<std::ptrdiff_t>(from * 7 + 7));
      }
      short_bad += wild_batch_mismatches(mixed, 7, r, deuces_bug, {}, first);
    }
    check_eq(short_bad, 0, std::string(name(r)) + ": batches of 0..40 rows with deuces wild equal single hands " + first);
  }
}

// Rule examples with wild cards (docs/rules.md, section 2).
void test_wild_examples() {
  auto s = [](std::vector<std::uint8_t> c, Ranking r, const WildOptions& o) {
    return evaluate_wild(c.data(), static_cast<int>(c.size()), r, o);
  };
  auto card = [](int rank, int suit) { return static_cast<std::uint8_t>(make_card(rank, suit)); };
  const std::uint8_t jk = kJoker;
  WildOptions bug, joker_wild, deuces;
  joker_wild.joker = JokerRule::Wild;
  deuces.wild = wild_ranks_mask(1);
  check(category_of(s({card(12, 0), card(12, 1), card(12, 2), card(12, 3), jk}, Ranking::High, bug), Ranking::High) ==
            Category::FiveOfAKind,
        "A-A-A-A-Jk is five aces");
  check(category_of(s({card(8, 0), card(9, 1), card(10, 2), card(11, 3), jk}, Ranking::High, bug), Ranking::High) ==
            Category::Straight,
        "the bug completes a straight");
  check(category_of(s({card(2, 0), card(5, 0), card(7, 0), card(9, 0), jk}, Ranking::High, bug), Ranking::High) ==
            Category::Flush,
        "the bug completes a flush");
  check(category_of(s({card(2, 0), card(5, 1), card(7, 2), card(12, 3), jk}, Ranking::High, bug), Ranking::High) ==
            Category::Pair,
        "otherwise the bug is an ace (4-7-9-A-Jk: pair of aces)");
  check(s({card(4, 0), card(2, 1), card(1, 2), card(12, 3), jk}, Ranking::AceToSix, joker_wild) >
            s({card(4, 0), card(2, 1), card(1, 2), card(0, 3), card(12, 0)}, Ranking::AceToSix, WildOptions{}),
        "wild cards low (zero): 6-4-3-A-Jk beats 6-4-3-2-A");
  check(s({card(5, 0), card(3, 1), card(2, 2), card(0, 3), card(0, 0)}, Ranking::DeuceToSeven, deuces) >
            s({card(5, 0), card(3, 1), card(2, 2), card(1, 3), card(0, 0)}, Ranking::DeuceToSeven, WildOptions{}),
        "deuces wild: 7-5-4-2-2 beats 7-5-4-3-2");
  check_eq(s({card(4, 0), card(2, 1), card(1, 2), card(12, 3), jk}, Ranking::AceToFive, bug),
           s({card(4, 0), card(2, 1), card(1, 2), card(12, 3), card(0, 0)}, Ranking::AceToFive, WildOptions{}),
           "the bug in ace-to-five is the lowest absent rank (6-4-3-A-Jk = 6-4-3-2-A)");
  WildOptions dup = deuces;
  dup.duplicate = true;
  const std::vector<std::uint8_t> flush = {card(12, 3), card(0, 0), card(7, 3), card(5, 3), card(1, 3)};  // As 2c 9s 7s 3s
  check(s(flush, Ranking::High, dup) > s(flush, Ranking::High, deuces), "a wild card may duplicate the ace in a flush (option)");
  WildOptions dead, void_card;
  dead.penalty = card_bit(card(10, 3));
  void_card.penalty = dead.penalty;
  void_card.penalty_rule = PenaltyRule::VoidCard;
  const std::vector<std::uint8_t> six = {card(10, 3), card(12, 0), card(12, 1), card(3, 2), card(4, 3), card(6, 0)};
  check_eq(s(six, Ranking::High, dead), 0, "a penalty card kills the hand (dead-hand)");
  check_eq(s(six, Ranking::High, void_card), evaluate(six.data() + 1, 5, Ranking::High), "a void card is not played");
  check_eq(s({card(10, 3), card(12, 0), card(12, 1), card(3, 2), card(4, 3)}, Ranking::High, void_card), 0,
           "fewer than five playable cards is a dead hand");
}

// What wild cards stand for, and the reading order (docs/WILD_CARDS.md): one
// example per rule of read_played (the Python tests compare it with the plain
// computation over random hands).
void test_stand_ins() {
  auto card = [](int rank, int suit) { return static_cast<std::uint8_t>(make_card(rank, suit)); };
  auto read = [](std::vector<std::uint8_t> c, Ranking r, const WildOptions& o) {
    return read_best_five_wild(c.data(), static_cast<int>(c.size()), r, o);
  };
  // "rank suit" of each stand-in, then the cards read, as text
  auto text = [](const ReadHand& h) {
    static const char* kRankText = "23456789TJQKA";
    std::string out;
    for (int i = 0; i < h.stand_in_count; ++i) {
      const StandIn& s = h.stand_ins[i];
      out += s.rank == kZeroRank ? std::string("0") : std::string(1, kRankText[s.rank]);
      out += s.suit == kNoSuit ? std::string("-") : std::string(1, "cdhs"[s.suit]);
      out += ' ';
    }
    out += '|';
    for (int i = 0; i < h.count; ++i) out += ' ' + std::to_string(h.values[i]);
    return out;
  };
  auto check_text = [](const std::string& got, const std::string& want, const std::string& what) {
    check(got == want, what + ": got \"" + got + "\", want \"" + want + "\"");
  };
  const std::uint8_t jk = kJoker;
  WildOptions bug, deuces, deuces_dup, joker_wild, lowest, best;
  deuces.wild = wild_ranks_mask(1);
  deuces_dup = deuces;
  deuces_dup.duplicate = true;
  joker_wild.joker = JokerRule::Wild;
  lowest.wild = deuces.wild, lowest.wild_low = WildLow::LowestAbsent;
  best.wild = deuces.wild, best.wild_low = WildLow::BestRank;
  // A straight: the missing ranks from the top, each the highest suit not held.
  check_text(text(read({card(8, 3), card(7, 1), card(0, 2), card(5, 0), card(0, 1)}, Ranking::High, deuces)),
           "Js 8s | 9 8 7 6 5", "a straight (T-9-7 and two deuces: J-T-9-8-7)");
  // A flush: the highest ranks absent, in the flush's suit; with duplicate, aces.
  const std::vector<std::uint8_t> flush = {card(12, 3), card(0, 0), card(7, 3), card(5, 3), card(1, 3)};
  check_text(text(read(flush, Ranking::High, deuces)), "Ks | 12 11 7 5 1", "flush: the highest absent rank");
  check_text(text(read(flush, Ranking::High, deuces_dup)), "As | 12 12 7 5 1", "flush: duplicate");
  // Groups: the bug an ace; a wild card joins the biggest group, the highest of equals.
  check_text(text(read({card(12, 0), card(12, 1), card(12, 2), card(12, 3), jk}, Ranking::High, bug)),
           "A- | 12 12 12 12 12", "five aces: the bug an ace, no suit left");
  check_text(text(read({card(9, 0), card(9, 1), card(4, 2), card(4, 3), card(0, 0)}, Ranking::High, deuces)),
           "Js | 9 9 9 4 4", "a full house: the wild card joins the higher pair");
  // Lows: a zero (read last), the lowest absent rank, the first best rank.
  check_text(text(read({card(4, 0), card(2, 1), card(1, 2), card(12, 3), jk}, Ranking::AceToSix, joker_wild)),
           "0- | 4 2 1 12 -1", "a zero");
  check_text(text(read({card(5, 0), card(3, 1), card(2, 2), card(1, 3), card(0, 0)}, Ranking::AceToFive, lowest)),
           "A- | 5 3 2 1 12", "the lowest absent rank (the ace, low)");
  check_text(text(read({card(4, 0), card(3, 1), card(2, 2), card(1, 3), card(0, 0)}, Ranking::DeuceToSeven, best)),
           "8- | 6 4 3 2 1", "the best rank: not the 2 or the 7 (straights)");
}

// Every five-card hand with wild cards (deuces and the joker wild), read as
// played with best-rank wild cards in each low: the ranks it is read as, dealt
// as natural cards (suits not held, no flush), make the same strength. This
// does not trust the search's window of absent ranks (the Python reference has
// the same window): a window too narrow reads some hand as a straight or a
// pair it is not. `stride` > 1 reads every stride-th hand (the sanitizer build).
void test_best_rank_reads_exhaustive(int stride) {
  const Ranking lows[] = {Ranking::DeuceToSeven, Ranking::AceToSix, Ranking::AceToFive, Ranking::EightOrBetter};
  for (const int wild_rank : {0, 5, 12}) {  // deuces, sevens, aces: each rank a natural in some run
    WildOptions o;
    o.wild = wild_ranks_mask(1u << wild_rank);
    o.joker = JokerRule::Wild;
    o.wild_low = WildLow::BestRank;
    auto is_wild = [&](std::uint8_t x) { return x == kJoker || (o.wild >> x & 1); };
    for (const Ranking r : lows) {
      long read = 0, wrong = 0, index = 0;
      each_five(53, [&](const std::uint8_t* c) {
        if (std::none_of(c, c + 5, is_wild) || index++ % stride) return;
        const ReadHand h = read_best_five_wild(c, 5, r, o);
        if (h.strength == kNoLow) return;
        // Deal the hand as read: each wild card the lowest suit of its rank not held...
        std::uint8_t dealt[5];
        std::uint64_t held = 0;
        for (const std::uint8_t x : h.cards)
          if (!is_wild(x)) held |= card_bit(x);
        int last = 0;
        bool dealable = true;
        for (int i = 0; i < 5; ++i) {
          dealt[i] = h.cards[i];
          if (!is_wild(h.cards[i])) continue;
          int suit = 0;
          while (suit < kSuits && (held >> make_card(h.values[i], suit) & 1)) ++suit;
          dealable = dealable && h.values[i] >= 0 && suit < kSuits;
          if (!dealable) break;
          dealt[i] = static_cast<std::uint8_t>(make_card(h.values[i], suit));
          held |= card_bit(dealt[i]);
          last = i;
        }
        // ...and no flush: a wild card is any suit, the last one another suit not held.
        if (dealable && std::all_of(dealt, dealt + 5, [&](std::uint8_t x) { return suit_of(x) == suit_of(dealt[0]); }))
          for (int suit = 0; suit < kSuits; ++suit)
            if (suit != suit_of(dealt[0]) && !(held >> make_card(h.values[last], suit) & 1)) {
              dealt[last] = static_cast<std::uint8_t>(make_card(h.values[last], suit));
              break;
            }
        ++read;
        if ((!dealable || evaluate(dealt, 5, r) != h.strength) && wrong++ < 3)
          std::printf("  %s: %s read as %s: %u, the strength %u\n", name(r), hand_text(c, 5).c_str(),
                      hand_text(dealt, 5).c_str(), evaluate(dealt, 5, r), h.strength);
              });
      check(wrong == 0 && read > 0, std::string("best-rank wild cards (") + "23456789TJQKA"[wild_rank] +
                                        "s and the joker) in " + name(r) + ": each of " + std::to_string(read) +
                                        " hands read makes its strength; " + std::to_string(wrong) + " do not");
    }
  }
}

// Every five-card hand with wild cards read in high: the stand-ins, dealt as
// the cards they name (rank and suit), make the strength; with deuces, sevens
// or aces wild and the joker, and with the joker alone as the bug. Five of a
// kind (a stand-in with no suit left) is counted, not dealt.
void test_high_stand_ins_exhaustive(int stride) {
  for (const int wild_rank : {-1, 0, 5, 12}) {  // -1: no wild rank, the joker as the bug
    WildOptions o;
    if (wild_rank >= 0) o.wild = wild_ranks_mask(1u << wild_rank), o.joker = JokerRule::Wild;
    auto is_wild = [&](std::uint8_t x) { return x == kJoker || (o.wild >> x & 1); };
    long read = 0, wrong = 0, five_of_a_kind = 0, index = 0;
    each_five(53, [&](const std::uint8_t* c) {
      if (std::none_of(c, c + 5, is_wild) || index++ % stride) return;
      const ReadHand h = read_best_five_wild(c, 5, Ranking::High, o);
      std::uint8_t dealt[5] = {};  // the naturals, then the stand-ins
      int n = 0;
      for (const std::uint8_t x : h.cards)
        if (!is_wild(x)) dealt[n++ % 5] = x;
      bool unsuited = false;
      for (const StandIn& in : h.stand_ins) {
        if (&in - h.stand_ins >= h.stand_in_count) break;
        unsuited = unsuited || in.suit == kNoSuit;
        dealt[n++ % 5] = static_cast<std::uint8_t>(make_card(in.rank, unsuited ? 0 : in.suit));
      }
      if (unsuited) {
        five_of_a_kind += category_of(h.strength, Ranking::High) == Category::FiveOfAKind;
        wrong += category_of(h.strength, Ranking::High) != Category::FiveOfAKind;
        return;
      }
      std::uint64_t dealt_mask = 0;
      for (int i = 0; i < 5; ++i) dealt_mask |= card_bit(dealt[i]);
      ++read;
      if ((n != 5 || popcount(dealt_mask) != 5 || evaluate(dealt, 5, Ranking::High) != h.strength) && wrong++ < 3)
        std::printf("  high: %s read as %s: %u, the strength %u\n", hand_text(c, 5).c_str(),
                    hand_text(dealt, 5).c_str(), evaluate(dealt, 5, Ranking::High), h.strength);
            });
    check(wrong == 0 && read > 0 && (wild_rank < 0 || five_of_a_kind > 0),
          std::string("high stand-ins (") + (wild_rank < 0 ? std::string("the bug") : std::string(1, "23456789TJQKA"[wild_rank]) + "s and the joker") +
              "): each of " + std::to_string(read) + " hands read, dealt as named, makes its strength; " +
              std::to_string(wrong) + " do not");
  }
}

// The project's CPUID/XGETBV query (cpu_features.hpp) against GCC's and Clang's
// own __builtin_cpu_supports / __builtin_cpu_is, which the core no longer uses
// (clang-cl does not link their __cpu_model). Compared where those builtins link
// by default: x86-64 GCC or Clang off Windows and macOS (some macOS clangs lack
// __cpu_model too); elsewhere the query must report nothing off x86-64.
void test_cpu_features() {
  const detail::CpuFeatures& cpu = detail::cpu_features();
  const auto text = [](bool b) { return std::string(b ? "yes" : "no"); };
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && !defined(__APPLE__)
  __builtin_cpu_init();
  const std::pair<bool, bool> pairs[] = {
      {cpu.avx2, __builtin_cpu_supports("avx2") != 0},
      {cpu.avx512f, __builtin_cpu_supports("avx512f") != 0},
      {cpu.avx512bw, __builtin_cpu_supports("avx512bw") != 0},
      {cpu.avx512vbmi, __builtin_cpu_supports("avx512vbmi") != 0},
      {cpu.intel, __builtin_cpu_is("intel") != 0},
  };
  const char* names[] = {"avx2", "avx512f", "avx512bw", "avx512vbmi", "intel"};
  for (std::size_t i = 0; i < 5; ++i)
    check(pairs[i].first == pairs[i].second, std::string("cpu_features ") + names[i] + ": " + text(pairs[i].first) +
                                                 ", __builtin_cpu says " + text(pairs[i].second));
#elif !SPLITPOT_CPUID
  check(!cpu.avx2 && !cpu.avx512f && !cpu.avx512bw && !cpu.avx512vbmi && !cpu.intel,
        "cpu_features reports nothing without CPUID");
#endif
  std::printf("  cpu_features: avx2 %s, avx512f %s, avx512bw %s, avx512vbmi %s, intel %s\n", text(cpu.avx2).c_str(),
              text(cpu.avx512f).c_str(), text(cpu.avx512bw).c_str(), text(cpu.avx512vbmi).c_str(),
              text(cpu.intel).c_str());
}

// The bit operations of bits.hpp (the compiler's builtins in this build, or
// the plain C++ of a build with SPLITPOT_PORTABLE_BITS) against their plain
// C++ versions and a loop over the bits: every single bit, then random values
// of every width; and the overflow checks at their edges.
void test_bits() {
  std::uint64_t state = 0x9E3779B97F4A7C15ull;
  auto next = [&state] {  // splitmix64
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  };
  auto slow_popcount = [](std::uint64_t x) {
    int n = 0;
    for (; x; x >>= 1) n += static_cast<int>(x & 1);
    return n;
  };
  auto slow_ctz = [](std::uint64_t x) {
    int n = 0;
    for (; (x & 1) == 0; x >>= 1) ++n;
    return n;
  };
  auto slow_clz = [](std::uint64_t x) {
    int n = 0;
    for (; (x >> 63) == 0; x <<= 1) ++n;
    return n;
  };
  int wrong = 0, values = 0;
  auto one = [&](std::uint64_t x) {
    ++values;
    const int pc = slow_popcount(x);
    wrong += bits::popcount64(x) != pc || bits::portable::popcount64(x) != pc || popcount(x) != pc;
    wrong += bits::popcount(static_cast<unsigned>(x)) != slow_popcount(static_cast<unsigned>(x));
    if (x == 0) return;
    wrong += bits::ctz64(x) != slow_ctz(x) || bits::portable::ctz64(x) != slow_ctz(x);
    wrong += bits::clz64(x) != slow_clz(x) || bits::portable::clz64(x) != slow_clz(x);
    if (static_cast<unsigned>(x) != 0) wrong += bits::ctz(static_cast<unsigned>(x)) != slow_ctz(static_cast<unsigned>(x));
  };
  one(0);
  for (int b = 0; b < 64; ++b) one(std::uint64_t{1} << b), one(~std::uint64_t{0} << b);
  for (int i = 0; i < 200'000; ++i) one(next() >> (i % 64));
  std::uint64_t out = 0;
  const std::uint64_t max = ~std::uint64_t{0};
  wrong += bits::add_overflow(max - 1, 1, &out) || out != max;
  wrong += !bits::add_overflow(max, 1, &out) || out != 0;
  wrong += bits::mul_overflow(std::uint64_t{1} << 32, (std::uint64_t{1} << 32) - 1, &out) || out != (max << 32);
  wrong += !bits::mul_overflow(std::uint64_t{1} << 32, std::uint64_t{1} << 32, &out) || out != 0;
  wrong += bits::mul_overflow(0, max, &out) || out != 0;
  check(wrong == 0, "bits.hpp: popcount, ctz, clz on " + std::to_string(values) + " values and the overflow checks; " +
                        std::to_string(wrong) + " wrong");
}

/// Runs one group of tests and prints its time (CI's budget is read off these lines).
template <class F>
void timed(const char* what, F&& run) {
  const auto start = std::chrono::steady_clock::now();
  run();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  std::printf("  %7.2f s  %s\n", took.count(), what);
  std::fflush(stdout);
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  std::printf("evaluate_batch keys on this machine: %s (the batch tests run %s keys too)\n",
              keys_name(BatchKeys::Auto), key_kinds().size() > 2 ? "AVX2 and scalar" : "scalar");
  timed("CPU features", test_cpu_features);
  timed("bit operations", test_bits);
  timed("generated tables", test_generated_tables);
  timed("rank multipliers", test_rank_multipliers);
  timed("rule examples", test_rule_examples);
  timed("bad input", test_bad_input);
  timed("five-card hands, exhaustive", [&] { test_five_card_exhaustive(quick); });
  timed("batch equals scalar", test_batch_equals_scalar);
  timed("small batches", test_small_batches);
  timed("batch bad rows", test_batch_bad_rows);
  timed("joker-as-bug batches", test_batch_bug);
  timed("random hands against brute force", [&] { test_random_against_brute(quick ? 20000 : 250000); });
  timed("wild examples", test_wild_examples);
  timed("stand-ins", test_stand_ins);
  timed("best-rank reads, exhaustive", [&] { test_best_rank_reads_exhaustive(quick ? 16 : 1); });
  timed("high stand-ins, exhaustive", [&] { test_high_stand_ins_exhaustive(quick ? 16 : 1); });
  timed("wild counts", [&] { test_wild_counts(!quick); });
  timed("wild batch equals scalar", [&] { test_wild_batch_equals_scalar(quick); });
  timed("batches of runs of row kinds", [&] { test_batch_runs(quick); });
  timed("wild batch bad rows", test_wild_batch_bad_rows);
  timed("wild batch repeats, every length", test_wild_batch_repeats_every_length);
  timed("unchecked repeats stay in the tables", test_unchecked_repeats_stay_in_the_tables);
  timed("HandSum, random", [&] { test_hand_sum_random(quick ? 5000 : 200000); });
  if (quick) {
    timed("HandSum, sampled", [] {
      test_hand_sum_exhaustive(5, Ranking::High);
      for (const Ranking r : kAll) test_hand_sum_exhaustive(7, r, 20);  // the 736,281 hands whose lowest card is 6d
    });
  } else {
    timed("HandSum, 5 and 6 cards, every ranking", [] {
      for (const Ranking r : kAll) test_hand_sum_exhaustive(5, r), test_hand_sum_exhaustive(6, r);
    });
    timed("HandSum, 7 cards, high and two lows", [] {
      test_hand_sum_exhaustive(7, Ranking::High);
      test_hand_sum_exhaustive(7, Ranking::DeuceToSeven);  // the lows whose flush path differs from high's
      test_hand_sum_exhaustive(7, Ranking::AceToSix);
    });
    timed("six and seven cards, exhaustive", test_six_and_seven_exhaustive);
    timed("batch, every hand of 5-7 cards, every ranking", [] {
      for (const Ranking r : kAll)
        for (int n = 5; n <= 7; ++n) test_batch_exhaustive(n, r);
    });
  }
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}
