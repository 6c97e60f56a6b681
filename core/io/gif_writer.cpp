// gif_writer.cpp — see gif_writer.hpp.
//
// The palette. UI frames are a dark background, a few flat accent colours and the
// antialiased ramps of text between them: a fixed colour cube would shift the
// background and band the ramps, and a fresh palette per frame would flicker. So one
// global palette is built from what the frames really contain: the first frame's
// colours are cut into up to 224 entries (boxes split where the squared error drops
// most, until every colour is within a few levels of its entry); later frames add
// entries only for colours that nothing is close to yet (a highlight lighting up),
// from the 32 kept free. Entries never move, so unchanged pixels keep their index and
// each frame can be stored as the rectangle that changed. Reserved colours (the theme's
// ID colours: a teal that comes back light blue is a different ID) take the first
// entries before any of that, exact, and come out of the first frame's budget.
//
// The file. giflib writes the header first, but the palette is known only at the end:
// the header declares a 256-entry global colour table, which always sits at byte 13
// ("GIF89a" + the 7-byte screen descriptor), and finish() writes the real table there.
#include "core/io/gif_writer.hpp"

#include <fcntl.h>
#include <gif_lib.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <unordered_map>
#include <vector>

#include "core/io/write_target.hpp"

namespace lv {
namespace {

constexpr int kMaxReserved = GifWriter::kMaxReserved;

constexpr int kPaletteSize = 256;
constexpr int kFirstFrameBudget = 224;  // with the reserved ones; the rest waits for colours that appear later
constexpr int kGoodEnough = 3 * 4 * 4;  // squared RGB distance to an entry that looks the same
constexpr long kPaletteOffset = 13;     // "GIF89a" + logical screen descriptor

struct Colour {
  uint32_t rgb;    // 0xRRGGBB
  uint32_t count;  // pixels of that colour
};

int channel(uint32_t rgb, int c) { return static_cast<int>((rgb >> (16 - 8 * c)) & 255u); }

int dist2(uint32_t a, uint32_t b) {
  int d = 0;
  for (int c = 0; c < 3; ++c) {
    const int e = channel(a, c) - channel(b, c);
    d += e * e;
  }
  return d;
}

// A set of colours that will share one palette entry: their pixel-weighted mean.
struct Box {
  std::vector<Colour> colours;
  uint32_t mean = 0;
  double sse = 0;  // pixel-weighted squared error against the mean
  int worst = 0;   // the largest squared distance of one colour to the mean
};

Box make_box(std::vector<Colour> colours) {
  Box b;
  double n = 0, sum[3] = {0, 0, 0}, sq = 0;
  for (const Colour& k : colours) {
    n += k.count;
    for (int c = 0; c < 3; ++c) {
      const double v = channel(k.rgb, c);
      sum[c] += v * k.count;
      sq += v * v * k.count;
    }
  }
  uint32_t mean = 0;
  for (int c = 0; c < 3; ++c) mean = (mean << 8) | static_cast<uint32_t>(std::clamp(sum[c] / n + 0.5, 0.0, 255.0));
  b.mean = mean;
  b.sse = sq - (sum[0] * sum[0] + sum[1] * sum[1] + sum[2] * sum[2]) / n;
  for (const Colour& k : colours) b.worst = std::max(b.worst, dist2(k.rgb, mean));
  b.colours = std::move(colours);
  return b;
}

// Splits along the channel of largest spread, at the point that leaves the least
// squared error in the two halves (prefix sums over the sorted colours).
std::pair<Box, Box> split(Box& b) {
  int axis = 0, widest = -1;
  for (int c = 0; c < 3; ++c) {
    int lo = 255, hi = 0;
    for (const Colour& k : b.colours) {
      lo = std::min(lo, channel(k.rgb, c));
      hi = std::max(hi, channel(k.rgb, c));
    }
    if (hi - lo > widest) widest = hi - lo, axis = c;
  }
  std::vector<Colour>& v = b.colours;
  std::sort(v.begin(), v.end(), [axis](const Colour& x, const Colour& y) {
    const int a = channel(x.rgb, axis), b2 = channel(y.rgb, axis);
    return a != b2 ? a < b2 : x.rgb < y.rgb;
  });
  const size_t n = v.size();
  std::vector<double> w(n + 1, 0), s[3], q(n + 1, 0);
  for (auto& p : s) p.assign(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    w[i + 1] = w[i] + v[i].count;
    q[i + 1] = q[i];
    for (int c = 0; c < 3; ++c) {
      const double x = channel(v[i].rgb, c);
      s[c][i + 1] = s[c][i] + x * v[i].count;
      q[i + 1] += x * x * v[i].count;
    }
  }
  auto sse = [&](size_t from, size_t to) {
    const double ww = w[to] - w[from];
    double m2 = 0;
    for (int c = 0; c < 3; ++c) m2 += (s[c][to] - s[c][from]) * (s[c][to] - s[c][from]);
    return (q[to] - q[from]) - m2 / ww;
  };
  size_t best = 1;
  double best_err = -1;
  for (size_t k = 1; k < n; ++k) {
    const double e = sse(0, k) + sse(k, n);
    if (best_err < 0 || e < best_err) best_err = e, best = k;
  }
  return {make_box(std::vector<Colour>(v.begin(), v.begin() + static_cast<long>(best))),
          make_box(std::vector<Colour>(v.begin() + static_cast<long>(best), v.end()))};
}

// Up to `budget` entries covering `colours`; fewer when every colour is already close.
std::vector<uint32_t> cut(std::vector<Colour> colours, int budget) {
  std::vector<Box> boxes;
  boxes.push_back(make_box(std::move(colours)));
  while (static_cast<int>(boxes.size()) < budget) {
    int pick = -1;
    for (int i = 0; i < static_cast<int>(boxes.size()); ++i) {
      const Box& b = boxes[static_cast<size_t>(i)];
      if (b.colours.size() > 1 && b.worst > kGoodEnough && (pick < 0 || b.sse > boxes[static_cast<size_t>(pick)].sse))
        pick = i;
    }
    if (pick < 0) break;
    auto [a, b] = split(boxes[static_cast<size_t>(pick)]);
    boxes[static_cast<size_t>(pick)] = std::move(a);
    boxes.push_back(std::move(b));
  }
  std::vector<uint32_t> means;
  for (const Box& b : boxes) means.push_back(b.mean);
  return means;
}

uint32_t rgb_at(const uint8_t* p) { return (uint32_t{p[0]} << 16) | (uint32_t{p[1]} << 8) | p[2]; }

}  // namespace

struct GifWriter::Impl {
  std::string path, target, tmp, error;  // target: where path's links lead (see write_target.hpp)
  GifFileType* gif = nullptr;
  int width = 0, height = 0, frames = 0;
  std::vector<uint32_t> palette;                 // grows, never reorders
  std::unordered_map<uint32_t, uint8_t> mapped;  // colour -> entry, once settled
  std::vector<uint8_t> shown;                    // the indices on screen after the last frame
  int reserved = 0;                              // palette[0, reserved) are reserved colours
  bool quantised = false;                        // a frame has been quantised: the palette is open
  // The last frame is held back: a following identical frame only lengthens its delay.
  struct Pending {
    int x = 0, y = 0, w = 0, h = 0, delay = 0;
    std::vector<uint8_t> pixels;
  } pending;
  bool have_pending = false;

