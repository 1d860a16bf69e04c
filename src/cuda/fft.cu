// Fourier transforms on the GPU: cuFFT plans made for each transform shape (64-bit API, work areas from the
// call's context rather than kept by the plan) and cached per host thread and device, least recently used
// first out, within a count and a work-area limit (as CuPy's PlanCache).
#include <cufft.h>

#include <atomic>
#include <cstdint>
#include <list>
#include <map>
#include <string>
#include <tuple>

#include "core/backend.hpp"
#include "cuda/runtime.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {
namespace {

/// Throws cuda_error naming the cuFFT call and its result unless @p status is CUFFT_SUCCESS.
void check_cufft(cufftResult status, const char* api) {
  if (status == CUFFT_SUCCESS) return;
  if (status == CUFFT_ALLOC_FAILED)
    throw out_of_memory(std::string(api) + " failed: CUFFT_ALLOC_FAILED", 0, 0);
  throw cuda_error(api, static_cast<int>(status),
                   std::string(api) + " failed: cufftResult " + std::to_string(status));
}

std::atomic<std::size_t> max_plans{16};
std::atomic<std::size_t> max_work_bytes{0};

/// What a plan is made for.
struct plan_key {
  int ordinal;
  fft_kind kind;
  bool is_double;
  int rank;
  std::int64_t dims[3];
  std::int64_t batch;
  auto tied() const { return std::tie(ordinal, kind, is_double, rank, dims[0], dims[1], dims[2], batch); }
  bool operator<(const plan_key& o) const { return tied() < o.tied(); }
};

struct cached_plan {
  cufftHandle handle;
  std::size_t work_bytes;
};

/// One thread's plans: most recently used first.
class plan_cache {
 public:
  // an ending thread's plans are left to the driver, not destroyed: at process exit the CUDA context may
  // already be gone, and destroying a plan then can fault (the library handles of core/exec.hpp are kept for
  // that reason)
  ~plan_cache() = default;

  /// The plan for @p key, made (on the current device) where it is not cached.
  cached_plan get(const plan_key& key) {
    const auto found = m_index.find(key);
    if (found != m_index.end()) {
      m_order.splice(m_order.begin(), m_order, found->second);
      return found->second->second;
    }
    const cached_plan plan = make(key);
    m_order.emplace_front(key, plan);
    m_index[key] = m_order.begin();
    trim();
    return plan;
  }

  fft::plan_cache_info info(int ordinal) const {
    fft::plan_cache_info r{0, max_plans, 0, max_work_bytes};
    for (const auto& [key, plan] : m_order) {
      if (key.ordinal != ordinal) continue;
      ++r.plans;
      r.work_bytes += plan.work_bytes;
    }
    return r;
  }

  void clear() {
    for (const auto& entry : m_order) destroy(entry.first.ordinal, entry.second.handle);
    m_order.clear();
    m_index.clear();
  }

  /// Drops the least recently used plans beyond the limits (per device); the one just made stays.
  void trim() {
    std::map<int, std::pair<std::size_t, std::size_t>> seen;  // per device: plans and work bytes kept
    for (auto it = m_order.begin(); it != m_order.end();) {
      auto& [count, bytes] = seen[it->first.ordinal];
      const bool first = count == 0;
      const std::size_t work = it->second.work_bytes;
      const bool over = count + 1 > max_plans || (max_work_bytes != 0 && bytes + work > max_work_bytes);
      if (over && !first) {
        destroy(it->first.ordinal, it->second.handle);
        m_index.erase(it->first);
        it = m_order.erase(it);
      } else {
        ++count;
        bytes += work;
        ++it;
      }
    }
  }

 private:
  /// Destroys a plan of GPU @p ordinal once the work queued there, which may still use it, is done (an
  /// eviction or a clear: rare next to the transforms), with that GPU current. Errors of the wait are
  /// ignored.
  static void destroy(int ordinal, cufftHandle handle) {
    const cuda_device_guard guard(cuda(ordinal));
    if (cudaDeviceSynchronize() != cudaSuccess) cudaGetLastError();
    cufftDestroy(handle);
  }

