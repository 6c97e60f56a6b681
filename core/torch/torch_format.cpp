// torch_format.cpp — torch 1.13's default tensor repr (torch/_tensor_str.py), char for char,
// for float32 and int64 tensors of 0, 1 and 2 dimensions.
//
// Sections, in the order _str_intern runs them:
//   1. shown elements   (get_summarized_data: the formatter only sees what is printed)
//   2. formatters       (_Formatter: int mode / fixed / scientific and the element width)
//   3. layout           (_vector_str, _tensor_str_with_formatter)
//   4. suffixes         (_str_intern's suffix list, _add_suffixes)
//
// Number formatting goes through C's snprintf on the float32 value widened to double:
// glibc rounds the exact binary value correctly (ties to even), like Python's
// '{:.4f}' / '{:.4e}' / '{:.0f}', which torch applies to `tensor.item()` / `tolist()`.
#include "core/torch/torch_format.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <type_traits>
#include <vector>

namespace lv {
namespace {

// torch's PRINT_OPTS defaults (set_printoptions(profile="default")).
constexpr int kPrecision = 4;
constexpr int64_t kThreshold = 1000;  // summarize when numel > threshold
constexpr int64_t kEdgeItems = 3;
constexpr int kLineWidth = 80;
constexpr int kPrefixIndent = 7;  // len("tensor(")

// ---------------------------------------------------------------- 1. shown elements

// A 0-, 1- or 2-D tensor seen as rows x cols (0-D: 1 x 1, 1-D: 1 x n), row-major.
template <class T>
struct View {
  const T* data;
  int dim;
  int64_t rows, cols;
  int64_t row_stride, col_stride;  // in elements: (cols, 1) row-major; (1, rows) a transposed view
  bool edges_only = false;         // data holds only the edges (repr_parameter_edges)
  const T& at(int64_t r, int64_t c) const {
    if (edges_only) {
      r = r < kEdgeItems || rows <= 2 * kEdgeItems ? r : r - (rows - 2 * kEdgeItems);
      c = c < kEdgeItems || cols <= 2 * kEdgeItems ? c : c - (cols - 2 * kEdgeItems);
    }
    return data[r * row_stride + c * col_stride];
  }
};

// Indices printed along one dimension of length n: all of them, or the first and
// last kEdgeItems when summarizing a dimension longer than 2 * kEdgeItems
// (get_summarized_data and the `size(0) > 2 * edgeitems` tests of the printers).
std::vector<int64_t> shown_indices(int64_t n, bool summarize) {
  std::vector<int64_t> idx;
  if (summarize && n > 2 * kEdgeItems) {
    for (int64_t i = 0; i < kEdgeItems; ++i) idx.push_back(i);
    for (int64_t i = n - kEdgeItems; i < n; ++i) idx.push_back(i);
  } else {
    for (int64_t i = 0; i < n; ++i) idx.push_back(i);
  }
  return idx;
}

// The elements the formatter is built from: get_summarized_data(self) when
// summarizing, else the whole tensor. Only these are read, so a 50257 x 768 table
// costs 36 element reads.
template <class T>
std::vector<T> shown_elements(const View<T>& v, bool summarize) {
  std::vector<T> out;
  for (int64_t r : shown_indices(v.rows, summarize && v.dim == 2))
    for (int64_t c : shown_indices(v.cols, summarize && v.dim >= 1)) out.push_back(v.at(r, c));
  return out;
}

// ---------------------------------------------------------------- 2. formatters

// printf into a std::string; the value is the float32 widened to double, as Python's
// float (from tensor.item() / tolist()) is.
std::string printf_double(const char* fmt, int width, double value) {
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, fmt, width, value);
  return std::string(buf, static_cast<size_t>(n));
}

// Python's float.__format__ for 'f' / 'e' with a minimum width: like printf, except
// that nan never carries a sign (glibc prints "-nan").
std::string py_format(double value, char conv, int precision, int width = 0) {
  if (std::isnan(value)) return std::string(static_cast<size_t>(std::max(0, width - 3)), ' ') + "nan";
  char fmt[16];
  std::snprintf(fmt, sizeof fmt, "%%*.%d%c", precision, conv);
  return printf_double(fmt, width, value);
}

// _Formatter for floating dtypes (float16/bfloat16 are printed after .float(), so
// float32 covers them).
class FloatFormatter {
 public:
  explicit FloatFormatter(const std::vector<float>& shown) {
    std::vector<float> nonzero_finite;
    for (float x : shown)
      if (std::isfinite(x) && x != 0.0f) nonzero_finite.push_back(x);
    if (nonzero_finite.empty()) return;  // "no valid number": int mode, width 1

    // min/max of |x| compared in double (tensor_totype), the ratio in double too.
    double lo = INFINITY, hi = 0.0;
    for (float x : nonzero_finite) {
      double a = std::fabs(static_cast<double>(x));
      lo = std::min(lo, a);
      hi = std::max(hi, a);
    }
    for (float x : nonzero_finite)
      if (x != std::ceil(x)) {
        int_mode_ = false;
        break;
      }

    bool wide_range = hi / lo > 1000.0 || hi > 1.0e8;
    sci_mode_ = int_mode_ ? wide_range : (wide_range || lo < 1.0e-4);
    for (float x : nonzero_finite) {
      double d = x;
      int len;
      if (sci_mode_) len = static_cast<int>(py_format(d, 'e', kPrecision).size());
      else if (int_mode_)  // +1 for the '.' that marks a float tensor
        len = static_cast<int>(py_format(d, 'f', 0).size()) + 1;
      else len = static_cast<int>(py_format(d, 'f', kPrecision).size());
      max_width_ = std::max(max_width_, len);
    }
  }

