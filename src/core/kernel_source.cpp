#include "core/kernel_source.hpp"

#include <algorithm>
#include <cctype>

namespace numcu::detail {

std::string device_type_name(dtype t) {
  switch (t.id()) {
    case dtype_code::bool_:
      return "bool";
    case dtype_code::int8:
      return "signed char";
    case dtype_code::int16:
      return "short";
    case dtype_code::int32:
      return "int";
    case dtype_code::int64:
      return "long long";
    case dtype_code::uint8:
      return "unsigned char";
    case dtype_code::uint16:
      return "unsigned short";
    case dtype_code::uint32:
      return "unsigned int";
    case dtype_code::uint64:
      return "unsigned long long";
    case dtype_code::float16:
      return "numcu::float16_t";
    case dtype_code::bfloat16:
      return "numcu::bfloat16_t";
    case dtype_code::float32:
      return "float";
    case dtype_code::float64:
      return "double";
    case dtype_code::complex64:
      return "numcu::detail::complex<float>";
    case dtype_code::complex128:
      return "numcu::detail::complex<double>";
  }
  return "void";
}

std::string value_type_name(dtype t) {
  return t == float16 || t == bfloat16 ? "float" : device_type_name(t);
}

namespace {

/// The typedefs of the type placeholders, each its dtype's value type.
std::string placeholder_typedefs(const std::vector<std::pair<char, dtype>>& placeholders) {
  std::string s;
  for (const auto& [placeholder, t] : placeholders)
    s += "typedef " + value_type_name(t) + " " + std::string(1, placeholder) + ";\n";
  return s;
}

/// A #line directive after the text @p before: the lines that follow are numbered as lines of @p file again,
/// after a user's part of the source, which is numbered within its own name ("operation(1)" in NVRTC's log).
std::string resume_lines(const std::string& before, const std::string& file) {
  return "#line " + std::to_string(std::count(before.begin(), before.end(), '\n') + 2) + " \"" + file +
         "\"\n";
}

/// The number of element-wise (non-raw, non-scalar) arrays of @p r: the operands of its loop.
int elementwise_array_count(const elementwise_source_request& r) {
  int n = 0;
  for (std::size_t k = 0; k < r.in_params.size(); ++k) n += !r.in_params[k].raw && !r.scalar_inputs[k];
  for (const auto& p : r.out_params) n += !p.raw;
  return n;
}

}  // namespace

bool operation_reads(const std::string& operation, const std::string& name) {
  const auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  const auto is_word = [&](std::size_t at, std::size_t size) {  // a whole identifier, not part of one
    return (at == 0 || !identifier(operation[at - 1])) &&
           (at + size >= operation.size() || !identifier(operation[at + size]));
  };
  // control flow may skip an assignment (or a macro hide one), which leaves the element as it was
  for (const char* word : {"if", "else", "for", "while", "do", "switch", "case", "goto", "return", "continue",
                           "break", "asm", "#"}) {
    const std::string w = word;
    for (std::size_t at = operation.find(w); at != std::string::npos; at = operation.find(w, at + 1)) {
      if (w == "#" || is_word(at, w.size())) return true;
    }
  }
  for (std::size_t at = operation.find(name); at != std::string::npos; at = operation.find(name, at + 1)) {
    if (!is_word(at, name.size())) continue;
    // a statement of its own: after the start or a ';' ...
    std::size_t before = at;
    while (before > 0 && std::isspace(static_cast<unsigned char>(operation[before - 1]))) --before;
    const bool starts = before == 0 || operation[before - 1] == ';';
    // ... that assigns it with a plain `=`
    std::size_t next = at + name.size();
    while (next < operation.size() && std::isspace(static_cast<unsigned char>(operation[next]))) ++next;
    const bool assigned = next < operation.size() && operation[next] == '=' &&
                          (next + 1 == operation.size() || operation[next + 1] != '=');
    if (!starts || !assigned) return true;
  }
  return false;
}

std::string elementwise_kernel_source(const elementwise_source_request& r) {
  const bool rows = r.loop == elementwise_loop_kind::rows, general = r.loop == elementwise_loop_kind::general;
  const std::string arrays = std::to_string(std::max(elementwise_array_count(r), 1));
  std::string s;
  s += "#include \"device/element_types.hpp\"\n#include \"device/elementwise_loops.cuh\"\n";
  // float16 and bfloat16 elements are read as float and written rounded, through a reference that converts
  s += R"(template <class H>
struct numcu_half_ref {
  H* p;
  __device__ operator float() const { return float(*p); }
  __device__ numcu_half_ref& operator=(float v) { *p = H(v); return *this; }
  __device__ numcu_half_ref& operator=(H v) { *p = v; return *this; }
  __device__ numcu_half_ref& operator=(const numcu_half_ref& o) { *p = *o.p; return *this; }
  __device__ numcu_half_ref& operator+=(float v) { return *this = float(*this) + v; }
  __device__ numcu_half_ref& operator-=(float v) { return *this = float(*this) - v; }
  __device__ numcu_half_ref& operator*=(float v) { return *this = float(*this) * v; }
  __device__ numcu_half_ref& operator/=(float v) { return *this = float(*this) / v; }
};
// a raw array's element: a reference, or for the 16-bit floats their float value (const) or a rounding reference
template <class E>
__device__ E& numcu_element(E* p) { return *p; }
__device__ inline float numcu_element(const numcu::float16_t* p) { return float(*p); }
__device__ inline float numcu_element(const numcu::bfloat16_t* p) { return float(*p); }
__device__ inline numcu_half_ref<numcu::float16_t> numcu_element(numcu::float16_t* p) { return {p}; }
__device__ inline numcu_half_ref<numcu::bfloat16_t> numcu_element(numcu::bfloat16_t* p) { return {p}; }
using numcu::detail::complex;
struct numcu_index {
  long long n;
  __device__ long long size() const { return n; }
};
template <class E, int N>
struct numcu_raw {
  E* data;
  long long shape[N > 0 ? N : 1];
  long long strides[N > 0 ? N : 1];
  __device__ decltype(auto) operator[](long long i) const {
    long long offset = 0;
    for (int d = N - 1; d >= 0; --d) {
      offset += (i % shape[d]) * strides[d];
      i /= shape[d];
    }
    return numcu_element(
        reinterpret_cast<E*>(reinterpret_cast<char*>(const_cast<void*>(static_cast<const void*>(data))) + offset));
  }
  __device__ long long size() const {
    long long n = 1;
    for (int d = 0; d < N; ++d) n *= shape[d];
    return n;
  }
};
)";
  s += placeholder_typedefs(r.types.placeholders);  // float for the 16-bit floats, as they are read
  s += "#line 1 \"preamble\"\n" + r.preamble + "\n";
  s += resume_lines(s, r.name + ".cu");
  // The loop body (a Run, Rows or Body of device/elementwise_loops.cuh): the kernel's parameters as members,
  // and the functions the loop calls, each binding the parameters' names and running the operation.
  std::vector<std::string> params;  // the kernel's, in order
  std::string members, inits;       // the body's, and the kernel's initializers of them
  std::string unpack;               // each member under its own name, in the functions running the operation
  std::string locals;               // scalars and raw arrays under their names, and _ind, in every function
  std::string element_binds;        // a name per element-wise array: its element numcu_at of the run
  std::string at_binds;             // the same at the general loop's offsets
  std::string row_moves;            // rows: each array's start moved to the row's
  std::string vector_loads, vector_binds, vector_stores;  // the vector function's
  const auto member = [&](const std::string& type, const std::string& name) {
    params.push_back(type + " " + name);
    members += "  " + type + " " + name + ";\n";
    unpack += "    const auto& " + name + " = numcu_self." + name + ";\n";
    inits += std::string(inits.empty() ? "" : ", ") + name;
  };
  int array = 0, raw = 0;
  const auto add = [&](const kernel_param& p, dtype t, bool scalar, bool output) {
    const std::string type = device_type_name(t);
    const bool is_const = !output && p.is_const;
    const bool half = t == float16 || t == bfloat16;
    if (p.raw) {
      const std::string view = "numcu_raw<" + std::string(is_const ? "const " : "") + type + ", " +
                               std::to_string(r.raw_ndims[raw++]) + ">";
      member(view, "numcu_r_" + p.name);
      locals += "    const " + view + "& " + p.name + " = numcu_r_" + p.name + ";\n";
      return;
    }
    if (scalar) {  // a 16-bit float passed as its element, read as float
      member(type, "numcu_s_" + p.name);
      locals += "    const " + (half ? std::string("float") : type) + " " + p.name + " = " +
                (half ? "float(numcu_s_" + p.name + ")" : "numcu_s_" + p.name) + ";\n";
      return;
    }
    const int index = array++;
    const std::string k = std::to_string(index), pointer = "numcu_p" + k;
    member("char*", pointer);
    // the statement binding the name to the element at `address`, an expression of type `type*`
    const auto bind = [&](const std::string& address) {
      if (half && is_const) return "const float " + p.name + " = float(*" + address + ");\n";
      if (half) return "numcu_half_ref<" + type + "> " + p.name + "{" + address + "};\n";
      return std::string(is_const ? "const " : "") + type + "& " + p.name + " = *" + address + ";\n";
    };
    const std::string typed = "reinterpret_cast<" + type + "*>";
    // rows: an input constant along the row (stride 0) stays at the row's start
    const std::string constant = rows && !output ? "(numcu_constant >> " + k + " & 1)" : "";
    const std::string step = "numcu_at * " + std::to_string(t.itemsize()) + "LL";
    element_binds += "    " + bind(typed + "(" + pointer + " + " +
                                   (constant.empty() ? step : "(" + constant + " ? 0 : " + step + ")") + ")");
    at_binds += "    " + bind(typed + "(" + pointer + " + numcu_o[" + k + "])");
    row_moves += "    numcu_row." + pointer + " += numcu_o[" + k + "];\n";
    // the vector function: arrays read (inputs, and outputs the caller gave) one vector per thread, written
    // back (outputs, and inputs not const)
    const std::string vector_type = "numcu::detail::vector_of<" + type + ", numcu_V>";
    const std::string slot = "reinterpret_cast<" + vector_type + "*>(" + pointer + ")[numcu_at / numcu_V]";
    const std::string v = "numcu_v" + k;
    const bool read = !output || (r.outputs_given && (operation_reads(r.operation, p.name) ||
                                                      r.preamble.find(p.name) != std::string::npos));
    vector_loads += "    " + vector_type + " " + v + ";\n";
    if (read)
      vector_loads += "    " + (constant.empty() ? "" : "if (!" + constant + ") ") + v + " = " + slot + ";\n";
    vector_binds += "      " + bind(constant.empty() ? "(" + v + ".values + numcu_e)"
                                                     : "(" + constant + " ? " + typed + "(" + pointer +
                                                           ") : " + v + ".values + numcu_e)");
    if (output || !is_const)
      vector_stores +=
          "    " + (constant.empty() ? "" : "if (!" + constant + ") ") + slot + " = " + v + ";\n";
  };
  for (std::size_t k = 0; k < r.in_params.size(); ++k)
    add(r.in_params[k], r.types.inputs[k], r.scalar_inputs[k], false);
  for (std::size_t k = 0; k < r.out_params.size(); ++k) add(r.out_params[k], r.types.outputs[k], false, true);
  member("long long", "numcu_n");  // _ind.size()
  locals += "    const numcu_index _ind{numcu_n};\n";
  // the loop's own parameters, after the user's (kernel_source.hpp)
  const std::string offsets = "numcu::detail::offset_calculator<" + arrays + ">";
  if (rows) {
    params.push_back("numcu::detail::rows_shape numcu_shape");
    params.push_back(offsets + " numcu_outer");
    member("unsigned", "numcu_constant");  // inputs constant along a row (bit k: array k)
  }
  if (general) {
    params.push_back(offsets + " numcu_offsets");
    params.push_back("unsigned numcu_count");
    params.push_back("long long numcu_first");
  }
  members += "  long long numcu_first;\n";  // the flat index of element 0 of the run, row or piece
  unpack += "    const auto& numcu_first = numcu_self.numcu_first;\n";
  inits += general ? ", numcu_first" : ", 0";
  if (rows) {
    members += "  long long numcu_inner;\n";  // elements per row
    inits += ", numcu_shape.inner";
  }
  const std::string file = r.name + ".cu";
  // the user's operation, its lines numbered within it, in a loop of one pass of its own, so that `continue`
  // and `break` leave this element (as they leave CuPy's loop body) and nothing else
  const auto operation = [&](const std::string& indent) {
    s += indent + "for (int numcu_once = 0; numcu_once < 1; ++numcu_once) {\n#line 1 \"operation\"\n" +
         r.operation + ";\n";
    s += resume_lines(s, file) + indent + "}\n";
  };
  // The functions that run the operation are free functions of the loop's data, outside the loop body's
  // struct, whose members (the loop's vector, element, row, at) would hide preamble functions of those names.
  s += "struct numcu_data {\n" + members + "};\n";
  const std::string self = "const numcu_data& numcu_self";
  const std::string offsets_param = "const numcu::detail::int64_t (&numcu_o)[" + arrays + "]";
  if (general) {
    s += "__device__ inline void numcu_run_at(" + self + ", " + offsets_param + ", unsigned numcu_j) {\n" +
         unpack + locals + "    const long long i = numcu_first + numcu_j;\n" + at_binds;
    operation("    ");
    s += "}\n";
  } else {
    s += "template <int numcu_V>\n__device__ inline void numcu_run_vector(" + self +
         ", long long numcu_at) {\n" + unpack + locals + vector_loads +
         "#pragma unroll\n    for (int numcu_e = 0; numcu_e < numcu_V; ++numcu_e) {\n";
    s += "      const long long i = numcu_first + numcu_at + numcu_e;\n" + vector_binds;
    operation("      ");
    s += "    }\n" + vector_stores + "}\n";
    s += "__device__ inline void numcu_run_element(" + self + ", long long numcu_at) {\n" + unpack + locals +
         "    const long long i = numcu_first + numcu_at;\n" + element_binds;
    operation("    ");
    s += "}\n";
  }
  // the loop body of device/elementwise_loops.cuh
  s += "struct numcu_loop : numcu_data {\n";
  if (general) {
    s += "  __device__ void at(" + offsets_param +
         ", unsigned numcu_j) const { numcu_run_at(*this, numcu_o, numcu_j); }\n";
  } else {
    s += "  template <int numcu_V>\n  __device__ void vector(long long numcu_at) const {\n"
         "    numcu_run_vector<numcu_V>(*this, numcu_at);\n  }\n";
    s += "  __device__ void element(long long numcu_at) const { numcu_run_element(*this, numcu_at); }\n";
  }
  if (rows) {
    s += "  __device__ numcu_loop row(" + offsets_param +
         ", unsigned numcu_r) const {\n"
         "    numcu_loop numcu_row = *this;\n" +
         row_moves;
    s += "    numcu_row.numcu_first = static_cast<long long>(numcu_r) * numcu_inner;\n    return "
         "numcu_row;\n  }\n";
  }
  s += "};\n";
  s += "extern \"C\" __global__ void __launch_bounds__(numcu::detail::block_threads) " + r.name + "(";
  for (std::size_t k = 0; k < params.size(); ++k) s += (k ? ", " : "") + params[k];
  s += ") {\n  const numcu_loop numcu_body{{" + inits + "}};\n";
  const std::string vec = std::to_string(r.vector_width);
  if (general) s += "  numcu::detail::general_loop(numcu_body, numcu_offsets, numcu_count);\n";
  if (rows) s += "  numcu::detail::rows_loop<" + vec + ">(numcu_body, numcu_shape, numcu_outer);\n";
  if (!rows && !general) s += "  numcu::detail::dense_loop<" + vec + ">(numcu_body, numcu_n);\n";
  s += "}\n";
  return s;
}

