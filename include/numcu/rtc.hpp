/// @file rtc.hpp
/// @brief Kernels compiled at run time: CUDA C++ source compiled with NVRTC, cached in memory and on disk.
#pragma once

#include <cstddef>
#include <cstdint>
#include <concepts>
#include <cstring>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "numcu/device.hpp"
#include "numcu/elementwise.hpp"
#include "numcu/indexing.hpp"
#include "numcu/ndarray.hpp"
#include "numcu/shape.hpp"
#include "numcu/stream.hpp"

namespace numcu {

class raw_kernel;

/// CUDA C++ source compiled at run time with NVRTC: what PyCUDA's `SourceModule` and CuPy's `RawModule` are
/// to Python. The source may `#include "device/..."` headers of numcu's own kernels (element types such as
/// `numcu::float16_t`, casts, complex numbers), which ship inside the library. Compiling needs no GPU:
/// compile() gives the cubin or PTX for any architecture.
///
/// Compiled programs are cached in memory for the process and on disk across processes (in
/// kernel_cache_directory()), keyed by the source, the options, the name expressions, the architecture,
/// NVRTC's version and numcu's device headers.
class raw_module {
 public:
  /// @param source CUDA C++ source; @param options NVRTC options after numcu's own (kernel_compile_options():
  /// `-std=c++20`, `-default-device`, `--device-int128` and the architecture), e.g. `-DN=4`, `-I/path`,
  /// `--use_fast_math`; @param name_expressions names of template instances to compile, e.g. `"scale<float>"`
  /// (their mangled names: lowered_name()); @param name the program's file name in compiler messages.
  explicit raw_module(std::string source, std::vector<std::string> options = {},
                      std::vector<std::string> name_expressions = {}, std::string name = "raw_module.cu");

  /// The compiled image for @p arch: `"sm_90"` gives a cubin (an ELF file), `"compute_90"` PTX text.
  /// Throws rtc_error with NVRTC's log (naming the program and the line) when the source does not compile.
  std::string compile(const std::string& arch) const;

  /// The mangled name NVRTC gave name expression @p expression when compiling for @p arch (compiles if
  /// needed); throws rtc_error for an expression the module was not given.
  std::string lowered_name(const std::string& expression, const std::string& arch) const;

  /// A module of an image compiled elsewhere (a cubin, a fatbin or PTX text, e.g. from `nvcc -cubin`):
  /// loaded as it is, on every device; compile() returns it for any architecture.
  static raw_module from_image(std::string image, std::string name = "image");

  /// The kernel @p name of this module: an `extern "C"` kernel's name, a name expression given to the
  /// constructor (e.g. `"scale<float>"`), or a mangled name. Where the default device is a GPU, a module of
  /// source is compiled for it and loaded now, so that a compile error or a missing kernel raises rtc_error
  /// here; on another GPU (and an image from from_image() everywhere) it is loaded on the first launch there.
  /// Without a GPU, compile() is the way to check a source.
  raw_kernel get_function(const std::string& name) const;

  /// Copies @p bytes from @p data into the module's `__constant__` or `__device__` variable @p name on GPU
  /// @p d (compiling and loading the module there if needed) and waits for the copy.
  /// @throws rtc_error when there is no such variable or @p bytes is not its size; device_error unless @p d is a GPU.
  void set_global(const std::string& name, const void* data, std::size_t bytes, device d = default_device()) const;
  /// set_global() of one value of type T.
  template <class T>
  void set_global(const std::string& name, const T& value, device d = default_device()) const {
    static_assert(std::is_trivially_copyable_v<T>, "a global is set from a trivially copyable value");
    set_global(name, &value, sizeof(T), d);
  }
  /// Copies the module's `__constant__` or `__device__` variable @p name on GPU @p d into @p data (@p bytes,
  /// its size), after the work queued on the device's current stream.
  void get_global(const std::string& name, void* data, std::size_t bytes, device d = default_device()) const;
  /// get_global() of one value of type T.
  template <class T>
  T get_global(const std::string& name, device d = default_device()) const {
    static_assert(std::is_trivially_copyable_v<T>, "a global is read into a trivially copyable value");
    T value{};
    get_global(name, &value, sizeof(T), d);
    return value;
  }

  /// The module's `__device__` or `__constant__` variable @p name on GPU @p d as a 1-D array of dtype @p t over
  /// its memory (CuPy's `RawModule.get_global`): no copy, so the array reads and writes the variable, and can
  /// be passed to other kernels and functions. The module stays loaded for the process, so the array stays
  /// valid. (A `__constant__` variable is read-only to kernels; write it through the array or set_global().)
  /// @throws rtc_error when there is no such variable or its size is not a whole number of @p t elements;
  /// device_error unless @p d is a GPU.
  ndarray get_global(const std::string& name, dtype t, device d = default_device()) const;

