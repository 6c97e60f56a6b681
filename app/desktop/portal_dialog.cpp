// portal_dialog.cpp — org.freedesktop.portal.FileChooser.OpenFile with sd-bus.
// The portal answers with a Response signal on a request object whose path the
// caller can predict (…/request/SENDER/TOKEN), so the match is added before the call
// and no answer can be missed.
#include "app/desktop/portal_dialog.hpp"

#include <systemd/sd-bus.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <string>

namespace lv::app {
namespace {

constexpr const char* kPortal = "org.freedesktop.portal.Desktop";
constexpr const char* kPortalPath = "/org/freedesktop/portal/desktop";

struct Bus {  // the connection, closed on every path out
  sd_bus* bus = nullptr;
  ~Bus() { sd_bus_flush_close_unref(bus); }
};

struct Answer {
  bool done = false;
  DialogResult result;
};

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Response(u response, a{sv} results): 0 chosen (results["uris"] holds file URIs),
// 1 cancelled by the user, 2 ended otherwise.
int on_response(sd_bus_message* m, void* userdata, sd_bus_error*) {
  auto* a = static_cast<Answer*>(userdata);
  a->done = true;
  uint32_t response = 2;
  if (sd_bus_message_read(m, "u", &response) < 0) {
    a->result.error = "the file portal's answer could not be read";
    return 0;
  }
  if (response == 1) {
    a->result.outcome = DialogResult::Cancelled;
    return 0;
  }
  std::string uri;
  if (response == 0 && sd_bus_message_enter_container(m, 'a', "{sv}") > 0) {
    while (sd_bus_message_enter_container(m, 'e', "sv") > 0) {
      const char* key = nullptr;
      sd_bus_message_read(m, "s", &key);
      if (key && std::strcmp(key, "uris") == 0 && sd_bus_message_enter_container(m, 'v', "as") > 0) {
        if (sd_bus_message_enter_container(m, 'a', "s") > 0) {
          const char* first = nullptr;
          if (sd_bus_message_read(m, "s", &first) > 0 && first) uri = first;
          sd_bus_message_exit_container(m);  // (exits even with strings left unread)
        }
        sd_bus_message_exit_container(m);
      } else {
        sd_bus_message_skip(m, "v");
      }
      sd_bus_message_exit_container(m);
    }
  }
  if (response != 0 || uri.empty()) {
    a->result.error = "the file portal gave no file (response " + std::to_string(response) + ")";
    return 0;
  }
  a->result.path = local_path_from_uri(uri);
  if (a->result.path.empty()) {
    a->result.error = "the file portal chose " + uri + ", which is not a local file";
    return 0;
  }
  a->result.outcome = DialogResult::Chosen;
  return 0;
}

// options: handle_token, modal, the two filters, the folder to start in.
int append_options(sd_bus_message* m, const std::string& token, const std::string& start_dir) {
  int r = sd_bus_message_open_container(m, 'a', "{sv}");
  if (r < 0) return r;
  r = sd_bus_message_append(m, "{sv}", "handle_token", "s", token.c_str());
  if (r >= 0) r = sd_bus_message_append(m, "{sv}", "modal", "b", 1);
  // filters: a(sa(us)), each a name and (0 = glob, pattern) pairs.
  if (r >= 0)
    r = sd_bus_message_append(m, "{sv}", "filters", "a(sa(us))", 2,
                              "Tables (.npy, .safetensors, .gguf, a model folder's config.json)", 4, 0u, "*.npy", 0u,
                              "*.safetensors", 0u, "*.gguf", 0u, "config.json", "All files", 1, 0u, "*");
  if (r >= 0 && !start_dir.empty()) {
    // current_folder: ay, the path's bytes with a closing NUL.
    r = sd_bus_message_open_container(m, 'e', "sv");
    if (r >= 0) r = sd_bus_message_append(m, "s", "current_folder");
    if (r >= 0) r = sd_bus_message_open_container(m, 'v', "ay");
    if (r >= 0) r = sd_bus_message_append_array(m, 'y', start_dir.c_str(), start_dir.size() + 1);
    if (r >= 0) r = sd_bus_message_close_container(m);
    if (r >= 0) r = sd_bus_message_close_container(m);
  }
  if (r >= 0) r = sd_bus_message_close_container(m);
  return r;
}

}  // namespace

std::string local_path_from_uri(const std::string& uri) {
  const std::string prefix = "file://";
  if (uri.compare(0, prefix.size(), prefix) != 0) return "";
  std::string rest = uri.substr(prefix.size());
  if (rest.compare(0, 9, "localhost") == 0) rest = rest.substr(9);
  if (rest.empty() || rest[0] != '/') return "";  // file://otherhost/…
  std::string path;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size() && hex(rest[i + 1]) >= 0 && hex(rest[i + 2]) >= 0) {
      path += static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
      i += 2;
    } else {
      path += rest[i];
    }
  }
  return path;
}

