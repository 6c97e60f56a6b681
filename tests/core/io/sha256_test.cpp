// sha256_test.cpp — core/io/sha256 against FIPS 180-4's examples and sha256sum, fed whole
// and in uneven pieces (the incremental path must carry partial blocks correctly).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "core/io/sha256.hpp"

namespace {

TEST(Sha256, KnownAnswers) {
  EXPECT_EQ(lv::to_hex(lv::sha256("")), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(lv::to_hex(lv::sha256("abc")), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(lv::to_hex(lv::sha256("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(lv::to_hex(lv::sha256(std::string(1'000'000, 'a'))),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(Sha256, CpuInstructionsAgreeWithThePortableCode) {
  std::printf("SHA-256 on this CPU: %s\n", lv::sha256_uses_cpu_instructions() ? "SHA-NI" : "portable C++");
  std::string text;
  uint32_t x = 1;
  for (size_t len = 0; len < 3000; len += 1 + len / 7) {
    while (text.size() < len) text += static_cast<char>((x = x * 1664525u + 1013904223u) >> 24);
    lv::Sha256 fast, plain(/*portable=*/true);
    fast.update(text.data(), len);
    plain.update(text.data(), len);
    ASSERT_EQ(fast.digest(), plain.digest()) << "length " << len;
  }
  lv::Sha256 plain(true);
  plain.update("abc", 3);
  EXPECT_EQ(lv::to_hex(plain.digest()), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

TEST(Sha256, PiecesGiveTheSameDigest) {
  std::string text;
  for (int i = 0; i < 1000; ++i) text += static_cast<char>(i * 7);
  const lv::Sha256Digest whole = lv::sha256(text);
  for (size_t step : {1, 3, 55, 56, 63, 64, 65, 200}) {
    lv::Sha256 s;
    for (size_t at = 0; at < text.size(); at += step) s.update(text.data() + at, std::min(step, text.size() - at));
    EXPECT_EQ(s.digest(), whole) << "step " << step;
  }
}

}  // namespace