  /// The source, as given.
  const std::string& source() const noexcept { return m_source; }
  /// The caller's NVRTC options, as given.
  const std::vector<std::string>& options() const noexcept { return m_options; }

 private:
  friend class raw_kernel;
  /// The image to load on GPU @p d: the given one, or the source compiled for the GPU's architecture.
  std::string image_for(device d) const;
  /// The symbol of kernel @p name in the image for GPU @p d (a name expression's lowered name).
  std::string symbol_for(const std::string& name, device d) const;

  std::optional<std::string> m_image;  // from_image()
  std::string m_source;
  std::vector<std::string> m_options;
  std::vector<std::string> m_name_expressions;
  std::string m_name;
};

/// The extents of a launch grid or block, x fastest; 1 where not given.
struct launch_dims {
  unsigned x = 1;  ///< threads (or blocks) along x
  unsigned y = 1;  ///< along y
  unsigned z = 1;  ///< along z
  launch_dims() = default;
  /// @p x_ by @p y_ by @p z_, each of any integer type. @throws rtc_error for an extent that is negative or
  /// past 2^32 - 1 (a count computed in 64 bits is never cut short silently).
  template <std::integral X, std::integral Y = unsigned, std::integral Z = unsigned>
  launch_dims(X x_, Y y_ = 1, Z z_ = 1) : x(extent(x_)), y(extent(y_)), z(extent(z_)) {}  // NOLINT: from a count

 private:
  template <class I>
  static unsigned extent(I v) {
    if (std::cmp_less(v, 0) || std::cmp_greater(v, 0xffffffffu)) {
      throw rtc_error("numcu: a launch extent must be in [0, 2^32 - 1], not " + std::to_string(v));
    }
    return static_cast<unsigned>(v);
  }
};

/// One argument of a raw_kernel launch: an ndarray (passed as the device address of its first element, and
/// checked to be on the kernel's device), a raw pointer (passed as it is), or a value of any trivially
/// copyable C++ type up to 256 bytes (a device_view of up to 15 dimensions), passed by value with its exact
/// type: `2.0f` is a float, `2` an int, `std::size_t{2}` 8 bytes. The kernel's parameters must match in order
/// and size.
class kernel_arg {
 public:
  /// The address of the first element of @p a.
  kernel_arg(const ndarray& a);  // NOLINT: implicit, so that arguments read as a list
  /// A device (or host-mapped) pointer, as it is.
  kernel_arg(const void* pointer);  // NOLINT
  /// @p value by value.
  template <class T>
    requires(std::is_trivially_copyable_v<T> && !std::is_pointer_v<T> && !std::is_same_v<T, ndarray>)
  kernel_arg(const T& value) : m_size(sizeof(T)) {  // NOLINT
    static_assert(sizeof(T) <= sizeof(m_bytes), "kernel arguments by value are at most 256 bytes");
    static_assert(alignof(T) <= 16, "kernel arguments by value are aligned to at most 16 bytes");
    std::memcpy(m_bytes, &value, sizeof(T));
  }
  /// Bytes the kernel receives.
  std::size_t size() const noexcept { return m_size; }
  /// The argument's value as the kernel receives it.
  const void* value() const noexcept { return m_bytes; }
  /// The device of an ndarray argument; nullopt for pointers and values.
  const std::optional<device>& array_device() const noexcept { return m_device; }

 private:
  alignas(16) unsigned char m_bytes[256] = {};
  std::size_t m_size = 0;
  std::optional<device> m_device;
};

/// The limits of a raw_kernel on one GPU.
struct kernel_attributes {
  int max_threads_per_block = 0;           ///< the kernel's, which its registers may bring under the GPU's
  int registers = 0;                       ///< per thread
  std::size_t static_shared_memory = 0;    ///< bytes of its `__shared__` variables
  std::size_t max_dynamic_shared_memory = 0;  ///< the most dynamic shared memory a launch may ask for
};

/// A kernel of a raw_module (raw_module::get_function()), launched with the grid, block, dynamic shared memory
/// and stream of the caller's choosing, as PyCUDA's and CuPy's raw kernels are. The module is compiled for a
/// GPU's architecture and loaded there on the first launch on that GPU, and both are cached.
class raw_kernel {
 public:
  /// Launches `k(grid, block, {a, b, n})` on the current stream of the default device, or on stream @p s
  /// (whose device runs the kernel): `k(grid, block, {a, b, n}, shared_bytes, s)`. The launch is asynchronous;
  /// a kernel that faults is reported as cuda_error by the next call that synchronizes.
  /// @throws device_error when the device is not a GPU or an ndarray argument is on another device;
  /// rtc_error for a block of more threads than the kernel allows, extents past the GPU's, more shared
  /// memory than it has, or arguments that do not match the kernel's parameters in number or size;
  /// rtc_error when the module does not compile or has no such kernel.
  void operator()(launch_dims grid, launch_dims block, std::initializer_list<kernel_arg> args,
                  std::size_t shared_memory = 0, const std::optional<stream>& s = std::nullopt) const;
  /// operator() with the arguments in a vector, built at run time.
  void operator()(launch_dims grid, launch_dims block, const std::vector<kernel_arg>& args,
                  std::size_t shared_memory = 0, const std::optional<stream>& s = std::nullopt) const;
  /// The kernel's limits on GPU @p d.
  kernel_attributes attributes(device d = default_device()) const;
  /// The block size (threads) that gives the kernel the highest occupancy on GPU @p d with @p shared_memory
  /// bytes of dynamic shared memory per block (cudaOccupancyMaxPotentialBlockSize).
  int suggested_block_size(device d = default_device(), std::size_t shared_memory = 0) const;
  /// The name it was asked for by.
  const std::string& name() const noexcept { return m_name; }

