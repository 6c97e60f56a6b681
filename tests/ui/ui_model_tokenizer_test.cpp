// ui_model_tokenizer_test.cpp — the window with a table that has its own tokenizer (issue 30,
// item 3): opened through File ▸ Open's load (a .npy with tokenizer.json beside it, a .gguf
// with its vocabulary), Text mode gives that model's IDs (not GPT-2's), the chips read its
// tokens, slide 0 replays its pieces, the status line names it; a sentence typed before is
// tokenized again; closing the table goes back to GPT-2's.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "app/app_learn.hpp"
#include "app/deck/slide_host.hpp"
#include "app/state/bpe_replay.hpp"
#include "app/deck/slide_nav.hpp"
#include "core/io/table_file.hpp"
#include "core/tokenizer/model_tokenizer.hpp"
#include "core/tokenizer/tokenizer.hpp"
#include "headless.hpp"
#include "screen_text.hpp"
#include "tests/shared/tiny_models.hpp"

namespace lv::app::test {
namespace {

void wait_for_load(Headless& h) {
  for (int i = 0; i < 500 && table_loading(h.app); ++i) {
    h.frame();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  h.frames(2);
}

std::string temp_model(const std::string& name, const std::string& bytes, const std::string& tokenizer_json = "") {
  const std::string dir = ::testing::TempDir() + "lookupviz_ui_model_tok_" + name;
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/" + name, std::ios::binary) << bytes;
  if (!tokenizer_json.empty()) std::ofstream(dir + "/tokenizer.json", std::ios::binary) << tokenizer_json;
  return dir + "/" + name;
}

bool shows(const ScreenText& s, std::string want) {
  std::erase(want, ' ');
  for (std::string l : s.lines) {
    std::erase(l, ' ');
    if (l.find(want) != std::string::npos) return true;
  }
  return false;
}

void text_mode(Headless& h, const char* text) {
  ASSERT_TRUE(h.click("mode-text"));
  ASSERT_TRUE(h.replace_text("text-field", text));
  finish_jobs(h.app);
  h.frames(3);
}

TEST(UiModelTokenizer, TextModeUsesTheTablesOwnTokenizer) {
  ASSERT_TRUE(Headless::tokenizer());
  for (const std::string& path : {temp_model("table.npy", lvtest::npy_table(300, 4), lvtest::tokenizer_json()),
                                  temp_model("m.gguf", lvtest::llama_gguf(300, 4))}) {
    Headless h;
    h.init();
    h.frames(2);
    start_table_load(h.app, path);
    wait_for_load(h);
    ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
    ASSERT_TRUE(h.app.model_tokenizer) << path << ": " << h.app.model_tokenizer_error;
    // The status line names it: in the load's message, then beside the key hint.
    EXPECT_NE(h.app.ui.status.find(h.app.model_tokenizer->name()), std::string::npos) << h.app.ui.status;
    h.app.ui.status_until = 0;
    h.frames(2);
    EXPECT_TRUE(read_screen().contains("Tokenizer:")) << read_screen().all();
    text_mode(h, "Hello world!");
    EXPECT_EQ(h.app.inputs.ids, lvtest::hello_world_ids()) << path;  // GPT-2's are 15496, 995, 0
    EXPECT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
    // The chips: the model's tokens and IDs (the first; the others are "+2" in this width).
    const ScreenText s = read_screen();
    EXPECT_TRUE(shows(s, "␣Hello " + std::to_string(lvtest::hello_world_ids()[0]))) << s.all();
    // Slide 0 replays the model's pieces: one, "▁Hello▁world!", with ▁Hello's merges.
    update_bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
    const BpeReplay& r = bpe_replay(lv::app::context_of(h.app, lv::app::kSlideTokenizer));
    ASSERT_TRUE(r.problem.empty()) << r.problem;
    ASSERT_EQ(r.pieces.size(), 1u);
    EXPECT_EQ(r.pieces[0].ids, lvtest::hello_world_ids());
    EXPECT_FALSE(r.merged_at.empty());
    // ▁ (no UI font has it) is drawn as ␣, as a space is.
    EXPECT_EQ(r.pieces[0].symbols, "\xE2\x90\xA3Hello\xE2\x90\xA3world!");
    EXPECT_EQ(r.part_symbols.back()[0], "\xE2\x90\xA3Hello");
    // Closed: back to GPT-2's, the sentence tokenized again.
    take_change(h.app, set_table_file(h.app, nullptr), Fields::Sync);
    finish_jobs(h.app);
    h.frames(2);
    EXPECT_FALSE(h.app.model_tokenizer);
    EXPECT_EQ(h.app.inputs.ids, (IdList{15496, 995, 0}));
  }
}

// Issue 39: a long sentence is tokenized on a worker; a table with its own tokenizer opened
// before it lands makes it that tokenizer's (the sentence is not lost, nor GPT-2's IDs kept).
TEST(UiModelTokenizer, ALongSentenceStillOnItsWorkerBecomesTheNewTablesTokens) {
  const std::string path = temp_model("long.gguf", lvtest::llama_gguf(300, 4));
  Headless h;
  h.init();
  h.frames(2);
  std::string text;
  while (text.size() <= 4096) text += "Hello world! ";
  start_with_text(h.app, text);
  ASSERT_TRUE(model_busy(h.app));  // on its worker, with GPT-2's tokenizer
  lv::TableLoad load = lv::load_table(path);
  ASSERT_TRUE(load.ok) << load.error;
  lv::ModelTokenizerFind found = lv::find_model_tokenizer(path);
  ASSERT_TRUE(found.tokenizer) << found.error;
  open_table(h.app, std::make_shared<const lv::TableFile>(std::move(load.table)), found.tokenizer, found.error);
  finish_jobs(h.app);
  const lv::Encoding want = found.tokenizer->encode(text);
  ASSERT_TRUE(want.ok) << want.error;
  EXPECT_EQ(h.app.inputs.text, text);
  EXPECT_EQ(h.app.inputs.ids, want.ids);
  EXPECT_TRUE(ids_from_text(h.app.inputs));
  EXPECT_EQ(h.app.ui.editor.text_error, "");
}

// Issue 40, item 7: with the table's own tokenizer on slide 0's canvas, Learn mode's question
// names that one and judges with it (it asked GPT-2's count: the reveal showed 5 tokens, the
// verdict said 2).
TEST(UiModelTokenizer, Slide0sQuestionCountsTheTablesOwnTokens) {
  ASSERT_TRUE(Headless::tokenizer());
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, temp_model("ask.npy", lvtest::npy_table(300, 4), lvtest::tokenizer_json()));
  wait_for_load(h);
  ASSERT_TRUE(h.app.model_tokenizer) << h.app.model_tokenizer_error;
  text_mode(h, "Hello world!");
  ASSERT_EQ(h.app.inputs.ids, lvtest::hello_world_ids());
  go_to_slide(h.app, 0);
  set_learn_mode(h.app, true);
  learn_ask_kind(h.app, quiz::QuestionKind::TokenCount);
  h.frames(2);
  const quiz::Question& q = h.app.learn.question;
  ASSERT_EQ(q.kind, quiz::QuestionKind::TokenCount);
  // Nothing printed answers it first: neither idx nor the piece's IDs in its token list.
  const CodePanelText& panel = code_panel_text(h.app);
  for (int64_t id : lvtest::hello_world_ids()) {
    EXPECT_EQ(panel.output.find(std::to_string(id)), std::string::npos) << id << "\n" << panel.output;
    EXPECT_EQ(panel.code.find(std::to_string(id)), std::string::npos) << id << "\n" << panel.code;
  }
  EXPECT_EQ(q.prompt, "How many tokens does the table's own tokenizer make of \u201cHello world!\u201d?");
  EXPECT_EQ(q.answer, quiz::Answer{static_cast<int64_t>(lvtest::hello_world_ids().size())});
  EXPECT_EQ(q.why.rfind("The table's tokenizer cuts it into 3 tokens", 0), 0u) << q.why;
  EXPECT_EQ(q.why.find("GPT-2"), std::string::npos) << q.why;
  h.app.learn.typed = "3";
  learn_commit(h.app);
  h.frames(2);
  EXPECT_TRUE(h.app.learn.right);
  // The narration names it, and nothing of GPT-2's (its Ġ, its ID 50256).
  const ScreenText s = read_screen();
  std::string all = s.all();  // (wrapped: compared without spaces and line ends)
  std::erase_if(all, [](char c) { return c == ' ' || c == '\n'; });
  EXPECT_NE(all.find("Thistable'sowntokenizerisinuse"), std::string::npos) << s.all();
  EXPECT_EQ(all.find("50256"), std::string::npos) << s.all();
}

TEST(UiModelTokenizer, ASentenceTypedBeforeIsTokenizedAgain) {
  Headless h;
  h.init();
  h.frames(2);
  text_mode(h, "Hello world!");
  EXPECT_EQ(h.app.inputs.ids, (IdList{15496, 995, 0}));
  start_table_load(h.app, temp_model("again.gguf", lvtest::llama_gguf(300, 4)));
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_EQ(h.app.inputs.ids, lvtest::hello_world_ids());
  EXPECT_TRUE(ids_from_text(h.app.inputs));
}

TEST(UiModelTokenizer, ABrokenTokenizerIsSaidAndGpt2sIsUsed) {
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app,
                   temp_model("broken.npy", lvtest::npy_table(60000, 2), "{\"model\": {\"type\": \"Unigram\"}}"));
  wait_for_load(h);
  ASSERT_NE(h.app.inputs.file, nullptr) << h.app.loading.error;
  EXPECT_FALSE(h.app.model_tokenizer);
  EXPECT_NE(h.app.model_tokenizer_error.find("Unigram"), std::string::npos) << h.app.model_tokenizer_error;
  EXPECT_NE(h.app.ui.status.find("Unigram"), std::string::npos) << h.app.ui.status;
  text_mode(h, "Hello world!");
  EXPECT_EQ(h.app.inputs.ids, (IdList{15496, 995, 0}));
}

// Slide 0's code panel calls the table's own tokenizer as lookupviz does (a tokenizer.json
// with Hugging Face's tokenizers, a .gguf with llama-cpp-python), never tiktoken's GPT-2;
// the output is the app's own IDs and tokens. Neither library is on the test machine: the
// panel's text is checked against this golden (the APIs: tokenizers' Tokenizer.from_file,
// encode(..., add_special_tokens=False).ids, id_to_token; llama_cpp's Llama(model_path,
// vocab_only=True).tokenize(bytes, add_bos=False, special=True); gguf-py's GGUFReader fields).
TEST(UiModelTokenizer, Slide0sCodeCallsTheTablesOwnTokenizer) {
  ASSERT_TRUE(Headless::tokenizer());
  const std::string json_table = temp_model("code.npy", lvtest::npy_table(300, 4), lvtest::tokenizer_json());
  const std::string gguf = temp_model("code.gguf", lvtest::llama_gguf(300, 4));
  const std::string json = json_table.substr(0, json_table.rfind('/') + 1) + "tokenizer.json";
  ASSERT_EQ(lvtest::hello_world_ids(), (std::vector<int64_t>{271, 276, 36}));  // the golden's IDs
  struct Case {
    std::string table, code, output;
  } cases[] = {
      {json_table,
       "import torch\n"
       "from tokenizers import Tokenizer\n"
       "tokenizer = Tokenizer.from_file('" +
           json +
           "')\n"
           "text = 'Hello world!'\n"
           "idx = torch.tensor(tokenizer.encode(text, add_special_tokens=False).ids)\n"
           "idx.tolist()\n"
           "[tokenizer.id_to_token(i) for i in [271, 276, 36]]\n",
       ">>> idx.tolist()\n[271, 276, 36]\n"
       ">>> [tokenizer.id_to_token(i) for i in [271, 276, 36]]\n['\xE2\x96\x81Hello', '\xE2\x96\x81world', "
       "'<0x21>']\n"},
      {gguf,
       "import torch\n"
       "from llama_cpp import Llama\n"
       "tokenizer = Llama(model_path='" +
           gguf +
           "', vocab_only=True, verbose=False)\n"
           "text = 'Hello world!'\n"
           "idx = torch.tensor(tokenizer.tokenize(text.encode(), add_bos=False, special=True))\n"
           "idx.tolist()\n"
           "from gguf import GGUFReader\n"
           "vocab = GGUFReader('" +
           gguf +
           "').fields[\"tokenizer.ggml.tokens\"]\n"
           "[bytes(vocab.parts[vocab.data[i]]).decode(errors=\"replace\") for i in [271, 276, 36]]\n",
       ">>> idx.tolist()\n[271, 276, 36]\n"
       ">>> [bytes(vocab.parts[vocab.data[i]]).decode(errors=\"replace\") for i in [271, 276, 36]]\n"
       "['\xE2\x96\x81Hello', '\xE2\x96\x81world', '<0x21>']\n"},
  };
  for (const Case& c : cases) {
    Headless h;
    h.init();
    h.frames(2);
    start_table_load(h.app, c.table);
    wait_for_load(h);
    ASSERT_TRUE(h.app.model_tokenizer) << c.table << ": " << h.app.model_tokenizer_error;
    text_mode(h, "Hello world!");
    go_to_slide(h.app, 0);
    h.frames(3);
    EXPECT_EQ(h.app.ui.code_panel.code, c.code);
    EXPECT_EQ(h.app.ui.code_panel.output, c.output);
    // Every slide's idx is the same tokenizer's (slide 2's code makes the table and idx).
    go_to_slide(h.app, 2);
    h.frames(3);
    EXPECT_EQ(h.app.ui.code_panel.code.find("tiktoken"), std::string::npos) << h.app.ui.code_panel.code;
    EXPECT_NE(h.app.ui.code_panel.code.find(c.code.substr(std::string("import torch\n").size(), 40)), std::string::npos)
        << h.app.ui.code_panel.code;
  }
}

// Typed IDs over a tokenizer.json: each ID's token, their text and its encoding, by the model's tokenizer.
TEST(UiModelTokenizer, Slide0sCodeDecodesTypedIdsWithTheTablesOwnTokenizer) {
  ASSERT_TRUE(Headless::tokenizer());
  const std::string table = temp_model("typed.npy", lvtest::npy_table(300, 4), lvtest::tokenizer_json());
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, table);
  wait_for_load(h);
  ASSERT_TRUE(h.app.model_tokenizer) << h.app.model_tokenizer_error;
  take_change(h.app, set_ids(h.app, IdList{271, 276}), Fields::Sync);
  go_to_slide(h.app, 0);
  h.frames(3);
  const std::string json = table.substr(0, table.rfind('/') + 1) + "tokenizer.json";
  EXPECT_EQ(h.app.ui.code_panel.code,
            "from tokenizers import Tokenizer\n"
            "tokenizer = Tokenizer.from_file('" +
                json +
                "')\n"
                "idx = [271, 276]\n"
                "[tokenizer.id_to_token(i) for i in idx]\n"
                "tokenizer.decode(idx, skip_special_tokens=False)\n"
                "tokenizer.encode(tokenizer.decode(idx, skip_special_tokens=False), add_special_tokens=False).ids\n");
  EXPECT_EQ(h.app.ui.code_panel.output,
            ">>> [tokenizer.id_to_token(i) for i in idx]\n['\xE2\x96\x81Hello', '\xE2\x96\x81world']\n"
            ">>> tokenizer.decode(idx, skip_special_tokens=False)\n'Hello world'\n"
            ">>> tokenizer.encode(tokenizer.decode(idx, skip_special_tokens=False), add_special_tokens=False).ids\n"
            "[271, 276]\n");
}

