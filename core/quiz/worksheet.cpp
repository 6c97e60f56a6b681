// worksheet.cpp — --export-worksheet's plan and Markdown (see the header).
#include "core/quiz/worksheet.hpp"

#include "core/quiz/quiz_json.hpp"
#include "core/text/id_parse.hpp"
#include "core/text/text_format.hpp"

namespace lv::quiz {

std::string picture_file(const std::string& md_path, int number, int slide, std::string* link) {
  std::string stem = md_path;
  const size_t slash = stem.rfind('/');
  const size_t dot = stem.rfind('.');
  if (dot != std::string::npos && (slash == std::string::npos || dot > slash + 1)) stem.resize(dot);
  // The name part as a Markdown link can hold it (issue 39): a line break or another control
  // character ends a link's target, so each becomes '_' (the folder part stays as given).
  for (size_t k = slash == std::string::npos ? 0 : slash + 1; k < stem.size(); ++k)
    if (static_cast<unsigned char>(stem[k]) < 0x20 || stem[k] == 0x7f) stem[k] = '_';
  const std::string suffix = "-q" + std::to_string(number) + "-slide" + std::to_string(slide) + ".png";
  if (link) *link = stem.substr(slash == std::string::npos ? 0 : slash + 1) + suffix;
  return stem + suffix;
}

std::string state_words(const StateSpec& spec) {
  return "seed " + std::to_string(spec.seed) + ", IDs [" + format_ids(spec.ids) + "], a " + with_commas(spec.vocab) +
         " \u00d7 " + with_commas(spec.dim) + " table";
}

namespace {

// Text as Markdown reads it literally: its markup characters escaped, line breaks as spaces.
std::string md_text(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\n' || c == '\r') c = ' ';
    if (std::string_view("\\`*_[]<>#|").find(c) != std::string_view::npos) out += '\\';
    out += c;
  }
  return out;
}

// A link's target: spaces, parentheses, angle brackets and any control character
// percent-encoded, so any file name links.
std::string md_link(const std::string& s) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (char c : s) {
    const unsigned char u = static_cast<unsigned char>(c);
    if (u <= 0x20 || u == 0x7f || c == '(' || c == ')' || c == '<' || c == '>') {
      out += '%';
      out += kHex[u >> 4];
      out += kHex[u & 15];
    } else {
      out += c;
    }
  }
  return out;
}

}  // namespace

std::string worksheet_markdown(const std::string& state, const std::vector<WorksheetItem>& items) {
  std::string out = "# Predict, then check: an embedding lookup is a matrix multiply\n\n";
  out += state.empty() ? "Each question is about its own small state, named with it.\n"
                       : "Every question is about one state: " + md_text(state) + ".\n";
  out += "Look at the picture (the slide just before it shows the answer), write what you predict, then check it "
         "in lookupviz on that slide. The answers are at the end.\n";
  for (size_t k = 0; k < items.size(); ++k) {
    const WorksheetItem& it = items[k];
    const std::string n = std::to_string(k + 1);
    out += "\n---\n\n## Question " + n + " \u00b7 slide " + std::to_string(it.question.slide) + ", " +
           md_text(it.slide_title) + "\n\n";
    out += "![Question " + n + ": the slide before the reveal](" + md_link(it.picture) + ")\n\n";
    if (!it.table_picture.empty())
      out += "![Question " + n + ": the whole table](" + md_link(it.table_picture) + ")\n\n";
    if (!it.state.empty()) out += "State: " + md_text(it.state) + ".\n\n";
    out += "**" + n + ". " + md_text(it.question.prompt) + "**\n\n";
    out += "Your answer: ________________________________\n";
  }
  out += "\n---\n\n## Answer key\n\n";
  for (size_t k = 0; k < items.size(); ++k) {
    const Question& q = items[k].question;
    out += std::to_string(k + 1) + ". `" + answer_text(q.answer) + "` \u2014 " + md_text(q.why) + "\n";
  }
  return out;
}

}  // namespace lv::quiz
