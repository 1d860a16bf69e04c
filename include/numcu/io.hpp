/// @file io.hpp
/// @brief NumPy's .npy files: nc::save and nc::load (format versions 1.0, 2.0 and 3.0, C and Fortran order,
/// little- and big-endian, every numcu dtype; bfloat16 as ml_dtypes writes it, a 2-byte void '<V2'). Bad
/// files raise io_error naming the file and the fault, and are never read past their end.
#pragma once

#include <string>

#include "numcu/device.hpp"
#include "numcu/ndarray.hpp"

namespace numcu {

/// numpy.save: writes @p a (copied to the host where it is on a GPU) to @p path as a .npy file: format 1.0
/// (2.0 where the header needs more than 65535 bytes), the array's dtype little-endian, in C order, or in
/// Fortran order where the array is Fortran-contiguous and not C-contiguous (as NumPy writes it).
/// @throws io_error where the file cannot be written.
void save(const std::string& path, const ndarray& a);

/// numpy.load of a .npy file: the array at @p path on @p where (default: the default device). Big-endian data
/// is swapped, a Fortran-order array comes back as a C-contiguous one with the same values.
/// @throws io_error "<path>: not a .npy file (wrong magic string)", "<path>: truncated: the header promises
/// 96 bytes of data, the file has 40", "<path>: unsupported dtype '<U3'", "<path>: object arrays are not
/// supported", and the like; out_of_memory, device_error.
ndarray load(const std::string& path, device where = default_device());

}  // namespace numcu
