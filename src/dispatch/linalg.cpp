#include "dispatch/linalg.hpp"

#include <utility>
#include <vector>

#include "core/backend.hpp"
#include "core/gemm_plan.hpp"
#include "dispatch/route.hpp"
#include "memory/buffer.hpp"

namespace numcu::detail {

void matmul_into(const ndarray& a, const ndarray& b, const ndarray& c, bool allow_tf32) {
  const int nd = c.ndim();
  const auto item = static_cast<std::int64_t>(c.itemsize());
  const auto stride = [item](const ndarray& x, int axis) { return x.strides()[axis] / item; };
  gemm_call call;
  call.t = c.dtype();
  call.m = c.shape()[nd - 2];
  call.n = c.shape()[nd - 1];
  call.k = a.shape()[nd - 1];
  call.a = {a.data_ptr(), stride(a, nd - 2), stride(a, nd - 1), 0};
  call.b = {b.data_ptr(), stride(b, nd - 2), stride(b, nd - 1), 0};
  call.c = c.data_ptr();
  call.allow_tf32 = allow_tf32;
  std::vector<batch_axis> axes;
  for (int d = 0; d + 2 < nd; ++d) axes.push_back({c.shape()[d], stride(a, d), stride(b, d), stride(c, d)});
  axes = fold_batch_axes(axes);
  // the last folded axis is one strided batch; the axes before it, an outer loop of gemm calls
  call.batch = 1;
  if (!axes.empty()) {
    const batch_axis inner = axes.back();
    axes.pop_back();
    call.batch = inner.extent;
    call.a.batch_stride = inner.a;
    call.b.batch_stride = inner.b;
  }
  std::int64_t outer = 1;
  for (const batch_axis& axis : axes) outer *= axis.extent;
  route(c.device(), "matmul", [&]<class B>(B, const exec& e) {
    const auto* a0 = static_cast<const char*>(call.a.data);
    const auto* b0 = static_cast<const char*>(call.b.data);
    auto* c0 = static_cast<char*>(call.c);
    std::vector<std::int64_t> at(axes.size(), 0);
    for (std::int64_t o = 0; o < outer; ++o) {
      gemm_call part = call;
      std::int64_t da = 0, db = 0, dc = 0;
      for (std::size_t d = 0; d < axes.size(); ++d) {
        da += at[d] * axes[d].a;
        db += at[d] * axes[d].b;
        dc += at[d] * axes[d].c;
      }
      part.a.data = a0 + da * item;
      part.b.data = b0 + db * item;
      part.c = c0 + dc * item;
      gemm<B>(e, part);
      for (std::size_t d = axes.size(); d-- > 0;) {  // the next outer index, the last axis fastest
        if (++at[d] < axes[d].extent) break;
        at[d] = 0;
      }
    }
  });
}

namespace {

/// The number of matrices of the stack @p x (its last two axes the matrices).
std::int64_t matrices(const ndarray& x) {
  const std::int64_t per = x.shape()[x.ndim() - 1] * x.shape()[x.ndim() - 2];
  if (per != 0) return x.size() / per;
  std::int64_t count = 1;
  for (int d = 0; d + 2 < x.ndim(); ++d) count *= x.shape()[d];
  return count;
}

/// The extent n of the square matrices of @p cm and their number.
std::pair<std::int64_t, std::int64_t> square_stack(const ndarray& cm) {
  return {cm.shape()[cm.ndim() - 1], matrices(cm)};
}

}  // namespace

lu_factors lu_factor_in_place(const ndarray& cm) {
  const auto [n, batch] = square_stack(cm);
  shape_t pivot_shape = cm.shape();
  pivot_shape.erase(pivot_shape.size() - 1);
  lu_factors f{cm, new_array(pivot_shape, int64, cm.device()), std::vector<std::int64_t>(batch, 0)};
  if (n == 0 || batch == 0) return f;
  route(cm.device(), "lu_factor", [&]<class B>(B, const exec& e) {
    lu_factor<B>(e, cm.dtype(), n, batch, cm.data_ptr(), static_cast<std::int64_t*>(f.pivots.data_ptr()),
                 f.info.data());
  });
  return f;
}

void lu_solve_in_place(const lu_factors& factors, const ndarray& b_cm) {
  const auto [n, batch] = square_stack(factors.lu);
  const std::int64_t nrhs = b_cm.shape()[b_cm.ndim() - 2];
  if (n == 0 || batch == 0 || nrhs == 0) return;
  route(b_cm.device(), "lu_solve", [&]<class B>(B, const exec& e) {
    lu_solve<B>(e, b_cm.dtype(), n, nrhs, batch, factors.lu.data_ptr(),
                static_cast<const std::int64_t*>(factors.pivots.data_ptr()), b_cm.data_ptr());
  });
}

std::vector<std::int64_t> cholesky_in_place(const ndarray& cm, bool upper) {
  const auto [n, batch] = square_stack(cm);
  std::vector<std::int64_t> info(batch, 0);
  if (n == 0 || batch == 0) return info;
  route(cm.device(), "cholesky", [&]<class B>(B, const exec& e) {
    cholesky_factor<B>(e, cm.dtype(), n, batch, cm.data_ptr(), upper, info.data());
  });
  return info;
}

std::vector<std::int64_t> hermitian_eigen_in_place(const ndarray& cm, bool upper, bool vectors,
                                                   const ndarray& w) {
  const auto [n, batch] = square_stack(cm);
  std::vector<std::int64_t> info(batch, 0);
  if (n == 0 || batch == 0) return info;
  route(cm.device(), "eigh", [&]<class B>(B, const exec& e) {
    hermitian_eigen<B>(e, cm.dtype(), n, batch, cm.data_ptr(), upper, vectors,
                       static_cast<double*>(w.data_ptr()), info.data());
  });
  return info;
}

std::vector<std::int64_t> general_eigen_in_place(const ndarray& cm, const ndarray& w, const ndarray* v) {
  const auto [n, batch] = square_stack(cm);
  std::vector<std::int64_t> info(batch, 0);
  if (n == 0 || batch == 0) return info;
  route(cm.device(), "eig", [&]<class B>(B, const exec& e) {
    general_eigen<B>(e, cm.dtype(), n, batch, cm.data_ptr(), v != nullptr, w.data_ptr(),
                     v ? v->data_ptr() : nullptr, info.data());
  });
  return info;
}

std::vector<std::int64_t> svd_in_place(const ndarray& cm, singular_vectors which, const ndarray& s,
                                       const ndarray* u, const ndarray* vt) {
  const std::int64_t m = cm.shape()[cm.ndim() - 1], n = cm.shape()[cm.ndim() - 2], batch = matrices(cm);
  std::vector<std::int64_t> info(batch, 0);
  if (m == 0 || n == 0 || batch == 0) return info;
  route(cm.device(), "svd", [&]<class B>(B, const exec& e) {
    singular_values<B>(e, cm.dtype(), m, n, batch, cm.data_ptr(), which, static_cast<double*>(s.data_ptr()),
                       u ? u->data_ptr() : nullptr, vt ? vt->data_ptr() : nullptr, info.data());
  });
  return info;
}

void qr_factor_in_place(const ndarray& cm, const ndarray& tau) {
  const std::int64_t m = cm.shape()[cm.ndim() - 1], n = cm.shape()[cm.ndim() - 2], batch = matrices(cm);
  if (m == 0 || n == 0 || batch == 0) return;
  route(cm.device(), "qr", [&]<class B>(B, const exec& e) {
    qr_factor<B>(e, cm.dtype(), m, n, batch, cm.data_ptr(), tau.data_ptr());
  });
}

void qr_form_q_in_place(const ndarray& q, std::int64_t k, const ndarray& tau) {
  const std::int64_t m = q.shape()[q.ndim() - 1], columns = q.shape()[q.ndim() - 2], batch = matrices(q);
  if (m == 0 || columns == 0 || batch == 0) return;
  route(q.device(), "qr", [&]<class B>(B, const exec& e) {
    qr_form_q<B>(e, q.dtype(), m, columns, k, batch, q.data_ptr(), tau.data_ptr());
  });
}

}  // namespace numcu::detail
