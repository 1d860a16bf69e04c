/// @file dlpack.hpp
/// @brief DLPack, the tensor exchange ABI of PyTorch, CuPy, NumPy, JAX and others: nc::to_dlpack hands a
/// numcu array to another library and nc::from_dlpack takes one from it, both without a copy. The structs are
/// the published DLPack 1.1 ABI (the versioned DLManagedTensorVersioned, and the unversioned DLManagedTensor
/// that older consumers take), written out here in namespace numcu::dlpack; they are layout-identical to
/// those of the reference header dlpack/dlpack.h, so pointers convert between the two with reinterpret_cast.
#pragma once

#include <cstdint>
#include <optional>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// The DLPack 1.1 ABI (docs/interop.md).
namespace dlpack {

/// The DLPack version these structs follow.
inline constexpr std::uint32_t major_version = 1;
/// The DLPack minor version these structs follow.
inline constexpr std::uint32_t minor_version = 1;

/// DLManagedTensorVersioned::flags: the consumer must not write to the tensor.
inline constexpr std::uint64_t flag_read_only = 1ULL << 0;
/// DLManagedTensorVersioned::flags: the producer made a copy the consumer owns alone.
inline constexpr std::uint64_t flag_is_copied = 1ULL << 1;
/// DLManagedTensorVersioned::flags: sub-byte elements are padded to whole bytes.
inline constexpr std::uint64_t flag_is_subbyte_type_padded = 1ULL << 2;

/// Where a tensor's memory lives (DLDeviceType).
enum DLDeviceType : std::int32_t {
  kDLCPU = 1,           ///< host memory
  kDLCUDA = 2,          ///< memory of a CUDA GPU (cudaMalloc)
  kDLCUDAHost = 3,      ///< page-locked host memory (cudaMallocHost)
  kDLOpenCL = 4,        ///< OpenCL
  kDLVulkan = 7,        ///< Vulkan
  kDLMetal = 8,         ///< Metal
  kDLVPI = 9,           ///< Verilog simulator
  kDLROCM = 10,         ///< ROCm GPU
  kDLROCMHost = 11,     ///< ROCm page-locked host memory
  kDLExtDev = 12,       ///< a reserved extension device
  kDLCUDAManaged = 13,  ///< CUDA managed memory (cudaMallocManaged)
  kDLOneAPI = 14,       ///< oneAPI
  kDLWebGPU = 15,       ///< WebGPU
  kDLHexagon = 16,      ///< Qualcomm Hexagon DSP
  kDLMAIA = 17,         ///< Microsoft MAIA
};

/// A device: its type and its index among the devices of that type (DLDevice).
struct DLDevice {
  DLDeviceType device_type;  ///< the kind of device
  std::int32_t device_id;    ///< the ordinal (0 for the host)
};

/// The kind of number in a DLDataType (DLDataTypeCode).
enum DLDataTypeCode : std::uint8_t {
  kDLInt = 0,                 ///< signed integer
  kDLUInt = 1,                ///< unsigned integer
  kDLFloat = 2,               ///< IEEE binary floating point
  kDLOpaqueHandle = 3,        ///< an opaque handle
  kDLBfloat = 4,              ///< bfloat16
  kDLComplex = 5,             ///< complex of two floats
  kDLBool = 6,                ///< boolean (8 bits)
  kDLFloat8_e3m4 = 7,         ///< float8 formats follow
  kDLFloat8_e4m3 = 8,         ///< float8 e4m3
  kDLFloat8_e4m3b11fnuz = 9,  ///< float8 e4m3b11fnuz
  kDLFloat8_e4m3fn = 10,      ///< float8 e4m3fn
  kDLFloat8_e4m3fnuz = 11,    ///< float8 e4m3fnuz
  kDLFloat8_e5m2 = 12,        ///< float8 e5m2
  kDLFloat8_e5m2fnuz = 13,    ///< float8 e5m2fnuz
  kDLFloat8_e8m0fnu = 14,     ///< float8 e8m0fnu
  kDLFloat6_e2m3fn = 15,      ///< float6 e2m3fn
  kDLFloat6_e3m2fn = 16,      ///< float6 e3m2fn
  kDLFloat4_e2m1fn = 17,      ///< float4 e2m1fn
};

/// An element type: kind, bits per lane and lanes (vector width) (DLDataType).
struct DLDataType {
  std::uint8_t code;    ///< a DLDataTypeCode
  std::uint8_t bits;    ///< bits of one lane
  std::uint16_t lanes;  ///< lanes per element (1 for a scalar element)
};

/// A strided tensor that some manager owns (DLTensor). Strides count elements, not bytes; null strides mean C
/// order.
struct DLTensor {
  void* data;                 ///< the memory (a device pointer for kDLCUDA)
  DLDevice device;            ///< where it lives
  std::int32_t ndim;          ///< number of dimensions
  DLDataType dtype;           ///< element type
  std::int64_t* shape;        ///< ndim extents
  std::int64_t* strides;      ///< ndim strides in elements, or null for C order
  std::uint64_t byte_offset;  ///< bytes from data to the first element
};

/// A DLTensor with its owner, as DLPack before 1.0 exchanged it (DLManagedTensor).
struct DLManagedTensor {
  DLTensor dl_tensor;                      ///< the tensor
  void* manager_ctx;                       ///< the producer's context
  void (*deleter)(DLManagedTensor* self);  ///< releases the tensor; called once by its last user
};

/// A DLPack ABI version (DLPackVersion).
struct DLPackVersion {
  std::uint32_t major;  ///< ABI-breaking version
  std::uint32_t minor;  ///< compatible additions
};

/// A DLTensor with its owner, its version and flags (DLManagedTensorVersioned, DLPack 1.0 and later).
struct DLManagedTensorVersioned {
  DLPackVersion version;                            ///< the producer's DLPack version
  void* manager_ctx;                                ///< the producer's context
  void (*deleter)(DLManagedTensorVersioned* self);  ///< releases the tensor; called once by its last user
  std::uint64_t flags;                              ///< flag_read_only, flag_is_copied, ...
  DLTensor dl_tensor;                               ///< the tensor
};

}  // namespace dlpack