std::vector<std::string> reduction_kernel_names(dtype input) {
  const std::string in = device_type_name(input);
  const std::string op = "numcu_user_reduction";
  const std::string kernel = "numcu::detail::reduction_", args = "<" + op + ", " + in;
  std::vector<std::string> names(reduction_kernel_forms + 1);
  const auto name = [&](reduction_kernel_form f) -> std::string& { return names[static_cast<std::size_t>(f)]; };
  using form = reduction_kernel_form;
  name(form::tiles) = kernel + "tiles_kernel" + args + ", false>";
  name(form::tiles_dense) = kernel + "tiles_kernel" + args + ", true>";
  name(form::spread_tiles) = kernel + "spread_tiles_kernel" + args + ", false>";
  name(form::spread_tiles_dense) = kernel + "spread_tiles_kernel" + args + ", true>";
  name(form::short_rows) = kernel + "short_rows_kernel" + args + ", false>";
  name(form::short_rows_dense) = kernel + "short_rows_kernel" + args + ", true>";
  name(form::short_rows_whole_groups) = kernel + "short_rows_kernel" + args + ", true, true>";
  name(form::columns) = kernel + "columns_kernel" + args + ">";
  name(form::short_columns) = kernel + "short_columns_kernel" + args + ">";
  name(form::partials_256) = kernel + "partials_kernel<" + op + ", 256>";
  name(form::partials_1024) = kernel + "partials_kernel<" + op + ", 1024>";
  names[reduction_identity_kernel] = kernel + "identity_kernel<" + op + ">";
  return names;
}

