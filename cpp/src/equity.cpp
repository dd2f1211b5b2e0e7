// Equity: validation, exact enumeration and Monte Carlo (see equity.hpp).
//
// Exact enumeration deals the unknown cards player by player. The player with
// the most possible deals is the outer loop (split across threads in chunks of
// deals); every other drawing player's deals are evaluated once, up front,
// into a list of (card mask, strengths), and the inner loops walk those lists,
// skipping deals that share a card with the cards already dealt. A leaf is then
// a mask test and a comparison of strengths, no evaluation.
#include "splitpot/equity.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <limits>
#include <string>
#include <thread>

#include "splitpot/evaluate.hpp"

#include "splitpot/wild.hpp"  // the joker as the bug (lowball)

namespace splitpot {

namespace {

constexpr int kBinomN = 54;
constexpr int kBinomK = 8;

struct Binomials {
  std::array<std::array<std::uint64_t, kBinomK>, kBinomN> c{};
  Binomials() {
    for (int n = 0; n < kBinomN; ++n) {
      c[static_cast<std::size_t>(n)][0] = 1;
      for (int k = 1; k < kBinomK && k <= n; ++k) {
        const auto un = static_cast<std::size_t>(n);
        const auto uk = static_cast<std::size_t>(k);
        c[un][uk] = c[un - 1][uk - 1] + (k < n ? c[un - 1][uk] : 0);
      }
    }
  }
};

std::uint64_t binom(int n, int k) {
  static const Binomials table;
  if (k < 0 || n < 0 || k > n) return 0;
  return table.c[static_cast<std::size_t>(n)][static_cast<std::size_t>(k)];
}

const char* game_name(EquityGame g) {
  switch (g) {
    case EquityGame::SevenCardStud: return "seven-card-stud";
    case EquityGame::SevenCardStud8: return "seven-card-stud-8";
    case EquityGame::SevenCardStudHighLow: return "seven-card-stud-high-low";
    case EquityGame::Lowball: return "lowball";
    case EquityGame::DeuceToSevenDraw: return "deuce-to-seven";
  }
  return "?";
}

bool is_stud(EquityGame g) {
  return g == EquityGame::SevenCardStud || g == EquityGame::SevenCardStud8 || g == EquityGame::SevenCardStudHighLow;
}

std::string with_commas(std::uint64_t v) {
  std::string s = std::to_string(v);
  for (int i = static_cast<int>(s.size()) - 3; i > 0; i -= 3) s.insert(static_cast<std::size_t>(i), ",");
  return s;
}

// A validated request.
struct Spot {
  int players = 0;
  int hand_size = 0;
  std::vector<std::array<std::uint8_t, kMaxCards>> cards;  // known cards first, dealt cards after
  std::vector<int> known;
  std::vector<int> need;
  std::vector<std::uint8_t> deck;  // the cards left, ascending
};

Spot validate(const EquityRequest& rq) {
  const int game = static_cast<int>(rq.game);
  if (game < 0 || game >= kEquityGameCount) throw EquityOptionError("unknown game id " + std::to_string(game));
  const char* name = game_name(rq.game);
  const bool stud = is_stud(rq.game);
  const auto n = static_cast<int>(rq.hands.size());
  if (n < 2 || n > kEquityMaxPlayers) {
    throw EquityOptionError("equity needs 2 to " + std::to_string(kEquityMaxPlayers) + " hands, got " +
                            std::to_string(n));
  }
  if (rq.game == EquityGame::SevenCardStudHighLow && rq.low != Ranking::DeuceToSeven &&
      rq.low != Ranking::AceToSix && rq.low != Ranking::AceToFive) {
    throw EquityOptionError("the low of seven-card-stud-high-low is deuce-to-seven, ace-to-six or ace-to-five");
  }
  if (rq.joker && rq.game != EquityGame::Lowball) {
    throw EquityOptionError(std::string("the joker is an option of lowball only, not of ") + name);
  }
  if (rq.threads < 1) throw EquityOptionError("threads must be at least 1, got " + std::to_string(rq.threads));

  Spot s;
  s.players = n;
  s.hand_size = stud ? 7 : 5;
  s.cards.assign(static_cast<std::size_t>(n), {});
  s.known.assign(static_cast<std::size_t>(n), 0);
  s.need.assign(static_cast<std::size_t>(n), 0);
  const int deck_size = rq.joker ? kDeckSize + 1 : kDeckSize;
  std::array<int, kDeckSize + 1> owner;  // -1 free, i = hand i, n = dead
  owner.fill(-1);
  auto where = [&](int o) { return o == n ? std::string("the dead cards") : "hand " + std::to_string(o + 1); };
  auto take = [&](int card, int o) {
    if (card >= deck_size) {
      if (card == kJoker) throw CardError(std::string("the joker (Jk) is not in the deck of ") + name);
      throw CardError("card " + std::to_string(card) + " is out of range (0..51, 52 = joker)");
    }
    const int prev = owner[static_cast<std::size_t>(card)];
    if (prev >= 0) {
      throw CardError("duplicate card " + card_text(card) +
                      (prev == o ? " in " + where(o) : ": in " + where(prev) + " and in " + where(o)));
    }
    owner[static_cast<std::size_t>(card)] = o;
  };
  for (int i = 0; i < n; ++i) {
    const auto& h = rq.hands[static_cast<std::size_t>(i)];
    const auto k = static_cast<int>(h.size());
    if (k > s.hand_size) {
      throw CardError("hand " + std::to_string(i + 1) + " has " + std::to_string(k) + " cards; a " + name +
                      " hand holds at most " + std::to_string(s.hand_size));
    }
    for (int j = 0; j < k; ++j) {
      take(h[static_cast<std::size_t>(j)], i);
      s.cards[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = h[static_cast<std::size_t>(j)];
    }
    s.known[static_cast<std::size_t>(i)] = k;
    s.need[static_cast<std::size_t>(i)] = s.hand_size - k;
  }
  for (const std::uint8_t c : rq.dead) take(c, n);

  if (stud && !rq.draws.empty()) throw EquityOptionError(std::string("draws apply to draw games only, not to ") + name);
  if (!stud && !rq.draws.empty()) {
    if (static_cast<int>(rq.draws.size()) != n) {
      throw EquityOptionError("draws needs one number per hand: " + std::to_string(n) + " hands, " +
                              std::to_string(rq.draws.size()) + " draws");
    }
    for (int i = 0; i < n; ++i) {
      const int d = rq.draws[static_cast<std::size_t>(i)];
      const int kept = s.known[static_cast<std::size_t>(i)];
      if (d < 0 || d > 5 || kept + d != 5) {
        throw EquityOptionError("hand " + std::to_string(i + 1) + " keeps " + std::to_string(kept) +
                                " cards and draws " + std::to_string(d) +
                                "; kept and drawn cards must make five (draw " + std::to_string(5 - kept) + ")");
      }
    }
  }
  for (int c = 0; c < deck_size; ++c)
    if (owner[static_cast<std::size_t>(c)] < 0) s.deck.push_back(static_cast<std::uint8_t>(c));
  int needed = 0;
  for (const int k : s.need) needed += k;
  if (needed > static_cast<int>(s.deck.size())) {
    throw CardError("the hands need " + std::to_string(needed) + " more cards but only " +
                    std::to_string(s.deck.size()) + " are left in the deck");
  }
  return s;
}

std::uint64_t count_outcomes(const Spot& s) {
  std::uint64_t total = 1;
  auto left = static_cast<int>(s.deck.size());
  for (const int k : s.need) {
    const std::uint64_t c = binom(left, k);
    if (__builtin_mul_overflow(total, c, &total)) return std::numeric_limits<std::uint64_t>::max();
    left -= k;
  }
  return total;
}

// ---------------------------------------------------------------- games

template <bool H, bool L, Ranking LR, bool J = false>
struct Game {
  static constexpr bool kHigh = H;
  static constexpr bool kLow = L;
  static constexpr Ranking kLowRanking = LR;
  static constexpr bool kJoker = J;  // a 53-card deck, the joker as the bug (low only)
  static_assert(!J || !H, "the bug is implemented for low-only games");
};

template <class G>
inline void eval(const Tables& t, std::uint64_t key, const std::uint8_t* cards, int n, std::uint16_t& hi,
                 std::uint16_t& lo) noexcept {
  if constexpr (G::kJoker) {
    // The joker's key carries the poison bit: such a hand takes the bug's path.
    if (key >> kPoisonShift) [[unlikely]] {
      lo = evaluate_wild_unchecked(cards, n, G::kLowRanking, WildOptions{});
      return;
    }
  }
  if constexpr (G::kHigh) hi = evaluate_key<Ranking::High>(t, key, cards, n);
  if constexpr (G::kLow) lo = evaluate_key<G::kLowRanking>(t, key, cards, n);
}

constexpr std::array<std::uint64_t, kEquityMaxPlayers + 1> kSplit = {
    0, kShareUnits, kShareUnits / 2, kShareUnits / 3, kShareUnits / 4, kShareUnits / 5,
    kShareUnits / 6, kShareUnits / 7, kShareUnits / 8, kShareUnits / 9, kShareUnits / 10};

// One outcome: who wins which side, added to the counts.
template <class G>
inline void settle(const std::uint16_t* hi, const std::uint16_t* lo, int n, PlayerCounts* c) noexcept {
  std::uint16_t best_hi = 0, best_lo = 0;
  int n_hi = 0, n_lo = 0, who_hi = 0, who_lo = 0;
  if constexpr (G::kHigh) {
    for (int i = 0; i < n; ++i) {
      if (hi[i] > best_hi) {
        best_hi = hi[i];
        n_hi = 1;
        who_hi = i;
      } else if (hi[i] == best_hi) {
        ++n_hi;
      }
    }
  }
  if constexpr (G::kLow) {
    for (int i = 0; i < n; ++i) {
      if (lo[i] > best_lo) {
        best_lo = lo[i];
        n_lo = 1;
        who_lo = i;
      } else if (lo[i] == best_lo) {
        ++n_lo;
      }
    }
  }
  const bool low_side = G::kLow && best_lo > 0;  // 0: nobody qualifies
  if constexpr (G::kHigh) {
    const std::uint64_t part = low_side ? kSplit[static_cast<std::size_t>(n_hi)] / 2 : kSplit[static_cast<std::size_t>(n_hi)];
    if (n_hi == 1) {
      ++c[who_hi].high_win;
      c[who_hi].share += part;
    } else {
      for (int i = 0; i < n; ++i) {
        if (hi[i] == best_hi) {
          ++c[i].high_tie;
          c[i].share += part;
        }
      }
    }
  }
  if (low_side) {
    const std::uint64_t part =
        G::kHigh ? kSplit[static_cast<std::size_t>(n_lo)] / 2 : kSplit[static_cast<std::size_t>(n_lo)];
    if (n_lo == 1) {
      ++c[who_lo].low_win;
      c[who_lo].share += part;
    } else {
      for (int i = 0; i < n; ++i) {
        if (lo[i] == best_lo) {
          ++c[i].low_tie;
          c[i].share += part;
        }
      }
    }
  }
  if constexpr (G::kHigh) {
    if (n_hi == 1 && (!low_side || (n_lo == 1 && who_lo == who_hi))) ++c[who_hi].scoop;
  } else {
    if (n_lo == 1) ++c[who_lo].scoop;
  }
}

// ---------------------------------------------------------------- threads

// Runs work(chunk, counts) for chunks 0..n_chunks-1 on `threads` threads (the
// calling one included); reports progress from the calling thread.
template <class Work>
bool run_chunks(int threads, std::uint64_t n_chunks, int players, const Work& work,
                const std::function<std::uint64_t(std::uint64_t)>& outcomes_after, std::uint64_t total,
                const EquityProgress& progress, std::vector<PlayerCounts>& out) {
  std::atomic<std::uint64_t> next{0};
  std::atomic<std::uint64_t> done{0};
  std::atomic<bool> stop{false};
  constexpr std::uint64_t kMaxThreads = 256;  // more would only add start-up cost
  const auto n_threads = static_cast<std::size_t>(std::max<std::uint64_t>(
      1, std::min({static_cast<std::uint64_t>(threads), n_chunks, kMaxThreads})));
  std::vector<std::vector<PlayerCounts>> counts(n_threads, std::vector<PlayerCounts>(static_cast<std::size_t>(players)));
  constexpr std::uint64_t kSteps = 16;
  std::uint64_t step = 0;
  auto loop = [&](std::size_t id) {
    for (;;) {
      if (stop.load(std::memory_order_relaxed)) return;
      const std::uint64_t chunk = next.fetch_add(1, std::memory_order_relaxed);
      if (chunk >= n_chunks) return;
      work(chunk, counts[id].data());
      const std::uint64_t d = done.fetch_add(1, std::memory_order_relaxed) + 1;
      if (id == 0 && progress) {
        const std::uint64_t s = d * kSteps / n_chunks;
        if (s > step && d < n_chunks) {
          step = s;
          if (!progress(outcomes_after(d), total)) stop.store(true, std::memory_order_relaxed);
        }
      }
    }
  };
  std::vector<std::thread> pool;
  pool.reserve(n_threads - 1);
  for (std::size_t i = 1; i < n_threads; ++i) pool.emplace_back(loop, i);
  loop(0);
  for (auto& th : pool) th.join();
  if (stop.load()) return false;
  out.assign(static_cast<std::size_t>(players), PlayerCounts{});
  for (const auto& local : counts) {
    for (std::size_t i = 0; i < local.size(); ++i) {
      out[i].high_win += local[i].high_win;
      out[i].high_tie += local[i].high_tie;
      out[i].low_win += local[i].low_win;
      out[i].low_tie += local[i].low_tie;
      out[i].scoop += local[i].scoop;
      out[i].share += local[i].share;
    }
  }
  if (progress && !progress(total, total)) return false;
  return true;
}

// ---------------------------------------------------------------- exact

struct Deal {
  std::uint64_t mask;
  std::uint16_t hi;
  std::uint16_t lo;
};

// Lexicographic combination of k indices out of m with the given rank.
void unrank(std::uint64_t rank, int m, int k, int* idx) {
  int x = 0;
  for (int i = 0; i < k; ++i) {
    for (;;) {
      const std::uint64_t below = binom(m - x - 1, k - i - 1);
      if (rank < below) {
        idx[i] = x++;
        break;
      }
      rank -= below;
      ++x;
    }
  }
}

bool next_combination(int* idx, int m, int k) {
  int i = k - 1;
  while (i >= 0 && idx[i] == m - k + i) --i;
  if (i < 0) return false;
  ++idx[i];
  for (int j = i + 1; j < k; ++j) idx[j] = idx[j - 1] + 1;
  return true;
}

template <class G>
EquityResult run_exact(const Spot& s, const EquityRequest& rq, std::uint64_t total, const EquityProgress& progress) {
  const Tables& t = tables();
  const int n = s.players;
  const int m = static_cast<int>(s.deck.size());
  std::vector<std::uint64_t> base(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    base[static_cast<std::size_t>(i)] = hand_key(t, s.cards[static_cast<std::size_t>(i)].data(), s.known[static_cast<std::size_t>(i)]);

  // Fixed strengths of complete hands; drawing players ordered by deal count.
  std::array<std::uint16_t, kEquityMaxPlayers> hi0{}, lo0{};
  std::vector<int> order;
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    if (s.need[ui] == 0) {
      eval<G>(t, base[ui], s.cards[ui].data(), s.hand_size, hi0[ui], lo0[ui]);
    } else {
      order.push_back(i);
    }
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return binom(m, s.need[static_cast<std::size_t>(a)]) > binom(m, s.need[static_cast<std::size_t>(b)]);
  });

  EquityResult result;
  result.exact = true;
  result.outcomes = total;
  if (order.empty()) {
    result.players.assign(static_cast<std::size_t>(n), PlayerCounts{});
    settle<G>(hi0.data(), lo0.data(), n, result.players.data());
    if (progress) result.complete = progress(1, 1);
    return result;
  }

  // Every deal of each inner player, evaluated once.
  const auto levels = static_cast<int>(order.size());
  std::vector<std::vector<Deal>> lists(static_cast<std::size_t>(levels));
  for (int l = 1; l < levels; ++l) {
    const int p = order[static_cast<std::size_t>(l)];
    const auto up = static_cast<std::size_t>(p);
    const int k = s.need[up];
    auto& list = lists[static_cast<std::size_t>(l)];
    list.reserve(static_cast<std::size_t>(binom(m, k)));
    int idx[kMaxCards];
    for (int j = 0; j < k; ++j) idx[j] = j;
    std::array<std::uint8_t, kMaxCards> cards = s.cards[up];
    do {
      std::uint64_t key = base[up], mask = 0;
      for (int j = 0; j < k; ++j) {
        const std::uint8_t c = s.deck[static_cast<std::size_t>(idx[j])];
        cards[static_cast<std::size_t>(s.known[up] + j)] = c;
        key += t.card_key[c];
        mask |= card_bit(c);
      }
      Deal d{mask, 0, 0};
      eval<G>(t, key, cards.data(), s.hand_size, d.hi, d.lo);
      list.push_back(d);
    } while (next_combination(idx, m, k));
  }

  const int outer = order[0];
  const auto uo = static_cast<std::size_t>(outer);
  const int k0 = s.need[uo];
  const std::uint64_t outer_deals = binom(m, k0);
  const std::uint64_t per_outer = total / outer_deals;
  const std::uint64_t n_chunks = std::min<std::uint64_t>(outer_deals, std::max<std::uint64_t>(64, 32 * static_cast<std::uint64_t>(rq.threads)));
  const std::uint64_t chunk_size = (outer_deals + n_chunks - 1) / n_chunks;
  const std::uint64_t chunks = (outer_deals + chunk_size - 1) / chunk_size;
  const int threads = total < 50'000 ? 1 : rq.threads;

  auto work = [&](std::uint64_t chunk, PlayerCounts* counts) {
    std::array<std::uint16_t, kEquityMaxPlayers> hi = hi0, lo = lo0;
    std::array<std::uint8_t, kMaxCards> cards = s.cards[uo];
    const std::uint64_t first = chunk * chunk_size;
    const std::uint64_t last = std::min(outer_deals, first + chunk_size);
    int idx[kMaxCards];
    unrank(first, m, k0, idx);
    // Inner levels: walk each list, skipping deals that reuse a dealt card.
    auto inner = [&](auto& self, int level, std::uint64_t used) -> void {
      const int p = order[static_cast<std::size_t>(level)];
      const auto up = static_cast<std::size_t>(p);
      const auto& list = lists[static_cast<std::size_t>(level)];
      if (level == levels - 1) {
        for (const Deal& d : list) {
          if (d.mask & used) continue;
          hi[up] = d.hi;
          lo[up] = d.lo;
          settle<G>(hi.data(), lo.data(), n, counts);
        }
      } else {
        for (const Deal& d : list) {
          if (d.mask & used) continue;
          hi[up] = d.hi;
          lo[up] = d.lo;
          self(self, level + 1, used | d.mask);
        }
      }
    };
    for (std::uint64_t r = first; r < last; ++r) {
      std::uint64_t key = base[uo], mask = 0;
      for (int j = 0; j < k0; ++j) {
        const std::uint8_t c = s.deck[static_cast<std::size_t>(idx[j])];
        cards[static_cast<std::size_t>(s.known[uo] + j)] = c;
        key += t.card_key[c];
        mask |= card_bit(c);
      }
      eval<G>(t, key, cards.data(), s.hand_size, hi[uo], lo[uo]);
      if (levels == 1) {
        settle<G>(hi.data(), lo.data(), n, counts);
      } else {
        inner(inner, 1, mask);
      }
      next_combination(idx, m, k0);
    }
  };
  const std::uint64_t chunk_outcomes = chunk_size * per_outer;
  auto after = [&](std::uint64_t d) { return std::min(total, d * chunk_outcomes); };
  result.complete = run_chunks(threads, chunks, n, work, after, total, progress, result.players);
  return result;
}

// ---------------------------------------------------------------- Monte Carlo

std::uint64_t splitmix(std::uint64_t& x) noexcept {
  std::uint64_t z = (x += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// xoshiro256**, one generator per block, seeded from (seed, block).
class Rng {
 public:
  Rng(std::uint64_t seed, std::uint64_t block) noexcept {
    std::uint64_t x = seed;
    const std::uint64_t mixed = splitmix(x) ^ (block * 0xD1B54A32D192ED03ull);
    x = mixed;
    for (auto& w : s_) w = splitmix(x);
  }
  std::uint64_t next() noexcept {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  /// Uniform in [0, bound) (bias below bound / 2^32).
  std::uint32_t below(std::uint32_t bound) noexcept {
    return static_cast<std::uint32_t>(((next() >> 32) * bound) >> 32);
  }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) noexcept { return (x << k) | (x >> (64 - k)); }
  std::uint64_t s_[4];
};

template <class G>
EquityResult run_sampled(const Spot& s, const EquityRequest& rq, const EquityProgress& progress) {
  const Tables& t = tables();
  const int n = s.players;
  const auto m = static_cast<std::uint32_t>(s.deck.size());
  std::array<std::uint64_t, kEquityMaxPlayers> base{};
  std::array<int, kEquityMaxPlayers + 1> offset{};  // player i's cards: deck[offset[i] .. offset[i+1])
  for (int i = 0; i < n; ++i) {
    const auto ui = static_cast<std::size_t>(i);
    base[ui] = hand_key(t, s.cards[ui].data(), s.known[ui]);
    offset[ui + 1] = offset[ui] + s.need[ui];
  }
  const auto dealt = static_cast<std::uint32_t>(offset[static_cast<std::size_t>(n)]);
  const std::uint64_t samples = rq.samples;
  const std::uint64_t chunks = (samples + kEquityBlock - 1) / kEquityBlock;

  auto work = [&](std::uint64_t block, PlayerCounts* counts) {
    Rng rng(rq.seed, block);
    std::vector<std::uint8_t> deck = s.deck;  // every block starts from the same order
    auto cards = s.cards;
    std::array<std::uint16_t, kEquityMaxPlayers> hi{}, lo{};
    const std::uint64_t count = std::min(kEquityBlock, samples - block * kEquityBlock);
    for (std::uint64_t r = 0; r < count; ++r) {
      for (std::uint32_t j = 0; j < dealt; ++j) {  // partial Fisher-Yates
        const std::uint32_t pick = j + rng.below(m - j);
        std::swap(deck[j], deck[pick]);
      }
      for (int i = 0; i < n; ++i) {
        const auto ui = static_cast<std::size_t>(i);
        std::uint64_t key = base[ui];
        auto& hand = cards[ui];
        int at = s.known[ui];
        for (int j = offset[ui]; j < offset[ui + 1]; ++j) {
          const std::uint8_t c = deck[static_cast<std::size_t>(j)];
          hand[static_cast<std::size_t>(at++)] = c;
          key += t.card_key[c];
        }
        eval<G>(t, key, hand.data(), s.hand_size, hi[ui], lo[ui]);
      }
      settle<G>(hi.data(), lo.data(), n, counts);
    }
  };
  auto after = [&](std::uint64_t d) { return std::min(samples, d * kEquityBlock); };
  EquityResult result;
  result.exact = false;
  result.outcomes = samples;
  result.complete = run_chunks(rq.threads, chunks, n, work, after, samples, progress, result.players);
  return result;
}

template <class G>
EquityResult run(const Spot& s, const EquityRequest& rq, std::uint64_t total, const EquityProgress& progress) {
  return rq.samples ? run_sampled<G>(s, rq, progress) : run_exact<G>(s, rq, total, progress);
}

}  // namespace

std::uint64_t equity_outcomes(const EquityRequest& request) { return count_outcomes(validate(request)); }

EquityResult equity(const EquityRequest& rq, const EquityProgress& progress) {
  const Spot s = validate(rq);
  const std::uint64_t total = count_outcomes(s);
  if (rq.samples == 0 && total > rq.max_outcomes) {
    throw EquityOptionError(
        "exact enumeration would visit " +
        (total == std::numeric_limits<std::uint64_t>::max() ? std::string("more than 18 billion billion")
                                                            : with_commas(total)) +
        " outcomes (the limit is " + with_commas(rq.max_outcomes) +
        "); pass samples= for a Monte Carlo estimate, e.g. samples=1_000_000");
  }
  switch (rq.game) {
    case EquityGame::SevenCardStud: return run<Game<true, false, Ranking::High>>(s, rq, total, progress);
    case EquityGame::SevenCardStud8: return run<Game<true, true, Ranking::EightOrBetter>>(s, rq, total, progress);
    case EquityGame::SevenCardStudHighLow:
      switch (rq.low) {
        case Ranking::AceToSix: return run<Game<true, true, Ranking::AceToSix>>(s, rq, total, progress);
        case Ranking::AceToFive: return run<Game<true, true, Ranking::AceToFive>>(s, rq, total, progress);
        default: return run<Game<true, true, Ranking::DeuceToSeven>>(s, rq, total, progress);
      }
    case EquityGame::Lowball:
      if (rq.joker) return run<Game<false, true, Ranking::AceToFive, true>>(s, rq, total, progress);
      return run<Game<false, true, Ranking::AceToFive>>(s, rq, total, progress);
    case EquityGame::DeuceToSevenDraw: return run<Game<false, true, Ranking::DeuceToSeven>>(s, rq, total, progress);
  }
  throw EquityOptionError("unknown game");
}

}  // namespace splitpot