  std::string fail(const std::string& why) {
    if (error.empty()) error = "cannot write " + path + ": " + why;
    return error;
  }
  std::string gif_fail(int code) { return fail(GifErrorString(code) ? GifErrorString(code) : "GIF error"); }

  int nearest(uint32_t rgb, int* d) const {
    int best = 0;
    *d = 1 << 30;
    for (size_t i = 0; i < palette.size() && *d > 0; ++i) {
      const int e = dist2(rgb, palette[i]);
      if (e < *d) *d = e, best = static_cast<int>(i);
    }
    return best;
  }

  std::string start(int w, int h) {
    width = w;
    height = h;
    ColorMapObject* blank_map = GifMakeMapObject(kPaletteSize, nullptr);  // zeros; patched in finish()
    EGifSetGifVersion(gif, true);
    const int ok = EGifPutScreenDesc(gif, w, h, 8, 0, blank_map);
    GifFreeMapObject(blank_map);
    if (ok == GIF_ERROR) return gif_fail(gif->Error);
    // NETSCAPE2.0 application extension: loop count 0 = forever.
    static const char kApp[] = "NETSCAPE2.0";
    const unsigned char loop[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(gif, 11, kApp) == GIF_ERROR || EGifPutExtensionBlock(gif, 3, loop) == GIF_ERROR ||
        EGifPutExtensionTrailer(gif) == GIF_ERROR)
      return gif_fail(gif->Error);
    shown.assign(static_cast<size_t>(w) * static_cast<size_t>(h), 0);
    return "";
  }

