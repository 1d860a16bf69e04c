// Sorting of the dtypes whose sort keys are 64 bits wide: int64, uint64, float64, complex64 (cuda/sort.cuh).
#include "cuda/sort.cuh"

namespace numcu::detail {

template void sort_rows_of<int64_t>(const exec&, const sort_call&);
template void sort_rows_of<uint64_t>(const exec&, const sort_call&);
template void sort_rows_of<double>(const exec&, const sort_call&);
template void sort_rows_of<complex64_t>(const exec&, const sort_call&);

}  // namespace numcu::detail
