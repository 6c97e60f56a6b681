// wide_input.cpp — what the user types or pastes reaches the model byte for byte,
// though Debian's Dear ImGui 1.86 holds text as 16-bit characters (ImWchar): a
// character beyond U+FFFF (🐱) would become U+FFFD in ImGui's hands. Typed characters
// (GLFW's char callback gives full code points) and the clipboard (UTF-8 both ways) go
// through the App's slots (core/text/wide_text.hpp) on the way in and out, so ImGui edits a
// BMP stand-in character for each — the caret moves over it, Backspace deletes it,
// selection and copy work — and text_field() gives back the exact UTF-8.
#include <imgui.h>

#include <string>

#include "app/model/app_model.hpp"
#include "app/chrome/chrome.hpp"
#include "app/deck/slide_nav.hpp"
#include "core/text/wide_text.hpp"

namespace lv::app {
namespace {

// The clipboard functions found in the context (the GLFW backend's, or ImGui's own in a
// headless context), wrapped: ImGui's io holds one pair of plain function pointers and one
// user-data pointer, so the wrapper's state is this one chain (one ImGui context a process).
struct ClipboardChain {
  const char* (*get)(void*) = nullptr;
  void (*set)(void*, const char*) = nullptr;
  void* data = nullptr;
  WideText* wide = nullptr;  // the App drawing now (app_frame sets it each frame)
  std::string pasted;        // what the last get returned, kept alive for ImGui
};
ClipboardChain g_chain;

const char* wide_get_clipboard(void*) {
  const char* text = g_chain.get ? g_chain.get(g_chain.data) : nullptr;
  if (!text || !g_chain.wide) return text;
  g_chain.pasted = wide_to_edit(*g_chain.wide, text);
  return g_chain.pasted.c_str();
}

void wide_set_clipboard(void*, const char* text) {
  if (!g_chain.set) return;
  if (!text || !g_chain.wide) {
    g_chain.set(g_chain.data, text);
    return;
  }
  g_chain.set(g_chain.data, wide_from_edit(*g_chain.wide, text).c_str());
}

}  // namespace

unsigned typed_character(App& app, unsigned codepoint) {
  if (codepoint == 0 || codepoint > 0x10FFFF || (codepoint >= 0xD800 && codepoint <= 0xDFFF)) return codepoint;
  const char32_t c = wide_to_edit(app.ui.editor.wide, static_cast<char32_t>(codepoint));
  wide_note_glyph(app.ui.editor.wide, c);
  return static_cast<unsigned>(c);
}

void hook_wide_clipboard(App& app) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.GetClipboardTextFn != wide_get_clipboard) {
    g_chain.get = io.GetClipboardTextFn;
    g_chain.set = io.SetClipboardTextFn;
    g_chain.data = io.ClipboardUserData;
    io.GetClipboardTextFn = wide_get_clipboard;
    io.SetClipboardTextFn = wide_set_clipboard;
    io.ClipboardUserData = nullptr;
  }
  g_chain.wide = &app.ui.editor.wide;
}

}  // namespace lv::app
