// cli_options_test.cpp — the command line: defaults, every flag in both spellings,
// and every error with the line the user reads.
#include "core/nearest/table_pca.hpp"
#include "core/settings/cli_options.hpp"
#include "core/torch/attention.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"
#include "core/torch/table_size.hpp"

#include <gtest/gtest.h>

#include <initializer_list>
#include <string>

namespace {

lv::CliParse parse(std::initializer_list<std::string> args) {
  std::vector<std::string> v = {"lookupviz"};
  v.insert(v.end(), args);
  return lv::parse_cli(v);
}

lv::CliOptions ok(std::initializer_list<std::string> args) {
  lv::CliParse p = parse(args);
  EXPECT_TRUE(p.ok) << p.error;
  EXPECT_TRUE(p.error.empty());
  return p.options;
}

std::string err(std::initializer_list<std::string> args) {
  lv::CliParse p = parse(args);
  EXPECT_FALSE(p.ok);
  EXPECT_FALSE(p.error.empty());
  EXPECT_EQ(p.error.find('\n'), std::string::npos) << p.error;
  return p.error;
}

TEST(CliOptions, DefaultsAreTheNotebooks) {
  lv::CliOptions o = ok({});
  EXPECT_EQ(o.seed, 123u);
  EXPECT_EQ(o.seed_text, "123");
  EXPECT_EQ(o.ids, (lv::IdList{2, 3, 1}));
  EXPECT_EQ(o.dim, 5);
  EXPECT_FALSE(o.vocab.has_value());
  EXPECT_EQ(lv::effective_vocab(o), 4);
  EXPECT_FALSE(o.print || o.help || o.version || o.light || o.reduced_motion || o.size_given);
  EXPECT_EQ(o.slide, 1);
  EXPECT_EQ(o.step, -1);
  EXPECT_EQ(o.width, 1440);
  EXPECT_EQ(o.height, 900);
  EXPECT_EQ(o.scale, 0.0f);
  EXPECT_TRUE(o.screenshot.empty() && o.export_slides.empty());
}

TEST(CliOptions, ModelFlagsInBothSpellings) {
  lv::CliOptions o = ok({"--seed", "7", "--ids", "0,4,4,9", "--dim", "3", "--vocab", "12", "--print"});
  EXPECT_EQ(o.seed, 7u);
  EXPECT_EQ(o.ids, (lv::IdList{0, 4, 4, 9}));
  EXPECT_EQ(o.dim, 3);
  EXPECT_EQ(o.vocab, 12);
  EXPECT_EQ(lv::effective_vocab(o), 12);
  EXPECT_TRUE(o.print);
  lv::CliOptions e = ok({"--seed=7", "--ids=[0, 4, 4, 9]", "--dim=3", "--vocab=12", "--print"});
  EXPECT_EQ(e.seed, 7u);
  EXPECT_EQ(e.ids, o.ids);
  EXPECT_EQ(e.dim, 3);
  EXPECT_EQ(e.vocab, 12);
  EXPECT_EQ(lv::effective_vocab(ok({"--ids", "2 3 9"})), 10);
  EXPECT_EQ(ok({"--ids", "tensor([5])"}).ids, lv::IdList{5});
}

TEST(CliOptions, SeedsFollowPythonInt) {
  auto seed = [](const std::string& s) { return ok({"--seed", s}); };
  EXPECT_EQ(seed("+007").seed_text, "7");
  EXPECT_EQ(seed("+007").seed, 7u);
  EXPECT_EQ(seed(" 42 ").seed_text, "42");
  EXPECT_EQ(seed("1_000").seed_text, "1000");
  EXPECT_EQ(seed("0").seed, 0u);
  EXPECT_EQ(seed("-0").seed_text, "0");
  EXPECT_EQ(seed("-1").seed, UINT64_MAX);
  EXPECT_EQ(seed("-1").seed_text, "-1");
  EXPECT_EQ(seed("-5").seed, uint64_t{0} - 5);
  EXPECT_EQ(ok({"--seed=-5"}).seed_text, "-5");
  EXPECT_EQ(seed("9223372036854775807").seed, uint64_t{9223372036854775807u});
  EXPECT_EQ(seed("18446744073709551615").seed, UINT64_MAX);
  EXPECT_EQ(seed("18446744073709551615").seed_text, "18446744073709551615");
  EXPECT_EQ(seed("-9223372036854775808").seed, uint64_t{1} << 63);
  EXPECT_EQ(seed("-9223372036854775808").seed_text, "-9223372036854775808");
  EXPECT_EQ(seed("1099511627783").seed, 1099511627783u);  // 2^40 + 7

  const std::string range = "--seed must be a whole number from -9223372036854775808 to 18446744073709551615";
  EXPECT_EQ(err({"--seed", "18446744073709551616"}), range + " (got “18446744073709551616”)");
  EXPECT_EQ(err({"--seed", "-9223372036854775809"}), range + " (got “-9223372036854775809”)");
  EXPECT_EQ(err({"--seed", "abc"}), range + " (got “abc”)");
  EXPECT_EQ(err({"--seed", "1.5"}), range + " (got “1.5”)");
  EXPECT_EQ(err({"--seed", "1__0"}), range + " (got “1__0”)");
  EXPECT_EQ(err({"--seed", "_1"}), range + " (got “_1”)");
  EXPECT_EQ(err({"--seed", "1_"}), range + " (got “1_”)");
  EXPECT_EQ(err({"--seed="}), range + " (got “”)");
  EXPECT_EQ(err({"--seed", std::string(500, '9')}), range + " (got “" + std::string(40, '9') + "…”)");
}

TEST(CliOptions, IdErrorsNameTheIdAndTheRange) {
  EXPECT_EQ(err({"--ids", "abc"}), "“abc” is not a whole number");
  EXPECT_EQ(err({"--ids", "-1"}), "-1 is negative: IDs count rows from 0");
  EXPECT_EQ(err({"--ids", "7", "--vocab", "4"}), "7 is out of range: this table has 4 rows, IDs 0–3");
  EXPECT_EQ(err({"--vocab", "4", "--ids", "7"}), "7 is out of range: this table has 4 rows, IDs 0–3");
  EXPECT_EQ(
      err({"--ids", ""}),
      "--ids needs at least one ID, e.g. --ids 2,3,1 (IDs are separated by commas or spaces; empty items are skipped)");
  EXPECT_EQ(err({"--ids", "2.5"}), "2.5 is not a whole number");
  EXPECT_EQ(err({"--ids", "10000000"}), "10000000 is too large: IDs go up to 9,999,999");
  // With --weights the IDs index the file's table, checked once it is read (issue 17,
  // item 8): a file may have more rows than a seeded table.
  EXPECT_EQ(ok({"--weights", "big.npy", "--ids", "10000000,0"}).ids, (lv::IdList{10'000'000, 0}));
  EXPECT_EQ(err({"--weights", "big.npy", "--ids", "2147483648"}),
            "2147483648 is too large: IDs go up to 2,147,483,647");
  EXPECT_EQ(err({"--vocab", "3"}),
            "3 (one of the default IDs 2, 3, 1) is out of range for --vocab 3: give --ids too, or --vocab 4 or more");
  std::string many;
  for (int i = 0; i < 4097; ++i) many += "0,";
  EXPECT_EQ(err({"--ids", many}), "Too many IDs: at most 4,096 at a time");
}

TEST(CliOptions, DimAndVocabLimits) {
  EXPECT_EQ(ok({"--dim", "1"}).dim, 1);
  EXPECT_EQ(ok({"--dim", "2048", "--ids", "0"}).dim, 2048);
  EXPECT_EQ(ok({"--vocab", "10000000", "--dim", "1", "--ids", "0"}).vocab, 10'000'000);
  EXPECT_EQ(err({"--dim", "0"}), "--dim must be a whole number from 1 to 65,536 (got “0”)");
  EXPECT_EQ(err({"--dim", "100000000"}), "--dim must be a whole number from 1 to 65,536 (got “100000000”)");
  EXPECT_EQ(err({"--dim", "-3"}), "--dim must be a whole number from 1 to 65,536 (got “-3”)");
  EXPECT_EQ(err({"--dim", "five"}), "--dim must be a whole number from 1 to 65,536 (got “five”)");
  EXPECT_EQ(err({"--vocab", "0"}), "--vocab must be a whole number from 1 to 10,000,000 (got “0”)");
  EXPECT_EQ(err({"--vocab", "10000001"}), "--vocab must be a whole number from 1 to 10,000,000 (got “10000001”)");
  // V x D: exactly the limit is fine, one row more is not.
  EXPECT_TRUE(parse({"--vocab", "2048", "--dim", "65536", "--ids", "0"}).ok);
  EXPECT_EQ(err({"--vocab", "2049", "--dim", "65536", "--ids", "0"}),
            "a 2,049 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
  EXPECT_EQ(err({"--ids", "9999999", "--dim", "65536"}),
            "a 10,000,000 × 65,536 table is too big: rows × dim may be at most 134,217,728 values");
  // B x V (the one-hot matrix).
  std::string ids;
  for (int i = 0; i < 20; ++i) ids += "0,";
  EXPECT_EQ(err({"--ids", ids, "--vocab", "10000000", "--dim", "1"}),
            "the one-hot matrix (20 IDs × 10,000,000 rows) is too big: IDs × rows may be at most 134,217,728 values");
}

TEST(CliOptions, WindowFlags) {
  lv::CliOptions o = ok({"--slide", "3", "--step=2", "--size", "800x600", "--scale", "1.5", "--light",
                         "--reduced-motion", "--screenshot", "out.png"});
  EXPECT_EQ(o.slide, 3);
  EXPECT_EQ(o.step, 2);
  EXPECT_EQ(o.width, 800);
  EXPECT_EQ(o.height, 600);
  EXPECT_TRUE(o.size_given);
  EXPECT_FLOAT_EQ(o.scale, 1.5f);
  EXPECT_TRUE(o.light && o.reduced_motion);
  EXPECT_EQ(o.screenshot, "out.png");
  EXPECT_EQ(ok({"--export-slides=dir/x"}).export_slides, "dir/x");
  EXPECT_EQ(ok({"--slide", std::to_string(lv::last_slide())}).slide, lv::last_slide());
  EXPECT_EQ(ok({"--slide", "0"}).slide, 0);  // "Text → token IDs", before the table
  EXPECT_EQ(ok({}).slide, 1);                // the table, as ever
  EXPECT_EQ(ok({"--step", "0"}).step, 0);
  EXPECT_EQ(ok({"--size", "8192X320"}).width, 8192);
  EXPECT_FLOAT_EQ(ok({"--scale", "0.5"}).scale, 0.5f);
  EXPECT_FLOAT_EQ(ok({"--scale=4"}).scale, 4.0f);
}

TEST(CliOptions, WindowFlagErrors) {
  // The last slide is the registry's (last_slide()), however many slides there are.
  const std::string last = std::to_string(lv::last_slide()), past = std::to_string(lv::deck_size());
  EXPECT_EQ(err({"--slide", "-1"}), "--slide must be a slide number from 0 to " + last + " (got “-1”)");
  EXPECT_EQ(err({"--slide", past}), "--slide must be a slide number from 0 to " + last + " (got “" + past + "”)");
  EXPECT_EQ(err({"--step", "-1"}), "--step must be a whole number from 0 to 9,999 (got “-1”)");
  const std::string size = "--size must be WIDTHxHEIGHT in pixels, each from 320 to 8192";
  EXPECT_EQ(err({"--size", "100x100"}), size + " (got “100x100”)");
  EXPECT_EQ(err({"--size", "800"}), size + " (got “800”)");
  EXPECT_EQ(err({"--size", "800x"}), size + " (got “800x”)");
  EXPECT_EQ(err({"--size", "9000x900"}), size + " (got “9000x900”)");
  const std::string scale = "--scale must be a number from 0.5 to 4";
  EXPECT_EQ(err({"--scale", "0.25"}), scale + " (got “0.25”)");
  EXPECT_EQ(err({"--scale", "nan"}), scale + " (got “nan”)");
  EXPECT_EQ(err({"--scale", "inf"}), scale + " (got “inf”)");
  EXPECT_EQ(err({"--scale", "2x"}), scale + " (got “2x”)");
  EXPECT_EQ(err({"--screenshot="}), "--screenshot needs a file name");
  EXPECT_EQ(err({"--export-slides="}), "--export-slides needs a folder name");
  EXPECT_EQ(err({"--print", "--screenshot", "a.png"}),
            "choose one of --print, --screenshot, --export-slides, --export-gif, --export-worksheet, --layout-report, "
            "--bench-frames, --tokenize and --detokenize");
}

TEST(CliOptions, UsageErrors) {
  EXPECT_EQ(err({"--foo"}), "unknown option --foo (see --help)");
  EXPECT_EQ(err({"--foo=1"}), "unknown option --foo (see --help)");
  EXPECT_EQ(err({"-x"}), "unknown option -x (see --help)");
  EXPECT_EQ(err({"-"}), "lookupviz cannot read a table from standard input: give a file name");
  EXPECT_EQ(err({"a.npy", "b.npy"}), "give one table file, not two (“a.npy” and “b.npy”)");
  EXPECT_EQ(err({"--seed"}), "--seed needs a value, e.g. --seed 123");
  EXPECT_EQ(err({"--ids", "--print"}), "--ids needs a value, e.g. --ids 2,3,1");
  EXPECT_EQ(err({"--dim"}), "--dim needs a value, e.g. --dim 5");
  EXPECT_EQ(err({"--vocab"}), "--vocab needs a value, e.g. --vocab 4");
  EXPECT_EQ(err({"--screenshot"}), "--screenshot needs a value, e.g. --screenshot out.png");
  EXPECT_EQ(err({"--print=yes"}), "--print takes no value (see --help)");
  EXPECT_EQ(err({std::string("--a\nb")}), "unknown option --a?b (see --help)");
}

TEST(CliOptions, HelpAndVersionWin) {
  EXPECT_TRUE(ok({"--help"}).help);
  EXPECT_TRUE(ok({"-h"}).help);
  EXPECT_TRUE(ok({"--foo", "--help"}).help);
  EXPECT_TRUE(ok({"--version"}).version);
  EXPECT_EQ(lv::cli_version_text(), std::string("lookupviz ") + LOOKUPVIZ_VERSION + "\n");
}

TEST(CliOptions, HelpTextNamesEveryOption) {
  const std::string h = lv::cli_help_text();
  for (const char* flag : {"--seed",           "--ids",     "--dim",        "--vocab",         "--print",
                           "--help",           "-h",        "--version",    "--slide",         "--step",
                           "--size",           "--scale",   "--screenshot", "--export-slides", "--light",
                           "--reduced-motion", "--text",    "--tokenize",   "--detokenize",    "default 123",
                           "default 2,3,1",    "default 5", "max(ids)+1",   "Exit codes",      "xvfb-run"})
    EXPECT_NE(h.find(flag), std::string::npos) << flag;
  EXPECT_EQ(h.back(), '\n');
  // Every line fits in 80 columns (counting UTF-8 code points).
  size_t col = 0, line = 1;
  for (unsigned char c : h) {
    if (c == '\n') {
      EXPECT_LE(col, 80u) << "line " << line;
      col = 0;
      ++line;
    } else if ((c & 0xC0) != 0x80) {
      ++col;
    }
  }
}

// --help names the limits the parser checks, from the same constants (issue 37: they were
// typed twice): each limit is in the text, the parser takes it and refuses one past it.
TEST(CliOptions, HelpTextsLimitsAreTheParsers) {
  const std::string h = lv::cli_help_text();
  EXPECT_EQ(h.find('@'), std::string::npos) << "a limit's placeholder is left in --help";
  auto says = [&h](const std::string& words) { EXPECT_NE(h.find(words), std::string::npos) << words; };
  says("at most " + lv::with_commas(lv::kMaxIds) + " IDs");
  says("1 to " + lv::with_commas(lv::kMaxDim));
  says("1 to " + lv::with_commas(lv::kMaxVocab));
  says("at most " + lv::with_commas(lv::kMaxSeededElements) + " each");
  says(std::to_string(lv::kMinSizePixels) + " to " + std::to_string(lv::kMaxSizePixels) + " each");
  says("UI scale, 0.5 to 4");
  says("up to " + std::to_string(lv::kMaxTokenizeBytes >> 20) + " MiB");
  says("optimizer steps, 1 to " + lv::with_commas(lv::kMaxTrainSteps));
  says("1 to " + std::to_string(lv::kMaxWorksheetCount) + " (default");
  says("the learning rate, 0 to 1,000");
  says("1 to " + std::to_string(lv::kMaxPcaComponents));
  says("lists, 1 to " + lv::with_commas(lv::kMaxNearestK));
  says("width, 1 to " + std::to_string(lv::kMaxAttentionDOut));
  says("At most " + std::to_string(lv::kMaxAttentionTokens) + " IDs");
  const std::string side = std::to_string(lv::kMaxSizePixels), past = std::to_string(lv::kMaxSizePixels + 1);
  EXPECT_EQ(ok({"--size", side + "x" + side}).width, lv::kMaxSizePixels);
  EXPECT_NE(err({"--size", past + "x" + side}).find("from 320 to 8192"), std::string::npos);
  EXPECT_EQ(ok({"--dim", std::to_string(lv::kMaxDim)}).dim, lv::kMaxDim);
  err({"--dim", std::to_string(lv::kMaxDim + 1)});
  EXPECT_EQ(
      ok({"--export-worksheet", "w.md", "--worksheet-count", std::to_string(lv::kMaxWorksheetCount)}).worksheet_count,
      lv::kMaxWorksheetCount);
  EXPECT_EQ(err({"--worksheet-count", std::to_string(lv::kMaxWorksheetCount + 1)}),
            "--worksheet-count must be a number of questions from 1 to 8 (got “9”)");
  EXPECT_EQ(err({"--scale", "4.5"}), "--scale must be a number from 0.5 to 4 (got “4.5”)");
  EXPECT_EQ(err({"--lr", "1001"}), "--lr must be a learning rate from 0 to 1,000, e.g. 0.1 or 3e-4 (got “1001”)");
}

TEST(CliOptions, NeverCrashesOnArbitraryArguments) {
  uint32_t x = 99;
  const std::vector<std::string> pool = {"--seed",
                                         "--ids",
                                         "--dim",
                                         "--vocab",
                                         "--print",
                                         "--size",
                                         "--scale",
                                         "--slide",
                                         "--step",
                                         "-1",
                                         "0",
                                         "7",
                                         "1e9",
                                         "abc",
                                         "=",
                                         "--ids=",
                                         "99999999999999999999999",
                                         "2,3,1",
                                         "x",
                                         "--vocab=1",
                                         "--dim=65536"};
  for (int n = 0; n < 20'000; ++n) {
    std::vector<std::string> args = {"lookupviz"};
    int len = static_cast<int>(x % 7);
    for (int i = 0; i < len; ++i) {
      x = x * 1664525u + 1013904223u;
      args.push_back(pool[(x >> 16) % pool.size()]);
    }
    x = x * 1664525u + 1013904223u;
    lv::CliParse p = lv::parse_cli(args);
    EXPECT_EQ(p.ok, p.error.empty());
    if (p.ok) {
      EXPECT_EQ(lv::table_size_error(0, lv::effective_vocab(p.options), p.options.dim), "");
      EXPECT_FALSE(p.options.ids.empty());
    }
  }
}

}  // namespace

// `lookupviz FILE[:NAME]`: what a file manager's "Open with" and the desktop entry's %f
// run. The file is the table, as with --weights; it is not read here.
TEST(CliOptions, PositionalFileIsTheTable) {
  lv::CliOptions o = ok({"table.npy"});
  EXPECT_EQ(o.weights, "table.npy");
  EXPECT_TRUE(o.weights_positional);
  EXPECT_FALSE(ok({"--weights", "table.npy"}).weights_positional);
  EXPECT_FALSE(ok({}).weights_positional);
  // With a tensor name, with a space, and among options on either side.
  EXPECT_EQ(ok({"/home/ann/My Models/gpt2.safetensors:wte.weight"}).weights,
            "/home/ann/My Models/gpt2.safetensors:wte.weight");
  o = ok({"--ids", "0,5", "m.safetensors", "--slide", "2"});
  EXPECT_EQ(o.weights, "m.safetensors");
  EXPECT_EQ(o.ids, (lv::IdList{0, 5}));
  EXPECT_EQ(o.slide, 2);
  EXPECT_EQ(ok({"--print", "t.npy"}).weights, "t.npy");
  // The IDs are checked against the file's rows once it is read, as with --weights.
  EXPECT_EQ(ok({"t.npy", "--ids", "10000000"}).ids, (lv::IdList{10'000'000}));
}

TEST(CliOptions, DoubleDashEndsTheOptions) {
  lv::CliOptions o = ok({"--seed", "7", "--", "-odd name.npy"});
  EXPECT_EQ(o.weights, "-odd name.npy");
  EXPECT_EQ(o.seed, 7u);
  EXPECT_EQ(ok({"--", "--print"}).weights, "--print");  // a file called --print
  EXPECT_FALSE(ok({"--", "--print"}).print);
  EXPECT_TRUE(ok({"--"}).weights.empty());    // nothing after it: no file
  EXPECT_EQ(ok({"--", "--"}).weights, "--");  // the second one is a name
}

TEST(CliOptions, PositionalFileErrors) {
  EXPECT_EQ(err({"a.npy", "--weights", "b.npy"}), "the table is given twice: give FILE or --weights FILE, not both");
  EXPECT_EQ(err({"--weights", "b.npy", "a.npy"}), "the table is given twice: give FILE or --weights FILE, not both");
  EXPECT_EQ(err({"--weights", "a.npy", "--weights", "b.npy"}), "--weights is given twice: give one table file");
  EXPECT_EQ(err({"--", ""}), "the table file name is empty (see --help)");
  EXPECT_EQ(err({std::string(5000, 'x')}),
            "the file name “" + std::string(40, 'x') + "…” is too long (5,000 bytes; at most 4,095)");
  EXPECT_EQ(err({"t.npy", "--vocab", "4"}), "--weights sets the table's shape: drop --vocab and --dim");
  // A bad option is still named, before or after the file.
  EXPECT_EQ(err({"t.npy", "--frob"}), "unknown option --frob (see --help)");
  // Control characters in a name are not echoed to the terminal.
  EXPECT_EQ(err({"a\nb.npy", std::string("c\x1b[2J.npy")}).find('\x1b'), std::string::npos);
}

namespace {

TEST(CliOptions, TrainPrintsOptions) {
  lv::CliParse p = lv::parse_cli({"lookupviz", "--train-print", "--batches", "2,3,1;0, 2;[4]", "--optimizer",
                                  "sparse_adam", "--lr", "3e-3", "--steps", "6", "--grad", "randn:-5", "--dim", "64"});
  ASSERT_TRUE(p.ok) << p.error;
  const lv::CliOptions& o = p.options;
  EXPECT_TRUE(o.train_print);
  EXPECT_EQ(o.batches, (std::vector<lv::IdList>{{2, 3, 1}, {0, 2}, {4}}));
  EXPECT_EQ(o.optimizer, lv::TrainOptimizer::SparseAdam);
  EXPECT_EQ(o.lr, 0.003);
  EXPECT_EQ(o.train_steps, 6);
  EXPECT_EQ(o.grad_seed, -5);
  EXPECT_EQ(o.vocab, 5);  // max ID + 1 over every batch
  const lv::TrainPrintOptions t = lv::train_print_options(o);
  EXPECT_EQ(t.config.optimizer, lv::TrainOptimizer::SparseAdam);
  EXPECT_TRUE(t.config.randn_grad);
  EXPECT_EQ(t.config.grad_seed, -5);
  EXPECT_EQ(t.seed, 123u);
  EXPECT_EQ(t.dim, 64);
  // Defaults: lr 0.1, 3 steps, G all ones; --vocab fixes V.
  p = lv::parse_cli({"lookupviz", "--train-print", "--batches", "1", "--optimizer", "sgd", "--vocab", "9"});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.options.lr, 0.1);
  EXPECT_EQ(p.options.train_steps, 3);
  EXPECT_FALSE(p.options.grad_seed);
  EXPECT_EQ(p.options.vocab, 9);
  // The training's options without --train-print set up the window's slide 9 (not --steps, and
  // not with a printing mode); --train-print with another mode is refused.
  p = lv::parse_cli({"lookupviz", "--optimizer", "adam", "--batches", "2;0", "--lr", "0.01"});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.options.batches, (std::vector<lv::IdList>{{2}, {0}}));
  EXPECT_FALSE(lv::parse_cli({"lookupviz", "--optimizer", "adam", "--steps", "4"}).ok);
  EXPECT_FALSE(lv::parse_cli({"lookupviz", "--optimizer", "adam", "--print"}).ok);
  EXPECT_FALSE(
      lv::parse_cli({"lookupviz", "--train-print", "--batches", "1", "--optimizer", "sgd", "--text", "hi"}).ok);
  EXPECT_FALSE(
      lv::parse_cli({"lookupviz", "--train-print", "--batches", "1", "--optimizer", "sgd", "--dtype", "float16"}).ok);
}

}  // namespace
