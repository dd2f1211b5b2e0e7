// Card text ("As Kd 7h", "Jk") to card bytes, for the C++ tests and benchmarks.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "splitpot/cards.hpp"

namespace splitpot::testing {

inline std::vector<std::uint8_t> cards(const char* text) {
  static const std::string ranks = "23456789TJQKA", suits = "cdhs";
  std::vector<std::uint8_t> out;
  for (const char* p = text; *p;) {
    if (*p == ' ') {
      ++p;
      continue;
    }
    if (p[0] == 'J' && p[1] == 'k') {
      out.push_back(static_cast<std::uint8_t>(kJoker));
    } else {
      out.push_back(static_cast<std::uint8_t>(
          make_card(static_cast<int>(ranks.find(p[0])), static_cast<int>(suits.find(p[1])))));
    }
    p += 2;
  }
  return out;
}

}  // namespace splitpot::testing
