// plural.cpp — see plural.hpp.
#include "core/plural.hpp"

#include "core/table_file.hpp"  // with_commas, the messages' thousands separators

namespace lv {

std::string noun(long long n, std::string_view one, std::string_view many) {
  if (n == 1 || n == -1) return std::string(one);
  return many.empty() ? std::string(one) + "s" : std::string(many);
}

std::string counted(long long n, std::string_view one, std::string_view many) {
  const unsigned long long magnitude = n < 0 ? 0ull - static_cast<unsigned long long>(n) : static_cast<unsigned long long>(n);
  return (n < 0 ? "-" : "") + with_commas(magnitude) + " " + noun(n, one, many);
}

}  // namespace lv
