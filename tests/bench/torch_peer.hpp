// torch_peer.hpp — PyTorch as a long-lived child process (tests/bench/torch_peer.py run
// with /usr/bin/python3), asked over a pipe to time its side of a case right after we
// time ours, so both are measured in the same minutes of this noisy machine.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace lvbench {

class TorchPeer {
 public:
  // Starts `python script`; ok() is false (and skip_reason() says why) when python or
  // torch is missing. The child runs with one BLAS/OpenMP thread.
  TorchPeer(const std::string& python, const std::string& script);
  ~TorchPeer();
  TorchPeer(const TorchPeer&) = delete;
  TorchPeer& operator=(const TorchPeer&) = delete;

  bool ok() const { return ok_; }
  const std::string& skip_reason() const { return skip_reason_; }
  const std::string& version() const { return version_; }

  // Same table shape and the same ID pool as ours. Returns false on failure.
  bool setup(int64_t vocab, int64_t dim, const std::vector<int64_t>& pool);
  std::string blas();  // which BLAS torch's matmul loaded (see torch_peer.py)
  // Per-call time in ns of one request ("embedding hot 256", "onehot 16"), after
  // calibrating the call count to last at least min_ms; < 0 on failure.
  double time_ns(const std::string& request, double min_ms);

 private:
  std::string ask(const std::string& line);  // one request line -> one answer line
  void fail(const std::string& why);

  bool ok_ = false;
  std::string skip_reason_, version_;
  int pid_ = -1, to_child_ = -1, from_child_ = -1;
  std::string buffered_;
};

}  // namespace lvbench
