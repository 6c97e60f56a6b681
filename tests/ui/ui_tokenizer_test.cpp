// ui_tokenizer_test.cpp — issue 14's window part, driven like a user: the editor bar's
// Text mode (typing a sentence gives the book's IDs, the chips read ␣ and ↵, bad text
// keeps the last good IDs and says why), slide 0 "Text → token IDs" (pieces, the merges
// of "someunknownPlace" step by step as BPE applies them, any piece picked), the slide
// numbers (0 before the table, 1 the table), slide 8 decoding its argmax, the code
// panel's tiktoken lines, and the session keeping Text mode and its sentence.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <string>

#include "app/deck/slide_host.hpp"
#include "app/deck/app_init.hpp"
#include "app/ui_base/anim_timeline.hpp"
#include "app/app_learn.hpp"
#include "app/app_session.hpp"
#include "app/state/bpe_replay.hpp"
#include "app/slides/slide_code.hpp"
#include "app/slides/slides.hpp"
#include "core/text/id_parse.hpp"
#include "core/tokenizer/bpe_vocab.hpp"
#include "core/text/token_text.hpp"
#include "headless.hpp"
#include "screen_text.hpp"

namespace lv::app::test {
namespace {

const char* kBook = "Hello, do you like tea? <|endoftext|> In the sunlit terraces of someunknownPlace.";
const IdList kBookIds = {15496, 11,   466,   345,  588,  8887, 30,  220,   50256, 554,
                         262,   4252, 18250, 8812, 2114, 286,  617, 34680, 27271, 13};

// Whether the screen shows `want`, spaces ignored (the screen reader splits words by the
// gaps between glyphs, which differ between a mono and a proportional face).
std::string squeezed(std::string t) {
  std::erase(t, ' ');
  return t;
}
bool shows(const ScreenText& s, const std::string& want) {
  for (const std::string& l : s.lines)
    if (squeezed(l).find(squeezed(want)) != std::string::npos) return true;
  return false;
}

// The end of step `step` of the current slide.
void show_step(Headless& h, int step) {
  const int steps = current_slide_steps(h.app);
  timeline_seek(h.app.ui.timeline, steps, static_cast<float>(step) + 1.0f);
  h.frames(3);
}

class UiTokenizer : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(Headless::tokenizer()) << "the build tree's GPT-2 pack did not load";
    h.init();
    h.frames(3);
  }
  // Text mode, then the sentence typed into its field (as a user: click, select all, type).
  void type_sentence(const char* text) {
    ASSERT_TRUE(h.click("mode-text"));
    ASSERT_TRUE(h.replace_text("text-field", text));
    finish_jobs(h.app);  // GPT-2's 50,257-row table is drawn on a worker
    h.frames(3);
  }
  Headless h;
};

TEST_F(UiTokenizer, TypingTheBooksSentenceGivesItsIds) {
  type_sentence(kBook);
  EXPECT_EQ(h.app.ui.editor.ids_input, IdsInput::Text);
  EXPECT_EQ(h.app.inputs.ids, kBookIds);
  EXPECT_EQ(h.app.derived.vocab, 50257);  // as --text: GPT-2's vocabulary
  EXPECT_EQ(h.app.derived.batch, 20);
  EXPECT_TRUE(ids_from_text(h.app.inputs));
  EXPECT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
  // The chips show each token's text with its ID, a leading space as ␣.
  const ScreenText s = read_screen();
  EXPECT_TRUE(shows(s, "Hello 15496")) << s.all();
  EXPECT_TRUE(shows(s, ", 11")) << s.all();
  EXPECT_TRUE(s.contains("B = 20 IDs into a 50,257 × 5 table")) << s.all();
  // Other goldens of the book, typed.
  ASSERT_TRUE(h.replace_text("text-field", "Every effort moves you"));
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{6109, 3626, 6100, 345}));
  ASSERT_TRUE(h.replace_text("text-field", "Hi all"));
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{17250, 477}));
  EXPECT_TRUE(shows(read_screen(), "␣all 477")) << read_screen().all();  // a leading space as ␣
  ASSERT_TRUE(h.replace_text("text-field", "Akwirw ier"));
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, (IdList{33901, 86, 343, 86, 220, 959}));
}

