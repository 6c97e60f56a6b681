// main.cpp — lookupviz's entry point: parse the command line, run a headless mode
// (--print, --help, --version) or open the window.
#include <cstdio>
#include <string>
#include <vector>

#include "core/cli_options.hpp"
#include "core/notebook_transcript.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  lv::CliParse parsed = lv::parse_cli(args);
  if (!parsed.ok) {
    std::fprintf(stderr, "lookupviz: %s\n", parsed.error.c_str());
    return 2;
  }
  const lv::CliOptions& o = parsed.options;
  if (o.help) { std::fputs(lv::cli_help_text().c_str(), stdout); return 0; }
  if (o.version) { std::fputs(lv::cli_version_text().c_str(), stdout); return 0; }
  if (o.print) {
    lv::NotebookCase c{o.seed, o.seed_text, o.ids, o.dim, lv::effective_vocab(o)};
    std::fputs(lv::notebook_transcript(c).c_str(), stdout);
    return 0;
  }
  std::fprintf(stderr, "lookupviz: the window is not built yet\n");
  return 1;
}
