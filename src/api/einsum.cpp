// numpy.einsum (numcu/linalg.hpp): the subscripts parsed with NumPy's checks and messages, each operand
// reduced to distinct labels (diagonals of repeated ones, sums of labels no one else needs), then contracted
// two at a time as a matrix product after transposes (batch labels, free labels, summed labels), and the
// result summed and transposed into the output's labels.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "api/manipulation_common.hpp"
#include "dispatch/dispatch.hpp"
#include "numcu/error.hpp"
#include "numcu/linalg.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/rearranging.hpp"
#include "numcu/reduction.hpp"

namespace numcu {

namespace {

/// A label: a letter's code, or first_ellipsis + k for the k-th axis of the broadcast ellipsis.
using label = int;
constexpr label first_ellipsis = 1000;

/// An operand on its way: its array and the label of each axis.
struct term {
  ndarray array;
  std::vector<label> labels;
};

std::string label_text(label l) {
  return std::string(1, static_cast<char>(l));
}

shape_error subscripts_error(const std::string& what) {
  return shape_error(what);
}

/// The labels of one comma-separated part of the subscripts (ellipsis as -1), NumPy's checks on its
/// characters.
std::vector<label> parse_part(const std::string& part, std::size_t operand) {
  std::vector<label> labels;
  for (std::size_t i = 0; i < part.size(); ++i) {
    const char c = part[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (part.compare(i, 3, "...") != 0) {
        throw subscripts_error(
            "einstein sum subscripts string contains a '.' that is not part of an ellipsis ('...') in "
            "operand " +
            std::to_string(operand));
      }
      labels.push_back(-1);
      i += 2;
      continue;
    }
    if (!std::isalpha(static_cast<unsigned char>(c))) {
      throw subscripts_error(std::string("invalid subscript '") + c +
                             "' in einstein sum subscripts string, subscripts must be letters");
    }
    labels.push_back(c);
  }
  return labels;
}

/// @p x summed over the axes of @p labels not in @p keep, in its dtype.
term summed_out(const term& t, const std::set<label>& keep) {
  std::vector<std::int64_t> axes;
  std::vector<label> left;
  for (std::size_t d = 0; d < t.labels.size(); ++d) {
    if (keep.count(t.labels[d])) {
      left.push_back(t.labels[d]);
    } else {
      axes.push_back(static_cast<std::int64_t>(d));
    }
  }
  if (axes.empty()) return t;
  return {sum(t.array, axes, {.dtype = t.array.dtype()}), left};
}

/// @p t with its axes in the order of @p order (labels it has).
ndarray arranged(const term& t, const std::vector<label>& order) {
  std::vector<std::int64_t> axes;
  for (const label l : order) {
    axes.push_back(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin());
  }
  return t.array.transpose(axes);
}

/// The product of @p a and @p b summed over their shared labels not in @p keep: one matmul of (batch, free of
/// a, summed) by (batch, summed, free of b), the labels of extent 1 broadcast against the other's.
term contract(term a, term b, const std::set<label>& keep) {
  std::set<label> in_a(a.labels.begin(), a.labels.end()), in_b(b.labels.begin(), b.labels.end());
  // a label of one alone that nothing later needs is summed there first
  std::set<label> keep_a = keep, keep_b = keep;
  keep_a.insert(in_b.begin(), in_b.end());
  keep_b.insert(in_a.begin(), in_a.end());
  a = summed_out(a, keep_a);
  b = summed_out(b, keep_b);
  std::vector<label> batch, summed, free_a, free_b;
  for (const label l : a.labels) {
    if (!in_b.count(l)) {
      free_a.push_back(l);
    } else if (keep.count(l)) {
      batch.push_back(l);
    } else {
      summed.push_back(l);
    }
  }
  for (const label l : b.labels) {
    if (!in_a.count(l)) free_b.push_back(l);
  }
  const auto extent = [](const term& t, label l) {
    return t.array
        .shape()[static_cast<int>(std::find(t.labels.begin(), t.labels.end(), l) - t.labels.begin())];
  };
  shape_t batch_shape, a_shape, b_shape;
  std::int64_t m = 1, n = 1, k = 1;
  for (const label l : batch) batch_shape.push_back(std::max(extent(a, l), extent(b, l)));
  a_shape = batch_shape;
  b_shape = batch_shape;
  // a: (batch, free_a, summed); b: (batch, summed, free_b), each summed label at the larger extent
  std::vector<label> order_a = batch, order_b = batch;
  order_a.insert(order_a.end(), free_a.begin(), free_a.end());
  order_a.insert(order_a.end(), summed.begin(), summed.end());
  order_b.insert(order_b.end(), summed.begin(), summed.end());
  order_b.insert(order_b.end(), free_b.begin(), free_b.end());
  shape_t full_a, full_b;
  for (const label l : order_a)
    full_a.push_back(b.labels.end() != std::find(b.labels.begin(), b.labels.end(), l)
                         ? std::max(extent(a, l), extent(b, l))
                         : extent(a, l));
  for (const label l : order_b)
    full_b.push_back(a.labels.end() != std::find(a.labels.begin(), a.labels.end(), l)
                         ? std::max(extent(a, l), extent(b, l))
                         : extent(b, l));
  const ndarray av = broadcast_to(arranged(a, order_a), full_a);
  const ndarray bv = broadcast_to(arranged(b, order_b), full_b);
  shape_t result_shape = batch_shape;
  for (const label l : free_a) {
    m *= extent(a, l);
    result_shape.push_back(extent(a, l));
  }
  for (const label l : free_b) {
    n *= extent(b, l);
    result_shape.push_back(extent(b, l));
  }
  for (std::size_t i = 0; i < summed.size(); ++i) k *= full_a[batch.size() + free_a.size() + i];
  a_shape.push_back(m);
  a_shape.push_back(k);
  b_shape.push_back(k);
  b_shape.push_back(n);
  const ndarray product = matmul(av.reshape(a_shape), bv.reshape(b_shape)).reshape(result_shape);
  std::vector<label> labels = batch;
  labels.insert(labels.end(), free_a.begin(), free_a.end());
  labels.insert(labels.end(), free_b.begin(), free_b.end());
  return {product, labels};
}

}  // namespace

ndarray einsum(const std::string& subscripts, const std::vector<ndarray>& operands, bool optimize) {
  if (operands.empty()) throw shape_error("No input operands");
  for (const ndarray& x : operands) detail::require_same_device(operands[0].device(), x.device(), "einsum");
  // the parts: inputs, then the output after "->"
  const std::size_t arrow = subscripts.find("->");
  const std::string inputs = subscripts.substr(0, arrow);
  std::vector<std::string> parts(1);
  for (const char c : inputs) {
    if (c == ',') {
      parts.emplace_back();
    } else {
      parts.back() += c;
    }
  }
  // (NumPy's words: "fewer" where the operands outnumber the parts, "more" where the parts do)
  if (parts.size() < operands.size()) {
    throw shape_error(
        "fewer operands provided to einstein sum function than specified in the subscripts string");
  }
  if (parts.size() > operands.size()) {
    throw shape_error(
        "more operands provided to einstein sum function than specified in the subscripts string");
  }
  // each operand's labels, its ellipsis as the last of the broadcast ellipsis axes
  std::vector<std::vector<label>> written;
  int ellipsis_axes = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    written.push_back(parse_part(parts[i], i));
    const auto letters =
        static_cast<int>(std::count_if(written[i].begin(), written[i].end(), [](label l) { return l >= 0; }));
    const bool has_ellipsis = letters != static_cast<int>(written[i].size());
    if (letters > operands[i].ndim()) {
      throw shape_error("einstein sum subscripts string contains too many subscripts for operand " +
                        std::to_string(i));
    }
    if (!has_ellipsis && letters < operands[i].ndim()) {
      throw shape_error(
          "operand has more dimensions than subscripts given in einstein sum, but no '...' ellipsis provided "
          "to "
          "broadcast the extra dimensions.");
    }
    ellipsis_axes = std::max(ellipsis_axes, operands[i].ndim() - letters);
  }
  const dtype t = [&] {
    std::vector<dtype> types;
    for (const ndarray& x : operands) types.push_back(x.dtype());
    return result_type(types);
  }();
  std::vector<term> terms;
  std::map<label, int> occurrences;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const int own = operands[i].ndim() - static_cast<int>(std::count_if(written[i].begin(), written[i].end(),
                                                                        [](label l) { return l >= 0; }));
    std::vector<label> labels;
    for (const label l : written[i]) {
      if (l >= 0) {
        labels.push_back(l);
        continue;
      }
      for (int j = 0; j < own; ++j) labels.push_back(first_ellipsis + ellipsis_axes - own + j);
    }
    for (const label l : labels) ++occurrences[l];
    terms.push_back({operands[i].astype(t, casting::unsafe, false), labels});
  }
  // the output's labels
  std::vector<label> output;
  if (arrow != std::string::npos) {
    const std::vector<label> written_output = parse_part(subscripts.substr(arrow + 2), 0);
    for (const label l : written_output) {
      if (l < 0) {
        for (int j = 0; j < ellipsis_axes; ++j) output.push_back(first_ellipsis + j);
        continue;
      }
      if (!occurrences.count(l)) {
        throw shape_error("einstein sum subscripts string included output subscript '" + label_text(l) +
                          "' which never appeared in an input");
      }
      if (std::count(output.begin(), output.end(), l)) {
        throw shape_error("einstein sum subscripts string includes output subscript '" + label_text(l) +
                          "' multiple times");
      }
      output.push_back(l);
    }
  } else {
    for (int j = 0; j < ellipsis_axes; ++j) output.push_back(first_ellipsis + j);
    for (const auto& [l, count] : occurrences) {
      if (l < first_ellipsis && count == 1) output.push_back(l);
    }
  }
  // each operand: the diagonals of repeated labels (NumPy's check of their extents first)
  for (std::size_t i = 0; i < terms.size(); ++i) {
    term& x = terms[i];
    for (std::size_t p = 0; p < x.labels.size(); ++p) {
      for (std::size_t q = p + 1; q < x.labels.size(); ++q) {
        if (x.labels[p] != x.labels[q]) continue;
        const std::int64_t ep = x.array.shape()[static_cast<int>(p)],
                           eq = x.array.shape()[static_cast<int>(q)];
        if (ep != eq) {
          throw shape_error("dimensions in operand " + std::to_string(i) + " for collapsing index '" +
                            label_text(x.labels[p]) + "' don't match (" + std::to_string(ep) +
                            " != " + std::to_string(eq) + ")");
        }
      }
    }
    for (bool repeated = true; repeated;) {
      repeated = false;
      for (std::size_t p = 0; p < x.labels.size() && !repeated; ++p) {
        const auto q =
            std::find(x.labels.begin() + static_cast<std::ptrdiff_t>(p) + 1, x.labels.end(), x.labels[p]);
        if (q == x.labels.end()) continue;
        const label l = x.labels[p];
        const auto qi = static_cast<std::int64_t>(q - x.labels.begin());
        x.array = diagonal(x.array, 0, static_cast<std::int64_t>(p), qi);
        x.labels.erase(x.labels.begin() + qi);
        x.labels.erase(x.labels.begin() + static_cast<std::ptrdiff_t>(p));
        x.labels.push_back(l);
        repeated = true;
      }
    }
  }
  // the extents of each label across operands: equal, or 1 (broadcast)
  std::map<label, std::int64_t> extents;
  for (const term& x : terms) {
    for (std::size_t d = 0; d < x.labels.size(); ++d) {
      const std::int64_t e = x.array.shape()[static_cast<int>(d)];
      auto [at, fresh] = extents.emplace(x.labels[d], e);
      if (fresh || at->second == e || e == 1) continue;
      if (at->second != 1) {
        std::string text =
            "operands could not be broadcast together with remapped shapes [original->remapped]: ";
        for (const ndarray& o : operands) {
          text += detail::compact_text(o.shape()) + "->" + detail::compact_text(o.shape()) + " ";
        }
        throw shape_error(text);
      }
      at->second = e;
    }
  }
  const std::set<label> wanted(output.begin(), output.end());
  // contract two at a time: left to right, or the pair with the smallest result first
  while (terms.size() > 1) {
    std::size_t first = 0, second = 1;
    if (optimize) {
      double best = -1;
      for (std::size_t i = 0; i < terms.size(); ++i) {
        for (std::size_t j = i + 1; j < terms.size(); ++j) {
          std::set<label> keep = wanted;
          for (std::size_t o = 0; o < terms.size(); ++o) {
            if (o != i && o != j) keep.insert(terms[o].labels.begin(), terms[o].labels.end());
          }
          std::set<label> result;
          for (const label l : terms[i].labels) {
            if (keep.count(l)) result.insert(l);
          }
          for (const label l : terms[j].labels) {
            if (keep.count(l)) result.insert(l);
          }
          double size = 1;
          for (const label l : result) size *= static_cast<double>(extents[l]);
          if (best < 0 || size < best) {
            best = size;
            first = i;
            second = j;
          }
        }
      }
    }
    std::set<label> keep = wanted;
    for (std::size_t o = 0; o < terms.size(); ++o) {
      if (o != first && o != second) keep.insert(terms[o].labels.begin(), terms[o].labels.end());
    }
    term joined = contract(terms[first], terms[second], keep);
    terms.erase(terms.begin() + static_cast<std::ptrdiff_t>(second));
    terms[first] = std::move(joined);
  }
  const term last = summed_out(terms[0], wanted);
  // the output's order; a label of extent 1 in the result that the output has at a larger extent broadcasts
  ndarray result = arranged(last, output);
  shape_t shape;
  for (const label l : output) shape.push_back(extents[l]);
  if (result.shape() != shape) result = broadcast_to(result, shape);
  return result;
}

}  // namespace numcu
