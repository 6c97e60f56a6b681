// portal_dialog.hpp — File ▸ Open through xdg-desktop-portal's FileChooser over D-Bus
// (sd-bus): the dialog GNOME, KDE and sandboxed or Wayland sessions want apps to use.
// Blocking: run it on a worker thread (ui_open_file.cpp does).
#pragma once
#include <string>

#include "app/desktop/file_dialog.hpp"

namespace lv::app {

// True when the session bus has (or can start) org.freedesktop.portal.Desktop: one
// quick round trip to the bus, fine at start-up.
bool portal_available();

// Asks the portal for one .npy or .safetensors file, starting in start_dir; waits for
// the answer. Chosen with a local path, Cancelled, or Failed with the reason (no bus,
// no portal, a non-local file).
DialogResult run_portal_open_file(const std::string& title, const std::string& start_dir);

// "file:///a%20b/x.npy" -> "/a b/x.npy"; "" for anything that is not a local file URI.
std::string local_path_from_uri(const std::string& uri);

}  // namespace lv::app
