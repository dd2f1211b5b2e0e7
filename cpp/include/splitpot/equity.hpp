// Equity of stud and draw-lowball hands: exact enumeration or Monte Carlo.
//
// Contract: every player holds some known cards (stud: up to 7; draw: the
// cards he keeps, up to 5); the rest of each hand comes from the deck left
// after every known and dead card is removed, each player's unknown cards a
// uniformly random set disjoint from the others'. An *outcome* is one such
// assignment; exact enumeration visits each once (all equally likely), Monte
// Carlo draws `samples` of them.
//
// Pot sides: high-low games (stud 8, classic stud high-low) have a high and a
// low half; seven-card stud has only a high side; lowball and deuce-to-seven
// draw only a low side. Halves are split equally between tied hands; in stud
// 8 with no qualifying low the high side takes the whole pot. A player
// *scoops* an outcome when he alone takes the whole pot.
//
// Determinism: results are integer counts, so they do not depend on the
// thread count; Monte Carlo deals fixed blocks of kEquityBlock samples, block
// b seeded from (seed, b), so the same seed gives the same answer anywhere.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "splitpot/ranking.hpp"

namespace splitpot {

enum class EquityGame : std::uint8_t {
  SevenCardStud = 0,         // high only
  SevenCardStud8 = 1,        // high and eight-or-better low (qualifier)
  SevenCardStudHighLow = 2,  // high and `low` (deuce-to-seven, ace-to-six or ace-to-five), no qualifier
  Lowball = 3,               // ace-to-five draw, low only; optional joker (the bug)
  DeuceToSevenDraw = 4,      // deuce-to-seven draw, low only
};
constexpr int kEquityGameCount = 5;

/// An option that does not fit the game, or a spot too big to enumerate.
/// Arrives in Python as splitpot.errors.RuleError.
class EquityOptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

constexpr int kEquityMaxPlayers = 10;
/// Samples per Monte Carlo block (each block has its own seeded generator).
constexpr std::uint64_t kEquityBlock = 4096;
/// Default ceiling of exact enumeration (outcomes).
constexpr std::uint64_t kEquityMaxOutcomes = 2'000'000'000;
/// A pot, in share units: every split of a half between 1..10 tied hands is
/// a whole number of units.
constexpr std::uint64_t kShareUnits = 5040;

struct EquityRequest {
  EquityGame game = EquityGame::SevenCardStud;
  Ranking low = Ranking::DeuceToSeven;  // SevenCardStudHighLow only
  bool joker = false;                   // Lowball only: a 53-card deck with the joker as the bug
  std::vector<std::vector<std::uint8_t>> hands;  // known cards per player
  std::vector<std::uint8_t> dead;                // cards known to be out of the deck
  std::vector<int> draws;        // draw games: cards each player draws (empty: 5 - kept); stud: empty
  std::uint64_t samples = 0;     // 0: exact enumeration
  std::uint64_t seed = 0;        // Monte Carlo only
  int threads = 1;
  std::uint64_t max_outcomes = kEquityMaxOutcomes;
};

/// Per player: counts of outcomes (not fractions).
struct PlayerCounts {
  std::uint64_t high_win = 0;  // best high alone
  std::uint64_t high_tie = 0;  // best high, tied with others
  std::uint64_t low_win = 0;   // best (qualifying) low alone
  std::uint64_t low_tie = 0;
  std::uint64_t scoop = 0;     // the whole pot alone
  std::uint64_t share = 0;     // pot won, in kShareUnits per outcome
};

struct EquityResult {
  std::vector<PlayerCounts> players;
  std::uint64_t outcomes = 0;  // outcomes evaluated
  bool exact = false;
  bool complete = true;  // false when the progress callback asked to stop
};

/// Called from the calling thread about 16 times a run: (done, total)
/// outcomes; return false to stop early (the result is then incomplete).
using EquityProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// Checks the request (throws CardError or EquityOptionError naming the
/// problem) and returns the number of outcomes an exact enumeration visits
/// (saturated at UINT64_MAX).
std::uint64_t equity_outcomes(const EquityRequest& request);

/// Computes the equities (see the contract above). Throws as equity_outcomes;
/// exact runs above request.max_outcomes throw EquityOptionError suggesting
/// samples. Runs on request.threads threads (the calling one included).
EquityResult equity(const EquityRequest& request, const EquityProgress& progress = {});

}  // namespace splitpot
