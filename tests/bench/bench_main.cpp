// bench_main.cpp — lookupviz_bench: issue 5's kernel figures, each a ratio of two
// timings taken side by side in the same run (this machine is shared and noisy).
//
//   lookupviz_bench [--rounds N] [--min-time S] [--json FILE] [--figures FILE]
//                   [--no-peer] [--python PATH] [--strategies] [--only TEXT]
//   lookupviz_bench --gbench [--benchmark_* flags]   plain Google Benchmark run, no table
//
// How a figure is measured: the cases of one comparison (e.g. memcpy/cold/256,
// lookup/cold/256 and torch's F.embedding on the same IDs) form a group; each round
// runs every group, its members back to back in an order that rotates from round to
// round, ours through Google Benchmark and torch's through the peer process
// (torch_peer.py), both calibrating their call count to --min-time. A figure is the
// median over rounds of that round's ratio, so slow drifts of the machine cancel.
// The lookup has two floors (issue 43): one contiguous memcpy of the same bytes, and the plain
// prefetched gather (bench_cases.hpp) at its best distance of 1..8 rows in this run (chosen on
// the odd rounds, the figure measured on the even ones: no luckiest-of-8 floor). The figure
// against the plain gather, whose target is 1.0, is timed apart after the rounds, the lookup
// and the eight distances interleaved in blocks of ~25 us (side_by_side.hpp). A
// lookup_over_memcpy target holds where the plain gather itself meets it
// (plain_gather_over_memcpy); where it does not, the figure is printed as information.
// --figures FILE adds figures measured elsewhere (lines "FIGURE name measured target",
// as printed by `lookupviz --bench-frames N`) to the table and the JSON.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bench_cases.hpp"
#include "bench_header.hpp"
#include "bench_median.hpp"
#include "side_by_side.hpp"
#include "core/kernels/cpu_info.hpp"
#include "core/kernels/kernel_calibration.hpp"
#include "core/kernels/kernel_tuning.hpp"
#include "core/kernels/kernels.hpp"
#include "torch_peer.hpp"

namespace lvbench {
namespace {

struct Options {
  // Many short rounds rather than a few long ones: a neighbour's burst then spoils a
  // few rounds' ratios, which the median drops, instead of one long average.
  int rounds = 11;
  double min_time = 0.03;  // s per case per round (dense: at least 0.1)
  std::string json, figures_file;
  std::string only;  // run only the groups with a case whose name contains this
  bool peer = true, strategies = false;
  std::string python = "/usr/bin/python3";
  std::string peer_script = LOOKUPVIZ_SOURCE_DIR "/tests/bench/torch_peer.py";
};

struct Figure {
  std::string name;      // JSON name, e.g. "lookup_over_memcpy/cold/B=256"
  std::string num, den;  // timing keys: a Case::name(), or "torch <request>"
  double target = 0;     // 0: informative only (not in the JSON)
  // Median over rounds of num/den, or a figure read from --figures (a difference, such
  // as the private memory over the default's, may be below zero); NaN: not measured.
  double measured = std::numeric_limits<double>::quiet_NaN();
  bool has() const { return !std::isnan(measured); }
  double num_ns = -1, den_ns = -1;  // medians of the two timings, for the reader
  std::string note;
  std::string path;  // the kernel path the numerator ran (lookup figures)
  // Set, num or den is the one of these timing keys with the lowest median in the run
  // (the plain gather's fastest distance).
  std::vector<std::string> num_choices, den_choices;
  // Set: the target holds only where this figure (the plain gather against the same
  // floor) is within it too; else the figure is information, and `note` says why.
  std::string floor_figure;
  // Set: measured by time_side_by_side (side_by_side.hpp) after the rounds, the lookup (num)
  // interleaved with den_choices, not from the rounds.
  bool side_by_side = false;
  bool informative() const { return target <= 0 || (!floor_figure.empty() && !note.empty()); }
};

Figure figure(std::string name, std::string num, std::string den, double target) {
  Figure f;
  f.name = std::move(name), f.num = std::move(num), f.den = std::move(den), f.target = target;
  return f;
}

// Captures the per-iteration time of the one benchmark a RunSpecifiedBenchmarks ran.
class Capture : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& r : runs)
      if (!r.error_occurred && r.run_type == Run::RT_Iteration && r.iterations > 0)
        ns = r.real_accumulated_time / static_cast<double>(r.iterations) * 1e9;
  }
  double ns = -1;
};

