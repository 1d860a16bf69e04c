// The layer between the public API and the two backends: builds the iteration plan from ndarrays and sends
// it to src/cuda/ or src/host/ by the operands' device.
#pragma once

#include <string>
#include <string_view>

#include "device/philox.hpp"
#include "device/sequence.hpp"
#include "numcu/ndarray.hpp"

namespace numcu::detail {

/// Writes cast(@p src broadcast to dst's shape) into @p dst. Same device required (checked by callers);
/// when the two overlap in memory, @p src is first copied aside, so the result is NumPy's.
void copy_into(const ndarray& dst, const ndarray& src);

/// A new C-contiguous copy of @p a on its device.
ndarray copy_of(const ndarray& a);

/// Writes @p value (already checked to fit) into every element of @p dst.
void fill_with(const ndarray& dst, const scalar& value);

/// Fills the contiguous 1-D @p out with NumPy's arange from its first two elements @p first, @p second.
void arange_into(const ndarray& out, const void* first, const void* second);

/// Fills the contiguous 1-D @p out with NumPy's linspace.
void linspace_into(const ndarray& out, const linspace_params& params);

/// Fills the contiguous @p out with draws of @p params (device/philox.hpp).
void random_into(const ndarray& out, const random_params& params);

/// True when @p a and @p b, on one device, touch a common byte of memory, whichever buffers hold them (two
/// from_blob arrays over one memory count; as NumPy's may_share_memory, the spans of addresses are compared).
bool overlaps(const ndarray& a, const ndarray& b);

/// True when @p a and @p b are the very same elements (same buffer, offset, shape and strides): an
/// elementwise operation may then read and write them in place.
bool same_layout(const ndarray& a, const ndarray& b);

/// Throws device_error unless devices @p a and @p b are the same ("operands are on different devices:
/// cuda:0 and cpu"), naming @p what.
void require_same_device(device a, device b, std::string_view what);


}  // namespace numcu::detail
