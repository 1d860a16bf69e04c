// Sorting of the dtypes whose sort keys are 8 bits wide: bool, int8, uint8 (cuda/sort.cuh).
#include "cuda/sort.cuh"

namespace numcu::detail {

template void sort_rows_of<bool>(const exec&, const sort_call&);
template void sort_rows_of<int8_t>(const exec&, const sort_call&);
template void sort_rows_of<uint8_t>(const exec&, const sort_call&);

}  // namespace numcu::detail