  static cached_plan make(const plan_key& key) {
    static const cufftType types[2][4] = {{CUFFT_C2C, CUFFT_C2C, CUFFT_R2C, CUFFT_C2R},
                                          {CUFFT_Z2Z, CUFFT_Z2Z, CUFFT_D2Z, CUFFT_Z2D}};
    cufftHandle handle = 0;
    check_cufft(cufftCreate(&handle), "cufftCreate");
    long long dims[3] = {key.dims[0], key.dims[1], key.dims[2]};
    // contiguous batches: each transform's elements follow one another, the real side of a real transform
    // holding the full last size, the complex side its n / 2 + 1
    long long real_elements = 1, complex_elements = 1;
    for (int d = 0; d < key.rank; ++d) {
      real_elements *= dims[d];
      complex_elements *= d + 1 == key.rank ? dims[d] / 2 + 1 : dims[d];
    }
    const bool real = key.kind == fft_kind::real_forward || key.kind == fft_kind::real_inverse;
    const long long idist = real && key.kind == fft_kind::real_forward ? real_elements
                            : real                                     ? complex_elements
                                                                       : real_elements;
    const long long odist = real && key.kind == fft_kind::real_forward ? complex_elements : real_elements;
    std::size_t work = 0;
    const cufftResult status = [&] {
      cufftResult r = cufftSetAutoAllocation(handle, 0);
      if (r != CUFFT_SUCCESS) return r;
      return cufftMakePlanMany64(handle, key.rank, dims, nullptr, 1, idist, nullptr, 1, odist,
                                 types[key.is_double][static_cast<int>(key.kind)], key.batch, &work);
    }();
    if (status != CUFFT_SUCCESS) {
      cufftDestroy(handle);
      check_cufft(status, "cufftMakePlanMany64");
    }
    return {handle, work};
  }

  std::list<std::pair<plan_key, cached_plan>> m_order;
  std::map<plan_key, std::list<std::pair<plan_key, cached_plan>>::iterator> m_index;
};

plan_cache& thread_plans() {
  thread_local plan_cache cache;
  return cache;
}

}  // namespace

template <>
void fft_batch<cuda_backend>(const exec& e, const fft_call& call) {
  plan_key key{e.where().index(), call.kind, call.t == complex128, call.rank, {1, 1, 1}, call.batch};
  for (int d = 0; d < call.rank; ++d) key.dims[d] = call.dims[d];
  const cached_plan plan = thread_plans().get(key);
  check_cufft(cufftSetStream(plan.handle, static_cast<cudaStream_t>(e.stream())), "cufftSetStream");
  check_cufft(cufftSetWorkArea(plan.handle, plan.work_bytes ? e.workspace(plan.work_bytes) : nullptr),
              "cufftSetWorkArea");
  const bool is_double = call.t == complex128;
  const int direction = call.kind == fft_kind::inverse ? CUFFT_INVERSE : CUFFT_FORWARD;
  switch (call.kind) {
    case fft_kind::forward:
    case fft_kind::inverse:
      if (is_double) {
        check_cufft(cufftExecZ2Z(plan.handle, static_cast<cufftDoubleComplex*>(call.in),
                                 static_cast<cufftDoubleComplex*>(call.out), direction),
                    "cufftExecZ2Z");
      } else {
        check_cufft(cufftExecC2C(plan.handle, static_cast<cufftComplex*>(call.in),
                                 static_cast<cufftComplex*>(call.out), direction),
                    "cufftExecC2C");
      }
      break;
    case fft_kind::real_forward:
      if (is_double) {
        check_cufft(cufftExecD2Z(plan.handle, static_cast<cufftDoubleReal*>(call.in),
                                 static_cast<cufftDoubleComplex*>(call.out)),
                    "cufftExecD2Z");
      } else {
        check_cufft(
            cufftExecR2C(plan.handle, static_cast<cufftReal*>(call.in), static_cast<cufftComplex*>(call.out)),
            "cufftExecR2C");
      }
      break;
    case fft_kind::real_inverse:
      if (is_double) {
        check_cufft(cufftExecZ2D(plan.handle, static_cast<cufftDoubleComplex*>(call.in),
                                 static_cast<cufftDoubleReal*>(call.out)),
                    "cufftExecZ2D");
      } else {
        check_cufft(
            cufftExecC2R(plan.handle, static_cast<cufftComplex*>(call.in), static_cast<cufftReal*>(call.out)),
            "cufftExecC2R");
      }
      break;
  }
}

fft::plan_cache_info cuda_fft_plan_cache(int ordinal) {
  return thread_plans().info(ordinal);
}

void set_cuda_fft_plan_limits(std::optional<std::size_t> plans, std::optional<std::size_t> work_bytes) {
  if (plans) max_plans = *plans;
  if (work_bytes) max_work_bytes = *work_bytes;
  thread_plans().trim();
}

void clear_cuda_fft_plans() {
  thread_plans().clear();
}

}  // namespace numcu::detail