bool portal_available() {
  Bus b;
  if (sd_bus_open_user(&b.bus) < 0) return false;
  for (const char* method : {"ListNames", "ListActivatableNames"}) {
    sd_bus_message* reply = nullptr;
    if (sd_bus_call_method(b.bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", method,
                           nullptr, &reply, "") < 0)
      continue;
    bool found = false;
    if (sd_bus_message_enter_container(reply, 'a', "s") > 0) {
      const char* name = nullptr;
      while (sd_bus_message_read(reply, "s", &name) > 0)
        if (name && std::strcmp(name, kPortal) == 0) found = true;
    }
    sd_bus_message_unref(reply);
    if (found) return true;
  }
  return false;
}

DialogResult run_portal_open_file(const std::string& title, const std::string& start_dir) {
  DialogResult fail;
  Bus b;
  int r = sd_bus_open_user(&b.bus);
  if (r < 0) {
    fail.error = std::string("no D-Bus session for the file portal (") + std::strerror(-r) + ")";
    return fail;
  }
  const char* unique = nullptr;
  if (sd_bus_get_unique_name(b.bus, &unique) < 0 || !unique) {
    fail.error = "no D-Bus name for the file portal";
    return fail;
  }
  // ":1.42" -> "1_42", as the portal spells the sender in request paths.
  std::string sender = unique + 1;
  for (char& c : sender)
    if (c == '.') c = '_';
  static std::atomic<int> counter{0};
  const std::string token = "lookupviz" + std::to_string(++counter);
  const std::string request = std::string(kPortalPath) + "/request/" + sender + "/" + token;

  Answer answer;
  sd_bus_slot* slot = nullptr;
  r = sd_bus_match_signal(b.bus, &slot, nullptr, request.c_str(), "org.freedesktop.portal.Request", "Response",
                          on_response, &answer);
  if (r < 0) {
    fail.error = std::string("cannot listen for the file portal (") + std::strerror(-r) + ")";
    return fail;
  }
  sd_bus_message* call = nullptr;
  r = sd_bus_message_new_method_call(b.bus, &call, kPortal, kPortalPath, "org.freedesktop.portal.FileChooser",
                                     "OpenFile");
  if (r >= 0) r = sd_bus_message_append(call, "ss", "", title.c_str());
  if (r >= 0) r = append_options(call, token, start_dir);
  sd_bus_error error = SD_BUS_ERROR_NULL;
  sd_bus_message* reply = nullptr;
  if (r >= 0) r = sd_bus_call(b.bus, call, 0, &error, &reply);
  sd_bus_message_unref(call);
  sd_bus_message_unref(reply);
  if (r < 0) {
    fail.error =
        std::string("the file portal is not there (") + (error.message ? error.message : std::strerror(-r)) + ")";
    sd_bus_error_free(&error);
    sd_bus_slot_unref(slot);
    return fail;
  }
  sd_bus_error_free(&error);
  // Wait for the Response signal, as long as a program's dialog may take (file_dialog.hpp):
  // then the request is closed (the portal closes its dialog) and nothing is opened.
  const auto started = std::chrono::steady_clock::now();
  while (!answer.done) {
    r = sd_bus_process(b.bus, nullptr);
    if (r < 0) {
      answer.result.error = std::string("the D-Bus connection broke (") + std::strerror(-r) + ")";
      break;
    }
    if (r > 0) continue;
    const double left =
        kDialogTimeoutSeconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (left <= 0.0) {
      sd_bus_call_method(b.bus, kPortal, request.c_str(), "org.freedesktop.portal.Request", "Close", nullptr, nullptr,
                         "");
      answer.result.outcome = DialogResult::Refused;
      answer.result.error = "The file dialog (the desktop's file portal) gave no answer in " +
                            std::to_string(static_cast<long long>(kDialogTimeoutSeconds)) +
                            " s, so it was closed and nothing was opened.";
      break;
    }
    if ((r = sd_bus_wait(b.bus, static_cast<uint64_t>(left * 1e6) + 1)) < 0) {
      answer.result.error = std::string("waiting for the file portal failed (") + std::strerror(-r) + ")";
      break;
    }
  }
  sd_bus_slot_unref(slot);
  return answer.result;
}

}  // namespace lv::app