  int width() const { return max_width_; }

  // _Formatter.format: right-aligned to the width, never truncated (so "-0.0000"
  // or "nan" may be wider than the width computed from the nonzero finite values).
  std::string format(float x) const {
    double d = x;
    std::string s;
    if (sci_mode_) {
      s = py_format(d, 'e', kPrecision, max_width_);
    } else if (int_mode_) {
      s = py_format(d, 'f', 0);
      if (std::isfinite(d)) s += '.';
    } else {
      s = py_format(d, 'f', kPrecision);
    }
    return pad_left(s);
  }

 private:
  std::string pad_left(const std::string& s) const {
    int pad = max_width_ - static_cast<int>(s.size());
    return pad > 0 ? std::string(static_cast<size_t>(pad), ' ') + s : s;
  }

  bool int_mode_ = true;
  bool sci_mode_ = false;
  int max_width_ = 1;
};

// _Formatter for integer dtypes: "{}".format(value), width of the widest shown value.
class IntFormatter {
 public:
  explicit IntFormatter(const std::vector<int64_t>& shown) {
    for (int64_t x : shown) max_width_ = std::max(max_width_, static_cast<int>(std::to_string(x).size()));
  }
  int width() const { return max_width_; }
  std::string format(int64_t x) const {
    std::string s = std::to_string(x);
    int pad = max_width_ - static_cast<int>(s.size());
    return pad > 0 ? std::string(static_cast<size_t>(pad), ' ') + s : s;
  }

 private:
  int max_width_ = 1;
};

template <class T>
using FormatterFor = std::conditional_t<std::is_same_v<T, float>, FloatFormatter, IntFormatter>;

// ---------------------------------------------------------------- 3. layout

// _vector_str: one row, `elements_per_line` items per line (from the formatter's
// width, not the strings' lengths), wrapped lines joined by ",\n" + indent + 1 spaces.
// A summarized row shows 3 items, " ...", 3 items.
template <class T, class F>
std::string vector_str(const View<T>& v, int64_t row, int indent, bool summarize, const F& fmt) {
  const int element_length = fmt.width() + 2;
  const int per_line = std::max(1, (kLineWidth - indent) / element_length);

  std::vector<std::string> items;
  bool elided = summarize && v.cols > 2 * kEdgeItems;
  for (int64_t c : shown_indices(v.cols, summarize)) {
    if (elided && c == v.cols - kEdgeItems) items.push_back(" ...");
    items.push_back(fmt.format(v.at(row, c)));
  }

  std::string out = "[";
  const std::string line_sep = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += (i % static_cast<size_t>(per_line) == 0) ? line_sep : ", ";
    out += items[i];
  }
  return out + "]";
}

