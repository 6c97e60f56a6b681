// widget_code_panel.cpp — a tiny Python tokenizer feeding coloured text runs.
#include "app/widgets/widget_code_panel.hpp"

#include <imgui.h>

#include <cctype>
#include <cstring>

namespace lv::app {
namespace {

struct CodeColors {
  ImU32 plain, keyword, string, number, comment, call, prompt;
};

CodeColors code_colors(const Palette& pal, Theme theme) {
  if (theme == Theme::Dark)
    return {pal.text,
            IM_COL32(198, 146, 255, 255),
            IM_COL32(152, 214, 135, 255),
            IM_COL32(247, 178, 103, 255),
            pal.muted,
            IM_COL32(110, 190, 255, 255),
            pal.faint};
  return {pal.text,
          IM_COL32(130, 50, 200, 255),
          IM_COL32(30, 120, 40, 255),
          IM_COL32(180, 90, 0, 255),
          pal.muted,
          IM_COL32(20, 100, 190, 255),
          pal.faint};
}

bool is_keyword(const char* b, const char* e) {
  static const char* kw[] = {"import", "from", "with",  "as",   "def",   "return", "for", "in",  "if",
                             "else",   "True", "False", "None", "class", "lambda", "not", "and", "or"};
  const size_t n = static_cast<size_t>(e - b);
  for (const char* k : kw)
    if (std::strlen(k) == n && std::strncmp(k, b, n) == 0) return true;
  return false;
}

// Emits one run of text at the cursor, on the same line as the previous run.
void run(const char* b, const char* e, ImU32 col, bool& first) {
  if (b == e) return;
  if (!first) ImGui::SameLine(0.0f, 0.0f);
  first = false;
  ImGui::PushStyleColor(ImGuiCol_Text, col);
  ImGui::TextUnformatted(b, e);
  ImGui::PopStyleColor();
}

void draw_line(const char* b, const char* e, const CodeColors& cc) {
  bool first = true;
  const char* p = b;
  while (p < e) {
    const char* s = p;
    if (*p == '#') {
      run(p, e, cc.comment, first);
      return;
    }
    if (*p == '"' || *p == '\'') {
      const char q = *p++;
      while (p < e && *p != q) ++p;
      if (p < e) ++p;
      run(s, p, cc.string, first);
      continue;
    }
    if (std::isdigit(static_cast<unsigned char>(*p))) {
      while (p < e && (std::isalnum(static_cast<unsigned char>(*p)) || *p == '.' || *p == '_')) ++p;
      run(s, p, cc.number, first);
      continue;
    }
    if (std::isalpha(static_cast<unsigned char>(*p)) || *p == '_') {
      while (p < e && (std::isalnum(static_cast<unsigned char>(*p)) || *p == '_')) ++p;
      ImU32 col = cc.plain;
      if (is_keyword(s, p)) col = cc.keyword;
      else if (p < e && *p == '(') col = cc.call;
      run(s, p, col, first);
      continue;
    }
    // Punctuation and spaces up to the next interesting character.
    while (p < e && *p != '#' && *p != '"' && *p != '\'' && !std::isalnum(static_cast<unsigned char>(*p)) && *p != '_')
      ++p;
    run(s, p, cc.plain, first);
  }
  if (first) ImGui::TextUnformatted("");
}

// Calls line(b, e) for each line of text, without its '\n'.
template <class LineFn>
void for_each_line(const std::string& text, LineFn&& line) {
  const char* p = text.c_str();
  const char* end = p + text.size();
  while (p < end) {
    const char* nl = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p)));
    line(p, nl ? nl : end);
    p = nl ? nl + 1 : end;
  }
}

}  // namespace

void draw_python(const std::string& code, const Palette& pal, Theme theme) {
  const CodeColors cc = code_colors(pal, theme);
  for_each_line(code, [&](const char* b, const char* e) { draw_line(b, e, cc); });
}

void draw_output(const std::string& output, const Palette& pal, Theme theme, const OutputNotes* notes) {
  const CodeColors cc = code_colors(pal, theme);
  for_each_line(output, [&](const char* b, const char* e) {
    if (e - b >= 4 && std::strncmp(b, ">>> ", 4) == 0) {
      bool first = true;
      run(b, b + 4, cc.prompt, first);
      ImGui::SameLine(0.0f, 0.0f);
      draw_line(b + 4, e, cc);
      if (notes) {
        for (const auto& [expr, note] : *notes) {
          if (expr.size() != static_cast<size_t>(e - b - 4) || expr.compare(0, expr.size(), b + 4, expr.size()) != 0)
            continue;
          ImGui::SameLine(0.0f, 0.0f);
          ImGui::PushStyleColor(ImGuiCol_Text, cc.comment);
          ImGui::Text("   # %s", note.c_str());
          ImGui::PopStyleColor();
        }
      }
    } else {
      ImGui::TextUnformatted(b, e);
    }
  });
}

}  // namespace lv::app