TEST_F(UiTokenizer, NewlineChipsShowTheReturnSign) {
  type_sentence("Hi");
  apply_text(h.app, "\nHi");  // a field of one line cannot type a newline
  ASSERT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
  h.frames(3);
  EXPECT_EQ(h.app.inputs.ids, (IdList{198, 17250}));  // "\n" is GPT-2's token 198
  const ScreenText s = read_screen();
  EXPECT_TRUE(shows(s, "↵ 198")) << s.all();
}

TEST_F(UiTokenizer, BadTextSaysWhyAndKeepsTheLastGoodIds) {
  type_sentence("Every effort moves you");
  const IdList good = h.app.inputs.ids;
  const uint64_t gen = h.app.derived.generation;
  // Emptied field: a message, the IDs stay.
  ASSERT_TRUE(h.click("text-field"));
  h.press(kA, /*ctrl=*/true);
  h.press(kBackspace);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, good);
  EXPECT_EQ(h.app.derived.generation, gen);
  ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("Type a sentence: empty text has no tokens")) << s.all();
  EXPECT_TRUE(s.contains("still showing the last valid IDs")) << s.all();
  // Bytes that are not UTF-8 (a paste can hold them): refused with the byte named.
  apply_text(h.app, "ab\xFF");
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, good);
  s = read_screen();
  EXPECT_TRUE(s.contains("This text is not valid UTF-8 (byte 0xFF at offset 2)")) << s.all();
  // A fixed V too small for GPT-2's IDs: refused, as --vocab 100 --text is.
  set_ids_input(h.app, IdsInput::Ids);
  set_ids(h.app, {1, 2});
  set_vocab_mode(h.app, VocabMode::Fixed, 100);
  EXPECT_EQ(set_text(h.app, "Hello").error,
            "Token 15496 is out of range for this table's 100 rows: GPT-2's IDs need 50,257");
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 2}));
  // GPT-2's V at a D too wide for it: the table-size rule's sentence (core/torch/table_size.hpp),
  // as --text with --dim 65536 says it.
  set_vocab_mode(h.app, VocabMode::FromIds, 0);
  set_dim(h.app, 65536);
  ASSERT_EQ(h.app.inputs.dim, 65536);
  EXPECT_EQ(set_text(h.app, "Hello").error,
            "A 50,257 × 65,536 table is too big: rows × dim may be at most 134,217,728 values. Make D or the text "
            "smaller.");
  EXPECT_EQ(h.app.inputs.ids, (IdList{1, 2}));
}

TEST_F(UiTokenizer, SlideZeroIsTheTokenizerAndOneIsTheTable) {
  ASSERT_EQ(slide_count(), deck_size());
  EXPECT_STREQ(slide_table()[0].title, "Text → token IDs");
  EXPECT_STREQ(slide_table()[1].title, "The table");
  EXPECT_EQ(parse_cli({"lookupviz", "--slide", "0"}).options.slide, 0);
  EXPECT_EQ(parse_cli({"lookupviz"}).options.slide, 1);
  EXPECT_EQ(h.app.ui.slide, 1);  // the app opens on the table
  // Keys reach it: ← from the table, and its number.
  h.press(kLeft);
  EXPECT_EQ(h.app.ui.slide, 0);
  char counter[32];
  std::snprintf(counter, sizeof counter, "00 of 00–%02d", slide_count() - 1);  // the registry's last
  EXPECT_TRUE(read_screen().contains(counter)) << read_screen().all();
  h.type("3");
  EXPECT_EQ(h.app.ui.slide, 3);
  h.type("0");
  EXPECT_EQ(h.app.ui.slide, 0);
  h.press(kRight);
  EXPECT_EQ(h.app.ui.slide, 1);
  counter[1] = '1';
  EXPECT_TRUE(read_screen().contains(counter)) << read_screen().all();
}

