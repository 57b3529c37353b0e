#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("fwd3_loops_local");
  const int n = 20;
  Rng rng(303);
  std::vector<double> A = rng.vec(9 * n), vA = rng.vec(9 * n), b = rng.vec(3 * n), vb = rng.vec(3 * n);
  for (int t = 0; t < n; ++t)  // well conditioned, pivots decided by more than h
    for (int r = 0; r < 3; ++r) A[t * 9 + r * 3 + r] += (t % 2 ? 2.5 : 0.0) + 0.3 * r;
  double target = 0.9, vt = 0.3;
  auto outputs_at = [&](double t) {
    DeviceArray<double> dA(along(A, t, vA)), db(along(b, t, vb)), dx(zeros<double>(3 * n)),
        dr(zeros<double>(n));
    CUAD_LAUNCH(solve3, 1, 32, n, dA.ptr, db.ptr, along(target, t, vt), dx.ptr, dr.ptr);
    std::vector<double> out = dx.get(), r = dr.get();
    out.insert(out.end(), r.begin(), r.end());
    return out;
  };
  DeviceArray<double> dA(A), d_A(vA), db(b), d_b(vb), dx(zeros<double>(3 * n)),
      d_x(zeros<double>(3 * n)), dr(zeros<double>(n)), d_r(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(solve3_pushforward, 1, 32, n, dA.ptr, db.ptr, target, dx.ptr, dr.ptr, d_A.ptr,
                        d_b.ptr, vt, d_x.ptr, d_r.ptr));
  std::vector<double> got = d_x.get(), r = d_r.get();
  got.insert(got.end(), r.begin(), r.end());
  check.array("x, radius", got, directional_fd<double>(outputs_at));
  return check.finish();
}
