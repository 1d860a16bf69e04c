// Sorting of the dtypes whose sort keys are 128 bits wide: complex128 (cuda/sort.cuh).
#include "cuda/sort.cuh"

namespace numcu::detail {

template void sort_rows_of<complex128_t>(const exec&, const sort_call&);

}  // namespace numcu::detail