TEST_F(UiTokenizer, TheMergesOfSomeunknownPlaceStepByStep) {
  type_sentence(kBook);
  go_to_slide(h.app, 0);
  h.frames(3);
  const BpeReplay& r = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
  ASSERT_TRUE(r.problem.empty()) << r.problem;
  EXPECT_FALSE(r.decoded);
  // The pattern's pieces, in order, covering the text.
  std::vector<TextPiece> want;
  ASSERT_TRUE(h.app.tokenizer->split(kBook, want, nullptr));
  ASSERT_EQ(r.pieces.size(), want.size());
  std::string joined;
  IdList all;
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(r.pieces[i].text, std::string(want[i].text));
    joined += r.pieces[i].text;
    all.insert(all.end(), r.pieces[i].ids.begin(), r.pieces[i].ids.end());
  }
  EXPECT_EQ(joined, kBook);
  EXPECT_EQ(all, kBookIds);
  // The default piece is the book's unknown word; its replay is BPE's own merge list.
  ASSERT_GE(r.chosen, 0);
  const std::string piece = r.pieces[static_cast<size_t>(r.chosen)].text;
  EXPECT_EQ(piece, " someunknownPlace");
  const std::vector<BpeStep> merges = h.app.gpt2->merge_steps(piece);
  ASSERT_EQ(r.merged_at.size(), merges.size());
  ASSERT_GT(merges.size(), 5u);
  EXPECT_EQ(r.parts.front().size(), piece.size());  // single bytes first
  for (size_t k = 0; k < merges.size(); ++k)
    EXPECT_EQ(r.parts[k + 1][static_cast<size_t>(r.merged_at[k])], merges[k].merged) << "merge " << k;
  EXPECT_EQ(r.parts.back(), (IdList{617, 34680, 27271}));  // " some", "unknown", "Place"
  EXPECT_EQ(current_slide_steps(h.app), 3 + static_cast<int>(merges.size()));
  // On screen, one merge per step: step 2 + k shows merge k + 1 as "left + right → merged".
  const BpeVocab& v = h.app.gpt2->vocab();
  for (size_t k = 0; k < merges.size(); ++k) {
    show_step(h, 2 + static_cast<int>(k));
    char line[256];
    std::snprintf(line, sizeof line, "%zu. %s + %s → %s", k + 1, bytes_as_symbols(v.token(merges[k].left)).c_str(),
                  bytes_as_symbols(v.token(merges[k].right)).c_str(),
                  bytes_as_symbols(v.token(merges[k].merged)).c_str());
    const ScreenText s = read_screen();
    EXPECT_TRUE(shows(s, line)) << "step " << 2 + k << ": no “" << line << "”\n" << s.all();
    if (k + 1 < merges.size()) {
      std::snprintf(line, sizeof line, "%zu.", k + 2);
      bool later = false;  // the next merge is not shown yet
      for (const std::string& l : s.lines) later |= squeezed(l).rfind(line, 0) == 0 && l.find("+") != std::string::npos;
      EXPECT_FALSE(later) << "step " << 2 + k << " already shows merge " << k + 2;
    }
  }
  // The last step: the IDs.
  show_step(h, current_slide_steps(h.app) - 1);
  const ScreenText s = read_screen();
  EXPECT_TRUE(s.contains("34680")) << s.all();
  EXPECT_TRUE(s.contains("␣sunlit")) << s.all();
  EXPECT_TRUE(s.contains("Ġsunlit")) << s.all();  // the byte-level symbols
}

// The caption counts the tokens only once their step shows them: before, it would answer
// "how many tokens?" for a worksheet's picture or Learn mode's question (issue 28).
TEST_F(UiTokenizer, TheCaptionCountsTheTokensOnceTheyAreShown) {
  type_sentence("Hello, world");
  go_to_slide(h.app, 0);
  h.frames(3);
  const SlideDef& slide = slide_table()[0];
  char caption[256];
  const int steps = current_slide_steps(h.app);
  ASSERT_EQ(steps, 3 + 5);  // "␣world": 5 merges
  for (int step = 0; step + 1 < steps; ++step) {
    show_step(h, step);
    slide.draw.caption(context_of(h.app, slide), caption, sizeof caption);
    EXPECT_EQ(std::string(caption), "12 bytes \u2192 3 pieces") << "step " << step;
  }
  show_step(h, steps - 1);
  slide.draw.caption(context_of(h.app, slide), caption, sizeof caption);
  EXPECT_EQ(std::string(caption), "12 bytes \u2192 3 pieces \u2192 3 tokens");
}

