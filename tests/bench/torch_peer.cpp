// torch_peer.cpp — fork/exec the python peer with two pipes; line-based requests.
#include "torch_peer.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>

namespace lvbench {

TorchPeer::TorchPeer(const std::string& python, const std::string& script) {
  if (access(python.c_str(), X_OK) != 0) {
    skip_reason_ = python + " not found (Debian's python3-torch runs with it)";
    return;
  }
  int down[2], up[2];
  if (pipe(down) != 0 || pipe(up) != 0) {
    skip_reason_ = std::string("pipe: ") + std::strerror(errno);
    return;
  }
  pid_ = fork();
  if (pid_ == 0) {
    dup2(down[0], 0);
    dup2(up[1], 1);
    close(down[0]), close(down[1]), close(up[0]), close(up[1]);
    // One thread for every pool torch may use, like our single-threaded kernels.
    setenv("OMP_NUM_THREADS", "1", 1);
    setenv("OPENBLAS_NUM_THREADS", "1", 1);
    setenv("MKL_NUM_THREADS", "1", 1);
    execl(python.c_str(), python.c_str(), script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(down[0]);
  close(up[1]);
  to_child_ = down[1];
  from_child_ = up[0];
  if (pid_ < 0) {
    skip_reason_ = std::string("fork: ") + std::strerror(errno);
    return;
  }
  signal(SIGPIPE, SIG_IGN);  // a dead child shows up as a failed write, not a signal
  ok_ = true;
  const std::string hello = ask("");
  if (!ok_) return;  // skip_reason_ says why
  if (hello.rfind("ready torch ", 0) == 0) {
    version_ = hello.substr(12);
  } else {
    ok_ = false;
    skip_reason_ = hello.rfind("skip ", 0) == 0 ? hello.substr(5) : "the peer did not start (" + hello + ")";
  }
}

TorchPeer::~TorchPeer() {
  if (to_child_ >= 0) {
    if (ok_) (void)!write(to_child_, "quit\n", 5);
    close(to_child_);
  }
  if (from_child_ >= 0) close(from_child_);
  if (pid_ > 0) waitpid(pid_, nullptr, 0);
}

void TorchPeer::fail(const std::string& why) {
  ok_ = false;
  skip_reason_ = "the peer failed: " + why;
}

std::string TorchPeer::ask(const std::string& line) {
  if (!ok_) return "";
  if (!line.empty()) {
    const std::string msg = line + "\n";
    size_t done = 0;
    while (done < msg.size()) {
      ssize_t n = write(to_child_, msg.data() + done, msg.size() - done);
      if (n <= 0) {
        fail("write to the peer");
        return "";
      }
      done += static_cast<size_t>(n);
    }
  }
  for (;;) {
    size_t nl = buffered_.find('\n');
    if (nl != std::string::npos) {
      std::string answer = buffered_.substr(0, nl);
      buffered_.erase(0, nl + 1);
      return answer;
    }
    char chunk[4096];
    ssize_t n = read(from_child_, chunk, sizeof chunk);
    if (n <= 0) {
      fail("the peer exited (see its messages above)");
      return "";
    }
    buffered_.append(chunk, static_cast<size_t>(n));
  }
}

bool TorchPeer::setup(int64_t vocab, int64_t dim, const std::vector<int64_t>& pool) {
  if (ask("setup " + std::to_string(vocab) + " " + std::to_string(dim)) != "ok") return false;
  std::ostringstream ids;
  ids << "ids " << pool.size();
  for (int64_t id : pool) ids << ' ' << id;
  return ask(ids.str()) == "ok";
}

std::string TorchPeer::blas() {
  std::string a = ask("blas");
  return a.rfind("blas ", 0) == 0 ? a.substr(5) : "unknown";
}

double TorchPeer::time_ns(const std::string& request, double min_ms) {
  std::ostringstream line;
  line << "time " << request << ' ' << min_ms;
  std::istringstream answer(ask(line.str()));
  std::string tag;
  double ns = -1;
  if (!(answer >> tag >> ns) || tag != "ns") {
    if (ok_) fail("bad answer to '" + line.str() + "'");
    return -1;
  }
  return ns;
}

}  // namespace lvbench