  // Index of every pixel, adding palette entries for colours nothing is close to yet.
  std::vector<uint8_t> quantize(const uint8_t* rgba) {
    const size_t n = static_cast<size_t>(width) * static_cast<size_t>(height);
    std::unordered_map<uint32_t, uint32_t> histogram;
    uint32_t last = 0xffffffffu, *slot = nullptr;  // runs of one colour are the common case
    for (size_t i = 0; i < n; ++i) {
      const uint32_t c = rgb_at(rgba + 4 * i);
      if (c != last) slot = &histogram[c], last = c;
      ++*slot;
    }
    std::vector<Colour> uncovered;
    for (const auto& [c, count] : histogram) {
      if (mapped.count(c) != 0) continue;
      int d = 1 << 30;
      if (!palette.empty()) nearest(c, &d);
      if (d > kGoodEnough) uncovered.push_back({c, count});
    }
    const int free = kPaletteSize - static_cast<int>(palette.size());
    const bool first = !quantised;
    quantised = true;
    if (!uncovered.empty() && free > 0) {
      std::sort(uncovered.begin(), uncovered.end(), [](const Colour& a, const Colour& b) { return a.rgb < b.rgb; });
      const int budget = first ? kFirstFrameBudget - reserved : std::max(std::min(free, 4), free / 2);
      for (uint32_t entry : cut(std::move(uncovered), budget)) palette.push_back(entry);
    }
    // Each colour keeps its entry from then on, even one the budget left far from any:
    // remapping it later would redraw unchanged pixels and spend the reserve on old colours.
    for (const auto& [c, count] : histogram) {
      int d = 0;
      if (mapped.count(c) == 0) mapped[c] = static_cast<uint8_t>(nearest(c, &d));
    }
    std::vector<uint8_t> out(n);
    last = 0xffffffffu;
    uint8_t index = 0;
    for (size_t i = 0; i < n; ++i) {
      const uint32_t c = rgb_at(rgba + 4 * i);
      if (c != last) index = mapped[c], last = c;
      out[i] = index;
    }
    return out;
  }

