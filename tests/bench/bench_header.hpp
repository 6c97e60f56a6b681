// bench_header.hpp — the .safetensors header reader at its limit (issue 17, item 5): a
// 100 MB header holds ~1.6 M tensors; reading it must take well under 2 s (it was
// quadratic: 400,000 tensors took 315 s). Registered in --gbench mode.
#pragma once

namespace lvbench {

void register_header_bench();

}  // namespace lvbench
