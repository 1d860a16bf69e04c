// Copy/cast kernels from bool and the integer dtypes to every dtype.
#include "cuda/copy.cuh"

namespace numcu::detail::cuda {

template void copy_from<bool>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::int8_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::int16_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::int32_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::int64_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::uint8_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::uint16_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::uint32_t>(const exec&, const iteration_plan&, dtype);
template void copy_from<std::uint64_t>(const exec&, const iteration_plan&, dtype);

}  // namespace numcu::detail::cuda
