// run_binary.hpp — run build/lookupviz with arguments (no shell) and capture its
// exit status, stdout and stderr, for the CLI tests.
#pragma once
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace lvtest {

struct RunResult {
  int exit_code = -1;  // when the process exited normally
  int signal = 0;      // when a signal ended it
  std::string out, err;
  long max_rss_kb = 0;  // the child's peak resident memory (wait4's ru_maxrss), KB
};

inline std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// Runs `program` args... with stdout and stderr sent to temporary files.
// address_space > 0: the child's RLIMIT_AS in bytes (as `ulimit -v`), to run it out of memory.
inline RunResult run_program(const std::string& program, const std::vector<std::string>& args,
                             unsigned long long address_space = 0) {
  char out_path[] = "/tmp/lookupviz-test-out-XXXXXX";
  char err_path[] = "/tmp/lookupviz-test-err-XXXXXX";
  int out_fd = mkstemp(out_path), err_fd = mkstemp(err_path);
  RunResult r;
  if (out_fd < 0 || err_fd < 0) return r;
  std::vector<std::string> argv_s = {program};
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    int null_fd = open("/dev/null", O_RDONLY);
    if (null_fd >= 0) dup2(null_fd, 0);
    if (address_space > 0) {
      const rlimit lim{address_space, address_space};
      setrlimit(RLIMIT_AS, &lim);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  struct rusage usage {};
  if (pid > 0) wait4(pid, &status, 0, &usage);
  r.max_rss_kb = usage.ru_maxrss;
  close(out_fd);
  close(err_fd);
  if (pid > 0 && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (pid > 0 && WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  std::remove(out_path);
  std::remove(err_path);
  return r;
}

// Runs build/lookupviz args...
inline RunResult run_binary(const std::vector<std::string>& args, unsigned long long address_space = 0) {
  return run_program(LOOKUPVIZ_BIN, args, address_space);
}

// "--seed 7 --ids 0,4 --dim 3" -> {"--seed", "7", "--ids", "0,4", "--dim", "3"}
inline std::vector<std::string> split_args(const std::string& line) {
  std::vector<std::string> v;
  std::istringstream s(line);
  for (std::string a; s >> a;) v.push_back(a);
  return v;
}

}  // namespace lvtest