// _tensor_str_with_formatter: a scalar, a vector, or a matrix whose rows (indent + 1)
// are joined by ",\n" + indent + 1 spaces; a summarized matrix shows 3 rows, "...", 3 rows.
template <class T, class F>
std::string tensor_str(const View<T>& v, int indent, bool summarize, const F& fmt) {
  if (v.dim == 0) return fmt.format(v.at(0, 0));
  if (v.dim == 1) return vector_str(v, 0, indent, summarize, fmt);

  std::string out = "[";
  const std::string row_sep = ",\n" + std::string(static_cast<size_t>(indent + 1), ' ');
  bool elided = summarize && v.rows > 2 * kEdgeItems;
  bool first = true;
  for (int64_t r : shown_indices(v.rows, summarize)) {
    if (!first) out += row_sep;
    if (elided && r == v.rows - kEdgeItems) out += "..." + row_sep;
    out += vector_str(v, r, indent + 1, summarize, fmt);
    first = false;
  }
  return out + "]";
}

// ---------------------------------------------------------------- 4. suffixes

// _add_suffixes: each suffix follows ", " on the last line unless that line (plus
// 2) and the suffix (plus 2) would pass 80 columns; then it starts a new line
// indented 7.
std::string add_suffixes(const std::string& text, const std::vector<std::string>& suffixes) {
  std::string out = text;
  size_t nl = text.rfind('\n');
  // len(s) - s.rfind("\n") + 1, with rfind == -1 when there is no newline.
  int last_line_len = static_cast<int>(text.size()) + 1 - (nl == std::string::npos ? -1 : static_cast<int>(nl));
  for (const std::string& suffix : suffixes) {
    int len = static_cast<int>(suffix.size());
    if (last_line_len + len + 2 > kLineWidth) {
      out += ",\n" + std::string(kPrefixIndent, ' ') + suffix;
      last_line_len = kPrefixIndent + len;
    } else {
      out += ", " + suffix;
      last_line_len += len + 2;
    }
  }
  return out + ")";
}

// Python's str(tuple(shape)) for a shape of 2+ dims: "(0, 5)".
std::string shape_tuple(std::span<const int64_t> shape) {
  std::string s = "(";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + ")";
}

// _str_intern for a plain strided CPU tensor.
enum class Layout { RowMajor, Transposed, EdgesOnly };

template <class T>
std::string repr_impl(const T* data, std::span<const int64_t> shape, const ReprSuffix& suffix,
                      Layout layout = Layout::RowMajor) {
  int64_t numel = 1;
  for (int64_t n : shape) numel *= n;

  std::vector<std::string> suffixes;
  std::string body;
  if (numel == 0) {
    // Empty: the shape unless 1-D, and the dtype unless float32 (int64 is not
    // inferable from no elements).
    if (shape.size() != 1) suffixes.push_back("size=" + shape_tuple(shape));
    if (!suffix.dtype.empty()) suffixes.push_back("dtype=" + suffix.dtype);
    else if (std::is_same_v<T, int64_t>) suffixes.push_back("dtype=torch.int64");
    body = "[]";
  } else {
    if (!suffix.dtype.empty()) suffixes.push_back("dtype=" + suffix.dtype);
    View<T> v{
        data, static_cast<int>(shape.size()), shape.size() == 2 ? shape[0] : 1, shape.empty() ? 1 : shape.back(), 0, 1};
    v.row_stride = v.cols;
    if (layout == Layout::Transposed && v.dim == 2) {  // element (r, c) of the shape given is data[c * rows + r]
      v.row_stride = 1;
      v.col_stride = v.rows;
    }
    if (layout == Layout::EdgesOnly && v.dim == 2) {
      v.edges_only = numel > kThreshold;
      v.row_stride = v.edges_only ? edge_count(v.cols, v.rows, v.cols) : v.cols;
    }
    bool summarize = numel > kThreshold;  // _tensor_str
    FormatterFor<T> fmt(shown_elements(v, summarize));
    body = tensor_str(v, kPrefixIndent, summarize, fmt);
  }
  if (!suffix.grad_fn.empty()) suffixes.push_back("grad_fn=<" + suffix.grad_fn + ">");
  else if (suffix.requires_grad) suffixes.push_back("requires_grad=True");
  return add_suffixes("tensor(" + body, suffixes);
}

