#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_corot_tri_ops");
  Rng rng(25317);
  const int N = 4, nv = N * N;
  std::vector<int> tri;
  for (int i = 0; i + 1 < N; ++i)
    for (int j = 0; j + 1 < N; ++j) {
      const int a = i * N + j, b = a + 1, c = a + N, d = c + 1;
      tri.insert(tri.end(), {a, b, d, a, d, c});
    }
  const int nt = (int)tri.size() / 3;
  std::vector<double> X(2 * nv), x(2 * nv), rest_inv(4 * nt), area(nt);
  for (int v = 0; v < nv; ++v) {
    X[2 * v] = 0.3 * (v % N), X[2 * v + 1] = 0.3 * (v / N);
    x[2 * v] = 1.1 * X[2 * v] + rng.uniform(-0.05, 0.05);
    x[2 * v + 1] = 0.9 * X[2 * v + 1] + rng.uniform(-0.05, 0.05);
  }
  // one triangle with its corners listed clockwise (rest and current flip together: J > 0)
  std::swap(tri[3 * 4 + 1], tri[3 * 4 + 2]);
  for (int t = 0; t < nt; ++t) {
    const int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
    const double D[4] = {X[2 * b] - X[2 * a], X[2 * c] - X[2 * a], X[2 * b + 1] - X[2 * a + 1], X[2 * c + 1] - X[2 * a + 1]};
    const double det = D[0] * D[3] - D[1] * D[2];
    rest_inv[4 * t] = D[3] / det, rest_inv[4 * t + 1] = -D[1] / det;
    rest_inv[4 * t + 2] = -D[2] / det, rest_inv[4 * t + 3] = D[0] / det;
    area[t] = 0.5 * std::fabs(det);
  }
  // triangle 7 gets a reflected rest shape (one column of rest_inv negated): its J < 0
  rest_inv[4 * 7] = -rest_inv[4 * 7], rest_inv[4 * 7 + 2] = -rest_inv[4 * 7 + 2];
  double k = 3.0;
  const std::vector<double> f0 = rng.vec(2 * nv);
  const double e0 = 0.2;
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& ri_, double k_, const std::vector<double>& f_,
                 double e_) {
    DeviceArray<int> dt(tri);
    DeviceArray<double> dx(x_), dri(ri_), da(area), df(f_), de(std::vector<double>{e_});
    CUAD_LAUNCH(corot_triangle_forces, 1, 32, nt, dt.ptr, dx.ptr, dri.ptr, da.ptr, k_, df.ptr, de.ptr);
    std::vector<double> out = df.get();
    out.push_back(de.get()[0]);
    return out;
  };
  {  // both branches of the reflection fix are taken, J away from 0
    int neg = 0;
    for (int t = 0; t < nt; ++t) {
      const int a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
      const double D[4] = {x[2 * b] - x[2 * a], x[2 * c] - x[2 * a], x[2 * b + 1] - x[2 * a + 1], x[2 * c + 1] - x[2 * a + 1]};
      const double* B = &rest_inv[4 * t];
      const double F[4] = {D[0] * B[0] + D[1] * B[2], D[0] * B[1] + D[1] * B[3], D[2] * B[0] + D[3] * B[2],
                           D[2] * B[1] + D[3] * B[3]};
      const double J = F[0] * F[3] - F[1] * F[2];
      check.expect(std::fabs(J) > 0.1, "J away from 0");
      neg += J < 0;
    }
    check.expect(neg >= 1 && neg < nt, "both branches");
  }
#if CUAD_OUTPUT == 1
  const std::vector<double> wf = rng.vec(2 * nv);
  const double we = 0.6;
  std::vector<double> f = f0;
  double e = e0;
  auto loss = [&] {
    std::vector<double> out = run(x, rest_inv, k, f, e);
    return dot(wf, out) + we * out.back();
  };
  DeviceArray<int> dt(tri);
  DeviceArray<double> dx(x), dri(rest_inv), da(area), df(f0), de(std::vector<double>{e0}), gx(zeros<double>(2 * nv)),
      gri(zeros<double>(4 * nt)), gk(zeros<double>(1)), gf(wf), ge(std::vector<double>{we});
  CUAD_GRAD(CUAD_LAUNCH(corot_triangle_forces_grad_2_3_5_6_7, 1, 32, nt, dt.ptr, dx.ptr, dri.ptr, da.ptr, k, df.ptr,
                        de.ptr, gx.ptr, gri.ptr, gk.ptr, gf.ptr, ge.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("rest_inv", gri.get(), fd(rest_inv, loss));
  check.scalar("k_stretch", gk.get()[0], fd(k, loss));
  check.array("f", gf.get(), fd(f, loss));
  check.scalar("energy", ge.get()[0], fd(e, loss));
#else
  const std::vector<double> vx = rng.vec(2 * nv, -0.1, 0.1), vri = rng.vec(4 * nt, -0.1, 0.1), vf = rng.vec(2 * nv);
  const double vk = 0.5, ve = -0.3;
  auto outputs_at = [&](double t) {
    return run(along(x, t, vx), along(rest_inv, t, vri), along(k, t, vk), along(f0, t, vf), along(e0, t, ve));
  };
  DeviceArray<int> dt(tri);
  DeviceArray<double> dx(x), dri(rest_inv), da(area), df(f0), de(std::vector<double>{e0}), tx(vx), tri_(vri), tf(vf),
      te(std::vector<double>{ve});
  CUAD_GRAD(CUAD_LAUNCH(corot_triangle_forces_pushforward_2_3_5_6_7, 1, 32, nt, dt.ptr, dx.ptr, dri.ptr, da.ptr, k,
                        df.ptr, de.ptr, tx.ptr, tri_.ptr, vk, tf.ptr, te.ptr));
  std::vector<double> tan = tf.get();
  tan.push_back(te.get()[0]);
  check.array("f, energy tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
