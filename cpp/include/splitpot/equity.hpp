// Equity of stud and draw hands: exact (by counting or by enumeration) or Monte Carlo.
//
// Contract: every player holds some known cards and, optionally, a *range*:
// a weighted list of the sets of hidden cards he may hold (stud down cards,
// the cards a draw player kept). The rest of each hand comes from the deck
// left after every known and dead card is removed. An *outcome* is one
// assignment of every player's hidden and future cards, all distinct; its
// weight is the product of the players' member weights (1 without ranges), and
// every outcome of equal weight is equally likely. Exact runs visit every
// outcome once; Monte Carlo draws `samples` of them (members by weight, with
// rejection of colliding members, future cards uniformly).
//
// Pot sides: high-low games (stud 8, classic stud high-low, and five-card or
// Mexican stud given a low) have a high and a low half; the high games
// (seven-card stud, five-card stud, Mexican stud, jackpots) only a high side;
// lowball and deuce-to-seven draw only a low side. Halves are split equally
// between tied hands (cards speak: no declarations); in stud 8 with no
// qualifying low the high side takes the whole pot. A hand holding a penalty
// card under the dead-hand rule (or left with fewer than five playable cards
// under void-card) wins nothing; when no hand can win, the pot is split
// equally, counted as a tie of the game's first side. A player *scoops* an
// outcome when he alone takes the whole pot.
//
// Declarations (the rules, section 4; optional, high-low games only: stud 8,
// classic stud high-low, five-card or Mexican stud given a low): one per
// player, High, Low or Both. Each outcome's pot is split exactly as the
// engine's resolve_declared splits it: the high half to the best high among
// the High and Both declarers, the low half likewise (a low of strength 0,
// in stud 8 no qualifying low, never wins; nor does a dead hand); a side
// nobody wins gives the other side's winners the whole pot; a Both declarer
// who does not win both sides alone forfeits, every failing swing of a pass
// is removed at once and the pot resolved again, until none fails; with
// tie_keeps_half a swing who wins one side alone and ties the other keeps
// the half he won and the tied half goes to the others who tied; if nobody
// wins as declared the pot is split equally among all players. The counts
// then read: high_win / low_win, the player took that half (or, the other
// side going unclaimed, the whole pot by that side) alone, as declared;
// high_tie / low_tie, he shared it; an equal split (nobody won as declared)
// counts as a high tie of every player, as above; scoop, he took the whole
// pot alone (a swing who won both sides, or the one winner of the only side
// won); share, his units as always. Declared runs take every method:
// heads-up spots are counted as cards-speak ones are.
//
// Exact methods: heads-up spots are counted (each player's completions are
// scored once; the pairs that share no card are counted by sweeping the
// completions in order of strength, with inclusion-exclusion over the cards
// two completions share: the card-removal trick); other spots are enumerated
// (the reference). Both give identical integer counts, declared or not.
//
// Determinism: results are integer counts, independent of the thread count;
// Monte Carlo deals fixed blocks of kEquityBlock samples, block b seeded from
// (seed, b); a run that stops early (target reached, time up, stopped by the
// caller) keeps the blocks [0, k) it finished, so a stopped run is a prefix of
// the full one.
//
// Parts (one machine's share of a distributed run): a request with parts = P
// and part = k does the k-th of P contiguous slices of the work: enumeration
// the k-th slice of its outer completions, Monte Carlo (a fixed sample count)
// the k-th slice of its blocks. The P parts' counts add up exactly to the
// whole run's, whatever P. Heads-up counting is not split: part 0 counts the
// whole spot and the other parts count nothing (equity_plan says which).
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

#include "splitpot/ranking.hpp"
#include "splitpot/wild.hpp"