std::span<const int64_t> matrix_shape(int64_t (&shape)[2], int64_t rows, int64_t cols) {
  shape[0] = rows;
  shape[1] = cols;
  return shape;
}

}  // namespace

std::string repr_tensor(const float* data, std::span<const int64_t> shape, const ReprSuffix& suffix) {
  return repr_impl(data, shape, suffix);
}

std::string repr_tensor(const int64_t* data, std::span<const int64_t> shape, const ReprSuffix& suffix) {
  return repr_impl(data, shape, suffix);
}

std::string repr_tensor(const Matrix& m, const ReprSuffix& suffix) {
  int64_t shape[2];
  return repr_impl(m.data(), matrix_shape(shape, m.rows(), m.cols()), suffix);
}

std::string repr_transposed(const Matrix& m, const ReprSuffix& suffix) {
  int64_t shape[2];
  return repr_impl(m.data(), matrix_shape(shape, m.cols(), m.rows()), suffix, Layout::Transposed);
}

std::string repr_tensor(const IntMatrix& m, const ReprSuffix& suffix) {
  int64_t shape[2];
  return repr_impl(m.data(), matrix_shape(shape, m.rows(), m.cols()), suffix);
}

int64_t edge_count(int64_t n, int64_t rows, int64_t cols) {
  return rows * cols > kThreshold && n > 2 * kEdgeItems ? 2 * kEdgeItems : n;
}

int64_t edge_index(int64_t i, int64_t n, int64_t rows, int64_t cols) {
  if (edge_count(n, rows, cols) == n) return i;
  if (i < kEdgeItems) return i;
  if (i >= n - kEdgeItems) return i - (n - 2 * kEdgeItems);
  return -1;  // not an edge
}

std::string repr_edges(const Matrix& edges, int64_t rows, int64_t cols, const ReprSuffix& suffix) {
  int64_t shape[2];
  return repr_impl(edges.data(), matrix_shape(shape, rows, cols), suffix, Layout::EdgesOnly);
}

std::string repr_edges(const IntMatrix& edges, int64_t rows, int64_t cols, const ReprSuffix& suffix) {
  int64_t shape[2];
  return repr_impl(edges.data(), matrix_shape(shape, rows, cols), suffix, Layout::EdgesOnly);
}

std::string repr_parameter_edges(const Matrix& edges, int64_t rows, int64_t cols) {
  ReprSuffix suffix;
  suffix.requires_grad = true;
  int64_t shape[2];
  return "Parameter containing:\n" +
         repr_impl(edges.data(), matrix_shape(shape, rows, cols), suffix, Layout::EdgesOnly);
}

// nn.Parameter.__repr__: 'Parameter containing:\n' + Tensor.__repr__ (a leaf that
// requires grad).
std::string repr_parameter(const Matrix& m) {
  ReprSuffix suffix;
  suffix.requires_grad = true;
  return "Parameter containing:\n" + repr_tensor(m, suffix);
}

}  // namespace lv