std::size_t reduction_partial_bytes(dtype reduce_type, bool has_identity) {
  const std::size_t value = reduce_type == float16 || reduce_type == bfloat16 ? 4 : reduce_type.itemsize();
  return has_identity ? value
                      : 2 * value;  // {value, bool}: at most twice an alignment of at most the value's size
}

std::string reduction_kernel_source(const reduction_source_request& r) {
  const bool identity = !r.identity.empty();
  const std::string R = value_type_name(r.reduce_type), file = r.name + ".cu";
  std::string s = "#include \"device/reduction_kernels.cuh\"\nusing numcu::detail::complex;\n";
  s += placeholder_typedefs(r.placeholders);
  s += "typedef " + R + " _type_reduce;\n";
  s += "#line 1 \"preamble\"\n" + r.preamble + "\n";
  s += resume_lines(s, file);
  // the user's expressions as functions of their own, outside the functor (whose members would hide names of
  // the preamble), each numbered within its part ("map(1)" in NVRTC's log)
  const auto function = [&](const std::string& head, const std::string& body, const std::string& part) {
    s += "__device__ inline " + head + " {\n#line 1 \"" + part + "\"\n" + body + "\n";
    s += resume_lines(s, file) + "}\n";
  };
  if (identity)
    function("_type_reduce numcu_identity()", "return _type_reduce(" + r.identity + ");", "identity");
  function("_type_reduce numcu_map(" + value_type_name(r.input) + " " + r.input_name + ")",
           "return _type_reduce(" + r.map + ");", "map");
  function("_type_reduce numcu_reduce(_type_reduce a, _type_reduce b)",
           "return _type_reduce(" + r.reduce + ");", "reduce");
  function(value_type_name(r.output) + " numcu_post_map(_type_reduce a)",
           value_type_name(r.output) + " " + r.output_name + ";\n" + r.post_map + ";\nreturn " +
               r.output_name + ";",
           "post_map");
  // the reduction functor (device/reduction_ops.hpp); without an identity a partial says whether it holds a value,
  // and combine leaves an empty one out, which is what padding with an identity does
  if (!identity) s += "struct numcu_partial {\n  _type_reduce value;\n  bool present;\n};\n";
  s += "struct numcu_user_reduction {\n";
  s += "  using value_t = " + value_type_name(r.input) + ";\n";
  s += "  using acc_t = " + std::string(identity ? "_type_reduce" : "numcu_partial") + ";\n";
  s += "  using result_t = " + value_type_name(r.output) + ";\n";
  s += "  template <class In>\n  static constexpr bool dense_input = numcu::detail::is_same_v<In, " +
       device_type_name(r.input) + ">;\n";
  s += "  static constexpr bool casts_on_load = false;\n  numcu::detail::reduction_params p;\n";
  if (identity) {
    s += "  __device__ acc_t identity() const { return numcu_identity(); }\n";
    s += "  __device__ acc_t map(value_t x, long long) const { return numcu_map(x); }\n";
    s += "  __device__ acc_t combine(acc_t a, acc_t b) const { return numcu_reduce(a, b); }\n";
    s += "  __device__ result_t project(acc_t a) const { return numcu_post_map(a); }\n";
  } else {
    s += "  __device__ acc_t identity() const { return {_type_reduce(), false}; }\n";
    s += "  __device__ acc_t map(value_t x, long long) const { return {numcu_map(x), true}; }\n";
    s += "  __device__ acc_t combine(acc_t a, acc_t b) const {\n";
    s += "    return !a.present ? b : !b.present ? a : acc_t{numcu_reduce(a.value, b.value), true};\n  }\n";
    s += "  __device__ result_t project(acc_t a) const { return numcu_post_map(a.value); }\n";
  }
  s += "  template <int N, class V>\n  __device__ acc_t slot(const V* v, int n, long long first, int w) "
       "const {\n";
  s += "    return numcu::detail::fold_slot<N>(*this, v, n, first, w);\n  }\n};\n";
  return s;
}

}  // namespace numcu::detail
