// Evaluates a seven-card hand under every ranking, then a batch of random hands.
// Cards are bytes 0..51, 4 * rank + suit (rank 0 = deuce .. 12 = ace; suits c d h s);
// a strength is higher for a better hand in every ranking, 0 for no qualifying low.
#include <cstdint>
#include <iostream>
#include <random>
#include <vector>

#include "splitpot/evaluate.hpp"

int main() {
  using splitpot::make_card;
  using splitpot::Ranking;
  // As Ks 5d 4c 3h 2s 8s: a straight (the wheel, five high) in high, an eight-five low in deuce-to-seven
  const std::uint8_t hand[7] = {
      static_cast<std::uint8_t>(make_card(12, 3)), static_cast<std::uint8_t>(make_card(11, 3)),
      static_cast<std::uint8_t>(make_card(3, 1)),  static_cast<std::uint8_t>(make_card(2, 0)),
      static_cast<std::uint8_t>(make_card(1, 2)),  static_cast<std::uint8_t>(make_card(0, 3)),
      static_cast<std::uint8_t>(make_card(6, 3))};
  const char* names[] = {"high", "deuce-to-seven", "ace-to-six", "ace-to-five", "eight-or-better"};
  for (int r = 0; r < splitpot::kRankingCount; ++r) {
    const auto ranking = static_cast<Ranking>(r);
    const std::uint16_t strength = splitpot::evaluate(hand, 7, ranking);
    std::cout << names[r] << ": strength " << strength << ", category "
              << static_cast<int>(splitpot::category_of(strength, ranking)) << "\n";
  }
  try {  // bad input: a card twice
    const std::uint8_t twice[5] = {0, 0, 1, 2, 3};
    splitpot::evaluate(twice, 5, Ranking::High);
  } catch (const splitpot::CardError& error) {
    std::cout << "refused: " << error.what() << "\n";
  }
  // A batch: 100,000 random seven-card hands (row-major), two threads.
  std::mt19937 rng(7);
  const std::size_t rows = 100000;
  std::vector<std::uint8_t> cards(rows * 7);
  std::vector<std::uint8_t> deck(52);
  for (int c = 0; c < 52; ++c) deck[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
  for (std::size_t i = 0; i < rows; ++i) {
    for (std::size_t j = 0; j < 7; ++j) std::swap(deck[j], deck[j + rng() % (52 - j)]);
    for (std::size_t j = 0; j < 7; ++j) cards[i * 7 + j] = deck[j];
  }
  std::vector<std::uint32_t> out(rows);
  const std::ptrdiff_t bad = splitpot::evaluate_batch(cards.data(), rows, 7, Ranking::High, out.data(),
                                                       /*check_duplicates=*/true, /*threads=*/2);
  std::size_t flushes = 0;
  for (const std::uint32_t s : out) flushes += splitpot::category_of(s, Ranking::High) >= splitpot::Category::Flush;
  std::cout << "batch: " << rows << " hands, first bad row " << bad << ", flush or better " << flushes << "\n";
  return bad == -1 ? 0 : 1;
}