TEST_F(UiTokenizer, AnyPieceCanBePicked) {
  type_sentence("Akwirw ier");
  go_to_slide(h.app, 0);
  h.frames(3);
  const BpeReplay& r = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
  ASSERT_EQ(r.pieces.size(), 2u);
  EXPECT_EQ(r.chosen, 0);  // the piece with the most merges by default
  EXPECT_EQ(r.parts.back(), (IdList{33901, 86, 343, 86}));
  ASSERT_TRUE(h.click("bpe-piece-1"));  // " ier"
  EXPECT_EQ(r.chosen, 1);
  EXPECT_EQ(r.parts.back(), (IdList{220, 959}));
  EXPECT_EQ(r.merged_at.size(), h.app.gpt2->merge_steps(" ier").size());
  // The pick is slide 0's own state (not UiState): another sentence replays its default piece.
  EXPECT_EQ(context_of(h.app, kSlideTokenizer).find_own<BpeState>()->pick, 1);
  type_sentence("Akwirw ier zz");
  h.frames(2);
  EXPECT_EQ(context_of(h.app, kSlideTokenizer).find_own<BpeState>()->pick, -1);
  EXPECT_EQ(bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer)).chosen, 0);
}

// Issue 39: a piece longer than kMaxReplayBytes is not replayed merge by merge (its parts
// after every merge grow with the square of its length: 131,000 spaces held the window for
// minutes). Its tokens stay, its label is cut to its start and its size, it cannot be picked,
// and the default is the replayable piece with the most merges.
TEST_F(UiTokenizer, APieceTooLongToReplayShowsItsTokensNotItsMerges) {
  const std::string spaces(300, ' ');
  type_sentence(("tea" + spaces + "x").c_str());  // "tea", 299 spaces (\s+(?!\S)), " x"
  go_to_slide(h.app, 0);
  h.frames(3);
  const BpeReplay& r = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
  ASSERT_EQ(r.pieces.size(), 3u);
  EXPECT_TRUE(r.pieces[0].replayable);
  EXPECT_FALSE(r.pieces[1].replayable);
  EXPECT_EQ(r.pieces[1].text.size(), 299u);
  EXPECT_FALSE(r.pieces[1].ids.empty());  // its tokens are there
  EXPECT_NE(r.pieces[1].label.find("… (299 bytes)"), std::string::npos) << r.pieces[1].label;
  EXPECT_NE(r.chosen, 1);
  ASSERT_GE(r.chosen, 0);
  EXPECT_FALSE(r.parts.empty());
  ASSERT_TRUE(h.click("bpe-piece-1"));  // the long piece: not picked
  EXPECT_NE(bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer)).chosen, 1);

  // Only long pieces (one word of 300 letters): nothing is replayed, and the canvas says why.
  type_sentence(std::string(300, 'a').c_str());
  go_to_slide(h.app, 0);
  h.frames(3);
  const BpeReplay& only = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
  EXPECT_EQ(only.chosen, -1);
  EXPECT_TRUE(only.parts.empty());
  EXPECT_TRUE(shows(read_screen(), "too long to replay their merges one by one")) << read_screen().all();
}

TEST_F(UiTokenizer, IdsNotFromTextAreDecodedOrInvited) {
  go_to_slide(h.app, 0);
  h.frames(3);
  // The notebook's [2, 3, 1], read as GPT-2 tokens: '#', '$', '"'.
  EXPECT_TRUE(bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer)).decoded);
  EXPECT_EQ(bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer)).text, "#$\"");
  EXPECT_TRUE(read_screen().contains("These IDs were typed as numbers")) << read_screen().all();
  // IDs beyond GPT-2's vocabulary have no text: the slide says so (no blank canvas).
  ASSERT_EQ(set_ids_text(h.app, "60000, 1").error, "");
  finish_jobs(h.app);
  h.frames(3);
  EXPECT_FALSE(bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer)).problem.empty());
  EXPECT_TRUE(read_screen().contains("is not a GPT-2 token")) << read_screen().all();
  EXPECT_EQ(current_slide_steps(h.app), 1);
}