// A JSON string: the texts here are ASCII or UTF-8 without control characters.
std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string fmt_time(double ns) {
  char buf[32];
  if (ns < 0) return "-";
  if (ns < 1e3) std::snprintf(buf, sizeof buf, "%.0f ns", ns);
  else if (ns < 1e6) std::snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  else std::snprintf(buf, sizeof buf, "%.1f ms", ns / 1e6);
  return buf;
}

bool parse_args(int argc, char** argv, Options& o) {
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](const char* flag) -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "lookupviz_bench: %s needs a value\n", flag);
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--rounds") o.rounds = std::max(1, std::atoi(value("--rounds")));
    else if (a == "--min-time") o.min_time = std::atof(value("--min-time"));
    else if (a == "--json") o.json = value("--json");
    else if (a == "--figures") o.figures_file = value("--figures");
    else if (a == "--no-peer") o.peer = false;
    else if (a == "--python") o.python = value("--python");
    else if (a == "--strategies") o.strategies = true;
    else if (a == "--only") o.only = value("--only");
    else {
      std::fprintf(stderr, "lookupviz_bench: unknown argument %s\n", a.c_str());
      return false;
    }
  }
  return true;
}

int run(const Options& opt) {
  Shape shape;
  std::fprintf(stderr, "lookupviz_bench: allocating the %lld x %lld table (%.0f MB)...\n",
               static_cast<long long>(shape.vocab), static_cast<long long>(shape.dim),
               shape.vocab * shape.dim * 4 / 1e6);
  BenchData data(shape);

  // ------------------------------------------------------------ the peer
  std::unique_ptr<TorchPeer> peer;
  std::string peer_line, blas = "n/a";
  bool openblas = false;
  if (opt.peer) {
    peer = std::make_unique<TorchPeer>(opt.python, opt.peer_script);
    if (peer->ok() && peer->setup(shape.vocab, shape.dim, data.pool())) blas = peer->blas();
    openblas = blas.find("OpenBLAS") != std::string::npos;
    if (peer->ok()) peer_line = "PyTorch " + peer->version() + " (" + opt.python + ", 1 thread), BLAS: " + blas;
  }
  if (!peer || !peer->ok())
    peer_line = "PyTorch peer skipped: " + (peer ? peer->skip_reason() : std::string("--no-peer"));

  // ------------------------------------------------------------ cases, groups, figures
  std::map<std::string, Case> cases;  // by name
  std::vector<std::vector<std::string>> groups;
  std::vector<Figure> figures;
  const bool with_peer = peer && peer->ok();
  auto add = [&](std::vector<std::string>& group, const Case& c) {
    cases[c.name()] = c;
    group.push_back(c.name());
    return c.name();
  };
  const int64_t batches[] = {1, 16, 256, 1024, 4096};
  for (int64_t b : batches)
    for (bool cold : {false, true}) {
      const std::string v = cold ? "cold" : "hot", bs = "/B=" + std::to_string(b);
      std::vector<std::string> g;
      std::string mem = add(g, Case{Kind::kMemcpy, cold, b});
      Case lc{Kind::kLookup, cold, b};
      std::string look = add(g, lc);
      double mem_target = b == 1 ? 1.1 : b == 16 ? 1.6 : 1.5;
      // The plain prefetched gather at 1..8 rows ahead: the fastest is the floor.
      std::vector<std::string> gathers;
      for (int ahead = 1; ahead <= 8; ++ahead) gathers.push_back(add(g, Case{Kind::kGather, cold, b, {}, ahead}));
      Figure gm = figure("plain_gather_over_memcpy/" + v + bs, "", mem, 0);
      gm.num_choices = gathers;
      figures.push_back(gm);
      figures.push_back(figure("lookup_over_memcpy/" + v + bs, look, mem, mem_target));
      figures.back().path = lv::lookup_path(b, shape.dim);
      figures.back().floor_figure = gm.name;
      figures.push_back(figure("lookup_over_plain_gather/" + v + bs, look, "", 1.0));
      figures.back().den_choices = gathers;
      figures.back().side_by_side = true;
      figures.back().path = lv::lookup_path(b, shape.dim);
      if (with_peer) {
        std::string torch = "torch " + lc.peer_request();
        g.push_back(torch);
        double t = cold && b >= 256 ? 0.65 : (!cold && b == 4096 ? 0.5 : 0);
        figures.push_back(figure("lookup_over_torch/" + v + bs, look, torch, t));
        figures.back().path = lv::lookup_path(b, shape.dim);
      }
      std::string sp = add(g, Case{Kind::kSparse, cold, b});
      figures.push_back(figure("sparse_over_lookup/" + v + bs, sp, look, 0));
      if (opt.strategies)
        for (auto s : {lv::LookupStrategy::kPlain, lv::LookupStrategy::kPrefetch, lv::LookupStrategy::kStream}) {
          std::string n = add(g, Case{Kind::kLookup, cold, b, s});
          figures.push_back(figure("strategy " + n + " over memcpy", n, mem, 0));
        }
      groups.push_back(g);
    }
  for (int64_t b : {16, 256}) {
    std::vector<std::string> g;
    Case dc{Kind::kDense, false, b};
    std::string dense = add(g, dc), bs = "/B=" + std::to_string(b);
    std::string sparse = Case{Kind::kSparse, false, b}.name();  // timed in the lookup groups
    if (with_peer) {
      std::string torch = "torch " + dc.peer_request();
      g.push_back(torch);
      Figure f = figure("onehot_matmul_dense_over_torch" + bs, dense, torch, 1.0);
      if (!openblas) {  // the target is set against OpenBLAS: rename so it is not mistaken
        f.name += "/peer=reference-blas";
        f.note = "torch is not on OpenBLAS";
      }
      figures.push_back(f);
    }
    figures.push_back(figure("dense_over_sparse" + bs, dense, sparse, 0));
    groups.push_back(g);
  }
  if (!opt.only.empty()) {  // keep the groups that mention it, and their figures
    std::vector<std::vector<std::string>> kept;
    std::map<std::string, bool> keep;
    for (const auto& g : groups)
      if (std::any_of(g.begin(), g.end(),
                      [&](const std::string& k) { return k.find(opt.only) != std::string::npos; })) {
        kept.push_back(g);
        for (const auto& k : g) keep[k] = true;
      }
    groups = kept;
    auto kept_key = [&](const std::string& k, const std::vector<std::string>& choices) {
      return choices.empty() ? keep[k] : keep[choices.front()];
    };
    std::erase_if(figures,
                  [&](const Figure& f) { return !kept_key(f.num, f.num_choices) || !kept_key(f.den, f.den_choices); });
  }
  for (const auto& [name, c] : cases)
    data.register_case(c, c.kind == Kind::kDense ? std::max(opt.min_time, 0.1) : opt.min_time);

  // ------------------------------------------------------------ the rounds
  std::map<std::string, std::vector<double>> times;  // key -> per-round ns
  for (int r = 0; r < opt.rounds; ++r) {
    std::fprintf(stderr, "lookupviz_bench: round %d/%d\n", r + 1, opt.rounds);
    std::vector<std::vector<std::string>> order = groups;
    if (r % 2) std::reverse(order.begin(), order.end());
    for (auto& g : order) {
      // On the reference BLAS torch's B = 256 product takes ~10 s: 3 rounds are enough to
      // show it is not the figure the target is about.
      const bool dense = g.front().rfind("dense/", 0) == 0;
      if (dense && with_peer && !openblas && r >= 3) continue;
      std::rotate(g.begin(), g.begin() + static_cast<long>(r % g.size()), g.end());
      for (const std::string& key : g) {
        double ns = -1;
        if (key.rfind("torch ", 0) == 0) {
          double min_ms = 1e3 * (key.find("onehot") != std::string::npos ? std::max(opt.min_time, 0.1) : opt.min_time);
          if (peer && peer->ok()) ns = peer->time_ns(key.substr(6), min_ms);
        } else {
          Capture capture;
          // Google Benchmark appends "/min_time:..." to the name.
          benchmark::RunSpecifiedBenchmarks(&capture, "^" + key + "(/|$)");
          ns = capture.ns;
        }
        times[key].push_back(ns);
      }
    }
  }

  // ------------------------------------------------------------ figures
  // A floor chosen as the fastest of 8 distances on the same rounds it is then measured on
  // is biased low: the fastest of 8 equal timings is the luckiest one (the lookup, running
  // the same gather, came out 1.05-1.11 times it). So the distance is chosen on the odd
  // rounds and a figure with a chosen side is measured on the even rounds alone.
  const bool split = opt.rounds >= 2;
  auto rounds_of = [&](const std::vector<double>& v, int parity) {
    std::vector<double> out;
    for (size_t r = 0; r < v.size(); ++r)
      if (!split || static_cast<int>(r % 2) == parity) out.push_back(v[r]);
    return out;
  };
  auto fastest = [&](const std::vector<std::string>& keys) {
    std::string best;
    double best_ns = 0;
    for (const std::string& k : keys) {
      const double ns = median(rounds_of(times[k], 1));
      if (ns > 0 && (best.empty() || ns < best_ns)) best = k, best_ns = ns;
    }
    return best;
  };
  // The figures measured side by side, after the rounds: ~4 rounds' worth of time per figure.
  std::map<std::string, SideBySide> side;  // by figure name
  for (const Figure& f : figures)
    if (f.side_by_side) {
      std::vector<Case> gathers;
      for (const std::string& k : f.den_choices) gathers.push_back(cases.at(k));
      std::fprintf(stderr, "lookupviz_bench: %s, side by side\n", f.name.c_str());
      side[f.name] = time_side_by_side(data, cases.at(f.num), gathers, 4 * opt.rounds * opt.min_time);
    }
  for (Figure& f : figures) {
    if (!f.num_choices.empty()) f.num = fastest(f.num_choices);
    if (f.side_by_side) f.den = f.den_choices.at(static_cast<size_t>(std::max(1, side[f.name].ahead) - 1));
    else if (!f.den_choices.empty()) f.den = fastest(f.den_choices);
    // The distance the floor ran at, e.g. "plain gather: 3 rows ahead".
    const std::string& g = !f.num_choices.empty() ? f.num : f.den;
    if ((!f.num_choices.empty() || !f.den_choices.empty()) && g.rfind("gather:", 0) == 0) {
      const std::string rows = g.substr(7, g.find('/') - 7);
      const std::string floor = "plain gather: " + rows + (rows == "1" ? " row" : " rows") + " ahead";
      f.path = f.path.empty() ? floor : f.path + "; vs " + floor;
    }
    const bool chosen = !f.num_choices.empty() || !f.den_choices.empty();
    const std::vector<double> a = chosen ? rounds_of(times[f.num], 0) : times[f.num];
    const std::vector<double> b = chosen ? rounds_of(times[f.den], 0) : times[f.den];
    std::vector<double> ratios;
    for (size_t r = 0; r < std::min(a.size(), b.size()); ++r)
      if (a[r] > 0 && b[r] > 0) ratios.push_back(a[r] / b[r]);
    if (ratios.size() == a.size() && !ratios.empty()) f.measured = median(ratios);
    f.num_ns = median(a);
    f.den_ns = median(b);
    if (f.side_by_side) {
      const SideBySide& s = side[f.name];
      f.measured = s.ratio > 0 ? s.ratio : std::numeric_limits<double>::quiet_NaN();
      f.num_ns = s.lookup_ns;
      f.den_ns = s.gather_ns;
      f.path += "; interleaved: " + std::to_string(s.cycles) + " cycles of " + std::to_string(s.calls_per_block) +
                (s.calls_per_block == 1 ? " call" : " calls");
    }
  }
  // A memcpy target the plain gather itself misses here is information, not a miss.
  for (Figure& f : figures) {
    if (f.floor_figure.empty() || f.target <= 0) continue;
    for (const Figure& floor : figures)
      if (floor.name == f.floor_figure && floor.has() && floor.measured > f.target) {
        char buf[128];
        std::snprintf(buf, sizeof buf, "information: the plain gather itself is %.2f x memcpy here", floor.measured);
        f.note = buf;
      }
  }
  std::vector<Figure> app;  // from --figures
  if (!opt.figures_file.empty()) {
    std::ifstream in(opt.figures_file);
    for (std::string line; std::getline(in, line);) {
      std::istringstream s(line);
      std::string tag;
      Figure f;
      if (s >> tag >> f.name >> f.measured >> f.target && tag == "FIGURE") app.push_back(f);
    }
  }

  // ------------------------------------------------------------ the table
  std::printf("lookupviz kernel benchmark: V = %lld, D = %lld float32, 1 thread, %d rounds "
              "(median of per-round ratios)\n",
              static_cast<long long>(shape.vocab), static_cast<long long>(shape.dim), opt.rounds);
  std::printf("CPU: %s\n", lv::cpu_summary(lv::cpu_info()).c_str());
  std::printf("kernels may use %s (Eigen's product: AVX2+FMA at most), chosen at run time; each lookup figure "
              "names its path\n",
              lv::kernels_isa());
  std::printf("lookup sizes from the caches: %s\n", lv::kernel_tuning_summary(lv::kernel_tuning()).c_str());
  std::printf("lookup paths, calibrated against memcpy per row (ratio = mean of hot and cold time / baseline's):\n");
  for (const std::string& line : lines_of(lv::kernel_calibration_summary(lv::kernel_calibration())))
    std::printf("  %s\n", line.c_str());
  std::printf("%s\n", peer_line.c_str());
  std::printf("hot: the same B IDs every call (rows in cache), memcpy of the table's first B "
              "rows; cold: IDs cycle through %lld random rows (DRAM), memcpy of B contiguous "
              "rows from the chunk's first ID\n\n",
              static_cast<long long>(shape.pool));
  std::printf("%-52s %11s %11s %8s %8s  %s\n", "figure (lower is better)", "ours", "vs", "ratio", "target", "");
  int missed = 0, met = 0;
  auto print_row = [&](const Figure& f) {
    char ratio[32] = "skipped", target[32] = "info";
    if (f.has()) std::snprintf(ratio, sizeof ratio, "%.3f", f.measured);
    if (f.target > 0) std::snprintf(target, sizeof target, f.informative() ? "(%.2f)" : "<= %.2f", f.target);
    std::string verdict;
    if (f.target > 0 && f.has() && f.note.empty()) {
      bool ok = f.measured <= f.target;
      (ok ? met : missed)++;
      verdict = ok ? "ok" : "MISS";
    }
    if (!f.note.empty()) verdict = "(" + f.note + ")";
    if (!f.path.empty()) verdict += (verdict.empty() ? "" : "  ") + std::string("[") + f.path + "]";
    std::printf("%-52s %11s %11s %8s %8s  %s\n", f.name.c_str(), fmt_time(f.num_ns).c_str(), fmt_time(f.den_ns).c_str(),
                ratio, target, verdict.c_str());
  };
  for (const Figure& f : figures)
    if (!f.informative()) print_row(f);
  if (!with_peer)
    std::printf("%-52s %35s  (%s)\n", "lookup_over_torch, onehot_matmul_dense_over_torch", "skipped",
                peer_line.c_str());
  for (const Figure& f : app)
    if (f.target > 0) print_row(f);
  std::printf("\ninformative (no target, or in parentheses a target the plain gather itself misses here):\n");
  for (const Figure& f : figures)
    if (f.informative()) print_row(f);
  for (const Figure& f : app)  // e.g. gl_floor_peak_rss_mb: a bare GL window's peak RSS
    if (f.target <= 0) print_row(f);
  std::printf("\n%d of %d figures with a target met\n", met, met + missed);

  // ------------------------------------------------------------ JSON
  if (!opt.json.empty()) {
    std::ofstream out(opt.json);
    // First the machine and what the kernels chose on it, then the figures.
    out << "[\n  {\"name\": \"cpu\", \"cpu\": " << json_string(lv::cpu_summary(lv::cpu_info()))
        << ", \"isa\": " << json_string(lv::kernels_isa())
        << ", \"lookup_tuning\": " << json_string(lv::kernel_tuning_summary(lv::kernel_tuning()))
        << ", \"lookup_calibration\": [";
    const std::vector<std::string> calibration = lines_of(lv::kernel_calibration_summary(lv::kernel_calibration()));
    for (size_t i = 0; i < calibration.size(); ++i) out << (i ? ", " : "") << json_string(calibration[i]);
    out << "], \"lookup_calibration_ms\": " << lv::kernel_calibration().ms()
        << ", \"lookup_calibration_cpu_ms\": " << lv::kernel_calibration().cpu_ms() << "}";
    bool first = false;
    auto emit = [&](const Figure& f) {
      if (f.target <= 0 || !f.has()) return;
      out << (first ? "" : ",\n") << "  {\"name\": \"" << f.name << "\", \"measured\": " << f.measured
          << ", \"target\": " << f.target;
      if (!f.path.empty()) out << ", \"path\": \"" << f.path << "\"";
      if (!f.note.empty()) out << ", \"informative\": " << json_string(f.note);
      out << "}";
      first = false;
    };
    for (const Figure& f : figures) emit(f);
    for (const Figure& f : app) emit(f);
    out << "\n]\n";
    if (!out) {
      std::fprintf(stderr, "lookupviz_bench: cannot write %s\n", opt.json.c_str());
      return 1;
    }
  }
  return 0;
}

}  // namespace
}  // namespace lvbench

int main(int argc, char** argv) {
  if (argc > 1 && std::strcmp(argv[1], "--gbench") == 0) {
    // Plain Google Benchmark mode: every case, its flags (--benchmark_filter=...).
    argv[1] = argv[0];
    int n = argc - 1;
    benchmark::Initialize(&n, argv + 1);
    static lvbench::BenchData data{lvbench::Shape{}};
    for (int64_t b : {1, 16, 256, 1024, 4096})
      for (bool cold : {false, true})
        for (auto k : {lvbench::Kind::kMemcpy, lvbench::Kind::kLookup, lvbench::Kind::kSparse})
          data.register_case(lvbench::Case{k, cold, b}, 0.2);
    for (int64_t b : {16, 256}) data.register_case(lvbench::Case{lvbench::Kind::kDense, false, b}, 0.2);
    lvbench::register_header_bench();
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
  }
  lvbench::Options opt;
  if (!lvbench::parse_args(argc, argv, opt)) return 2;
  int zero = 1;
  benchmark::Initialize(&zero, argv);  // defaults for Google Benchmark's own flags
  return lvbench::run(opt);
}
