#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static void inv3(const double* A, double* B) {  // row-major inverse
  const double det = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
                     A[2] * (A[3] * A[7] - A[4] * A[6]);
  B[0] = (A[4] * A[8] - A[5] * A[7]) / det;
  B[1] = (A[2] * A[7] - A[1] * A[8]) / det;
  B[2] = (A[1] * A[5] - A[2] * A[4]) / det;
  B[3] = (A[5] * A[6] - A[3] * A[8]) / det;
  B[4] = (A[0] * A[8] - A[2] * A[6]) / det;
  B[5] = (A[2] * A[3] - A[0] * A[5]) / det;
  B[6] = (A[3] * A[7] - A[4] * A[6]) / det;
  B[7] = (A[1] * A[6] - A[0] * A[7]) / det;
  B[8] = (A[0] * A[4] - A[1] * A[3]) / det;
}

int main() {
  Checker check("rw25c_tet_fem_forces");
  Rng rng(25306);
  // a 3 x 2 x 2 block of cubes, each split into 6 tetrahedra around its main diagonal
  const int NX = 3, NY = 2, NZ = 2;
  auto vidx = [&](int i, int j, int k) { return (i * (NY + 1) + j) * (NZ + 1) + k; };
  const int nv = (NX + 1) * (NY + 1) * (NZ + 1);
  std::vector<double> X(3 * nv);
  for (int i = 0; i <= NX; ++i)
    for (int j = 0; j <= NY; ++j)
      for (int k = 0; k <= NZ; ++k) {
        const int v = vidx(i, j, k);
        X[3 * v] = i, X[3 * v + 1] = j, X[3 * v + 2] = k;
      }
  std::vector<int4> tets;
  const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (int i = 0; i < NX; ++i)
    for (int j = 0; j < NY; ++j)
      for (int k = 0; k < NZ; ++k)
        for (int q = 0; q < 6; ++q) {
          int c[3] = {i, j, k}, v[4];
          v[0] = vidx(c[0], c[1], c[2]);
          for (int s = 0; s < 3; ++s) {
            c[perm[q][s]] += 1;
            v[s + 1] = vidx(c[0], c[1], c[2]);
          }
          tets.push_back(make_int4(v[0], v[1], v[2], v[3]));
        }
  const int nt = (int)tets.size();
  std::vector<double> Dm_inv(9 * nt), vol(nt);
  for (int t = 0; t < nt; ++t) {
    const int v[4] = {tets[t].x, tets[t].y, tets[t].z, tets[t].w};
    double Dm[9];
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) Dm[3 * r + c] = X[3 * v[c + 1] + r] - X[3 * v[0] + r];
    const double det = Dm[0] * (Dm[4] * Dm[8] - Dm[5] * Dm[7]) - Dm[1] * (Dm[3] * Dm[8] - Dm[5] * Dm[6]) +
                       Dm[2] * (Dm[3] * Dm[7] - Dm[4] * Dm[6]);
    if (det < 0) {  // orient positively
      std::swap(tets[t].z, tets[t].w);
      for (int r = 0; r < 3; ++r) std::swap(Dm[3 * r + 1], Dm[3 * r + 2]);
    }
    inv3(Dm, &Dm_inv[9 * t]);
    vol[t] = std::fabs(det) / 6.0;
  }
  std::vector<double> x(3 * nv);
  for (int k = 0; k < 3 * nv; ++k) x[k] = 1.1 * X[k] + rng.uniform(-0.12, 0.12);
  double mu = 1.4, lam = 2.5;
  const std::vector<double> f0 = rng.vec(3 * nv), w = rng.vec(3 * nv);
  const double e0 = 0.7, we = 0.8;
  const int threads = 64, blocks = (nt + threads - 1) / threads;
  auto run = [&](const std::vector<double>& x_, const std::vector<double>& B_, double mu_, double lam_) {
    DeviceArray<int4> dt(tets);
    DeviceArray<double> dx(x_), dB(B_), dv(vol), df(f0), de(std::vector<double>{e0});
    CUAD_LAUNCH(tet_fem_forces, blocks, threads, nt, dt.ptr, (double3*)dx.ptr, dB.ptr, dv.ptr, mu_, lam_,
                (double3*)df.ptr, de.ptr);
    std::vector<double> out = df.get();
    out.push_back(de.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  std::vector<double> wall = w;
  wall.push_back(we);
  auto loss = [&] { return dot(wall, run(x, Dm_inv, mu, lam)); };
  DeviceArray<int4> dt(tets);
  DeviceArray<double> dx(x), dB(Dm_inv), dv(vol), df(f0), de(std::vector<double>{e0}), gx(zeros<double>(3 * nv)),
      gB(zeros<double>(9 * nt)), gmu(zeros<double>(1)), glam(zeros<double>(1)), gf(w), ge(std::vector<double>{we});
  CUAD_GRAD(CUAD_LAUNCH(tet_fem_forces_grad_2_3_5_6_7_8, blocks, threads, nt, dt.ptr, (double3*)dx.ptr, dB.ptr,
                        dv.ptr, mu, lam, (double3*)df.ptr, de.ptr, (double3*)gx.ptr, gB.ptr, gmu.ptr, glam.ptr,
                        (double3*)gf.ptr, ge.ptr));
  check.array("x", gx.get(), fd(x, loss));
  // Dm_inv: every third entry
  std::vector<double> gBh = gB.get(), gsub, fsub;
  for (int k = 0; k < 9 * nt; k += 3) {
    gsub.push_back(gBh[k]);
    fsub.push_back(fd(Dm_inv[k], loss));
  }
  check.array("Dm_inv (every third)", gsub, fsub);
  check.scalar("mu", gmu.get()[0], fd(mu, loss));
  check.scalar("lam", glam.get()[0], fd(lam, loss));
  check.array("f", gf.get(), fd(const_cast<std::vector<double>&>(f0), loss));
  check.scalar("total_energy", ge.get()[0], we);
#else
  const std::vector<double> vx = rng.vec(3 * nv, -0.5, 0.5), vf = rng.vec(3 * nv);
  const double vmu = 0.3, vlam = -0.4, ve = 0.25;
  auto outputs_at = [&](double t) {
    DeviceArray<int4> dt(tets);
    DeviceArray<double> dx(along(x, t, vx)), dB(Dm_inv), dv(vol), df(along(f0, t, vf)),
        de(std::vector<double>{along(e0, t, ve)});
    CUAD_LAUNCH(tet_fem_forces, blocks, threads, nt, dt.ptr, (double3*)dx.ptr, dB.ptr, dv.ptr, along(mu, t, vmu),
                along(lam, t, vlam), (double3*)df.ptr, de.ptr);
    std::vector<double> out = df.get();
    out.push_back(de.get()[0]);
    return out;
  };
  DeviceArray<int4> dt(tets);
  DeviceArray<double> dx(x), dB(Dm_inv), dv(vol), df(f0), de(std::vector<double>{e0}), tx(vx), tf(vf),
      te(std::vector<double>{ve});
  CUAD_GRAD(CUAD_LAUNCH(tet_fem_forces_pushforward_2_5_6_7_8, blocks, threads, nt, dt.ptr, (double3*)dx.ptr, dB.ptr,
                        dv.ptr, mu, lam, (double3*)df.ptr, de.ptr, (double3*)tx.ptr, vmu, vlam, (double3*)tf.ptr,
                        te.ptr));
  std::vector<double> tan = tf.get();
  tan.push_back(te.get()[0]);
  check.array("f, energy tangent", tan, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
