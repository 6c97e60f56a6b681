// table_save.hpp — the trained table written as a .safetensors file (File ▸ Save table
// as…): one float32 tensor "weight" of V × D, what torch's
// safetensors.torch.save_file({"weight": embedding.weight.detach()}, path) writes, read
// back by lookupviz's own loader and by safetensors. Streamed row by row through the
// overlay (the table is never copied whole), written atomically: a temporary file beside
// the target, renamed over it; a target that is not a regular file (a FIFO, a device, a
// folder) is refused as every save of the app does (core/io/write_target.hpp).
#pragma once
#include <functional>
#include <string>

#include "core/train/trainer.hpp"

namespace lv {

// "" when written; else why not, as a sentence's end ("it is a FIFO, not a regular file").
// `progress` (optional) is told the fraction written after each band of rows (about 1 MB);
// returning false stops the save: the temporary file is removed, the target left as it was,
// and the answer is "stopped".
std::string save_trained_safetensors(const Trainer& trained, const std::string& path,
                                     const std::function<bool(double)>& progress = {});

}  // namespace lv
