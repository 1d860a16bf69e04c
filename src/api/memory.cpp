// Asynchronous copies between page-locked host arrays and GPU arrays, queued on a stream.
#include "numcu/memory.hpp"

#include <string>

#include "core/type_resolution.hpp"
#include "memory/transfer.hpp"
#include "numcu/creation.hpp"

namespace numcu {
namespace {

// Everything an asynchronous copy needs, checked before anything is allocated or queued, so that a call that
// throws leaves both arrays and the stream as they were.
void check_async_copy(const std::string& caller, const ndarray& src, const ndarray& dst, const stream& s,
                      bool to_host) {
  const device from = src.device(), to = dst.device();  // an undefined handle throws here
  if (!(src.shape() == dst.shape())) {
    throw shape_error(caller + ": shape mismatch: source " + to_string(src.shape()) + " and destination " +
                      to_string(dst.shape()) + " must be the same shape");
  }
  if (src.dtype() != dst.dtype()) {
    throw dtype_error(caller + ": dtype mismatch: source " + detail::dtype_repr(src.dtype()) +
                      " and destination " + detail::dtype_repr(dst.dtype()) +
                      " must be the same dtype (no cast is made; use astype first)");
  }
  const device gpu = to_host ? from : to, host = to_host ? to : from;
  const std::string gpu_role = to_host ? "source" : "destination",
                    host_role = to_host ? "destination" : "source";
  const auto require_gpu = [&] {
    if (!gpu.is_cuda()) {
      throw device_error(caller + ": the " + gpu_role + " must be a GPU array; it is on " + gpu.str());
    }
  };
  const auto require_host = [&] {
    if (!host.is_cpu()) {
      throw device_error(caller + ": the " + host_role + " must be a host (cpu) array; it is on " + host.str());
    }
  };
  // the source's side first, so that a call with both sides wrong names the source
  if (to_host) {
    require_gpu();
    require_host();
  } else {
    require_host();
    require_gpu();
  }
  if (!(s.get_device() == gpu)) {
    throw device_error(caller + ": the stream is on " + s.get_device().str() + " but the " + gpu_role +
                       " is on " + gpu.str());
  }
  const ndarray& host_array = to_host ? dst : src;
  if (!host_array.is_c_contiguous()) {
    throw shape_error(caller + ": the host " + host_role + " is not C-contiguous (shape " +
                      to_string(host_array.shape()) + ", strides " + to_string(host_array.strides()) +
                      "); page-locked memory is copied as one block");
  }
  if (!host_array.is_pinned()) {
    throw device_error(caller + ": the host " + host_role +
                       " is pageable memory, which would make the copy synchronous; allocate it with "
                       "nc::pinned_empty (page-locked)");
  }
}

}  // namespace

event to_host_async(const ndarray& src, const ndarray& dst, const stream& s) {
  check_async_copy("to_host_async", src, dst, s, true);
  event done(s.get_device());
  // a temporary, and the kernel that fills it, go to s, ahead of the copy that reads it
  const stream_guard guard(s);
  const ndarray dense = src.is_c_contiguous() ? src : src.copy();
  detail::copy_device_to_host_async(dst.data_ptr(), dense.data_ptr(), dst.nbytes(), s);
  done.record(s);
  return done;
}

event to_host_async(const ndarray& src, const ndarray& dst) {
  return to_host_async(src, dst, current_stream(src.device()));
}

event to_device_async(const ndarray& src, const ndarray& dst, const stream& s) {
  check_async_copy("to_device_async", src, dst, s, false);
  event done(s.get_device());
  const stream_guard guard(s);
  if (dst.is_c_contiguous()) {
    detail::copy_host_to_device_async(dst.data_ptr(), src.data_ptr(), src.nbytes(), s);
  } else {
    // stream order keeps the temporary, freed on s when this returns, alive for the copy kernel queued after
    const ndarray dense = empty(dst.shape(), dst.dtype(), dst.device());
    detail::copy_host_to_device_async(dense.data_ptr(), src.data_ptr(), src.nbytes(), s);
    ndarray{dst} = dense;
  }
  done.record(s);
  return done;
}

event to_device_async(const ndarray& src, const ndarray& dst) {
  return to_device_async(src, dst, current_stream(dst.device()));
}

}  // namespace numcu