TEST_F(UiTokenizer, SlideEightDecodesTheArgmaxAtGpt2Size) {
  go_to_slide(h.app, 8);
  show_step(h, 3);
  {
    // V = 4: the argmax stays IDs (they are not GPT-2's tokens), and the slide says why.
    const ScreenText s = read_screen();
    EXPECT_TRUE(shows(s, "The argmax is shown as IDs")) << s.all();
    EXPECT_FALSE(shows(s, "argmax → token")) << s.all();
  }
  type_sentence("Every effort moves you");
  go_to_slide(h.app, 8);
  finish_jobs(h.app);  // the argmax over 50,257 rows runs on a worker
  show_step(h, 3);
  const Derived& d = h.app.derived;
  ASSERT_TRUE(d.logits_ready);
  ASSERT_EQ(d.next_ids.size(), 4u);
  const ScreenText s = read_screen();
  EXPECT_TRUE(shows(s, "argmax → token")) << s.all();
  for (size_t i = 0; i < d.next_ids.size(); ++i) {
    const std::string label =
        "→ " + visible_token_text(h.app.gpt2->vocab().token(static_cast<uint32_t>(d.next_ids[i])));
    EXPECT_TRUE(shows(s, label)) << label << "\n" << s.all();
  }
  // And the code panel reads them back the same way.
  EXPECT_NE(h.app.ui.code_panel.code.find("[tokenizer.decode([i]) for i in logits.argmax(dim=-1).tolist()]"),
            std::string::npos);
  // The grid shows a few dozen of the 50,257 columns: the largest logits are off screen,
  // so the note under it lists them rather than pointing at outlines nobody can see.
  std::string list = "logits.argmax(-1) = [";
  for (size_t i = 0; i < d.next_ids.size(); ++i) list += (i ? ", " : "") + std::to_string(d.next_ids[i]);
  EXPECT_TRUE(shows(s, list + "]")) << list << "\n" << s.all();
  EXPECT_FALSE(shows(s, "outlined: each position's largest logit")) << s.all();
}