// Issue 39, item 2: a Split pattern that needs too much work on a text is one sentence under
// the text field, and the IDs typed before stay.
TEST(UiModelTokenizer, ATextItsPatternCannotAffordKeepsTheLastIds) {
  ASSERT_TRUE(Headless::tokenizer());
  std::string json = lvtest::tokenizer_json();
  const std::string none = R"("pre_tokenizer": null)";
  ASSERT_NE(json.find(none), std::string::npos);
  json.replace(
      json.find(none), none.size(),
      R"("pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(?:a|aa){1,22}c|."}, "behavior": "Isolated"})");
  Headless h;
  h.init();
  h.frames(2);
  start_table_load(h.app, temp_model("table.npy", lvtest::npy_table(300, 4), json));
  wait_for_load(h);
  ASSERT_TRUE(h.app.model_tokenizer) << h.app.model_tokenizer_error;
  text_mode(h, "Hello world!");
  ASSERT_TRUE(h.app.ui.editor.text_error.empty()) << h.app.ui.editor.text_error;
  const IdList before = h.app.inputs.ids;
  ASSERT_FALSE(before.empty());
  text_mode(h, std::string(1000, 'a').c_str());
  EXPECT_NE(h.app.ui.editor.text_error.find("needs too much work on this text"), std::string::npos)
      << h.app.ui.editor.text_error;
  EXPECT_EQ(h.app.inputs.ids, before);
}

}  // namespace
}  // namespace lv::app::test
