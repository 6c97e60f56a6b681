// xdg_dirs.hpp — the user's folders as the XDG base and user-dirs specs name them:
// where Ctrl+S puts screenshots (the Pictures folder, in the user's language and
// wherever the user moved it) and the places the in-app file picker offers.
// Reads ~/.config/user-dirs.dirs itself, as `xdg-user-dir` does, rather than
// starting that program. No GL, no ImGui.
#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace lv {

// The environment these folders depend on (tests pass their own; real runs use
// xdg_env_from_process()).
struct XdgEnv {
  std::string home;             // $HOME ("" if unset)
  std::string xdg_config_home;  // $XDG_CONFIG_HOME ("" if unset: ~/.config)
};
XdgEnv xdg_env_from_process();

// The value of NAME (e.g. "XDG_PICTURES_DIR") in the text of a user-dirs.dirs file:
// `XDG_PICTURES_DIR="$HOME/Bilder"` -> home + "/Bilder". Per the spec a value is
// "$HOME/…" or an absolute path in double quotes; anything else is ignored, as is a
// value that is $HOME itself (the spec's way of switching a folder off).
std::optional<std::string> parse_user_dir(std::string_view user_dirs_text, std::string_view name,
                                          const std::string& home);

// The folder named NAME (e.g. "PICTURES", "DOWNLOAD") per user-dirs.dirs, if it is
// set there and is an existing folder.
std::optional<std::string> xdg_user_dir(const XdgEnv& env, std::string_view name);

// Where screenshots go: the XDG Pictures folder, else ~/Pictures, else the working
// directory ("."), each only if it is an existing folder.
std::string pictures_dir(const XdgEnv& env);

}  // namespace lv
