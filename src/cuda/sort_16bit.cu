// Sorting of the dtypes whose sort keys are 16 bits wide: int16, uint16, float16, bfloat16 (cuda/sort.cuh).
#include "cuda/sort.cuh"

namespace numcu::detail {

template void sort_rows_of<int16_t>(const exec&, const sort_call&);
template void sort_rows_of<uint16_t>(const exec&, const sort_call&);
template void sort_rows_of<float16_t>(const exec&, const sort_call&);
template void sort_rows_of<bfloat16_t>(const exec&, const sort_call&);

}  // namespace numcu::detail
