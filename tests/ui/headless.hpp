// headless.hpp — the app's UI in a headless ImGui context (example_null's recipe:
// a context, a font atlas, a display size, frames, Render() with no backend),
// driven with real input events: mouse moves and clicks on named controls, typed
// characters, key presses. Key indices are GLFW's, as the GLFW backend maps them.
#pragma once
#include <imgui.h>

#include <string>
#include <string_view>

#include "app/deck/app_init.hpp"
#include "app/state/app_edits.hpp"
#include "app/state/app_state.hpp"
#include "app/app_ui.hpp"
#include "app/model/model_jobs.hpp"
#include "app/slides/slides.hpp"  // slide_count(): the registry's count, given to core as main() does
#include "app/ui_base/ui_landmarks.hpp"
#include "app/ui_base/ui_theme.hpp"
#include "core/settings/cli_options.hpp"
#include "core/tokenizer/gpt2_tokenizer.hpp"

namespace lv::app::test {

// GLFW key codes (GLFW/glfw3.h), so tests press what a user's keyboard sends.
enum Key : int {
  kSpace = 32,
  kA = 65,
  kC = 67,
  kV = 86,
  kX = 88,
  kEscape = 256,
  kEnter = 257,
  kTab = 258,
  kBackspace = 259,
  kDelete = 261,
  kRight = 262,
  kLeft = 263,
  kDown = 264,
  kUp = 265,
  kPageUp = 266,
  kPageDown = 267,
  kHome = 268,
  kEnd = 269,
};

class Headless {
 public:
  explicit Headless(ImVec2 size = ImVec2(1440, 900), float scale = 1.0f) {
    give_core_the_deck();  // as main() starts: core's --slide and session checks, and its quiz
    ctx_ = ImGui::CreateContext();
    clear_landmarks();  // the last test's context counted the same frames
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    configure_keyboard(io);  // as the window does
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60.0f;
    const int map[][2] = {{ImGuiKey_Tab, kTab},
                          {ImGuiKey_LeftArrow, kLeft},
                          {ImGuiKey_RightArrow, kRight},
                          {ImGuiKey_UpArrow, kUp},
                          {ImGuiKey_DownArrow, kDown},
                          {ImGuiKey_PageUp, kPageUp},
                          {ImGuiKey_PageDown, kPageDown},
                          {ImGuiKey_Home, kHome},
                          {ImGuiKey_End, kEnd},
                          {ImGuiKey_Delete, kDelete},
                          {ImGuiKey_Backspace, kBackspace},
                          {ImGuiKey_Space, kSpace},
                          {ImGuiKey_Enter, kEnter},
                          {ImGuiKey_Escape, kEscape},
                          {ImGuiKey_A, kA},
                          {ImGuiKey_C, kC},
                          {ImGuiKey_V, kV},
                          {ImGuiKey_X, kX}};
    for (const auto& m : map) io.KeyMap[m[0]] = m[1];
    load_fonts(scale);
    unsigned char* pixels;
    int w, h;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    app.ui.scale = scale;
  }
  // Its own context, so a test may make a second Headless after the first (the second is
  // current until it ends; the first's is destroyed by pointer, not as "the current one").
  ~Headless() {
    ImGui::SetCurrentContext(ctx_);
    ImGui::DestroyContext(ctx_);
  }

  // As main() starts: GPT-2's tokenizer handed over, --text tokenized, the model made.
  void init(const std::vector<std::string>& args = {"lookupviz"}) {
    CliParse p = parse_cli(args);
    use_tokenizer(app, tokenizer());
    if (p.options.text) apply_text_ids(p.options, *app.tokenizer);
    app_init(app, p.options);
    finish_jobs(app);  // a big table asked for at start: ready before the test looks
  }

  // One frame of the whole UI.
  void frame(float dt = 1.0f / 60.0f) {
    ImGui::GetIO().DeltaTime = dt;
    ImGui::NewFrame();
    app_frame(app);
    ImGui::Render();
  }
  void frames(int n, float dt = 1.0f / 60.0f) {
    for (int i = 0; i < n; ++i) frame(dt);
  }

  bool center_of(const char* name, ImVec2* at) {
    ImVec2 a, b;
    if (!find_landmark(name, &a, &b)) return false;
    *at = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    return true;
  }

  void move_to(ImVec2 p) {
    ImGui::GetIO().MousePos = p;
    frame();
  }
  // A real click: move, press for a frame, release.
  bool click(const char* name) {
    ImVec2 at;
    if (!center_of(name, &at)) return false;
    click_at(at);
    return true;
  }
  void click_at(ImVec2 at) {
    ImGuiIO& io = ImGui::GetIO();
    move_to(at);
    io.MouseDown[0] = true;
    frame();
    io.MouseDown[0] = false;
    frame();
  }
  void press(int key, bool ctrl = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyCtrl = ctrl;
    io.KeysDown[key] = true;
    frame();
    io.KeysDown[key] = false;
    io.KeyCtrl = false;
    frame();
  }
  void type(const char* text) {
    ImGui::GetIO().AddInputCharactersUTF8(text);
    frame();
  }
  // Typed as the window's keyboard sends it: GLFW's char callback gives each code point
  // whole (🐱 is one U+1F431), and the platform hands it to ImGui through typed_character.
  void type_keys(const char* utf8) {
    std::string_view s(utf8);
    for (size_t i = 0; i < s.size();) {
      const unsigned char b = static_cast<unsigned char>(s[i]);
      const size_t n = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
      unsigned c = n == 1 ? b : b & (0x7F >> n);
      for (size_t k = 1; k < n && i + k < s.size(); ++k) c = c << 6 | (static_cast<unsigned char>(s[i + k]) & 0x3F);
      ImGui::GetIO().AddInputCharacter(typed_character(app, c));
      i += n;
    }
    frame();
  }
  // Click into a text field, select all, type a replacement.
  bool replace_text(const char* field, const char* text) {
    if (!click(field)) return false;
    press(kA, /*ctrl=*/true);
    type(text);
    frame();
    return true;
  }

  // The build tree's pack, loaded once for every test.
  static std::shared_ptr<const Gpt2Tokenizer> tokenizer() {
    static const std::shared_ptr<const Gpt2Tokenizer> t = [] {
      TokenizerLoad l = load_gpt2_tokenizer(LOOKUPVIZ_BPE_PACK);
      return std::shared_ptr<const Gpt2Tokenizer>(std::move(l.tokenizer));
    }();
    return t;
  }

  App app;

 private:
  ImGuiContext* ctx_ = nullptr;
};

}  // namespace lv::app::test
