// Incremental hands: a hand built by addition, for simulations and
// enumerations that share cards between hands (a board, a player's hole
// cards, the outer loops of an enumeration).
//
// A HandSum is the sum of its cards: the hand key of tables.hpp (rank key and
// suit counters) and, per suit, a 16-bit lane of the ranks held. Adding a card
// or combining two partial hands of distinct cards is two integer additions;
// evaluating reads no card list: one perfect-hash lookup, or where five or
// more cards share a suit (and flushes count), the suit's lane. Contract as
// in evaluate.hpp: cards 0..51, distinct (debug-only asserts), 1..7 cards to
// evaluate, higher strength is better in every ranking, 0 = no qualifying low.
//
//   const Tables& t = tables();
//   HandSum board = HandSum::of(board_cards, 5);
//   std::uint16_t v = (board + hole).evaluate<Ranking::High>(t);
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "splitpot/cards.hpp"
#include "splitpot/evaluate.hpp"
#include "splitpot/ranking.hpp"
#include "splitpot/tables.hpp"

namespace splitpot {

class HandSum {
 public:
  /// The empty hand (a HandSum is never uninitialised).
  constexpr HandSum() noexcept = default;

  /// One card.
  static constexpr HandSum card(int c) noexcept {
    assert(c >= 0 && c < kDeckSize);
    return HandSum(kCardKey[static_cast<std::size_t>(c)], kCardLane[static_cast<std::size_t>(c)]);
  }
  /// The sum of n cards.
  static HandSum of(const std::uint8_t* cards, int n) noexcept {
    HandSum h;
    for (int i = 0; i < n; ++i) h += card(cards[i]);
    return h;
  }

  /// Adds a hand of other cards (or one card, HandSum::card(c)).
  constexpr HandSum& operator+=(const HandSum& o) noexcept {
    assert((lanes_ & o.lanes_) == 0 && "a card added twice");
    key_ += o.key_ - kKeyInit;
    lanes_ += o.lanes_;
    return *this;
  }
  friend constexpr HandSum operator+(HandSum a, const HandSum& b) noexcept { return a += b; }
  /// Takes out cards this hand holds.
  constexpr HandSum& operator-=(const HandSum& o) noexcept {
    assert((lanes_ & o.lanes_) == o.lanes_ && "taking out a card the hand does not hold");
    key_ -= o.key_ - kKeyInit;
    lanes_ -= o.lanes_;
    return *this;
  }
  friend constexpr HandSum operator-(HandSum a, const HandSum& b) noexcept { return a -= b; }
  friend constexpr bool operator==(const HandSum& a, const HandSum& b) noexcept {
    return a.key_ == b.key_ && a.lanes_ == b.lanes_;
  }
  friend constexpr bool operator!=(const HandSum& a, const HandSum& b) noexcept { return !(a == b); }

  /// The hand key (tables.hpp), as hand_key() computes it from the cards.
  constexpr std::uint64_t key() const noexcept { return key_; }
  /// Per suit s, bits kLaneBits * s + rank: the cards held.
  constexpr std::uint64_t lanes() const noexcept { return lanes_; }
  constexpr int size() const noexcept { return popcount(lanes_); }
  constexpr bool contains(int c) const noexcept { return (lanes_ & kCardLane[static_cast<std::size_t>(c)]) != 0; }
  /// True when one more card could make a flush: enumerations test this once
  /// for a whole innermost loop and use evaluate_no_flush() where it is false.
  constexpr bool flush_possible_with_one_more() const noexcept {
    return splitpot::flush_possible_with_one_more(key_);
  }