 private:
  friend class raw_module;
  struct loaded;
  struct cache;
  raw_kernel(raw_module module, std::string name);
  /// The kernel loaded on GPU @p d, once per GPU.
  const loaded& load(device d) const;
  /// operator(), with the arguments where they are, on stream @p s (none: the default device's current one).
  void launch_on(launch_dims grid, launch_dims block, std::span<const kernel_arg> args, std::size_t shared_memory,
                 const std::optional<stream>& s) const;

  std::shared_ptr<const raw_module> m_module;
  std::string m_name;
  std::shared_ptr<cache> m_cache;
};

/// A kernel written as the operation on one element, as CuPy's `ElementwiseKernel`: numcu writes the loop, the
/// broadcasting, the offsets of strided and broadcast arrays, and the launch.
///
/// Parameters are declared as CuPy declares them: `"float32 x, T y"` and `"T z"`, a dtype name or a
/// one-letter type placeholder bound by the arguments' dtypes (bind order: out= arrays, then inputs), `raw`
/// for an array the operation indexes itself (`x[i]`, with `_ind.size()` the loop's length) and `_non_const`
/// for an input it may write. In the operation, an element-wise input is its element's value (a const
/// reference), an output a reference to its element, `i` the element's index (`long long`), and each
/// placeholder a type. A C++ number given for an input is a weak scalar: it takes its parameter's type.
/// @code
/// const nc::elementwise_kernel squared_difference("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_difference");
/// nc::ndarray z = squared_difference({x, y});      // broadcast, z allocated with x's dtype
/// squared_difference.call({x, 2.0}, {z});          // a scalar input, an output of the caller's
/// @endcode
/// Runs on a GPU: arrays on the CPU raise device_error (the operation is CUDA C++ compiled at run time).
class elementwise_kernel {
 public:
  /// @param in_params the inputs; @param out_params the outputs (at least one); @param operation the loop
  /// body; @param name the kernel's name (an identifier); @param preamble code placed before the kernel
  /// (helper functions, constants); @param options NVRTC options. @throws rtc_error for a malformed
  /// parameter list or a repeated name, dtype_error for an unknown dtype name.
  elementwise_kernel(std::string in_params, std::string out_params, std::string operation,
                     std::string name = "elementwise_kernel", std::string preamble = {},
                     std::vector<std::string> options = {});

  /// Runs on @p args: the inputs, optionally followed by every output. Returns the output (the kernel must
  /// have one; call() returns several).
  ndarray operator()(std::initializer_list<operand> args) const;

  /// Runs on @p inputs into @p out (every output of the kernel, or none: then allocated in the loop's shape
  /// on the arrays' device). @p size is the loop's length for a kernel called with no element-wise array
  /// (only scalars and raw arrays). Queued on the current stream of the arrays' device; returns the outputs.
  /// @throws rtc_error for a wrong number of arguments, a scalar for a raw parameter, a missing or needless
  /// size, or an operation that does not compile (the log names "operation" or "preamble" and the line);
  /// dtype_error when an array's dtype differs from its parameter's; shape_error when the arrays do not
  /// broadcast or an output's shape is not the loop's; device_error for arrays on different devices or on the
  /// CPU.
  std::vector<ndarray> call(const std::vector<operand>& inputs, const std::vector<ndarray>& out = {},
                            std::optional<std::int64_t> size = std::nullopt) const;

  /// The kernel's name.
  const std::string& name() const noexcept;

