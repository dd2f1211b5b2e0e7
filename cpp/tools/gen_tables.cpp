// Build-time generator: builds every lookup table (table_builder.cpp) and
// writes them as constant arrays in a C++ source file that the library
// compiles in, so importing splitpot builds nothing. Usage: gen_tables OUTPUT
// The C++ tests build the tables again and compare them with the compiled-in
// ones, so the generated file cannot drift from the builder.
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

#include "table_builder.hpp"

namespace {

using namespace splitpot;

struct Writer {
  std::FILE* out;
  std::string fill;  // the statements of fill_tables()
  int arrays = 0;

  // Writes the vector as a constant array and records `target = a view of it`.
  template <typename T>
  void table(const std::string& target, const std::vector<T>& v) {
    static_assert(std::is_same_v<T, std::uint16_t> || std::is_same_v<T, std::uint32_t>);
    if (v.empty()) return;  // stays an empty view
    const std::string type = std::is_same_v<T, std::uint16_t> ? "std::uint16_t" : "std::uint32_t";
    const std::string name = "a" + std::to_string(arrays++);
    std::fprintf(out, "alignas(64) constexpr %s %s[%zu] = {", type.c_str(), name.c_str(), v.size());
    for (std::size_t i = 0; i < v.size(); ++i)
      std::fprintf(out, "%s%s%u", i ? "," : "", i % 32 ? "" : "\n", static_cast<unsigned>(v[i]));
    std::fprintf(out, "};\n");
    fill += "  t." + target + " = TableView<" + type + ">(" + name + ", " + std::to_string(v.size()) + ");\n";
  }
  // Records `target = {{a[0], a[1], ...}}` for a small std::array.
  template <typename Array>
  void values(const std::string& target, const Array& a, const std::string& cast = "") {
    fill += "  t." + target + " = {{";
    for (std::size_t i = 0; i < a.size(); ++i) {
      const std::string number = std::to_string(static_cast<unsigned long long>(a[i])) + "u";
      fill += (i ? "," : "") + (cast.empty() ? number : cast + "(" + number + ")");
    }
    fill += "}};\n";
  }
};

std::string at(std::size_t i) { return "[" + std::to_string(i) + "]"; }

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: gen_tables OUTPUT\n");
    return 2;
  }
  const BuiltTables t = build_tables();
  std::FILE* out = std::fopen(argv[1], "w");
  if (!out) {
    std::perror(argv[1]);
    return 1;
  }
  std::fprintf(out,
               "// Generated at build time by cpp/tools/gen_tables.cpp from cpp/src/table_builder.cpp: do not edit.\n"
               "#include <cstdint>\n\n#include \"splitpot/tables.hpp\"\n\n"
               "namespace splitpot::generated {\nnamespace {\n");
  Writer w{out, {}, 0};
  w.table("offsets", t.offsets);
  w.fill += "  t.slots = " + std::to_string(t.slots) + "u;\n";
  w.table("dense", t.dense);
  w.values("card_key", t.card_key);
  w.values("card_mask", t.card_mask);
  w.values("dense_upto", t.dense_upto);
  for (std::size_t r = 0; r < kRanks; ++r) w.values("rank_suits_key" + at(r), t.rank_suits_key[r]);
  w.values("high_card_base", t.high_card_base);
  for (std::size_t r = 0; r < kRankingCount; ++r) {
    w.table("value" + at(r), t.value[r]);
    w.table("flush" + at(r), t.flush[r]);
    w.table("high_card_ranks" + at(r), t.high_card_ranks[r]);
    w.values("tier_category" + at(r), t.tier_category[r], "static_cast<Category>");
    for (std::size_t f = 0; f < kWildFamilies; ++f)
      for (std::size_t n = 0; n <= kMaxCards; ++n) w.table("wild" + at(r) + at(f) + at(n), t.wild[r][f][n]);
  }
  for (std::size_t d = 0; d < 2; ++d)
    for (std::size_t n = 0; n <= kMaxFlushWilds; ++n) w.table("flush_fill" + at(d) + at(n), t.flush_fill[d][n]);
  std::fprintf(out, "}  // namespace\n\nvoid fill_tables(Tables& t) noexcept {\n%s}\n\n}  // namespace splitpot::generated\n",
               w.fill.c_str());
  return std::fclose(out) == 0 ? 0 : 1;
}
