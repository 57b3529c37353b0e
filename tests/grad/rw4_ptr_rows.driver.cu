#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw4_ptr_rows");
  Rng rng(408);
  const int n = 12, m = 9, nbuf = 8;  // rows i and i + 8 share buffer i % 8
  std::vector<float> A = rng.vec<float>(nbuf * m, -0.6, 0.6), v = rng.vec<float>(m, -0.6, 0.6),
                     out = rng.vec<float>(n), w = rng.vec<float>(n);
  auto row_ptrs = [&](float* base) {
    std::vector<const float*> p(n);
    for (int i = 0; i < n; ++i) p[i] = base + (i % nbuf) * m;
    return p;
  };
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_A(A), d_v(v);
    DeviceArray<const float*> d_rows(row_ptrs(d_A.ptr));
    CUAD_LAUNCH(rows_dot, 1, 32, d_o.ptr, d_rows.ptr, d_v.ptr, n, m);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_A(A), d_v(v), a_o(w), a_A(zeros<float>(nbuf * m)),
      a_v(zeros<float>(m));
  DeviceArray<const float*> d_rows(row_ptrs(d_A.ptr));
  std::vector<const float*> a_ptrs = row_ptrs(a_A.ptr);
  std::vector<float*> a_rows_host(n);
  for (int i = 0; i < n; ++i) a_rows_host[i] = const_cast<float*>(a_ptrs[i]);
  DeviceArray<float*> a_rows(a_rows_host);
  CUAD_GRAD(CUAD_LAUNCH(rows_dot_grad_0_1_2, 1, 32, d_o.ptr, d_rows.ptr, d_v.ptr, n, m, a_o.ptr,
                        a_rows.ptr, a_v.ptr));
  check.array("out", a_o.get(), fd(out, loss));
  check.array("rows", a_A.get(), fd(A, loss));
  check.array("v", a_v.get(), fd(v, loss));
  return check.finish();
}
