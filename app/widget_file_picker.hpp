// widget_file_picker.hpp — File ▸ Open: a small ImGui file picker for tables
// (.npy, .safetensors). Folders first, then matching files with their sizes; a
// path field that accepts a typed or pasted path (FILE or FILE:NAME); Enter or
// double-click opens. The listing is read only when the folder changes.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace lv::app {

struct FilePicker {
  bool open = false;             // = false // the modal is showing
  std::string dir;               // = cwd   // the folder listed
  char path[1024] = "";          // the path field (typed, or the clicked file)
  std::string error;             // why the folder could not be listed
  struct Entry {
    std::string name;
    bool is_dir = false;
    uintmax_t size = 0;
  };
  std::vector<Entry> entries;    // the listing of `dir`
  bool show_all = false;         // = false // list every file, not only .npy / .safetensors
  int selected = -1;
};

// Opens the modal at `dir` (empty: the working directory).
void open_file_picker(FilePicker& fp, const std::string& dir = "");
// Reads `dir` into entries (called by the widget when the folder changes).
void list_folder(FilePicker& fp, const std::string& dir);
// Draws the modal when open. Returns true in the frame the user chose a file;
// *picked is its path (possibly "FILE:NAME" as typed).
bool draw_file_picker(FilePicker& fp, std::string* picked);

}  // namespace lv::app
