// A small shared library that tests/python/test_dlpack_interop.py loads with ctypes: it makes numcu arrays,
// exports them with nc::to_dlpack (counting how often numcu's deleter runs), imports tensors that NumPy,
// PyTorch and CuPy export with nc::from_dlpack, and reports pointers, bytes and allocator statistics, so that
// the Python side can check values, that no copy was made and that memory is freed exactly once.
// Every function returns 0 / a handle on success and -1 / null on failure, with the message in
// numcu_last_error().
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <limits>
#include <string>

#include "numcu/numcu.hpp"

namespace nc = numcu;

namespace {

std::string last_error;
std::atomic<std::int64_t> deleter_calls{0};
/// numcu's deleter of each managed-tensor type.
template <class Managed>
void (*numcu_deleter)(Managed*) = nullptr;

/// @p m with a deleter that counts its calls, then runs numcu's.
template <class Managed>
Managed* counted(Managed* m) {
  numcu_deleter<Managed> = m->deleter;
  m->deleter = [](Managed* self) {
    ++deleter_calls;
    numcu_deleter<Managed>(self);
  };
  return m;
}

template <class Managed>
void release(Managed* m) {
  if (m->deleter) m->deleter(m);
}

nc::device device_named(const char* name) {
  return std::strcmp(name, "cpu") == 0 ? nc::cpu : nc::cuda(0);
}

nc::ndarray& array_of(void* handle) {
  return *static_cast<nc::ndarray*>(handle);
}

/// Runs @p body; on an exception records its message and returns @p failed.
template <class R, class F>
R guarded(R failed, F&& body) {
  try {
    return body();
  } catch (const std::exception& e) {
    last_error = e.what();
    return failed;
  }
}

}  // namespace

extern "C" {

/// The message of the last failure.
const char* numcu_last_error() {
  return last_error.c_str();
}

/// A new array of @p dtype on @p device ("cpu" or "cuda"): arange(rows * cols) cast to it, shaped (rows,
/// cols), transposed when @p transposed (a Fortran-ordered view). Null on failure.
void* numcu_array_arange(const char* device, const char* dtype, std::int64_t rows, std::int64_t cols,
                         int transposed) {
  return guarded<void*>(nullptr, [&] {
    nc::ndarray a = nc::arange(rows * cols, nc::float64, device_named(device)).astype(nc::dtype(dtype));
    a = a.reshape({rows, cols});
    return new nc::ndarray(transposed ? a.T() : a);
  });
}

/// Releases the array behind @p handle.
void numcu_array_free(void* handle) {
  delete static_cast<nc::ndarray*>(handle);
}

/// The address of the array's first element.
std::uint64_t numcu_array_data(void* handle) {
  return reinterpret_cast<std::uint64_t>(array_of(handle).data_ptr());
}

/// Writes the array's elements in C order into @p out (@p capacity bytes); the byte count, or -1.
std::int64_t numcu_array_bytes(void* handle, void* out, std::int64_t capacity) {
  return guarded<std::int64_t>(-1, [&] {
    const nc::ndarray host = nc::ascontiguousarray(nc::asnumpy(array_of(handle)));
    if (static_cast<std::int64_t>(host.nbytes()) > capacity) throw nc::error("the buffer is too small");
    if (host.nbytes() > 0) std::memcpy(out, host.data_ptr(), host.nbytes());
    return static_cast<std::int64_t>(host.nbytes());
  });
}

/// Adds 1 to every element in place (so that the other library sees the write), on numcu's current stream,
/// and waits for it.
int numcu_array_add_one(void* handle) {
  return guarded(-1, [&] {
    nc::ndarray& a = array_of(handle);
    nc::add(a, nc::ones({}, a.dtype(), a.device()), a);
    nc::synchronize(a.device());
    return 0;
  });
}

/// The sum of the elements, in float64 (NaN on failure).
double numcu_array_sum(void* handle) {
  return guarded(std::numeric_limits<double>::quiet_NaN(),
                 [&] { return nc::asnumpy(nc::sum(array_of(handle).astype(nc::float64))).item<double>(); });
}

/// Bytes numcu's allocator holds for live arrays on @p device.
std::int64_t numcu_in_use(const char* device) {
  return guarded<std::int64_t>(
      -1, [&] { return static_cast<std::int64_t>(nc::memory_stats(device_named(device)).in_use); });
}

/// The DLPack stream integer of numcu's current stream on the GPU.
std::int64_t numcu_dlpack_stream() {
  return guarded<std::int64_t>(-1,
                               [] { return static_cast<std::int64_t>(*nc::dlpack_stream_of(nc::cuda(0))); });
}

/// The array as DLPack (versioned when @p versioned), with the consumer's @p stream where @p has_stream; the
/// tensor's deleter counts its calls (numcu_deleter_calls) and then runs numcu's. Null on failure.
void* numcu_export(void* handle, int versioned, int has_stream, std::int64_t stream) {
  return guarded<void*>(nullptr, [&]() -> void* {
    const std::optional<nc::dlpack_stream> s =
        has_stream ? std::optional<nc::dlpack_stream>(stream) : std::nullopt;
    if (versioned) return counted(nc::to_dlpack(array_of(handle), s));
    return counted(nc::to_dlpack_unversioned(array_of(handle), s));
  });
}

/// How often the deleters of numcu_export's tensors have run.
std::int64_t numcu_deleter_calls() {
  return deleter_calls.load();
}

/// Runs a tensor's deleter (what a capsule nobody consumed does when it goes away).
void numcu_release_tensor(void* tensor, int versioned) {
  if (versioned) {
    release(static_cast<nc::dlpack::DLManagedTensorVersioned*>(tensor));
  } else {
    release(static_cast<nc::dlpack::DLManagedTensor*>(tensor));
  }
}

/// An array over another library's tensor (nc::from_dlpack): a handle, or null on failure (the tensor then
/// still belongs to the caller).
void* numcu_import(void* tensor, int versioned) {
  return guarded<void*>(nullptr, [&] {
    return new nc::ndarray(versioned
                               ? nc::from_dlpack(static_cast<nc::dlpack::DLManagedTensorVersioned*>(tensor))
                               : nc::from_dlpack(static_cast<nc::dlpack::DLManagedTensor*>(tensor)));
  });
}

}  // extern "C"
