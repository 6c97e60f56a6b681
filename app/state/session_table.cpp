// session_table.cpp — see session_table.hpp.
#include "app/state/session_table.hpp"

#include <filesystem>
#include <memory>

#include "app/state/app_edits.hpp"
#include "core/text/text_format.hpp"

namespace lv::app {

std::string weights_spec(const TableFile& file) {
  // Stored absolute: a session restored from another folder must find the same file.
  std::string path = file.path;
  if (!path.empty() && path.front() != '/') {
    std::error_code ec;
    const std::filesystem::path abs = std::filesystem::absolute(path, ec);
    if (!ec) path = abs.lexically_normal().string();
  }
  return file.named ? path + ":" + file.name : path;
}

bool finish_session_table(App& app, TableLoad& r) {
  ModelInputs& in = app.inputs;
  ModelInputs::Unopened u = in.unopened;
  in.unopened.reopening = false;
  const char* kept = "; showing the seeded table. It stays in your session until you open another table.";
  if (!r.ok) {
    app.loading.error = "Could not reopen your table " + u.weights + " (" +
                        (r.tensor_names.empty() ? r.error : "it holds several tables and none was named") + ")" + kept;
    return false;
  }
  for (int64_t id : u.ids) {
    if (id >= r.table.rows) {
      app.loading.error = "Your IDs no longer fit " + u.weights + " (" +
                          with_commas(static_cast<uint64_t>(r.table.rows)) + " rows)" + kept;
      return false;
    }
  }
  in.ids = u.ids;
  take_change(app, set_table_file(app, std::make_shared<const TableFile>(std::move(r.table))));
  if (!u.edits.empty() && u.rows == app.derived.vocab && u.cols == app.derived.dim) {
    for (const SettingsEdit& e : u.edits) (*in.edits)[e.row * u.cols + e.col] = e.value;
    ++in.edits_version;
    take_change(app, recompute(app));
  }
  sync_text_fields(app);
  return true;
}

}  // namespace lv::app