TEST_F(UiTokenizer, TheCodePanelWritesTiktokensCall) {
  type_sentence("it's \"tea\"");
  go_to_slide(h.app, 1);
  h.frames(2);
  const std::string& code = h.app.ui.code_panel.code;
  EXPECT_NE(code.find("import tiktoken\ntokenizer = tiktoken.get_encoding(\"gpt2\")\ntext = 'it\\'s \"tea\"'\n"
                      "idx = torch.tensor(tokenizer.encode(text, allowed_special={\"<|endoftext|>\"}))\n"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("num_idx = tokenizer.n_vocab"), std::string::npos) << code;
  // IDs typed as numbers again: the list, as before.
  set_ids_input(h.app, IdsInput::Ids);
  change_id(h.app, 0, 5);
  h.frames(2);
  EXPECT_EQ(h.app.ui.code_panel.code.find("tiktoken"), std::string::npos);
  EXPECT_NE(h.app.ui.code_panel.code.find("idx = torch.tensor([5, "), std::string::npos) << h.app.ui.code_panel.code;
}

TEST_F(UiTokenizer, TheSessionKeepsTextModeAndItsSentence) {
  type_sentence(kBook);
  go_to_slide(h.app, 0);
  const SessionSettings s = session_from_app(h.app, WindowGeometry{});
  EXPECT_TRUE(s.text_mode);
  EXPECT_EQ(s.text, kBook);
  EXPECT_EQ(s.slide, 0);
  const SettingsParse back = parse_settings(write_settings(s));
  ASSERT_TRUE(back.ok) << back.error;
  App other;  // a fresh launch (one ImGui context per test: no second Headless)
  use_tokenizer(other, Headless::tokenizer());
  app_init(other, parse_cli({"lookupviz"}).options);
  apply_session(other, back.settings);
  finish_jobs(other);
  EXPECT_EQ(other.ui.slide, 0);
  EXPECT_EQ(other.ui.editor.ids_input, IdsInput::Text);
  EXPECT_STREQ(other.ui.editor.text_buf, kBook);
  EXPECT_EQ(other.inputs.ids, kBookIds);
  EXPECT_TRUE(ids_from_text(other.inputs));
}

// Issue 39: a sentence past kInlineTextBytes (only --text can be: 131,000 bytes) is tokenized
// on a worker, never on the UI thread; the state shown stays until its IDs land whole.
class UiLongText : public UiTokenizer {
 protected:
  const BpeReplay& bpe_state_for_test() { return context_of(h.app, kSlideTokenizer).own<BpeState>().replay; }
  // Frames until slide 0's replay of a long sentence has been cut on its worker.
  void until_cut() {
    for (int i = 0; i < 2000 && bpe_replay_cutting(context_of(h.app, kSlideTokenizer)); ++i) {
      h.frames(1);
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
};

TEST_F(UiLongText, ASentencePastFourKilobytesIsTokenizedOnAWorkerAndLandsWhole) {
  const std::string text = "tea" + std::string(5000, '!');  // 5,003 bytes: "tea" and 5,000 '!' (627 tokens)
  const IdList shown = h.app.inputs.ids;
  start_with_text(h.app, text);
  EXPECT_EQ(h.app.inputs.ids, shown);  // nothing tokenized on this thread yet
  EXPECT_TRUE(model_busy(h.app));
  EXPECT_EQ(model_activity(h.app).what, "Tokenizing the 5,003-byte text with GPT-2");
  EXPECT_TRUE(model_activity(h.app).cancellable);
  finish_jobs(h.app);
  const Encoding want = Headless::tokenizer()->encode(text);
  ASSERT_TRUE(want.ok);
  EXPECT_EQ(h.app.inputs.ids, want.ids);
  EXPECT_EQ(h.app.inputs.text, text);
  EXPECT_TRUE(ids_from_text(h.app.inputs));
  EXPECT_EQ(h.app.ui.editor.text_error, "");
  EXPECT_EQ(std::string(h.app.ui.editor.ids_buf).substr(0, 6), format_ids(want.ids).substr(0, 6));

  // Slide 0 cuts it on a worker too: meanwhile it says so, and a picture waits for it. (The
  // worker is held until the frames below are drawn.)
  std::atomic<bool> go_on{false};
  context_of(h.app, kSlideTokenizer).own<BpeState>().cut_hook = [&go_on] {
    while (!go_on.load()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  };
  go_to_slide(h.app, 0);
  h.frames(2);
  const BpeReplay& r0 = bpe_state_for_test();
  EXPECT_TRUE(r0.cutting);  // (no ASSERT: the worker is released below whatever happens)
  EXPECT_NE(r0.problem.find("cutting this 5,003-byte text"), std::string::npos) << r0.problem;
  EXPECT_TRUE(shows(read_screen(), "cutting this 5,003-byte text into its pieces")) << read_screen().all();
  EXPECT_FALSE(slides_ready(h.app));
  go_on.store(true);
  until_cut();
  EXPECT_TRUE(slides_ready(h.app));
  h.frames(2);
  const BpeReplay& r = bpe_replay(context_of(h.app, kSlideTokenizer));
  ASSERT_EQ(r.problem, "");
  ASSERT_EQ(r.pieces.size(), 2u);
  EXPECT_EQ(r.pieces[0].text, "tea");
  EXPECT_EQ(r.pieces[1].text.size(), 5000u);
  EXPECT_FALSE(r.pieces[1].replayable);
  EXPECT_EQ(r.chosen, 0);
  IdList joined;
  for (const BpeReplayPiece& p : r.pieces) joined.insert(joined.end(), p.ids.begin(), p.ids.end());
  EXPECT_EQ(joined, want.ids);
  EXPECT_TRUE(shows(read_screen(), "(5,000 bytes)")) << read_screen().all();
  // Learn mode does not ask how many tokens 5,003 bytes make (nor count them on this thread).
  EXPECT_EQ(learn_model(h.app).text, "");
  start_with_text(h.app, "Hello there");
  finish_jobs(h.app);
  EXPECT_EQ(learn_model(h.app).text, "Hello there");
}

TEST_F(UiLongText, OneThatDoesNotFitIsRefusedAndTheStateStays) {
  std::string text;
  for (int i = 0; i < 5000; ++i) text += " a";  // 5,000 tokens: past 4,096 IDs
  const IdList shown = h.app.inputs.ids;
  start_with_text(h.app, text);
  finish_jobs(h.app);
  h.frames(2);
  EXPECT_EQ(h.app.inputs.ids, shown);
  EXPECT_EQ(h.app.ui.editor.text_error, "It gives 5,000 tokens: at most 4,096 IDs");
  EXPECT_TRUE(read_screen().contains("It gives 5,000 tokens: at most 4,096 IDs")) << read_screen().all();
}

TEST_F(UiLongText, TheSessionKeepsItWholeAndTokenizesItOnAWorker) {
  const std::string text = "tea" + std::string(130997, '=');  // the longest --text: 2,052 tokens
  start_with_text(h.app, text);
  finish_jobs(h.app);
  ASSERT_TRUE(ids_from_text(h.app.inputs));
  const IdList ids = h.app.inputs.ids;
  const SessionSettings s = session_from_app(h.app, WindowGeometry{});
  EXPECT_EQ(s.text, text);  // whole, not the field's first 1 KB
  const SettingsParse back = parse_settings(write_settings(s));
  ASSERT_TRUE(back.ok) << back.error;
  App other;
  use_tokenizer(other, Headless::tokenizer());
  app_init(other, parse_cli({"lookupviz"}).options);
  apply_session(other, back.settings);
  EXPECT_TRUE(model_busy(other));  // on a worker
  finish_jobs(other);
  EXPECT_EQ(other.inputs.ids, ids);
  EXPECT_EQ(other.inputs.text, text);
  EXPECT_TRUE(ids_from_text(other.inputs));
  EXPECT_EQ(other.ui.editor.ids_input, IdsInput::Text);
}

// Quit before its IDs landed (a loaded machine, a quick Ctrl+Q): the session still keeps the
// sentence whole, not the Text field's first 1 KB, and the next launch makes its IDs.
TEST_F(UiLongText, QuitBeforeItsIdsLandTheSessionKeepsItWhole) {
  const std::string text = "tea" + std::string(130997, '=');
  const IdList shown = h.app.inputs.ids;
  start_with_text(h.app, text);
  ASSERT_TRUE(model_busy(h.app));  // no frame has taken its IDs yet
  const SessionSettings s = session_from_app(h.app, WindowGeometry{});
  EXPECT_EQ(s.text.size(), text.size());
  EXPECT_EQ(s.text, text);
  EXPECT_EQ(s.ids, shown);  // the IDs shown meanwhile
  EXPECT_TRUE(s.text_mode);
  const SettingsParse back = parse_settings(write_settings(s));
  ASSERT_TRUE(back.ok) << back.error;
  finish_jobs(h.app);
  App other;
  use_tokenizer(other, Headless::tokenizer());
  app_init(other, parse_cli({"lookupviz"}).options);
  apply_session(other, back.settings);
  EXPECT_TRUE(model_busy(other));
  finish_jobs(other);
  EXPECT_EQ(other.inputs.ids, h.app.inputs.ids);
  EXPECT_EQ(other.inputs.text, text);
  EXPECT_TRUE(ids_from_text(other.inputs));
}

TEST_F(UiLongText, AnEditOrCancelWhileItRunsWins) {
  const std::string text = "tea" + std::string(6000, '!');
  start_with_text(h.app, text);
  edit_ids(h.app, {7, 8});  // the user moved on before it landed
  finish_jobs(h.app);
  EXPECT_EQ(h.app.inputs.ids, (IdList{7, 8}));
  EXPECT_FALSE(ids_from_text(h.app.inputs));

  start_with_text(h.app, text);
  cancel_pending_edit(h.app);  // the status line's Cancel
  EXPECT_FALSE(model_busy(h.app));
  finish_jobs(h.app);
  EXPECT_EQ(h.app.inputs.ids, (IdList{7, 8}));
}

}  // namespace
}  // namespace lv::app::test
