// The one place where a call is sent to a backend: by the device its operands live on, with the execution
// context built once (the GPU made current, its current stream looked up).
#pragma once

#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "core/backend.hpp"
#include "cuda/runtime.hpp"
#include "numcu/error.hpp"

namespace numcu::detail {

/// Calls @p op(backend, exec) with the backend of device @p where and a context for it. @p op is written for
/// the backends that provide the operation (a generic lambda for both); for a backend it does not accept,
/// nothing runs and device_error "<name> is not available on <device>" is thrown.
template <class Op>
decltype(auto) route(device where, std::string_view name, Op&& op) {
  auto unavailable = [&] {
    return device_error(std::string(name) + " is not available on " + where.str());
  };
  if (where.is_cpu()) {
    if constexpr (std::is_invocable_v<Op, host_backend, const exec&>) {
      return std::forward<Op>(op)(host_backend{}, exec(where, nullptr));
    } else {
      throw unavailable();
    }
  } else {
    if constexpr (std::is_invocable_v<Op, cuda_backend, const exec&>) {
      cuda_device_guard guard(where);
      return std::forward<Op>(op)(cuda_backend{}, exec(where, current_cuda_stream(where.index())));
    } else {
      throw unavailable();
    }
  }
}

}  // namespace numcu::detail
