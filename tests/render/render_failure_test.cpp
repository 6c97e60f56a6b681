// render_failure_test.cpp — the real app under `xvfb-run -a` when it cannot finish:
// an output path it cannot write (a file used as a folder, /proc), a full disk
// (simulated with `ulimit -f`, SIGXFSZ ignored, so write() fails as on ENOSPC), and an
// OpenGL below 3.3 (Mesa told to offer 3.0). Each: exit 1, one "lookupviz: ..." line,
// no signal, and no partial file (.part or the target) left behind.
// Skipped (not passed) when xvfb-run is not installed.
#include <gtest/gtest.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

bool have_xvfb() { return std::system("command -v xvfb-run >/dev/null 2>&1") == 0; }

std::string temp_dir() {
  char tmpl[] = "/tmp/lookupviz-renderfail-XXXXXX";
  const char* d = mkdtemp(tmpl);
  return d ? d : "/tmp";
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

std::vector<std::string> list_dir(const std::string& dir) {
  std::vector<std::string> names;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    closedir(d);
  }
  return names;
}

struct Outcome {
  int exit_code = -1;
  bool signaled = false;
  std::string err;
};

// Runs `prefix lookupviz args` inside xvfb-run; the app's settings go to `dir`, its
// stderr and exit status to files there (read back, then removed). The status is the
// app's own, taken inside xvfb-run: xvfb-run's own exit code and messages (it can fail
// to clean up its temporary directory when the app exits within milliseconds) are not
// the app's.
Outcome run_in(const std::string& dir, const std::string& args, const std::string& env = "",
               const std::string& limits = "") {
  const std::string err_file = dir + "/stderr.txt", rc_file = dir + "/status.txt";
  const std::string cmd = "xvfb-run -a env XDG_CONFIG_HOME=" + dir + " " + env + " bash -c '" + limits +
                          "\"$0\" \"$@\" >/dev/null 2>" + err_file + "; echo $? >" + rc_file + "' " LOOKUPVIZ_BIN " " +
                          args + " >/dev/null 2>&1";
  const int rc = std::system(cmd.c_str());
  Outcome o;
  o.err = slurp(err_file);
  const std::string status = slurp(rc_file);
  std::remove(err_file.c_str());
  std::remove(rc_file.c_str());
  // bash reports a signal as 128+N.
  if (!status.empty()) {
    o.exit_code = std::atoi(status.c_str());
    o.signaled = o.exit_code > 128;
  } else if (WIFEXITED(rc)) {
    o.exit_code = WEXITSTATUS(rc);  // the app never ran (xvfb-run failed): its code, for the message
  }
  return o;
}

void expect_clean_failure(const Outcome& o, const std::string& message_start) {
  EXPECT_FALSE(o.signaled);
  EXPECT_EQ(o.exit_code, 1) << o.err;
  EXPECT_EQ(o.err.rfind("lookupviz: " + message_start, 0), 0u) << o.err;
  EXPECT_EQ(o.err.find('\n'), o.err.size() - 1) << "one line: " << o.err;
}

TEST(RenderFailure, AFileUsedAsAFolderFailsCleanly) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  std::ofstream(dir + "/file") << "x";
  // Root ignores permission bits (CI runs as root), but not a file where a folder should be.
  Outcome o = run_in(dir, "--screenshot " + dir + "/file/x.png --size 640x400");
  expect_clean_failure(o, "cannot write " + dir + "/file/x.png: Not a directory");
  o = run_in(dir, "--export-slides " + dir + "/file/slides --size 640x400");
  expect_clean_failure(o, "cannot write " + dir + "/file/slides/slide-00.png: Not a directory");
  const std::vector<std::string> left = list_dir(dir);
  for (const std::string& name : left) EXPECT_TRUE(name == "file" || name == "lookupviz") << name;
}

TEST(RenderFailure, AnUncreatableFileFailsCleanly) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  Outcome o = run_in(dir, "--screenshot /proc/lookupviz-test.png --size 640x400");
  expect_clean_failure(o, "cannot write /proc/lookupviz-test.png: ");
}

TEST(RenderFailure, AFullDiskLeavesNoPartialFile) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  // 16 KiB per file: less than any screenshot; SIGXFSZ ignored so write() fails with EFBIG.
  Outcome o = run_in(dir, "--screenshot " + dir + "/x.png --size 1024x640", "", "trap \"\" XFSZ; ulimit -f 16; ");
  expect_clean_failure(o, "cannot write " + dir + "/x.png: File too large");
  struct stat st;
  EXPECT_NE(stat((dir + "/x.png").c_str(), &st), 0);
  EXPECT_NE(stat((dir + "/x.png.part").c_str(), &st), 0);
}

TEST(RenderFailure, OpenGlBelow33IsExplained) {
  if (!have_xvfb()) GTEST_SKIP() << "xvfb-run is not installed";
  const std::string dir = temp_dir();
  // Mesa (llvmpipe under Xvfb) offers only what MESA_GL_VERSION_OVERRIDE says.
  Outcome o = run_in(dir, "--screenshot " + dir + "/x.png", "MESA_GL_VERSION_OVERRIDE=3.0");
  expect_clean_failure(o, "cannot open a window with OpenGL 3.3 core");
  EXPECT_NE(o.err.find("LIBGL_ALWAYS_SOFTWARE=1"), std::string::npos) << o.err;
  struct stat st;
  EXPECT_NE(stat((dir + "/x.png").c_str(), &st), 0);
}

}  // namespace
