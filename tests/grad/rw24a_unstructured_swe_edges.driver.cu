#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24a_unstructured_swe_edges");
  Rng rng(24831);
  // a 5 x 4 quad mesh written as an unstructured face list in shuffled order
  const int nx = 5, ny = 4, nc = nx * ny;
  const double d = 0.2;
  std::vector<int> L, R;
  std::vector<FaceGeom> geo;
  auto add = [&](int l, int r, double fx, double fy) {
    L.push_back(l);
    R.push_back(r);
    geo.push_back(FaceGeom{fx, fy, d * rng.uniform(0.95, 1.05)});
  };
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i <= nx; ++i) {
      if (i == 0) add(j * nx, -1, -1.0, 0.0);
      else if (i == nx) add(j * nx + nx - 1, -1, 1.0, 0.0);
      else add(j * nx + i - 1, j * nx + i, 1.0, 0.0);
    }
  for (int i = 0; i < nx; ++i)
    for (int j = 0; j <= ny; ++j) {
      if (j == 0) add(i, -1, 0.0, -1.0);
      else if (j == ny) add((ny - 1) * nx + i, -1, 0.0, 1.0);
      else add((j - 1) * nx + i, j * nx + i, 0.0, 1.0);
    }
  const int nf = (int)L.size();
  for (int k = nf - 1; k > 0; --k) {  // shuffle the faces
    const int m = (int)(rng.next() % (uint64_t)(k + 1));
    std::swap(L[k], L[m]);
    std::swap(R[k], R[m]);
    std::swap(geo[k], geo[m]);
  }
  std::vector<double> area(nc);
  for (auto& a : area) a = d * d * rng.uniform(0.95, 1.05);
  std::vector<double> h0(nc), hu0(nc), hv0(nc);
  for (int c = 0; c < nc; ++c) {
    h0[c] = 1.0 + 0.1 * std::sin(1.3 * c) + rng.uniform(-0.01, 0.01);
    hu0[c] = rng.uniform(0.2, 0.5);
    hv0[c] = rng.uniform(0.15, 0.45);
  }
  double g = 9.81;
  const double dt = 0.004;
  const int nsteps = 2;
  const std::vector<double> w = rng.vec(nc);
  auto loss = [&] {
    std::vector<double> ho(nc);
    swe_edges_run(h0.data(), hu0.data(), hv0.data(), g, L.data(), R.data(), geo.data(), area.data(), nc, nf,
                  dt, nsteps, ho.data());
    return dot(w, ho);
  };
  std::vector<double> ho(nc), gh(nc, 0.0), ghu(nc, 0.0), ghv(nc, 0.0), gho = w;
  double gg = 0.0;
  CUAD_GRAD(swe_edges_run_grad_0_1_2_3_12(h0.data(), hu0.data(), hv0.data(), g, L.data(), R.data(), geo.data(),
                                          area.data(), nc, nf, dt, nsteps, ho.data(), gh.data(), ghu.data(),
                                          ghv.data(), &gg, gho.data()));
  check.array("h0", gh, fd(h0, loss));
  check.array("hu0", ghu, fd(hu0, loss));
  check.array("hv0", ghv, fd(hv0, loss));
  check.scalar("g", gg, fd(g, loss));
  check.array("h_out", gho, zeros<double>(nc));
  return check.finish();
}
