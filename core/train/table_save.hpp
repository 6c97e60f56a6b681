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

#include "core/io/write_target.hpp"
#include "core/train/trainer.hpp"

namespace lv {

// What a save to `path` would do, looked at before it starts (File ▸ Save table as… asks
// "Replace FILE?" first, and refuses at once what the worker would refuse): `error` names
// the path and says why not (a FIFO, a folder, a folder that is not there); `replaced`
// is the regular file that would be replaced (the symlink's target for a link).
struct TableSavePlan {
  std::string error;      // "" : it can be tried
  ReplacedFile replaced;  // replaced.exists: a file is there (ask first)
};
TableSavePlan plan_table_save(const std::string& path);

// "" when written; else why not, one clause naming the path ("/x/t.safetensors: the
// folder /x does not exist"). A file replaced keeps its mode and, where it can, its owner
// (core/io/write_target.hpp keep_mode_and_owner). `progress` (optional) is told the
// fraction written after each band of rows (about 1 MB); returning false stops the save:
// the temporary file is removed, the target left as it was, and the answer is "stopped".
std::string save_trained_safetensors(const Trainer& trained, const std::string& path,
                                     const std::function<bool(double)>& progress = {});

}  // namespace lv