 private:
  struct state;
  std::shared_ptr<state> m_state;
};

/// A reduction written as expressions, as CuPy's `ReductionKernel`: each element mapped, the mapped values
/// combined two at a time, the result mapped into the output. numcu runs it through its own reduction kernels,
/// in the fixed order of the built-in reductions (the same bits on every GPU, whatever the launch), over any
/// axes of any layout.
///
/// Parameters are declared as elementwise_kernel's (`"T x"`, `"T y"`; one output, no `raw`). In @p map_expr
/// an input is its element's value; in @p reduce_expr `a` and `b` are two partials of the reduce type, `a` the
/// one of lower indices; in @p post_map_expr `a` is the reduced value and the output's name the element to
/// assign. `_type_reduce` names the reduce type, and each placeholder its type; the 16-bit floats are read,
/// reduced and mapped as float.
/// @code
/// const nc::reduction_kernel l2norm("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm");
/// nc::ndarray norms = l2norm({x}, 1);   // the norm of each row
/// @endcode
/// A kernel with one element-wise input runs in one pass over it. With several inputs (broadcast together),
/// scalar inputs or raw ones, the map runs first as an elementwise kernel into a temporary array of the reduce
/// type, which is then reduced: two passes.
/// Runs on a GPU: arrays on the CPU raise device_error.
class reduction_kernel {
 public:
  /// @param in_params the inputs; @param out_params the output (exactly one, not raw); @param map_expr the value
  /// of one element; @param reduce_expr two partials `a` and `b` combined; @param post_map_expr assigns the
  /// output from the reduced `a`; @param identity the partial of no elements (combine(identity, x) must be x),
  /// or empty for none: then reducing no elements raises, as NumPy does for maximum; @param name the
  /// kernel's name (an identifier); @param reduce_type the partials' dtype name or placeholder (empty: the
  /// output's); @param preamble code placed before the kernel; @param options NVRTC options.
  /// @throws rtc_error for a malformed parameter list, a repeated name, or not exactly one output; dtype_error
  /// for an unknown dtype name.
  reduction_kernel(std::string in_params, std::string out_params, std::string map_expr, std::string reduce_expr,
                   std::string post_map_expr, std::string identity, std::string name = "reduce_kernel",
                   std::string reduce_type = {}, std::string preamble = {}, std::vector<std::string> options = {});

  /// Reduces @p inputs over @p axis (none: every axis; one or several, negative counting from the end), the
  /// reduced axes kept as extent 1 with @p keepdims, into @p out when given (its shape the result's). Queued on
  /// the current stream of the arrays' device; a reduction to a 0-d array does not wait for the GPU.
  /// @throws rtc_error for a wrong number of inputs or expressions that do not compile (the log names "map",
  /// "reduce", "post_map", "identity" or "preamble" and the line); dtype_error when an array's dtype differs
  /// from its parameter's; index_error for an axis out of range; shape_error for a repeated axis, inputs that
  /// do not broadcast, a wrong out= shape, or no elements to reduce without an identity; device_error for
  /// arrays on different devices or on the CPU.
  ndarray operator()(std::initializer_list<operand> inputs, const axis_arg& axis = none, bool keepdims = false,
                     const std::optional<ndarray>& out = std::nullopt) const;

  /// operator() with the inputs in a vector.
  ndarray call(const std::vector<operand>& inputs, const axis_arg& axis = none, bool keepdims = false,
               const std::optional<ndarray>& out = std::nullopt) const;

  /// The kernel's name.
  const std::string& name() const noexcept;

 private:
  struct state;
  std::shared_ptr<state> m_state;
};

/// Empties the kernel caches: the compiled programs in memory and the entries in kernel_cache_directory().
void clear_kernel_cache();

/// The directory of the on-disk kernel cache: set_kernel_cache_directory()'s, else `$NUMCU_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/numcu/kernels`, else `~/.cache/numcu/kernels`; empty when none can be named (then programs
/// are cached in memory only).
std::string kernel_cache_directory();

/// Makes @p directory the on-disk kernel cache for the rest of the process, over `$NUMCU_CACHE_DIR` (created
/// when first written; an empty string keeps compiled programs in memory only; nullopt goes back to the
/// environment's directory).
void set_kernel_cache_directory(const std::optional<std::string>& directory);

/// Where the runtime kernels' compiled programs came from since the process started.
struct kernel_cache_stats {
  std::int64_t memory_hits = 0;  ///< found in the memory cache
  std::int64_t disk_hits = 0;    ///< read from the disk cache
  std::int64_t compiles = 0;     ///< compiled by NVRTC (misses of both caches)
  std::int64_t bad_entries = 0;  ///< disk entries found truncated or corrupt, then compiled anew
};

/// The kernel cache's counts so far.
kernel_cache_stats kernel_cache_statistics();

/// The NVRTC options numcu passes before a module's own, for architecture @p arch.
std::vector<std::string> kernel_compile_options(const std::string& arch);

}  // namespace numcu
