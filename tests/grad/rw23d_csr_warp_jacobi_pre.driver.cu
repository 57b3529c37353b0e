#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_csr_warp_jacobi_pre");
  Rng rng(23001);
  // 21 rows, 4 warps per block -> 6 blocks, the last one partial; some rows longer than a warp.
  const int n = 21;
  std::vector<int> rp = {0}, ci;
  std::vector<float> vals;
  for (int r = 0; r < n; ++r) {
    const int len = (r % 7 == 2) ? 40 + r : 1 + (int)rng.uniform(0, 6);
    // distinct columns including the diagonal
    std::vector<int> cols = {r};
    while ((int)cols.size() < len && (int)cols.size() < n) {
      int c = (int)rng.uniform(0, n - 1e-9);
      bool dup = false;
      for (int q : cols) dup |= q == c;
      if (!dup) cols.push_back(c);
    }
    // long rows: allow repeated columns (not the diagonal) to exceed the warp width
    while ((int)cols.size() < len) {
      int c = (int)rng.uniform(0, n - 1e-9);
      if (c != r) cols.push_back(c);
    }
    for (int c : cols) {
      ci.push_back(c);
      vals.push_back(c == r ? (float)rng.uniform(2.0, 4.0) * (r % 2 ? 1.0f : -1.0f)
                            : (float)rng.uniform(-1.0, 1.0));
    }
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<float> x = rng.vec<float>(n), y = rng.vec<float>(n);
  float alpha = 0.7f;
  const float beta = -0.4f;
  DeviceArray<int> d_rp(rp), d_ci(ci);
  const int threads = 128, blocks = (n + 3) / 4;
  auto run = [&](const std::vector<float>& v, const std::vector<float>& xx, std::vector<float>& yy,
                 float al, float be, std::vector<float>* zout) {
    DeviceArray<float> dv(v), dx(xx), dy(yy), dz(zeros<float>(n));
    CUAD_LAUNCH(csr_warp_spmv_precond, blocks, threads, n, d_rp.ptr, d_ci.ptr, dv.ptr, dx.ptr, al,
                be, dy.ptr, dz.ptr);
    yy = dy.get();
    if (zout) *zout = dz.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(n), wz = rng.vec<float>(n);
  auto loss = [&] {
    std::vector<float> yy = y, zz;
    run(vals, x, yy, alpha, beta, &zz);
    return dot(wy, yy) + dot(wz, zz);
  };
  DeviceArray<float> dv(vals), dx(x), dy(y), dz(zeros<float>(n)), gv(zeros<float>(nnz)),
      gx(zeros<float>(n)), gy(wy), gz(wz);
  DeviceScalar<float> galpha(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(csr_warp_spmv_precond_grad_3_4_5_7_8, blocks, threads, n, d_rp.ptr,
                        d_ci.ptr, dv.ptr, dx.ptr, alpha, beta, dy.ptr, dz.ptr, gv.ptr, gx.ptr,
                        galpha.ptr, gy.ptr, gz.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("x", gx.get(), fd(x, loss));
  check.array("y", gy.get(), fd(y, loss));
  check.array("z", gz.get(), zeros<double>(n));
  check.scalar("alpha", galpha.value(), fd(alpha, loss));
#else
  const std::vector<float> tv = rng.vec<float>(nnz), tx = rng.vec<float>(n), ty = rng.vec<float>(n);
  const float ta = 0.6f;
  auto outputs_at = [&](double t) {
    std::vector<float> yy = along(y, t, ty), zz;
    run(along(vals, t, tv), along(x, t, tx), yy, (float)(alpha + t * ta), beta, &zz);
    std::vector<double> o = as_doubles(yy);
    for (float q : zz) o.push_back(q);
    return o;
  };
  DeviceArray<float> dv(vals), dx(x), dy(y), dz(zeros<float>(n)), t_v(tv), t_x(tx), t_y(ty),
      t_z(zeros<float>(n));
  CUAD_GRAD(CUAD_LAUNCH(csr_warp_spmv_precond_pushforward_3_4_5_7_8, blocks, threads, n, d_rp.ptr,
                        d_ci.ptr, dv.ptr, dx.ptr, alpha, beta, dy.ptr, dz.ptr, t_v.ptr, t_x.ptr, ta,
                        t_y.ptr, t_z.ptr));
  std::vector<double> tang = as_doubles(t_y.get());
  for (float q : t_z.get()) tang.push_back(q);
  check.array("y,z tangent", tang, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
