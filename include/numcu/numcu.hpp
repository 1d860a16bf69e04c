/// @file numcu.hpp
/// @brief The umbrella header: `#include <numcu/numcu.hpp>` and `namespace nc = numcu;`.
#pragma once

#include "numcu/config.hpp"
#include "numcu/creation.hpp"
#include "numcu/device.hpp"
#include "numcu/device_view.hpp"
#include "numcu/dtype.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/error.hpp"
#include "numcu/indexing.hpp"
#include "numcu/info.hpp"
#include "numcu/joining.hpp"
#include "numcu/manipulation.hpp"
#include "numcu/memory.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/random.hpp"
#include "numcu/reduction.hpp"
#include "numcu/rtc.hpp"
#include "numcu/scalar.hpp"
#include "numcu/shape.hpp"
#include "numcu/sorting.hpp"
#include "numcu/stream.hpp"
