#include "dispatch/sort.hpp"

#include "core/backend.hpp"
#include "dispatch/dispatch.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {

void sort_last_axis(const ndarray& in, const std::optional<ndarray>& values,
                    const std::optional<ndarray>& indices) {
  if (in.size() == 0) return;
  const std::int64_t n = in.shape()[in.ndim() - 1];
  const sort_call call{in.dtype(),
                       in.data_ptr(),
                       values ? values->data_ptr() : nullptr,
                       indices ? static_cast<std::int64_t*>(indices->data_ptr()) : nullptr,
                       in.size() / n,
                       n};
  route(in.device(), "sort", [&]<class B>(B, const exec& e) { sort_rows<B>(e, call); });
}

ndarray partition_one_row(const ndarray& row, std::int64_t kth, bool indices) {
  ndarray out = new_array(row.shape(), indices ? int64 : row.dtype(), row.device());
  if (row.size() == 0) return out;
  route(row.device(), "partition", [&]<class B>(B, const exec& e) {
    partition_row<B>(e, row.dtype(), row.data_ptr(), row.size(), kth, indices ? nullptr : out.data_ptr(),
                     indices ? static_cast<std::int64_t*>(out.data_ptr()) : nullptr);
  });
  return out;
}

ndarray gather_last_axis(const ndarray& src, const ndarray& index) {
  ndarray out = new_array(index.shape(), src.dtype(), src.device());
  if (index.size() == 0) return out;
  // one row gathers from the whole of src; several from rows of src as long as theirs
  const std::int64_t gather_n = index.ndim() == 1 ? index.size() : index.shape()[index.ndim() - 1];
  route(src.device(), "gather", [&]<class B>(B, const exec& e) {
    gather<B>(e, src.itemsize(), src.data_ptr(), static_cast<const std::int64_t*>(index.data_ptr()), gather_n,
              index.size(), out.data_ptr());
  });
  return out;
}

ndarray true_positions(const ndarray& flags, std::int64_t count) {
  ndarray out = new_array({count}, int64, flags.device());
  if (count == 0) return out;
  route(flags.device(), "nonzero", [&]<class B>(B, const exec& e) {
    flag_positions<B>(e, static_cast<const bool*>(flags.data_ptr()), flags.size(),
                      static_cast<std::int64_t*>(out.data_ptr()));
  });
  return out;
}

ndarray bin_counts(const ndarray& x, std::int64_t m, std::int64_t offset) {
  ndarray counts = new_array({m}, int64, x.device());
  if (m == 0) return counts;
  fill_with(counts, scalar(std::int64_t{0}));
  if (x.size() == 0) return counts;
  route(x.device(), "bincount", [&]<class B>(B, const exec& e) {
    count_bins<B>(e, x.dtype(), x.data_ptr(), x.size(), offset, static_cast<std::int64_t*>(counts.data_ptr()), m);
  });
  return counts;
}

ndarray bin_sums(const ndarray& values, const ndarray& begin, const ndarray& end) {
  const std::int64_t m = begin.size();
  ndarray out = new_array({m}, float64, values.device());
  if (m == 0) return out;
  route(values.device(), "bincount", [&]<class B>(B, const exec& e) {
    sum_bins<B>(e, static_cast<const double*>(values.data_ptr()), static_cast<const std::int64_t*>(begin.data_ptr()),
                static_cast<const std::int64_t*>(end.data_ptr()), m, static_cast<double*>(out.data_ptr()));
  });
  return out;
}

}  // namespace numcu::detail
