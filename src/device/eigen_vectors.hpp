// The right eigenvectors of a real matrix from LAPACK's packed form (geev, and cuSOLVER's Xgeev): a real
// eigenvalue's vector is its column; a conjugate pair's vectors share two columns, v(j) = VR(:, j) + i VR(:,
// j + 1) and v(j + 1) = VR(:, j) - i VR(:, j + 1), the value of positive imaginary part first. The host loop
// and the GPU kernel that unpack them call this.
#pragma once

#include "device/element_types.hpp"

namespace numcu::detail {

/// Element (row, col) of the complex eigenvector matrix, from the column-major packed real @p packed (n × n)
/// and the eigenvalues @p w of the matrix.
NUMCU_HD inline complex128_t unpacked_eigenvector(const double* packed, const complex128_t* w, int64_t n,
                                                  int64_t row, int64_t col) {
  const double im = w[col].im;
  if (im > 0) return {packed[col * n + row], packed[(col + 1) * n + row]};
  if (im < 0) return {packed[(col - 1) * n + row], -packed[col * n + row]};
  return {packed[col * n + row], 0.0};
}

}  // namespace numcu::detail
