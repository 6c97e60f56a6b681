// plural_test.cpp — counts and nouns agree: "1 ID", "2 IDs", "the other row".
#include "core/plural.hpp"

#include <gtest/gtest.h>

namespace {

TEST(Plural, OneIsSingularEverythingElsePlural) {
  EXPECT_EQ(lv::counted(1, "ID"), "1 ID");
  EXPECT_EQ(lv::counted(0, "ID"), "0 IDs");
  EXPECT_EQ(lv::counted(2, "ID"), "2 IDs");
  EXPECT_EQ(lv::counted(-1, "row"), "-1 row");
  EXPECT_EQ(lv::counted(11, "row"), "11 rows");
  EXPECT_EQ(lv::noun(1, "row"), "row");
  EXPECT_EQ(lv::noun(3, "row"), "rows");
}

TEST(Plural, IrregularPluralsAndThousands) {
  EXPECT_EQ(lv::counted(1, "entry", "entries"), "1 entry");
  EXPECT_EQ(lv::counted(4, "entry", "entries"), "4 entries");
  EXPECT_EQ(lv::counted(50257, "row"), "50,257 rows");
  EXPECT_EQ(lv::counted(1000000, "multiply-add"), "1,000,000 multiply-adds");
  EXPECT_EQ(lv::counted(-1234, "copy", "copies"), "-1,234 copies");
}

}  // namespace