  /// The strength in ranking R (1..7 cards).
  template <Ranking R>
  std::uint16_t evaluate(const Tables& t) const noexcept {
    assert(size() >= 1 && size() <= kMaxCards);
    if constexpr (R == Ranking::High) {
      // The flush test first, and the ranks read only without five suited
      // cards (97 % of random seven-card hands): one instruction fewer a
      // hand than reading the ranks first, and no lookup wasted on a flush.
      // On random pre-built hands, each built into one program and run in
      // turn (Zen 3, 2026-12-04): faster in 11 of 15 comparisons, by 3-5 %
      // typically, level in two, slower in two (docs/performance.md). The
      // tables' addresses are read before the branch: read on one path
      // only, GCC does not hoist them out of a caller's loop and reloads
      // them for every hand. Reading the ranks first was 1.14-1.20x as fast
      // as reading both tables without a branch.
      const RankKeyValues ranks(t, R);
      if (key_ & kFlushBits) SPLITPOT_UNLIKELY
        return t.flush[0][ranks_in(flush_suit())];
      return ranks(static_cast<std::uint32_t>(key_));
    } else if constexpr (straights_and_flushes_count(R)) {
      // The lows read the ranks first, for every hand: it is the answer
      // without five suited cards, and the rare path starts from it. On
      // random pre-built hands this ran 1.10-1.26x as fast as the lookup
      // inside the rare path (each built into one program, run in turn; on
      // Zen 3 on 2026-12-04, the test first and the rare path out of line,
      // level or slower); the full enumeration is unchanged within the
      // noise. The rare path is inline: one lookup and a compare (and for
      // 4 % of those hands a call), shared with the card list.
      const std::uint16_t plain = t.value[static_cast<std::size_t>(R)][slot(t)];
      std::uint32_t v = plain;  // 32 bits where the paths join (see evaluate_low_flush)
      if (key_ & kFlushBits) SPLITPOT_UNLIKELY
        v = detail::evaluate_low_flush<R>(t, key_, lanes_, plain);
      return static_cast<std::uint16_t>(v);
    }
    return t.value[static_cast<std::size_t>(R)][slot(t)];
  }
  /// The same for a hand known to hold no flush (or where flushes don't count).
  template <Ranking R>
  std::uint16_t evaluate_no_flush(const Tables& t) const noexcept {
    assert(!straights_and_flushes_count(R) || !(key_ & kFlushBits));
    return t.value[static_cast<std::size_t>(R)][slot(t)];
  }
  /// Runtime dispatch on the ranking.
  std::uint16_t evaluate(Ranking r) const noexcept {
    const Tables& t = tables();
    return with_ranking(r, [&](auto R) { return evaluate<R.value>(t); });
  }
  /// Writes the cards (suit by suit, ranks increasing); returns how many.
  int cards(std::uint8_t* out) const noexcept {
    int n = 0;
    for (int s = 0; s < kSuits; ++s)
      for (unsigned m = static_cast<unsigned>(lanes_ >> (kLaneBits * s)) & kLaneRanks; m; m &= m - 1)
        out[n++] = static_cast<std::uint8_t>(make_card(bits::ctz(m), s));
    return n;
  }

 private:
  // Tables::slot() of the key. The rank key fits in the key's low 32 bits in
  // any HandSum, even of the whole deck (checked below), so it needs no mask:
  // one instruction fewer on the hot path.
  static constexpr std::uint64_t kDeckRankKey = [] {
    std::uint64_t sum = 0;
    for (const std::uint32_t m : kRankMultiplier) sum += 4u * m;
    return sum;
  }();
  static_assert(kDeckRankKey <= kRankKeyMask, "a HandSum's rank key stays within its 32 bits");
  std::uint32_t slot(const Tables& t) const noexcept {
    return hash_slot(t.offsets.data(), static_cast<std::uint32_t>(key_));
  }
  // The suit of five or more cards (key_ & kFlushBits nonzero), and the
  // ranks a suit holds. Counts come from the suit counters, not popcounts (a
  // library call or a dozen instructions in the portable build).
  unsigned flush_suit() const noexcept {
    return flush_suit_of(key_);
  }
  unsigned ranks_in(unsigned suit) const noexcept {
    return static_cast<unsigned>(lanes_ >> (suit * kLaneBits)) & kLaneRanks;
  }

  constexpr HandSum(std::uint64_t key, std::uint64_t lanes) noexcept : key_(key), lanes_(lanes) {}

  static constexpr std::array<std::uint64_t, kDeckSize> kCardKey = [] {
    std::array<std::uint64_t, kDeckSize> a{};
    for (int c = 0; c < kDeckSize; ++c)
      a[static_cast<std::size_t>(c)] = kKeyInit + kRankMultiplier[static_cast<std::size_t>(rank_of(c))] +
                                       (std::uint64_t{1} << (kSuitShift + 4 * suit_of(c)));
    return a;
  }();
  static constexpr std::array<std::uint64_t, kDeckSize> kCardLane = [] {
    std::array<std::uint64_t, kDeckSize> a{};
    for (int c = 0; c < kDeckSize; ++c)
      a[static_cast<std::size_t>(c)] = std::uint64_t{1} << (kLaneBits * suit_of(c) + rank_of(c));
    return a;
  }();

  std::uint64_t key_ = kKeyInit;
  std::uint64_t lanes_ = 0;
};

}  // namespace splitpot