/// The stream a DLPack consumer names (the `stream` argument of the Python array API's `__dlpack__`), as an
/// integer: for CUDA, 1 is the legacy default stream, 2 the per-thread default stream, any other value a
/// cudaStream_t, and -1 asks for no synchronization; 0 is not allowed for CUDA.
using dlpack_stream = std::intptr_t;

/// Where @p a would be in DLPack (the array API's `__dlpack_device__`): {kDLCUDA, i} for nc::cuda(i),
/// {kDLCPU, 0} for nc::cpu.
dlpack::DLDevice dlpack_device(const ndarray& a);

/// The DLPack stream integer of the stream numcu queues work on now on @p d (current_stream()), to pass to a
/// producer's `__dlpack__(stream=...)` before from_dlpack() so that its work is ordered before numcu's: 1 for
/// the legacy default stream, else the cudaStream_t. nullopt on nc::cpu, where there are no streams.
std::optional<dlpack_stream> dlpack_stream_of(device d = default_device());

/// Hands @p a to another library without a copy (the array API's `__dlpack__`, versioned). The returned
/// tensor shares @p a's memory and keeps it alive until its deleter is called, which the consumer must do
/// exactly once; @p a may go away first. Strides are given in elements. When @p consumer_stream is set and
/// names another stream than numcu's current one on @p a's GPU, that stream is made to wait for the work
/// queued so far (an event recorded on numcu's stream); unset means the legacy default stream, as the array
/// API says, and -1 no synchronization. Ignored for nc::cpu.
/// @code
/// dlpack::DLManagedTensorVersioned* t = nc::to_dlpack(a);  // e.g. wrapped in a "dltensor_versioned" capsule
/// t->deleter(t);                                            // by whoever releases it last
/// @endcode
/// @throws device_error for stream 0 on a GPU (ambiguous in DLPack); cuda_error.
dlpack::DLManagedTensorVersioned* to_dlpack(const ndarray& a,
                                            std::optional<dlpack_stream> consumer_stream = std::nullopt);

/// to_dlpack() in the unversioned form (DLManagedTensor), for consumers of DLPack before 1.0.
/// @throws as to_dlpack().
dlpack::DLManagedTensor* to_dlpack_unversioned(const ndarray& a,
                                               std::optional<dlpack_stream> consumer_stream = std::nullopt);

/// Takes a tensor from another library (the array API's `from_dlpack`): an ndarray over its memory, without a
/// copy, that calls @p tensor's deleter once when the last array or view over it goes away. Devices map as
/// kDLCPU and kDLCUDAHost → nc::cpu, kDLCUDA and kDLCUDAManaged → nc::cuda(device_id); element types as
/// bool, int8..int64, uint8..uint64, float16/32/64, bfloat16, complex64/128, one lane. numcu arrays are
/// always writable, so a read-only tensor (flag_read_only) is copied: with @p copy unset or true the result
/// owns a copy on the same device and the deleter is called before from_dlpack returns; with @p copy false it
/// is refused. @p copy true copies any tensor. Before taking a GPU tensor, ask its producer to order its
/// work before numcu's stream (dlpack_stream_of()).
///
/// On success the tensor belongs to numcu; when from_dlpack throws, nothing is released and the caller
/// still owns @p tensor.
/// @throws dtype_error for an element type numcu does not have (float8, lanes > 1, ...); device_error for a
/// device numcu cannot use (OpenCL, ROCm, a GPU that is not there, CUDA memory that is not the GPU's);
/// shape_error for a negative ndim or extent, more than max_dims dimensions, or a size that does not fit;
/// error for a null tensor, a null data pointer with elements, a DLPack major version above 1, a data pointer
/// not aligned to the element size, or a read-only tensor with @p copy false.
ndarray from_dlpack(dlpack::DLManagedTensorVersioned* tensor, std::optional<bool> copy = std::nullopt);

/// from_dlpack() of an unversioned tensor (DLManagedTensor, which has no flags: taken as writable).
/// @throws as from_dlpack().
ndarray from_dlpack(dlpack::DLManagedTensor* tensor, std::optional<bool> copy = std::nullopt);

}  // namespace numcu
