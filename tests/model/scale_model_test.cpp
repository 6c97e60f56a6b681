// scale_model_test.cpp — live at any scale (issue 13), counted rather than timed: an
// edit recomputes only what it touches, nothing of size V × D is held or read on the
// UI thread, big work waits on workers while the last state stays shown. The big-file
// code paths (mapping, bf16, the overlay, sparse gradients) run on small files here.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <unistd.h>

#include "app/model/app_model.hpp"
#include "app/model/model_jobs.hpp"
#include "core/settings/cli_options.hpp"
#include "core/torch/dtype_round.hpp"
#include "core/torch/embedding_ops.hpp"
#include "core/torch/torch_layers.hpp"

namespace lv::app {
namespace {

// A BF16 .safetensors of rows x cols on disk (values from f), as a real model ships it.
template <class F>
std::string write_bf16(int rows, int cols, F f) {
  const std::string path = "/tmp/lv_scale_" + std::to_string(getpid()) + "_" + std::to_string(rows) + ".safetensors";
  std::string h = "{\"model.embed_tokens.weight\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(rows) + "," +
                  std::to_string(cols) + "],\"data_offsets\":[0," + std::to_string(rows * cols * 2) + "]}}";
  while (h.size() % 8) h += ' ';
  std::ofstream o(path, std::ios::binary);
  const uint64_t n = h.size();
  o.write(reinterpret_cast<const char*>(&n), 8);
  o << h;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const uint16_t b = float_to_bfloat16_bits(f(i, j));
      o.write(reinterpret_cast<const char*>(&b), 2);
    }
  return path;
}

float cell(int i, int j) { return static_cast<float>((i * 37 + j * 11) % 101) / 50.0f - 1.0f; }

// As main() starts: the command line, then --weights loaded (mapped) and handed over.
Model app_with(const std::vector<std::string>& args) {
  const CliParse p = parse_cli(args);
  EXPECT_TRUE(p.ok) << p.error;
  std::shared_ptr<const TableFile> file;
  if (!p.options.weights.empty()) {
    TableLoad l = load_table(p.options.weights);
    EXPECT_TRUE(l.ok) << l.error;
    file = std::make_shared<const TableFile>(std::move(l.table));
  }
  Model app;
  model_init(app, p.options, file);
  finish_model_jobs(app);
  return app;
}

// 6,000 × 64 BF16 (384K values: above the inline limit, so the whole-table read runs on
// a worker as a Llama's would).
class BigFile : public ::testing::Test {
 protected:
  void SetUp() override {
    path = write_bf16(6000, 64, cell);
    app = app_with({"lookupviz", "--weights", path, "--ids", "5,4000,5"});
  }
  void TearDown() override { std::remove(path.c_str()); }
  std::string path;
  Model app;
};

TEST_F(BigFile, TheTableIsReadWhereItLiesInItsDtype) {
  const Derived& d = app.derived;
  ASSERT_TRUE(app.inputs.file);
  EXPECT_TRUE(app.inputs.file->mapped);
  EXPECT_EQ(app.inputs.file->dtype, "bfloat16");
  EXPECT_EQ(d.table.file(), app.inputs.file.get());
  EXPECT_EQ(d.table.seeded(), nullptr) << "no float32 copy of the file";
  EXPECT_EQ(d.lookup_out(1, 3), round_to_bfloat16(cell(4000, 3)));
  // Nothing V-sized is held: outputs are B × D, gradients the touched rows only.
  EXPECT_EQ(d.matmul_out.size(), 3 * 64);
  EXPECT_EQ(d.grads.rows, (IdList{5, 4000}));
  EXPECT_EQ(d.grads.values.rows(), 2);
  EXPECT_EQ(d.grads.at(5, 0), 2.0f) << "ID 5 twice: G's rows added";
  EXPECT_EQ(d.grads.at(6, 0), 0.0f);
  EXPECT_TRUE(d.matmul_ready);
  EXPECT_TRUE(d.paths_equal);
  EXPECT_TRUE(d.logits_ready);
}

TEST_F(BigFile, AnIdEditReadsItsRowsNotTheTable) {
  change_id(app, 1, 5999);
  const Derived& d = app.derived;
  EXPECT_EQ(d.work.rows_read, 3) << "B rows";
  EXPECT_EQ(d.work.outputs_written, 3 * 64) << "B x D outputs";
  EXPECT_EQ(d.work.table_passes, 0);
  EXPECT_EQ(d.lookup_out(1, 0), round_to_bfloat16(cell(5999, 0)));
  EXPECT_TRUE(d.matmul_ready) << "the per-column counts of this file are kept";
  // The logits over all 6,000 rows go to a worker; the window does not wait for them.
  EXPECT_FALSE(d.logits_ready);
  finish_model_jobs(app);
  EXPECT_TRUE(app.derived.logits_ready);
}

TEST_F(BigFile, ACellEditWritesOnlyTheOutputsThatReadIt) {
  edit_cell(app, 5, 7, 3.5f);  // row 5 is looked up twice
  const Derived& d = app.derived;
  EXPECT_EQ(d.work.rows_read, 0);
  EXPECT_EQ(d.work.outputs_written, 2 + 3) << "two lookups of row 5, column 7 of the product's 3 rows";
  EXPECT_EQ(d.lookup_out(0, 7), 3.5f);
  EXPECT_EQ(d.lookup_out(2, 7), 3.5f);
  EXPECT_EQ(d.matmul_out(0, 7), 3.5f);
  EXPECT_EQ(app.inputs.edits->size(), 1u) << "an edit is one entry, whatever the table's size";
  // inf in another row poisons column 7 of the product, as 0 × inf = nan in torch.
  edit_cell(app, 100, 7, INFINITY);
  EXPECT_TRUE(std::isnan(app.derived.matmul_out(1, 7)));
  EXPECT_EQ(app.derived.cells_differ, 3);
  EXPECT_FALSE(app.derived.paths_equal);
  reset_edits(app);
  EXPECT_TRUE(app.derived.paths_equal);
  EXPECT_EQ(app.derived.lookup_out(0, 7), round_to_bfloat16(cell(5, 7)));
}

TEST_F(BigFile, ASecondTableCancelsTheFirstsWholeTableRead) {
  const std::string other = write_bf16(7000, 64, [](int i, int j) { return cell(j, i); });
  TableLoad l = load_table(other);
  ASSERT_TRUE(l.ok);
  set_table_file(app, std::make_shared<const TableFile>(std::move(l.table)));
  EXPECT_FALSE(app.derived.matmul_ready) << "this file's columns are read on a worker";
  EXPECT_TRUE(model_busy(app));
  EXPECT_NE(model_activity(app).what.find("reads the whole table"), std::string::npos);
  finish_model_jobs(app);
  EXPECT_TRUE(app.derived.matmul_ready);
  EXPECT_TRUE(app.derived.paths_equal);
  std::remove(other.c_str());
}

// The window holds the whole-table read until its first frame is up (on two cores its
// page faults slowed a Llama's first frame by a quarter), then starts it: nothing is
// lost, the product waits one frame longer.
TEST(ScaleModel, WholeTableWorkWaitsForTheFirstFrame) {
  const std::string path = write_bf16(6000, 64, cell);
  const CliParse p = parse_cli({"lookupviz", "--weights", path, "--ids", "5,4000"});
  ASSERT_TRUE(p.ok);
  TableLoad l = load_table(path);
  ASSERT_TRUE(l.ok) << l.error;
  Model app;
  app.interactive = true;
  app.jobs.hold = true;
  model_init(app, p.options, std::make_shared<const TableFile>(std::move(l.table)));
  EXPECT_FALSE(model_busy(app)) << "nothing started before the first frame";
  EXPECT_FALSE(app.derived.matmul_ready);
  EXPECT_TRUE(app.jobs.held);
  EXPECT_EQ(app.derived.lookup_out(1, 3), round_to_bfloat16(cell(4000, 3))) << "the lookup needs no whole-table read";
  release_held_work(app);
  EXPECT_TRUE(model_busy(app)) << "started once the frame is up";
  finish_model_jobs(app);
  EXPECT_TRUE(app.derived.matmul_ready);
  EXPECT_TRUE(app.derived.paths_equal);
  EXPECT_FALSE(app.jobs.hold);
  std::remove(path.c_str());
}

// The logits' argmax over every row, from the worker, is the dense product's.
TEST(ScaleModel, LogitsArgmaxOnAWorkerIsTheDenseProducts) {
  for (bool tie : {true, false}) {
    Model app = app_with({"lookupviz", "--vocab", "20000", "--dim", "16", "--ids", "3,19999,7"});
    set_tie_weights(app, tie);
    finish_model_jobs(app);
    const Derived& d = app.derived;
    ASSERT_TRUE(d.logits_ready);
    Matrix head;
    if (tie) {
      head = d.table.to_matrix();
    } else {
      TorchGenerator g = d.gen_after_table;
      embedding_init(d.batch, d.dim, g);  // pos_emb first
      head = linear_init(d.dim, d.vocab, false, g).weight;
    }
    const Matrix logits = (d.x.cast<double>() * head.cast<double>().transpose()).cast<float>();
    for (int64_t i = 0; i < d.batch; ++i) {
      Eigen::Index best;
      logits.row(i).maxCoeff(&best);
      EXPECT_EQ(d.next_ids[static_cast<size_t>(i)], best) << "tied " << tie << " row " << i;
    }
  }
}

// A big seeded table is drawn on a worker; the window keeps the state it shows, and
// Cancel keeps it for good.
TEST(ScaleModel, ABigSeededTableWaitsOnAWorkerAndCanBeCancelled) {
  Model app = app_with({"lookupviz"});
  set_dim(app, 768);  // 4 × 768: small, at once
  EXPECT_EQ(app.derived.dim, 768);
  set_vocab_mode(app, VocabMode::Fixed, 50257);
  EXPECT_TRUE(app.jobs.has_pending);
  EXPECT_EQ(app.derived.vocab, 4) << "the last state stays on screen";
  EXPECT_EQ(app.inputs.vocab_mode, VocabMode::FromIds);
  cancel_pending(app);
  EXPECT_FALSE(model_busy(app));
  EXPECT_EQ(app.derived.vocab, 4);
  set_vocab_mode(app, VocabMode::Fixed, 50257);
  finish_model_jobs(app);
  EXPECT_EQ(app.derived.vocab, 50257);
  EXPECT_EQ(app.derived.work.table_passes, 0);
  // Drawn once per seed and shape: back and forth costs nothing.
  set_vocab_mode(app, VocabMode::FromIds, 0);
  set_vocab_mode(app, VocabMode::Fixed, 50257);
  EXPECT_FALSE(app.jobs.has_pending) << "the 50,257 × 768 table is kept";
  EXPECT_EQ(app.derived.vocab, 50257);
}

}  // namespace
}  // namespace lv::app
