#include "dispatch/fft.hpp"

#include "dispatch/route.hpp"

namespace numcu::detail {

void fft_into(fft_kind kind, dtype t, int rank, const std::int64_t* dims, const ndarray& in,
              const ndarray& out) {
  fft_call call;
  call.kind = kind;
  call.t = t;
  call.rank = rank;
  std::int64_t per = 1;  // elements of one transform on the real side (both sides of a complex transform)
  for (int d = 0; d < rank; ++d) {
    call.dims[d] = dims[d];
    per *= dims[d];
  }
  const ndarray& sized = kind == fft_kind::real_forward ? in : out;
  if (per == 0 || sized.size() == 0) return;
  call.batch = sized.size() / per;
  call.in = in.data_ptr();
  call.out = out.data_ptr();
  route(in.device(), "fft", [&]<class B>(B, const exec& e) { fft_batch<B>(e, call); });
}

fft::plan_cache_info fft_plan_cache(device where) {
  require_cuda_device(where);
  return cuda_fft_plan_cache(where.index());
}

}  // namespace numcu::detail
