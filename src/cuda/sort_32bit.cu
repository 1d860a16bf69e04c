// Sorting of the dtypes whose sort keys are 32 bits wide: int32, uint32, float32 (cuda/sort.cuh).
#include "cuda/sort.cuh"

namespace numcu::detail {

template void sort_rows_of<int32_t>(const exec&, const sort_call&);
template void sort_rows_of<uint32_t>(const exec&, const sort_call&);
template void sort_rows_of<float>(const exec&, const sort_call&);

}  // namespace numcu::detail