namespace splitpot {

enum class EquityGame : std::uint8_t {
  SevenCardStud = 0,         // high only
  SevenCardStud8 = 1,        // high and eight-or-better low (qualifier)
  SevenCardStudHighLow = 2,  // high and `low` (deuce-to-seven, ace-to-six or ace-to-five), no qualifier
  Lowball = 3,               // ace-to-five draw, low only; the joker (the bug) in the deck by default
  DeuceToSevenDraw = 4,      // deuce-to-seven draw, low only
  Jackpots = 5,              // five-card draw, high only
  FiveCardStud = 6,          // five cards, high; with `low` a classic low too
  MexicanStud = 7,           // five cards, high (with `low` a classic low too); each player's hole card and its rank wild for him
};
constexpr int kEquityGameCount = 8;

/// An option that does not fit the game, or a spot too big to compute.
/// Arrives in Python as splitpot.errors.RuleError.
class EquityOptionError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

constexpr int kEquityMaxPlayers = 16;
/// Samples per Monte Carlo block (each block has its own seeded generator).
constexpr std::uint64_t kEquityBlock = 4096;
/// The most Monte Carlo samples a run may ask for, 2^43 (so that no count
/// overflows: the pot's units, kShareUnits a sample, stay below 2^64).
constexpr std::uint64_t kEquityMaxSamples = std::uint64_t{1} << 43;
/// The samples a Monte Carlo run with a target (target_stderr or seconds)
/// draws at most when it asks for no sample count: a run that reaches this
/// cap first ends with stop == EquityStop::Samples.
constexpr std::uint64_t kEquityTargetCap = 1'000'000'000;
/// Default ceiling of exact enumeration (outcomes visited).
constexpr std::uint64_t kEquityMaxOutcomes = 2'000'000'000;
/// A pot, in share units: every split of a half between 1..16 tied hands is
/// a whole number of units (2 * lcm(1..16)).
constexpr std::uint64_t kShareUnits = 1'441'440;
static_assert(kEquityMaxSamples <= ~std::uint64_t{0} / kShareUnits, "a Monte Carlo run's pot units fit 64 bits");

/// What a player declares for (the rules, section 4).
enum class Declaration : std::uint8_t {
  High = 0,  // the high half only
  Low = 1,   // the low half only
  Both = 2,  // a swing: must win both halves alone, else forfeits
};

enum class EquityMethod : std::uint8_t {
  Auto = 0,       // counting where it applies, else enumeration (exact) or Monte Carlo
  Enumerate = 1,  // exact, by enumeration (the reference)
  Count = 2,      // exact, by counting (heads-up only)
};

/// A player's own wild card in a stud game (the rules, section 2; as the game
/// engine's PositionalWild reads it): a card named by its place in his deal,
/// wild for him alone with every card of its rank. HoleCard: the last card he
/// holds face down; LowestHoleCard: his lowest down card by rank, the ace high;
/// FirstCard, ThirdCard: the first / third card dealt to him; LowestCard: the
/// lowest of all his own cards, up and down, by rank, the ace high (the card in
/// the middle of a seven-card stud deal short of cards is everyone's, not his). Seven-card stud
/// deals the first two cards and the seventh down, five-card stud the first
/// (and the fifth too with EquityRequest::last_card_down: the last-down variant).
/// The joker names no rank (the hole card is then the last natural down card,
/// the lowest the lowest natural one). A hand's known cards are taken in the
/// order dealt; with a range, they are its upcards and the range's hidden
/// cards its down cards (dealt first, and seventh in seven-card stud or fifth
/// in five-card stud with last_card_down). Where
/// the named card is a hidden card or still to come, every order of those
/// cards is counted: an exact run then counts each of a player's completions
/// once per way of placing its cards on the named places (`outcomes` grows by
/// that factor, the fractions do not change); Monte Carlo deals them in random
/// order.
enum class PositionalRule : std::uint8_t {
  None = 0,
  HoleCard = 1,
  LowestHoleCard = 2,
  FirstCard = 3,
  ThirdCard = 4,
  LowestCard = 5,
};

/// A player's range: the possible sets of hidden cards he holds, each of
/// `hidden` cards (cards[i * hidden .. (i + 1) * hidden)), with its weight.
struct EquityRange {
  int hidden = 0;
  std::vector<std::uint8_t> cards;
  std::vector<std::uint64_t> weights;  // one per member, each >= 1
};

struct EquityRequest {
  EquityGame game = EquityGame::SevenCardStud;
  // High (the default) is the game's default: deuce-to-seven in SevenCardStudHighLow,
  // high only in FiveCardStud and MexicanStud. Those three also take deuce-to-seven,
  // ace-to-six or ace-to-five (high-low); the other games ignore it.
  Ranking low = Ranking::High;
  std::vector<std::vector<std::uint8_t>> hands;  // known cards per player (Mexican stud: the hole card first, but a range hides it: its first hidden card)
  std::vector<EquityRange> ranges;               // empty, or one per player (hidden = 0: no range)
  std::vector<std::uint8_t> dead;                // cards known to be out of the deck
  std::vector<int> draws;  // draw games: cards each player draws (empty: 5 - kept); stud: empty
  // Wild cards (the evaluator's options): the joker in the deck, how it plays,
  // fully wild cards, how wild cards count in a low, duplicates in a flush.
  bool joker = false;
  JokerRule joker_rule = JokerRule::Bug;
  std::uint64_t wild = 0;
  WildLow wild_low = WildLow::Zero;
  bool duplicate = false;
  std::uint64_t penalty = 0;  // penalty cards (bit 52: the joker) and what they do
  PenaltyRule penalty_rule = PenaltyRule::DeadHand;
  // Each player's own wild card (stud games but Mexican stud, which has its
  // own): see PositionalRule.
  PositionalRule positional = PositionalRule::None;
  // Five-card stud only: the fifth card is dealt face down too (the
  // last-down variant), so a hand's down cards are its first and fifth, as
  // the positional rules read them (HoleCard: the fifth, LowestHoleCard: the
  // lower of the two); the showdown is otherwise five-card stud's.
  bool last_card_down = false;
  // SevenCardStud8 only: the highest rank a qualifying low may hold, 5..13
  // (the king; the ace counts 1), as the engine's low_qualifier: the low is
  // then ace-to-five, and a low qualifies where its strength reaches that of
  // the worst one that qualifies (q, q-1 .. q-4 unpaired; a wild card counted
  // as a zero pairs with nothing). 8 is eight-or-better itself.
  int qualifier = 8;
  std::uint64_t samples = 0;  // 0: exact (unless a target below is set)
  std::uint64_t seed = 0;     // Monte Carlo only
  double target_stderr = 0;   // Monte Carlo: stop once every share's standard error is at most this
  double seconds = 0;         // Monte Carlo: stop after this long (however short, the first block of samples is drawn)
                              // (with either target, samples = 0 means at most kEquityTargetCap samples)
  int threads = 1;
  std::uint64_t max_outcomes = kEquityMaxOutcomes;
  EquityMethod method = EquityMethod::Auto;
  std::uint64_t part = 0;   // this request's slice of the work, 0 <= part < parts (see "Parts" above)
  std::uint64_t parts = 1;
  // Declarations (see "Declarations" above): empty, cards speak; else one per
  // hand, in high-low games only. tie_keeps_half needs declarations.
  std::vector<Declaration> declarations;
  bool tie_keeps_half = false;
};

/// Per player: weighted counts of outcomes (not fractions).
struct PlayerCounts {
  std::uint64_t high_win = 0;  // best high alone
  std::uint64_t high_tie = 0;  // best high, tied with others
  std::uint64_t low_win = 0;   // best (qualifying) low alone
  std::uint64_t low_tie = 0;
  std::uint64_t scoop = 0;     // the whole pot alone
  std::uint64_t share = 0;     // pot won, in kShareUnits per outcome: the low 64 bits of it
  std::uint64_t share_high = 0;  // the high 64 bits (the pot won is share_high * 2^64 + share): nonzero
                                 // only in exact runs where the weighted outcomes (below 2^64) times
                                 // kShareUnits pass 2^64 (fine range weights, or many outcomes);
                                 // always 0 in Monte Carlo (at most kEquityMaxSamples * kShareUnits).
                                 // The fraction of the pot won is
                                 //   (share_high * 2^64 + share) / (outcomes * kShareUnits),
                                 // both sides in 128 bits (unsigned __int128) or long double, e.g.
                                 //   (std::ldexp((long double)share_high, 64) + share) /
                                 //   ((long double)outcomes * kShareUnits);
                                 // share / (outcomes * kShareUnits) alone is wrong once share_high > 0.
  double share_sq = 0;         // Monte Carlo: sum over samples of (share units)^2, rounded
  std::uint64_t share_sq_high = 0;  // the same sum exactly: share_sq_high * 2^64 + share_sq_low
  std::uint64_t share_sq_low = 0;
};

enum class EquityStop : std::uint8_t {
  Complete = 0,  // ran to the end (or to its sample count)
  Target = 1,    // Monte Carlo: the standard-error target was reached
  Time = 2,      // Monte Carlo: the time was up
  Stopped = 3,   // the caller stopped it (progress or poll returned false)
  Samples = 4,   // Monte Carlo with a target (target_stderr or seconds): the samples ran out
                 // first (the count asked for, else kEquityTargetCap); the target was not reached
};

struct EquityResult {
  std::vector<PlayerCounts> players;
  std::uint64_t outcomes = 0;  // weighted outcomes counted, or samples drawn
  bool exact = false;
  EquityMethod method = EquityMethod::Auto;  // the exact method used
  EquityStop stop = EquityStop::Complete;
  std::uint64_t rejected = 0;  // Monte Carlo with ranges: deals redrawn because two members collided
};

/// Callbacks, all from the calling thread (the work runs on worker threads).
struct EquityHooks {
  /// About every 5 ms; return false to stop (e.g. on a signal).
  std::function<bool()> poll;
  /// (done, total) outcomes or samples: at each sixteenth of the work, every
  /// quarter second in between once more is done (done > 0 in every call), and
  /// at the end (Monte Carlo: however the run ended, but not after it returned
  /// false; the answer then ignored); false stops.
  std::function<bool(std::uint64_t done, std::uint64_t total)> progress;
};

/// Checks the request (throws CardError or EquityOptionError naming the
/// problem) and returns the number of outcomes an exact run counts
/// (weighted; saturated at UINT64_MAX).
std::uint64_t equity_outcomes(const EquityRequest& request);

/// How a run splits into parts: the method (Count or Enumerate for an exact
/// run, Auto for Monte Carlo) and the units its parts slice (outer
/// completions, sample blocks; 1 for counting, which is not split). Checks the
/// request as equity() does before it starts, and throws as it would.
struct EquityPlan {
  EquityMethod method = EquityMethod::Auto;
  std::uint64_t units = 1;
};
EquityPlan equity_plan(const EquityRequest& request);

/// Computes the equities (see the contract above). Throws as equity_outcomes;
/// an exact run that must enumerate more than request.max_outcomes throws
/// EquityOptionError suggesting samples. A run stopped by the hooks returns
/// what it has with stop == Stopped (exact counts are then incomplete).
EquityResult equity(const EquityRequest& request, const EquityHooks& hooks = {});

}  // namespace splitpot
