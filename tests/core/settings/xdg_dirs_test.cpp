// xdg_dirs_test.cpp — user-dirs.dirs parsing and where Ctrl+S saves, on real folders
// in a temporary HOME.
#include "core/settings/xdg_dirs.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace fs = std::filesystem;

namespace {

// A fresh HOME under the test's temporary folder; removed at the end.
struct TempHome {
  fs::path root;
  TempHome() {
    root = fs::temp_directory_path() / ("lv-xdg-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) +
                                        "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root);
    fs::create_directories(root / ".config");
  }
  ~TempHome() { fs::remove_all(root); }
  void user_dirs(const std::string& text, const fs::path& config = {}) {
    std::ofstream(config.empty() ? root / ".config/user-dirs.dirs" : config / "user-dirs.dirs") << text;
  }
  lv::XdgEnv env() const { return {root.string(), ""}; }
};

}  // namespace

TEST(XdgDirs, ParsesTheFormatXdgUserDirsUpdateWrites) {
  const std::string text = "# This file is written by xdg-user-dirs-update\n"
                           "XDG_DESKTOP_DIR=\"$HOME/Desktop\"\n"
                           "XDG_PICTURES_DIR=\"$HOME/Bilder\"\n"
                           "XDG_DOWNLOAD_DIR=\"/data/dl/\"\n";
  EXPECT_EQ(lv::parse_user_dir(text, "XDG_PICTURES_DIR", "/home/ann"), "/home/ann/Bilder");
  EXPECT_EQ(lv::parse_user_dir(text, "XDG_DOWNLOAD_DIR", "/home/ann"), "/data/dl");  // absolute, no trailing '/'
  EXPECT_EQ(lv::parse_user_dir(text, "XDG_MUSIC_DIR", "/home/ann"), std::nullopt);
}

TEST(XdgDirs, IgnoresWhatTheSpecDoesNotAllow) {
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=Pictures\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);      // unquoted
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=\"Pictures\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);  // relative
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=\"$USER/x\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);  // other var
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=\"$HOMEX/x\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
  EXPECT_EQ(lv::parse_user_dir("#XDG_PICTURES_DIR=\"/p\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);  // comment
  // "$HOME/" is how the spec switches a folder off.
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=\"$HOME/\"\n", "XDG_PICTURES_DIR", "/h"), std::nullopt);
  // Escaped quotes, CRLF line ends, spaces around '=': read as the shell would.
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR = \"$HOME/My \\\"Pics\\\"\"\r\n", "XDG_PICTURES_DIR", "/h"),
            "/h/My \"Pics\"");
  // The last assignment wins.
  EXPECT_EQ(lv::parse_user_dir("XDG_PICTURES_DIR=\"/a\"\nXDG_PICTURES_DIR=\"/b\"\n", "XDG_PICTURES_DIR", "/h"), "/b");
}

TEST(XdgDirs, PicturesIsTheUsersFolderWhenItExists) {
  TempHome h;
  fs::create_directories(h.root / "Bilder");
  fs::create_directories(h.root / "Pictures");
  h.user_dirs("XDG_PICTURES_DIR=\"$HOME/Bilder\"\n");
  EXPECT_EQ(lv::pictures_dir(h.env()), (h.root / "Bilder").string());
}

TEST(XdgDirs, FallsBackToHomePicturesThenTheWorkingDirectory) {
  TempHome h;
  h.user_dirs("XDG_PICTURES_DIR=\"$HOME/Gone\"\n");  // named but missing
  EXPECT_EQ(lv::pictures_dir(h.env()), ".");
  fs::create_directories(h.root / "Pictures");
  EXPECT_EQ(lv::pictures_dir(h.env()), (h.root / "Pictures").string());
  EXPECT_EQ(lv::pictures_dir(lv::XdgEnv{}), ".");  // no HOME at all
}

TEST(XdgDirs, HonoursXdgConfigHome) {
  TempHome h;
  fs::create_directories(h.root / "alt");
  fs::create_directories(h.root / "Shots");
  h.user_dirs("XDG_PICTURES_DIR=\"$HOME/Shots\"\n", h.root / "alt");
  lv::XdgEnv env = h.env();
  EXPECT_EQ(lv::pictures_dir(env), ".");  // ~/.config has no user-dirs.dirs
  env.xdg_config_home = (h.root / "alt").string();
  EXPECT_EQ(lv::pictures_dir(env), (h.root / "Shots").string());
  env.xdg_config_home = "relative/dir";  // not absolute: ignored, as the spec says
  EXPECT_EQ(lv::pictures_dir(env), ".");
}

TEST(XdgDirs, OtherFoldersForThePicker) {
  TempHome h;
  fs::create_directories(h.root / "Downloads");
  h.user_dirs("XDG_DOWNLOAD_DIR=\"$HOME/Downloads\"\nXDG_DOCUMENTS_DIR=\"$HOME/Docs\"\n");
  EXPECT_EQ(lv::xdg_user_dir(h.env(), "DOWNLOAD"), (h.root / "Downloads").string());
  EXPECT_EQ(lv::xdg_user_dir(h.env(), "DOCUMENTS"), std::nullopt);  // not a folder
}
