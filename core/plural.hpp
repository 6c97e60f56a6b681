// plural.hpp — a count with its noun, the one place the UI's words agree with its
// numbers: "1 ID", "3 IDs", "1,024 rows", "the other row" — never "1 IDs".
//
//   counted(b, "ID")                  // "1 ID" / "2 IDs" / "50,257 IDs"
//   counted(n, "entry", "entries")    // irregular plurals are passed
//   noun(n, "row")                    // "row" / "rows", for "%s of them" sentences
#pragma once
#include <string>
#include <string_view>

namespace lv {

// The noun that goes with n: `one` for exactly 1 (or -1), else `many` ("" means one + "s").
std::string noun(long long n, std::string_view one, std::string_view many = {});

// n with thousands separators, a space and its noun.
std::string counted(long long n, std::string_view one, std::string_view many = {});

}  // namespace lv
