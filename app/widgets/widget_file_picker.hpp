// widget_file_picker.hpp — File ▸ Open's in-app picker, for when the desktop offers no
// dialog of its own (app/desktop/file_dialog.hpp) and for headless runs: places on the left
// (home, the XDG folders, the file system, the recent tables), the folder's sub-folders
// first, then its .npy / .safetensors files with their sizes, and a path field that
// takes a typed or pasted path: "~" is the home folder, a folder and Enter goes into
// it, a file (FILE or FILE:NAME) or a model folder (config.json inside) and Enter opens it. Double-click opens too. The
// listing is read, filtered, sorted and its texts made only when the folder (or the
// "All files" filter) changes; a frame draws only the rows in view (ImGuiListClipper),
// so a folder of 100,000 files costs what a folder of 30 does per frame.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace lv::app {

struct FilePicker {
  bool open = false;          // the modal is showing
  std::string dir;            // the folder listed
  char path[1024] = "";       // the path field (typed, or the clicked file)
  std::string error;          // why the folder could not be listed
  bool dir_is_model = false;  // the folder listed is a Hugging Face model folder (it can be opened whole)
  struct Entry {
    std::string name;
    bool is_dir = false;
    bool is_model = false;  // a folder holding config.json: a Hugging Face model, opened as a table
    uintmax_t size = 0;
    std::string shown;      // as listed: the name, "/" after a folder's (made once, when listed)
    std::string size_text;  // "1.5 MiB" for a file, "" for a folder
  };
  std::vector<Entry> entries;  // the listing of `dir`
  struct Place {
    std::string label;  // "Home", "Downloads", …
    std::string path;
  };
  std::vector<Place> places;  // the side bar, found when the picker opens
  bool show_all = false;      // list every file, not only .npy / .safetensors
  int selected = -1;
  bool select_on_click =
      false;  // the picker opened with the path selected: the first click into it keeps it all selected
  bool refocus_path =
      false;  // the picker opened, or Enter went into a folder: the path field takes the keyboard (its text selected)
};

// Opens the modal at `dir` (empty: the folder it last showed, else the working directory).
void open_file_picker(FilePicker& fp, const std::string& dir = "");
// Reads `dir` into entries (called by the widget when the folder changes). false, with
// fp.error set and the previous listing kept, when it cannot be listed.
bool list_folder(FilePicker& fp, const std::string& dir);
// The side bar's places: home, the XDG user folders that exist, the working folder
// and "/", each once.
std::vector<FilePicker::Place> picker_places(const std::string& home, const std::string& cwd);

// What the path field's text means when Enter is pressed.
struct TypedPath {
  enum Kind { Empty, Folder, File } kind = Empty;
  std::string path;  // "~" expanded; relative to the listed folder; FILE:NAME kept as typed
};
TypedPath resolve_typed_path(const std::string& typed, const std::string& listed_dir, const std::string& home);

// Draws the modal when open. Returns true in the frame the user chose a file; *picked
// is its path (possibly "FILE:NAME" as typed). recent: the recent tables, newest first.
bool draw_file_picker(FilePicker& fp, const std::vector<std::string>& recent, std::string* picked);

}  // namespace lv::app
