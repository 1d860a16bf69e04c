// DLPack (numcu/dlpack.hpp). Export: one allocation holds the managed tensor, a reference to the array (which
// keeps its memory alive) and the shape and element strides the tensor points to; the deleter frees it.
// Import: every field is checked before anything is taken, then the array's buffer holds the tensor and calls
// its deleter when the last array over it goes away.
#include "numcu/dlpack.hpp"

#include <algorithm>
#include <iterator>
#include <memory>
#include <string>

#include "memory/buffer.hpp"
#include "memory/transfer.hpp"
#include "numcu/creation.hpp"
#include "numcu/error.hpp"
#include "numcu/shape.hpp"
#include "numcu/stream.hpp"

namespace numcu {

namespace {

using dlpack::DLDataType;
using dlpack::DLDevice;
using dlpack::DLManagedTensor;
using dlpack::DLManagedTensorVersioned;
using dlpack::DLTensor;

/// Each numcu dtype's DLPack type code and bits (one lane), both ways.
struct dlpack_type {
  dtype type;
  std::uint8_t code, bits;
};
constexpr dlpack_type dlpack_types[] = {
    {bool_, dlpack::kDLBool, 8},          {int8, dlpack::kDLInt, 8},
    {int16, dlpack::kDLInt, 16},          {int32, dlpack::kDLInt, 32},
    {int64, dlpack::kDLInt, 64},          {uint8, dlpack::kDLUInt, 8},
    {uint16, dlpack::kDLUInt, 16},        {uint32, dlpack::kDLUInt, 32},
    {uint64, dlpack::kDLUInt, 64},        {float16, dlpack::kDLFloat, 16},
    {bfloat16, dlpack::kDLBfloat, 16},    {float32, dlpack::kDLFloat, 32},
    {float64, dlpack::kDLFloat, 64},      {complex64, dlpack::kDLComplex, 64},
    {complex128, dlpack::kDLComplex, 128}};
static_assert(std::size(dlpack_types) == dtype::count, "every dtype has its DLPack type");

DLDataType dlpack_dtype_of(dtype t) {
  const auto* row = std::find_if(std::begin(dlpack_types), std::end(dlpack_types),
                                 [&](const dlpack_type& r) { return r.type == t; });
  return {row->code, row->bits, 1};
}

dtype dtype_of_dlpack(DLDataType t) {
  for (const dlpack_type& r : dlpack_types) {
    if (t.lanes == 1 && t.code == r.code && t.bits == r.bits) return r.type;
  }
  throw dtype_error("from_dlpack: numcu has no dtype for DLPack's (code " + std::to_string(t.code) +
                    ", bits " + std::to_string(t.bits) + ", lanes " + std::to_string(t.lanes) + ")");
}

device device_of_dlpack(DLDevice d) {
  switch (d.device_type) {
    case dlpack::kDLCPU:
    case dlpack::kDLCUDAHost:
      return cpu;
    case dlpack::kDLCUDA:
    case dlpack::kDLCUDAManaged:
      if (d.device_id < 0) {
        throw device_error("from_dlpack: CUDA device " + std::to_string(d.device_id) + " does not exist");
      }
      return cuda(d.device_id);
    default:
      throw device_error("from_dlpack: numcu cannot use memory of DLPack device type " +
                         std::to_string(static_cast<int>(d.device_type)) + " (it uses kDLCPU, kDLCUDA, " +
                         "kDLCUDAHost and kDLCUDAManaged)");
  }
}

/// Makes the consumer's stream wait for the work numcu has queued on @p a's GPU (the array API's stream
/// handshake).
void order_before_consumer(const ndarray& a, std::optional<dlpack_stream> consumer, const char* caller) {
  if (!a.device().is_cuda()) return;
  const dlpack_stream s = consumer.value_or(1);
  if (s == -1) return;
  if (s == 0) {
    throw device_error(
        std::string(caller) +
        ": stream 0 is ambiguous for CUDA in DLPack: pass 1 for the legacy default stream, 2 for "
        "the per-thread default stream, -1 for no synchronization");
  }
  const stream producer = current_stream(a.device());
  void* const native = s == 1 ? nullptr : reinterpret_cast<void*>(s);
  if (native == producer.native_handle()) return;  // one queue: already in order
  event ready(a.device(), false);
  ready.record(producer);
  stream::from_native(native, a.device()).wait(ready);
}

/// The managed tensor, the array that keeps its memory alive and the extents it points to, freed together.
template <class Managed>
struct exported {
  Managed managed{};
  ndarray array;
  std::int64_t shape[max_dims] = {};
  std::int64_t strides[max_dims] = {};
};

template <class Managed>
Managed* export_array(const ndarray& a, std::optional<dlpack_stream> consumer, const char* caller) {
  const auto itemsize = static_cast<std::int64_t>(a.itemsize());
  for (const std::int64_t s : a.strides()) {
    if (s % itemsize != 0) {
      throw error(std::string(caller) + ": DLPack only supports strides which are a multiple of itemsize");
    }
  }
  order_before_consumer(a, consumer, caller);
  auto holder = std::make_unique<exported<Managed>>();
  holder->array = a;
  for (int d = 0; d < a.ndim(); ++d) {
    holder->shape[d] = a.shape()[d];
    holder->strides[d] = a.strides()[d] / itemsize;
  }
  DLTensor& t = holder->managed.dl_tensor;
  t.data = a.data_ptr();
  t.device = dlpack_device(a);
  t.ndim = a.ndim();
  t.dtype = dlpack_dtype_of(a.dtype());
  t.shape = holder->shape;
  t.strides = holder->strides;
  t.byte_offset = 0;
  holder->managed.manager_ctx = holder.get();
  holder->managed.deleter = [](Managed* self) { delete static_cast<exported<Managed>*>(self->manager_ctx); };
  return &holder.release()->managed;
}

/// Gives @p tensor back to its producer (a null deleter is none, as DLPack allows).
template <class Managed>
void release(Managed* tensor) {
  if (tensor->deleter != nullptr) tensor->deleter(tensor);
}

template <class Managed>
ndarray import_tensor(Managed* tensor, bool read_only, std::optional<bool> copy) {
  const DLTensor& t = tensor->dl_tensor;
  if (t.ndim < 0 || t.ndim > max_dims) {
    throw shape_error("from_dlpack: " + std::to_string(t.ndim) + " dimensions (numcu takes 0 to " +
                      std::to_string(max_dims) + ")");
  }
  if (t.ndim > 0 && t.shape == nullptr) throw error("from_dlpack: the tensor has no shape");
  const dtype type = dtype_of_dlpack(t.dtype);
  const device where = device_of_dlpack(t.device);
  const auto itemsize = static_cast<std::int64_t>(type.itemsize());
  shape_t shape;
  strides_t strides;
  bool no_elements = false;
  for (int d = 0; d < t.ndim; ++d) {
    if (t.shape[d] < 0) {
      throw shape_error("from_dlpack: negative extent " + std::to_string(t.shape[d]) + " in dimension " +
                        std::to_string(d));
    }
    shape.push_back(t.shape[d]);
    no_elements = no_elements || t.shape[d] == 0;
    if (t.strides == nullptr) continue;
    std::int64_t bytes = 0;
    if (__builtin_mul_overflow(t.strides[d], itemsize, &bytes)) {
      throw shape_error("from_dlpack: the stride " + std::to_string(t.strides[d]) + " in dimension " +
                        std::to_string(d) + " does not fit int64 in bytes");
    }
    strides.push_back(bytes);
  }
  if (t.strides == nullptr) {  // C order (its strides computed once the size is known to fit)
    array_nbytes(shape, type.itemsize());
    strides = c_strides(shape, type.itemsize());
  }
  if (read_only && copy == false) {
    throw error(
        "from_dlpack: the tensor is read-only and numcu arrays are writable: it must be copied "
        "(copy unset or true)");
  }
  if (no_elements) {
    ndarray empty_array = empty(shape, type, where);
    release(tensor);
    return empty_array;
  }
  void* const data = static_cast<char*>(t.data) + t.byte_offset;
  if (t.data == nullptr) throw error("from_dlpack: the data pointer is null and the tensor has elements");
  if (reinterpret_cast<std::uintptr_t>(data) % type.itemsize() != 0) {
    throw error("from_dlpack: the data pointer is not aligned to the element size (" +
                std::to_string(type.itemsize()) + " bytes)");
  }
  ndarray view = detail::wrap_memory(data, shape, strides, type, where, "from_dlpack");
  if (read_only || copy == true) {
    ndarray owned = view.copy();
    // the copy reads the memory on the GPU: it ends before the producer may free it
    if (where.is_cuda()) current_stream(where).synchronize();
    release(tensor);
    return owned;
  }
  // attached last, so that a call that throws has released nothing
  view.buffer()->owner = std::shared_ptr<void>(tensor, [](void* p) { release(static_cast<Managed*>(p)); });
  return view;
}

}  // namespace

dlpack::DLDevice dlpack_device(const ndarray& a) {
  if (a.device().is_cuda()) return {dlpack::kDLCUDA, a.device().index()};
  return {dlpack::kDLCPU, 0};
}

std::optional<dlpack_stream> dlpack_stream_of(device d) {
  if (!d.is_cuda()) return std::nullopt;
  void* const native = current_stream(d).native_handle();
  return native == nullptr ? dlpack_stream{1} : reinterpret_cast<dlpack_stream>(native);
}

dlpack::DLManagedTensorVersioned* to_dlpack(const ndarray& a, std::optional<dlpack_stream> consumer_stream) {
  DLManagedTensorVersioned* m = export_array<DLManagedTensorVersioned>(a, consumer_stream, "to_dlpack");
  m->version = {dlpack::major_version, dlpack::minor_version};
  m->flags = 0;
  return m;
}

dlpack::DLManagedTensor* to_dlpack_unversioned(const ndarray& a,
                                               std::optional<dlpack_stream> consumer_stream) {
  return export_array<DLManagedTensor>(a, consumer_stream, "to_dlpack_unversioned");
}

ndarray from_dlpack(dlpack::DLManagedTensorVersioned* tensor, std::optional<bool> copy) {
  if (tensor == nullptr) throw error("from_dlpack: the tensor is null");
  if (tensor->version.major > dlpack::major_version) {
    throw error("from_dlpack: the tensor is DLPack " + std::to_string(tensor->version.major) + "." +
                std::to_string(tensor->version.minor) + ", newer than numcu's " +
                std::to_string(dlpack::major_version) + "." + std::to_string(dlpack::minor_version));
  }
  return import_tensor(tensor, (tensor->flags & dlpack::flag_read_only) != 0, copy);
}

ndarray from_dlpack(dlpack::DLManagedTensor* tensor, std::optional<bool> copy) {
  if (tensor == nullptr) throw error("from_dlpack: the tensor is null");
  return import_tensor(tensor, false, copy);
}

}  // namespace numcu
