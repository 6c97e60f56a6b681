// usage_error.hpp — the CLI tests' check of a usage error: the real binary run with `args` exits 2
// (no signal), prints nothing on stdout, and says one line on stderr: exactly "lookupviz: "
// + message, or (prefix) a line that begins so.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "run_binary.hpp"

namespace lvtest {

inline void expect_usage_error(const std::vector<std::string>& args, const std::string& message, bool prefix = false) {
  std::string shown;
  for (const std::string& a : args) shown += " " + a;
  const RunResult r = run_binary(args);
  EXPECT_EQ(r.signal, 0) << shown;
  EXPECT_EQ(r.exit_code, 2) << shown;
  EXPECT_TRUE(r.out.empty()) << shown << "\nstdout: " << r.out;
  if (prefix) {
    EXPECT_EQ(r.err.rfind("lookupviz: " + message, 0), 0u) << shown << "\n" << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << shown << "\n" << r.err;
  } else {
    EXPECT_EQ(r.err, "lookupviz: " + message + "\n") << shown;
  }
}

}  // namespace lvtest
