// DLPack (numcu/dlpack.hpp): what to_dlpack hands out field by field against the DLPack 1.1 specification
// (type codes, element strides, devices), from_dlpack of tensors built here by hand the way another producer
// builds them (element strides, byte offsets, null strides, read-only flags), the deleter called exactly once
// whichever side lets go last, the stream handshake, and every refusal: message checked, tensor not released.
// The round trips with NumPy, PyTorch and CuPy run in tests/python/test_dlpack_interop.py.
#include <cstring>
#include <vector>

#include "test_support.hpp"

using numcu_test::message_of;
namespace dl = nc::dlpack;

namespace {

/// A tensor another library produced: it owns its elements, shape and strides, and counts its deleter calls.
template <class Managed>
struct producer {
  std::vector<std::int64_t> shape, strides;
  std::vector<unsigned char> bytes;
  Managed managed{};
  int deleted = 0;

  producer(dl::DLDataType t, std::vector<std::int64_t> extents, std::vector<std::int64_t> element_strides,
           std::size_t nbytes)
      : shape(std::move(extents)), strides(std::move(element_strides)), bytes(nbytes) {
    for (std::size_t i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<unsigned char>(i);
    dl::DLTensor& d = managed.dl_tensor;
    d.data = bytes.data();
    d.device = {dl::kDLCPU, 0};
    d.ndim = static_cast<std::int32_t>(shape.size());
    d.dtype = t;
    d.shape = shape.data();
    d.strides = strides.empty() ? nullptr : strides.data();
    d.byte_offset = 0;
    managed.manager_ctx = this;
    managed.deleter = [](Managed* self) { ++static_cast<producer*>(self->manager_ctx)->deleted; };
    if constexpr (std::is_same_v<Managed, dl::DLManagedTensorVersioned>) managed.version = {1, 0};
  }
};

/// The DLPack type of each numcu dtype, from the specification's DLDataTypeCode table.
struct dtype_row {
  nc::dtype t;
  std::uint8_t code, bits;
};
const dtype_row dtype_table[] = {{nc::bool_, 6, 8},    {nc::int8, 0, 8},       {nc::int16, 0, 16},
                                 {nc::int32, 0, 32},   {nc::int64, 0, 64},     {nc::uint8, 1, 8},
                                 {nc::uint16, 1, 16},  {nc::uint32, 1, 32},    {nc::uint64, 1, 64},
                                 {nc::float16, 2, 16}, {nc::bfloat16, 4, 16},  {nc::float32, 2, 32},
                                 {nc::float64, 2, 64}, {nc::complex64, 5, 64}, {nc::complex128, 5, 128}};

}  // namespace

NUMCU_TEST_ON_DEVICES("to_dlpack describes the array as DLPack 1.1 says, and from_dlpack takes it back",
                      dlpack_export) {
  CHECK(std::size(dtype_table) == std::size_t{nc::dtype::count});
  for (const auto& row : dtype_table) {
    CAPTURE(row.t);
    const nc::ndarray base = nc::arange(24, nc::float64, dev).reshape({2, 3, 4}).astype(row.t);
    // a view that is neither C- nor Fortran-contiguous: axes swapped and every other row
    const nc::ndarray a = base.transpose({2, 0, 1})(nc::all, nc::all, nc::slice(0, nc::none, 2));
    dl::DLManagedTensorVersioned* m = nc::to_dlpack(a);
    REQUIRE(m != nullptr);
    CHECK(m->version.major == 1);
    CHECK(m->version.minor == 1);
    CHECK(m->flags == 0);
    const dl::DLTensor& t = m->dl_tensor;
    CHECK(t.data == a.data_ptr());
    CHECK(t.byte_offset == 0);
    CHECK(t.device.device_type == (dev.is_cuda() ? dl::kDLCUDA : dl::kDLCPU));
    CHECK(t.device.device_id == (dev.is_cuda() ? dev.index() : 0));
    CHECK(t.dtype.code == row.code);
    CHECK(t.dtype.bits == row.bits);
    CHECK(t.dtype.lanes == 1);
    REQUIRE(t.ndim == 3);
    CHECK(std::vector<std::int64_t>(t.shape, t.shape + 3) == std::vector<std::int64_t>{4, 2, 2});
    // elements, not bytes: base is C-ordered (12, 4, 1); transposed (1, 12, 4); every other along the last
    CHECK(std::vector<std::int64_t>(t.strides, t.strides + 3) == std::vector<std::int64_t>{1, 12, 8});
    const nc::ndarray back = nc::from_dlpack(m);
    CHECK(back.data_ptr() == a.data_ptr());
    CHECK(back.dtype() == row.t);
    CHECK(back.device() == dev);
    CHECK(back.shape() == a.shape());
    CHECK(back.strides() == a.strides());
    CHECK(numcu_test::host_bytes(back) == numcu_test::host_bytes(a));
  }
  // unversioned, 0-d and empty
  const nc::ndarray zero_d = nc::full({}, 2.5, nc::float32, dev);
  dl::DLManagedTensor* u = nc::to_dlpack_unversioned(zero_d);
  CHECK(u->dl_tensor.ndim == 0);
  CHECK(u->dl_tensor.data == zero_d.data_ptr());
  const nc::ndarray zero_d_back = nc::from_dlpack(u);
  CHECK(zero_d_back.ndim() == 0);
  CHECK(zero_d_back.item<float>() == 2.5f);
  const nc::ndarray none = nc::zeros({3, 0}, nc::int16, dev);
  const nc::ndarray none_back = nc::from_dlpack(nc::to_dlpack(none));
  CHECK(none_back.shape() == nc::shape_t{3, 0});
  CHECK(none_back.dtype() == nc::int16);
  CHECK(nc::dlpack_device(none).device_type == (dev.is_cuda() ? dl::kDLCUDA : dl::kDLCPU));
}

NUMCU_TEST_ON_DEVICES("an exported array lives until the consumer's deleter runs, and no longer",
                      dlpack_export_lifetime) {
  const std::size_t before = nc::memory_stats(dev).in_use;
  nc::ndarray a = nc::arange(1000, nc::int32, dev);
  CHECK(nc::memory_stats(dev).in_use == before + 4000);
  dl::DLManagedTensorVersioned* m = nc::to_dlpack(a);
  a = nc::ndarray();  // the producer lets go first
  CHECK(nc::memory_stats(dev).in_use == before + 4000);
  const nc::ndarray seen = nc::from_blob(m->dl_tensor.data, {1000}, nc::int32, dev);
  CHECK(nc::asnumpy(seen(999)).item<std::int32_t>() == 999);
  m->deleter(m);
  CHECK(nc::memory_stats(dev).in_use == before);
}

TEST_CASE("from_dlpack takes another producer's tensor without a copy and releases it exactly once") {
  SUBCASE("versioned, element strides and a byte offset") {
    // int16 elements of a 2x3 array stored with a row stride of 4 elements, after 8 bytes of something else
    producer<dl::DLManagedTensorVersioned> p({dl::kDLInt, 16, 1}, {2, 3}, {4, 1}, 8 + 2 * 4 * 2);
    p.managed.dl_tensor.byte_offset = 8;
    std::vector<std::int16_t> host(4 * 2 + 4);
    std::memcpy(host.data(), p.bytes.data(), p.bytes.size());
    nc::ndarray a = nc::from_dlpack(&p.managed);
    CHECK(a.data_ptr() == p.bytes.data() + 8);
    CHECK(a.dtype() == nc::int16);
    CHECK(a.shape() == nc::shape_t{2, 3});
    CHECK(a.strides() == nc::strides_t{8, 2});
    // the little-endian int16 of bytes (8 + 2i, 9 + 2i) at element offsets 0, 1, 2 and 4, 5, 6
    CHECK(a.copy().to_vector<std::int16_t>() ==
          std::vector<std::int16_t>{host[4], host[5], host[6], host[8], host[9], host[10]});
    nc::ndarray view = a(1);
    a = nc::ndarray();
    CHECK(p.deleted == 0);
    // writes land in the producer's memory
    std::move(view(0)) = 7;
    std::int16_t written = 0;
    std::memcpy(&written, p.bytes.data() + 8 + 8, 2);
    CHECK(written == 7);
    view = nc::ndarray();
    CHECK(p.deleted == 1);
  }
  SUBCASE("unversioned, null strides mean C order") {
    producer<dl::DLManagedTensor> p({dl::kDLFloat, 32, 1}, {2, 2}, {}, 16);
    nc::ndarray a = nc::from_dlpack(&p.managed);
    CHECK(a.is_c_contiguous());
    CHECK(a.strides() == nc::strides_t{8, 4});
    a = nc::ndarray();
    CHECK(p.deleted == 1);
  }
  SUBCASE("read-only tensors are copied and released at once; copy=true copies any") {
    producer<dl::DLManagedTensorVersioned> p({dl::kDLUInt, 8, 1}, {5}, {1}, 5);
    p.managed.flags = dl::flag_read_only;
    const nc::ndarray a = nc::from_dlpack(&p.managed);
    CHECK(p.deleted == 1);
    CHECK(a.data_ptr() != static_cast<void*>(p.bytes.data()));
    CHECK(a.to_vector<std::uint8_t>() == std::vector<std::uint8_t>{0, 1, 2, 3, 4});
    producer<dl::DLManagedTensor> q({dl::kDLBool, 8, 1}, {2}, {1}, 2);
    const nc::ndarray b = nc::from_dlpack(&q.managed, true);
    CHECK(q.deleted == 1);
    CHECK(b.dtype() == nc::bool_);
    CHECK(b.data_ptr() != static_cast<void*>(q.bytes.data()));
  }
  SUBCASE("empty tensors, whose data may be null") {
    producer<dl::DLManagedTensorVersioned> p({dl::kDLComplex, 128, 1}, {0, 4}, {4, 1}, 0);
    p.managed.dl_tensor.data = nullptr;
    const nc::ndarray a = nc::from_dlpack(&p.managed);
    CHECK(a.shape() == nc::shape_t{0, 4});
    CHECK(a.dtype() == nc::complex128);
    CHECK(p.deleted == 1);
  }
}

TEST_CASE("from_dlpack refuses what numcu cannot hold, names why, and releases nothing") {
  using versioned = producer<dl::DLManagedTensorVersioned>;
  const auto refused = [](versioned& p, const std::string& want, std::optional<bool> copy = std::nullopt) {
    const dl::DLManagedTensorVersioned saved = p.managed;
    const std::vector<unsigned char> bytes = p.bytes;
    CHECK(message_of([&] { (void)nc::from_dlpack(&p.managed, copy); }) == want);
    CHECK(p.deleted == 0);
    CHECK(std::memcmp(&saved, &p.managed, sizeof saved) == 0);
    CHECK(p.bytes == bytes);
  };
  {
    versioned p({dl::kDLFloat8_e4m3fn, 8, 1}, {4}, {1}, 4);
    refused(p, "from_dlpack: numcu has no dtype for DLPack's (code 10, bits 8, lanes 1)");
    CHECK_THROWS_AS((void)nc::from_dlpack(&p.managed), nc::dtype_error);
  }
  {
    versioned p({dl::kDLFloat, 32, 4}, {4}, {1}, 64);
    refused(p, "from_dlpack: numcu has no dtype for DLPack's (code 2, bits 32, lanes 4)");
  }
  {
    versioned p({dl::kDLInt, 4, 1}, {4}, {1}, 4);
    refused(p, "from_dlpack: numcu has no dtype for DLPack's (code 0, bits 4, lanes 1)");
  }
  {
    versioned p({dl::kDLFloat, 32, 1}, {4}, {1}, 16);
    p.managed.dl_tensor.device = {dl::kDLOpenCL, 0};
    refused(p,
            "from_dlpack: numcu cannot use memory of DLPack device type 4 (it uses kDLCPU, kDLCUDA, "
            "kDLCUDAHost and kDLCUDAManaged)");
    CHECK_THROWS_AS((void)nc::from_dlpack(&p.managed), nc::device_error);
    // host memory that claims to be a GPU's (on a machine without one: no such GPU)
    p.managed.dl_tensor.device = {dl::kDLCUDA, 0};
    CHECK_THROWS_AS((void)nc::from_dlpack(&p.managed), nc::device_error);
    CHECK(p.deleted == 0);
    p.managed.dl_tensor.device = {dl::kDLCUDA, -1};
    refused(p, "from_dlpack: CUDA device -1 does not exist");
  }
  {
    versioned p({dl::kDLFloat, 32, 1}, {4}, {1}, 16);
    p.managed.dl_tensor.ndim = -1;
    refused(p, "from_dlpack: -1 dimensions (numcu takes 0 to 32)");
    CHECK_THROWS_AS((void)nc::from_dlpack(&p.managed), nc::shape_error);
    p.managed.dl_tensor.ndim = 33;
    refused(p, "from_dlpack: 33 dimensions (numcu takes 0 to 32)");
    p.managed.dl_tensor.ndim = 1;
    p.shape[0] = -4;
    refused(p, "from_dlpack: negative extent -4 in dimension 0");
    p.shape[0] = 4;
    p.strides[0] = std::int64_t{1} << 62;
    refused(p, "from_dlpack: the stride 4611686018427387904 in dimension 0 does not fit int64 in bytes");
    p.strides[0] = std::int64_t{1} << 60;
    CHECK_THROWS_AS((void)nc::from_dlpack(&p.managed), nc::shape_error);  // the view spans more than int64
    CHECK(p.deleted == 0);
    p.strides[0] = 1;
    p.managed.dl_tensor.byte_offset = 2;
    refused(p, "from_dlpack: the data pointer is not aligned to the element size (4 bytes)");
    p.managed.dl_tensor.byte_offset = 0;
    p.managed.dl_tensor.data = nullptr;
    refused(p, "from_dlpack: the data pointer is null and the tensor has elements");
    p.managed.dl_tensor.data = p.bytes.data();
    p.managed.version = {2, 0};
    refused(p, "from_dlpack: the tensor is DLPack 2.0, newer than numcu's 1.1");
    p.managed.version = {1, 0};
    p.managed.flags = dl::flag_read_only;
    refused(
        p,
        "from_dlpack: the tensor is read-only and numcu arrays are writable: it must be copied (copy unset "
        "or true)",
        false);
    p.managed.flags = 0;
    p.managed.dl_tensor.shape = nullptr;
    refused(p, "from_dlpack: the tensor has no shape");
  }
  CHECK(message_of([] { (void)nc::from_dlpack(static_cast<dl::DLManagedTensorVersioned*>(nullptr)); }) ==
        "from_dlpack: the tensor is null");
  CHECK(message_of([] { (void)nc::from_dlpack(static_cast<dl::DLManagedTensor*>(nullptr)); }) ==
        "from_dlpack: the tensor is null");
}

NUMCU_TEST_ON_DEVICES("to_dlpack refuses strides DLPack cannot express", dlpack_export_refused) {
  // int32 elements 6 bytes apart (a from_blob view over bytes): not a whole number of elements
  const nc::ndarray bytes = nc::zeros({32}, nc::uint8, dev);
  const nc::ndarray odd = nc::from_blob(bytes.data_ptr(), {3}, nc::int32, dev, nc::strides_t{6});
  CHECK(message_of([&] { (void)nc::to_dlpack(odd); }) ==
        "to_dlpack: DLPack only supports strides which are a multiple of itemsize");
  CHECK(message_of([&] { (void)nc::to_dlpack_unversioned(odd); }) ==
        "to_dlpack_unversioned: DLPack only supports strides which are a multiple of itemsize");
}

TEST_CASE("dlpack_stream_of and the stream handshake on the CPU") {
  CHECK_FALSE(nc::dlpack_stream_of(nc::cpu).has_value());
  // streams are ignored for host arrays, 0 included
  const nc::ndarray a = nc::arange(4, nc::int64, nc::cpu);
  dl::DLManagedTensorVersioned* m = nc::to_dlpack(a, 0);
  m->deleter(m);
}

TEST_CASE("the stream handshake orders numcu's work before the consumer's stream [cuda]" *
          doctest::skip(numcu_test::no_gpu())) {
  const nc::device gpu = nc::cuda(0);
  CHECK(nc::dlpack_stream_of(gpu) == nc::dlpack_stream{1});
  const nc::stream producer(gpu), consumer(gpu);
  nc::ndarray a;
  {
    nc::stream_guard on(producer);
    CHECK(nc::dlpack_stream_of(gpu) == reinterpret_cast<nc::dlpack_stream>(producer.native_handle()));
    // enough work on the producer's stream that a consumer that did not wait would read early
    a = nc::zeros({1 << 24}, nc::int32, gpu);
    for (int i = 0; i < 20; ++i) a = a + 1;
    CHECK(message_of([&] { (void)nc::to_dlpack(a, 0); }) ==
          "to_dlpack: stream 0 is ambiguous for CUDA in DLPack: pass 1 for the legacy default stream, 2 for "
          "the "
          "per-thread default stream, -1 for no synchronization");
    dl::DLManagedTensorVersioned* m =
        nc::to_dlpack(a, reinterpret_cast<nc::dlpack_stream>(consumer.native_handle()));
    nc::stream_guard then(consumer);
    const nc::ndarray seen = nc::from_dlpack(m);
    CHECK(nc::asnumpy(nc::sum(seen)).item<std::int64_t>() == std::int64_t{20} << 24);
  }
  // the legacy and per-thread default streams
  for (const nc::dlpack_stream s : {nc::dlpack_stream{1}, nc::dlpack_stream{2}, nc::dlpack_stream{-1}}) {
    dl::DLManagedTensor* m = nc::to_dlpack_unversioned(a, s);
    m->deleter(m);
  }
}