  std::string write_pending() {
    if (!have_pending) return "";
    have_pending = false;
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;  // the next frame draws over this one
    gcb.UserInputFlag = false;
    gcb.DelayTime = pending.delay;
    gcb.TransparentColor = NO_TRANSPARENT_COLOR;
    GifByteType ext[4];
    const size_t len = EGifGCBToExtension(&gcb, ext);
    if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(len), ext) == GIF_ERROR ||
        EGifPutImageDesc(gif, pending.x, pending.y, pending.w, pending.h, false, nullptr) == GIF_ERROR)
      return gif_fail(gif->Error);
    for (int row = 0; row < pending.h; ++row)
      if (EGifPutLine(gif, pending.pixels.data() + static_cast<size_t>(row) * static_cast<size_t>(pending.w),
                      pending.w) == GIF_ERROR)
        return gif_fail(gif->Error);
    ++frames;
    return "";
  }

  // Holds back the rectangle x, y, w, h of `indices` as the next frame to write.
  void hold(const std::vector<uint8_t>& indices, int x, int y, int w, int h, int delay) {
    pending.x = x, pending.y = y, pending.w = w, pending.h = h, pending.delay = delay;
    pending.pixels.resize(static_cast<size_t>(w) * static_cast<size_t>(h));
    for (int r = 0; r < h; ++r)
      std::memcpy(pending.pixels.data() + static_cast<size_t>(r) * static_cast<size_t>(w),
                  indices.data() + static_cast<size_t>(y + r) * static_cast<size_t>(width) + static_cast<size_t>(x),
                  static_cast<size_t>(w));
    have_pending = true;
  }

  void reserve(const std::vector<uint32_t>& colours) {
    if (quantised) return;  // entries never move once frames use them
    for (uint32_t c : colours) {
      c &= 0xffffffu;
      if (reserved >= kMaxReserved || mapped.count(c) != 0) continue;
      mapped[c] = static_cast<uint8_t>(palette.size());
      palette.push_back(c);
      ++reserved;
    }
  }

  std::string add(const uint8_t* rgba, int w, int h, int delay) {
    if (!error.empty()) return error;
    if (!gif) return fail("the file is already finished");
    if (!rgba || w <= 0 || h <= 0 || w > 65535 || h > 65535)
      return fail("a frame must be 1 to 65,535 pixels each way, got " + std::to_string(w) + "x" + std::to_string(h));
    if (width == 0) {
      if (std::string e = start(w, h); !e.empty()) return e;
    } else if (w != width || h != height) {
      return fail("every frame must be " + std::to_string(width) + "x" + std::to_string(height) +
                  " like the first, got " + std::to_string(w) + "x" + std::to_string(h));
    }
    delay = std::clamp(delay, 2, 65535);
    const bool first = !have_pending && frames == 0;
    std::vector<uint8_t> indices = quantize(rgba);
    // The rectangle that changed since the frame before.
    int x0 = w, y0 = h, x1 = -1, y1 = -1;
    if (first) {
      x0 = 0, y0 = 0, x1 = w - 1, y1 = h - 1;
    } else {
      for (int y = 0; y < h; ++y) {
        const uint8_t* a = indices.data() + static_cast<size_t>(y) * static_cast<size_t>(w);
        const uint8_t* b = shown.data() + static_cast<size_t>(y) * static_cast<size_t>(w);
        if (std::memcmp(a, b, static_cast<size_t>(w)) == 0) continue;
        y0 = std::min(y0, y), y1 = y;
        int l = 0, r = w - 1;
        while (a[l] == b[l]) ++l;
        while (a[r] == b[r]) --r;
        x0 = std::min(x0, l), x1 = std::max(x1, r);
      }
    }
    if (x1 < 0 && pending.delay + delay <= 65535) {
      pending.delay += delay;  // nothing moved: show the last frame longer
      return "";
    }
    if (std::string e = write_pending(); !e.empty()) return e;
    if (x1 < 0) x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // delay overflow: restate one pixel
    hold(indices, x0, y0, x1 - x0 + 1, y1 - y0 + 1, delay);
    shown.swap(indices);
    return "";
  }

  std::string finish() {
    if (!error.empty()) return error;
    if (!gif) return fail("the file is already finished");
    if (!have_pending) return fail("no frames were added");
    if (std::string e = write_pending(); !e.empty()) return e;
    int code = 0;
    const int closed = EGifCloseFile(gif, &code);
    gif = nullptr;
    if (closed == GIF_ERROR) return gif_fail(code);
    // The real palette into the table the header reserved; then make it durable.
    unsigned char table[kPaletteSize * 3] = {};
    for (size_t i = 0; i < palette.size(); ++i)
      for (int c = 0; c < 3; ++c)
        table[i * 3 + static_cast<size_t>(c)] = static_cast<unsigned char>(channel(palette[i], c));
    FILE* f = std::fopen(tmp.c_str(), "r+b");
    if (!f) return fail(std::strerror(errno));
    const bool ok = std::fseek(f, kPaletteOffset, SEEK_SET) == 0 &&
                    std::fwrite(table, 1, sizeof table, f) == sizeof table && std::fflush(f) == 0 &&
                    fsync(fileno(f)) == 0;
    const int saved = errno;
    if (std::fclose(f) != 0 || !ok) return fail(std::strerror(ok ? errno : saved));
    if (std::rename(tmp.c_str(), target.c_str()) != 0) return fail(std::strerror(errno));
    tmp.clear();  // nothing left to clean up
    return "";
  }
};

GifWriter::GifWriter(const std::string& path) : impl_(std::make_unique<Impl>()) {
  impl_->path = path;
  if (path.empty()) {
    impl_->error = "cannot write the GIF: no file name was given";
    return;
  }
  // A symlink's target is written (the link stays); a FIFO or device is never replaced.
  const WriteTarget where = resolve_write_target(path);
  if (where.error != WriteTargetError::None) {
    impl_->fail(where.reason);
    return;
  }
  impl_->target = where.path;
  impl_->tmp = where.path + ".part";
  const int fd = ::open(impl_->tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    impl_->fail(std::strerror(errno));
    impl_->tmp.clear();  // nothing was created
    return;
  }
  int code = 0;
  impl_->gif = EGifOpenFileHandle(fd, &code);
  if (!impl_->gif) {
    ::close(fd);
    impl_->gif_fail(code);
  }
}

GifWriter::~GifWriter() {
  if (impl_->gif) EGifCloseFile(impl_->gif, nullptr);
  if (!impl_->tmp.empty()) std::remove(impl_->tmp.c_str());
}

void GifWriter::reserve(const std::vector<uint32_t>& rgb) { impl_->reserve(rgb); }

std::string GifWriter::add_frame(const uint8_t* rgba, int w, int h, int delay_centiseconds) {
  return impl_->add(rgba, w, h, delay_centiseconds);
}

std::string GifWriter::finish() {
  std::string e = impl_->finish();
  if (!e.empty() && !impl_->tmp.empty()) {
    if (impl_->gif) EGifCloseFile(impl_->gif, nullptr), impl_->gif = nullptr;
    std::remove(impl_->tmp.c_str());
    impl_->tmp.clear();
  }
  return e;
}

const std::string& GifWriter::error() const { return impl_->error; }

}  // namespace lv
