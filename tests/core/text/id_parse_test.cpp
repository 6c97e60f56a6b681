// id_parse_test.cpp — typed IDs: every accepted form, and every rejection with the
// exact sentence the user reads.
#include "core/text/id_parse.hpp"

#include <gtest/gtest.h>

#include <string>

namespace {

lv::IdList ok(std::string_view text, const lv::IdRules& rules = {}) {
  lv::IdParse p = lv::parse_ids(text, rules);
  EXPECT_TRUE(p.ok) << "input: " << text << "\nerror: " << p.error.message;
  EXPECT_EQ(p.error.code, lv::ParseCode::None);
  EXPECT_TRUE(p.error.message.empty());
  return p.ids;
}

std::string err(std::string_view text, const lv::IdRules& rules = {}) {
  lv::IdParse p = lv::parse_ids(text, rules);
  EXPECT_FALSE(p.ok) << "input: " << text;
  EXPECT_TRUE(p.ids.empty());
  EXPECT_NE(p.error.code, lv::ParseCode::None);
  EXPECT_EQ(p.error.message.find('\n'), std::string::npos);
  return p.error.message;
}

lv::ParseCode code(std::string_view text, const lv::IdRules& rules = {}) {
  return lv::parse_ids(text, rules).error.code;
}

lv::IdRules vocab(int64_t v) {
  lv::IdRules r;
  r.vocab = v;
  return r;
}

const lv::IdList k231 = {2, 3, 1};

TEST(IdParse, AcceptsTheUsualForms) {
  EXPECT_EQ(ok("2, 3, 1"), k231);
  EXPECT_EQ(ok("2,3,1"), k231);
  EXPECT_EQ(ok("[2,3,1]"), k231);
  EXPECT_EQ(ok("[2, 3, 1]"), k231);
  EXPECT_EQ(ok("2 3 1"), k231);
  EXPECT_EQ(ok("tensor([2, 3, 1])"), k231);
  EXPECT_EQ(ok("torch.tensor([2, 3, 1])"), k231);
  EXPECT_EQ(ok("(2, 3, 1)"), k231);
}

TEST(IdParse, AcceptsExtraWhitespaceAndTrailingComma) {
  EXPECT_EQ(ok("  2 ,\t3 ,\n 1  "), k231);
  EXPECT_EQ(ok("2, 3, 1,"), k231);
  EXPECT_EQ(ok("[ 2, 3, 1, ]"), k231);
  EXPECT_EQ(ok("2,,3,1"), k231);
  EXPECT_EQ(ok(" tensor( [2,3,1] ) "), k231);
}

TEST(IdParse, SingleRepeatedZeroAndSigns) {
  EXPECT_EQ(ok("0"), lv::IdList{0});
  EXPECT_EQ(ok("4, 4, 4"), (lv::IdList{4, 4, 4}));
  EXPECT_EQ(ok("007"), lv::IdList{7});
  EXPECT_EQ(ok("+2"), lv::IdList{2});
  EXPECT_EQ(ok("-0"), lv::IdList{0});
  EXPECT_EQ(ok("0000000000000000000000000000000009"), lv::IdList{9});
}

TEST(IdParse, Limits) {
  EXPECT_EQ(ok("9999999"), lv::IdList{9'999'999});  // kMaxVocab - 1
  EXPECT_EQ(ok("3", vocab(4)), lv::IdList{3});
  EXPECT_EQ(ok("0", vocab(1)), lv::IdList{0});
  std::string many;
  for (size_t i = 0; i < lv::kMaxIds; ++i) many += "1,";
  EXPECT_EQ(ok(many).size(), lv::kMaxIds);
}

TEST(IdParse, RejectsEmpty) {
  const std::string e = "Type at least one ID, e.g. 2, 3, 1.";
  EXPECT_EQ(err(""), e);
  EXPECT_EQ(err("   "), e);
  EXPECT_EQ(err(","), e);
  EXPECT_EQ(err("[]"), e);
  EXPECT_EQ(err("tensor([])"), e);
}

// Callers branch on the code (the command line rewords "no ID" as "--ids needs …"),
// never on the sentence.
TEST(IdParse, EachRefusalHasItsCode) {
  EXPECT_EQ(code(" [] "), lv::ParseCode::Empty);
  EXPECT_EQ(code("[2, 3"), lv::ParseCode::Brackets);
  EXPECT_EQ(code("2.5"), lv::ParseCode::NotWhole);
  EXPECT_EQ(code("-3"), lv::ParseCode::Negative);
  EXPECT_EQ(code("two"), lv::ParseCode::NotANumber);
  EXPECT_EQ(code("7", vocab(4)), lv::ParseCode::OutOfRange);
  EXPECT_EQ(code("99999999999"), lv::ParseCode::OutOfRange);
  lv::IdRules two;
  two.max_count = 2;
  EXPECT_EQ(code("1 2 3", two), lv::ParseCode::TooMany);
}

TEST(IdParse, VocabForIdsIsMaxPlusOne) {
  EXPECT_EQ(lv::vocab_for_ids({2, 3, 1}), 4);
  EXPECT_EQ(lv::vocab_for_ids({0}), 1);
  EXPECT_EQ(lv::vocab_for_ids({50256, 11}), 50257);
  EXPECT_EQ(lv::vocab_for_ids({}), 0);
}

TEST(IdParse, RejectsWordsAndDecimals) {
  EXPECT_EQ(err("abc"), "“abc” is not a whole number.");
  EXPECT_EQ(err("2, x, 1"), "“x” is not a whole number.");
  EXPECT_EQ(err("2.5"), "2.5 is not a whole number.");
  EXPECT_EQ(err("-2.5"), "-2.5 is not a whole number.");
  EXPECT_EQ(err(".5"), ".5 is not a whole number.");
  EXPECT_EQ(err("2.0"), "2.0 has a decimal point: write it as 2.");
  EXPECT_EQ(err("1e3"), "“1e3” is not a whole number.");
  EXPECT_EQ(err("0x10"), "“0x10” is not a whole number.");
  EXPECT_EQ(err("2;3"), "“2;3” is not a whole number.");
  EXPECT_EQ(err("-"), "“-” is not a whole number.");
  EXPECT_EQ(err("+"), "“+” is not a whole number.");
  EXPECT_EQ(err("--1"), "“--1” is not a whole number.");
}

TEST(IdParse, RejectsNegative) {
  EXPECT_EQ(err("-1"), "-1 is negative: IDs count rows from 0.");
  EXPECT_EQ(err("2, -3"), "-3 is negative: IDs count rows from 0.");
  EXPECT_EQ(err("-99999999999999999999999"), "-99999999999999999999999 is negative: IDs count rows from 0.");
}

TEST(IdParse, RejectsOutOfRangeForAFixedVocabulary) {
  EXPECT_EQ(err("7", vocab(4)), "7 is out of range: this table has 4 rows, IDs 0–3.");
  EXPECT_EQ(err("2, 3, 4", vocab(4)), "4 is out of range: this table has 4 rows, IDs 0–3.");
  EXPECT_EQ(err("1", vocab(1)), "1 is out of range: this table has 1 row, ID 0 only.");
  EXPECT_EQ(err("50257", vocab(50257)), "50257 is out of range: this table has 50,257 rows, IDs 0–50,256.");
  EXPECT_EQ(err("0007", vocab(4)), "7 is out of range: this table has 4 rows, IDs 0–3.");
}

TEST(IdParse, RejectsTooLargeAndTooMany) {
  EXPECT_EQ(err("10000000"), "10000000 is too large: IDs go up to 9,999,999.");
  EXPECT_EQ(err("99999999999999999999999999999999999999999"),
            "999999999999999999999999… is too large: IDs go up to 9,999,999.");
  lv::IdRules r;
  r.max_id = 99;
  EXPECT_EQ(err("100", r), "100 is too large: IDs go up to 99.");
  r.max_count = 3;
  EXPECT_EQ(ok("1 2 3", r), (lv::IdList{1, 2, 3}));
  EXPECT_EQ(err("1 2 3 4", r), "Too many IDs: at most 3 at a time.");
  std::string many;
  for (size_t i = 0; i <= lv::kMaxIds; ++i) many += "1,";
  EXPECT_EQ(err(many), "Too many IDs: at most 4,096 at a time.");
  // A million IDs pasted into the field: refused at the 4,097th, never all held.
  std::string million;
  million.reserve(7'000'000);
  for (int i = 0; i < 1'000'000; ++i) million += std::to_string(i % 50257) + ",";
  EXPECT_EQ(err(million), "Too many IDs: at most 4,096 at a time.");
}

TEST(IdParse, RejectsUnmatchedBrackets) {
  const std::string e = "The brackets don't match: write the IDs as 2, 3, 1 or [2, 3, 1].";
  for (const char* s : {"[2,3", "2,3]", "[[2,3]]", "[2,[3],1]", "tensor([2,3]", "tensor(2,3", "[2,3)", "(", "]", "[",
                        "tensor(", "2, (3)"})
    EXPECT_EQ(err(s), e) << s;
}

TEST(IdParse, ShowsHostileTokensSafely) {
  // Control characters, invalid UTF-8 and very long words never reach the message raw.
  std::string e = err(std::string("a\x01\xff", 3));
  EXPECT_EQ(e, "“a\xEF\xBF\xBD\xEF\xBF\xBD” is not a whole number.");
  e = err(std::string(10'000, 'z'));
  EXPECT_LT(e.size(), 100u);
  EXPECT_EQ(err("é"), "“é” is not a whole number.");
  EXPECT_FALSE(lv::parse_ids(std::string("2\0 3", 4)).ok);
}

TEST(IdParse, NeverCrashesOnArbitraryBytes) {
  // A tiny deterministic fuzz: every result is either IDs or one sentence.
  uint32_t x = 12345;
  const char alphabet[] = "0123456789 ,[]()-+.eabtensor\t\xff\x80";
  for (int n = 0; n < 20'000; ++n) {
    std::string s;
    int len = static_cast<int>(x % 24);
    for (int i = 0; i < len; ++i) {
      x = x * 1664525u + 1013904223u;
      s += alphabet[(x >> 16) % (sizeof(alphabet) - 1)];
    }
    x = x * 1664525u + 1013904223u;
    lv::IdParse p = lv::parse_ids(s, vocab(static_cast<int64_t>(x % 50) + 1));
    EXPECT_EQ(p.ok, p.error.message.empty());
    EXPECT_EQ(p.ok, p.error.code == lv::ParseCode::None);
    EXPECT_EQ(p.ok, !p.ids.empty());
    for (int64_t id : p.ids) EXPECT_GE(id, 0);
  }
}

TEST(IdParse, FormatIds) {
  EXPECT_EQ(lv::format_ids({2, 3, 1}), "2, 3, 1");
  EXPECT_EQ(lv::format_ids({0}), "0");
  EXPECT_EQ(lv::format_ids({}), "");
  EXPECT_EQ(ok(lv::format_ids({5, 0, 9999999})), (lv::IdList{5, 0, 9999999}));
}

}  // namespace
