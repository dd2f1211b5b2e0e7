// The runtime side of the tables: the compiled-in arrays (written at build
// time by cpp/tools/gen_tables.cpp into tables_data.cpp) seen through views.
#include "splitpot/tables.hpp"

namespace splitpot {

namespace generated {
void fill_tables(Tables& t) noexcept;  // tables_data.cpp
}

const Tables& tables() {
  static const Tables instance = [] {
    Tables t;
    generated::fill_tables(t);
    return t;
  }();
  return instance;
}

std::size_t shared_table_bytes() {
  return tables().offsets.size() * sizeof(tables().offsets[0]) + sizeof(Tables::card_key);
}

std::size_t ranking_table_bytes(Ranking r) {
  const Tables& t = tables();
  const auto i = static_cast<std::size_t>(r);
  return (t.value[i].size() + t.flush[i].size() + t.high_card_ranks[i].size()) * sizeof(std::uint16_t);
}

}  // namespace splitpot
