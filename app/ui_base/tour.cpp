// tour.cpp — the tour's clock (tour.hpp): how long a step is held, and when it moves on.
#include "app/ui_base/tour.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <vector>

namespace lv::app {

double tour_hold_seconds(int words) {
  return std::max(kTourMinHoldSeconds, static_cast<double>(std::max(words, 0)) * 60.0 / kTourWordsPerMinute);
}

namespace {

// Does the UTF-8 character at p (of its `n` bytes) read as part of a word: a letter or a
// digit (any script), not punctuation or a symbol ("—", "×", "→", "·" are not read aloud)?
bool wordish(const unsigned char* p, int n) {
  if (n == 1) return std::isalnum(p[0]) != 0;
  unsigned cp = p[0] & (0x7Fu >> n);
  for (int i = 1; i < n; ++i) cp = (cp << 6) | (p[i] & 0x3Fu);
  if (cp < 0xC0 || cp == 0xD7 || cp == 0xF7) return false;  // Latin-1's signs, × and ÷
  return cp < 0x2000 || cp > 0x2BFF;                        // punctuation, arrows, maths, boxes and shapes
}

}  // namespace

int text_word_count(const char* text, const char* end) {
  int n = 0;
  bool counted = false;  // the run of non-spaces being read has counted already
  for (const char* p = text; p < end;) {
    const unsigned char c = static_cast<unsigned char>(*p);
    const int len = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    const bool space = c == ' ' || c == '\n' || c == '\t' || c == '\r';
    if (space) {
      counted = false;
    } else {
      if (!counted && end - p >= len && wordish(reinterpret_cast<const unsigned char*>(p), len)) {
        ++n;  // a run of characters counts once, if any of it is a letter or a digit
        counted = true;
      }
    }
    p += space ? 1 : std::min<std::ptrdiff_t>(len, end - p);
  }
  return n;
}

namespace {

bool is_space(char c) { return c == ' ' || c == '\n' || c == '\t' || c == '\r'; }

// The sentences of text[0, end), each with its spaces and line breaks made single spaces
// (a narration wrapped at another width has the same sentences); a sentence ends with a
// word ending in '.', '!', '?', ':' or ';'.
std::vector<std::string> sentences(const char* text, const char* end) {
  std::vector<std::string> out;
  std::string cur;
  for (const char* p = text; p < end;) {
    while (p < end && is_space(*p)) ++p;
    const char* w = p;
    while (p < end && !is_space(*p)) ++p;
    if (w == p) break;
    if (!cur.empty()) cur += ' ';
    cur.append(w, p);
    const char last = p[-1];
    if (last == '.' || last == '!' || last == '?' || last == ':' || last == ';')
      out.push_back(std::move(cur)), cur.clear();
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  return out;
}

}  // namespace

int tour_new_words(const std::string& read, const char* text, const char* end) {
  // Each sentence read before answers for one equal sentence of the text (a multiset).
  std::vector<std::string> old = sentences(read.data(), read.data() + read.size());
  int words = 0;
  for (const std::string& sentence : sentences(text, end)) {
    const auto seen = std::find(old.begin(), old.end(), sentence);
    if (seen != old.end()) seen->clear();  // used up (no sentence is empty)
    else words += text_word_count(sentence.data(), sentence.data() + sentence.size());
  }
  return words;
}

void tour_begin(TourState& t, double speed) {
  t = TourState{};
  t.running = true;
  t.speed = speed > 0.0 ? speed : 1.0;
}

void tour_end(TourState& t) {
  const bool waits = t.waits;  // Learn mode's, not the tour's
  t = TourState{};
  t.waits = waits;
}

TourMove tour_tick(TourState& t, double now, const TourView& v) {
  if (!t.running) return TourMove::None;
  if (v.slide != t.slide || v.step != t.step) {
    t.slide = v.slide;
    t.step = v.step;
    t.since = now;
    t.words = -1;
  }
  if (t.waits) {
    t.since = now;  // the question is answered first; then the step is read
    return TourMove::None;
  }
  if (!v.settled || t.words < 0 || now - t.since < tour_hold_seconds(t.words) / t.speed) return TourMove::None;
  if (v.step < v.steps - 1 || v.slide < v.slides - 1) {
    t.step = -2;  // the next step's hold starts when it shows (and its narration is drawn)
    t.words = -1;
    if (v.step < v.steps - 1) t.read.swap(t.shown);  // what the next step adds is read next
    else t.read.clear();                             // a new slide is read whole
    t.shown.clear();
    return v.step < v.steps - 1 ? TourMove::NextStep : TourMove::NextSlide;
  }
  tour_end(t);
  t.finished = true;
  return TourMove::Finished;
}

double tour_due_in(const TourState& t, double now) {
  if (!t.running || t.waits || t.words < 0) return -1.0;
  return std::max(0.0, t.since + tour_hold_seconds(t.words) / t.speed - now);
}

void tour_narration_drawn(TourState& t, int slide, int step, const char* text, const char* end) {
  if (!t.running || slide != t.slide || step != t.step) return;
  t.shown.assign(text, end);
  t.words = std::max(t.words, tour_new_words(t.read, text, end));
}

}  // namespace lv::app
