#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21c_fem_assembly");
  const int m = 4, nn1 = m + 1, nnode = nn1 * nn1, nelem = 2 * m * m;
  Material mat{0.3, 0.8, 1.0, 2.0};
  Rng rng(21040);
  std::vector<double> xy(2 * nnode), T = rng.vec(nnode, 0.2, 1.5), kappa = rng.vec(nelem, 0.5, 2.0);
  for (int j = 0; j < nn1; ++j)
    for (int i = 0; i < nn1; ++i) {
      xy[2 * (j * nn1 + i)] = i * 0.25 + rng.uniform(-0.04, 0.04);
      xy[2 * (j * nn1 + i) + 1] = j * 0.25 + rng.uniform(-0.04, 0.04);
    }
  std::vector<int> tri;
  for (int j = 0; j < m; ++j)
    for (int i = 0; i < m; ++i) {
      const int a = j * nn1 + i, b = a + 1, c = a + nn1, d = c + 1;
      if ((i + j) % 2 == 0) {  // alternate diagonals, one triangle listed clockwise
        tri.insert(tri.end(), {a, b, d, a, c, d});
      } else {
        tri.insert(tri.end(), {a, b, c, b, d, c});
      }
    }
  DeviceArray<int> dtri(tri);
  const std::vector<double> wK = rng.vec(nnode * nnode), wf = rng.vec(nnode);
  auto loss = [&] {
    DeviceArray<double> dxy(xy), dk(kappa), dT(T), dK(zeros<double>(nnode * nnode)), df(zeros<double>(nnode));
    CUAD_LAUNCH(assemble_p1, 1, 64, dxy.ptr, dtri.ptr, dk.ptr, dT.ptr, mat, dK.ptr, df.ptr, nelem, nnode);
    return dot(wK, dK.get()) + dot(wf, df.get());
  };
  DeviceArray<double> dxy(xy), dk(kappa), dT(T), dK(zeros<double>(nnode * nnode)), df(zeros<double>(nnode));
  DeviceArray<double> axy(zeros<double>(2 * nnode)), ak(zeros<double>(nelem)), aT(zeros<double>(nnode)),
      aK(wK), af(wf);
  CUAD_GRAD(CUAD_LAUNCH(assemble_p1_grad_0_2_3_5_6, 1, 64, dxy.ptr, dtri.ptr, dk.ptr, dT.ptr, mat, dK.ptr,
                        df.ptr, nelem, nnode, axy.ptr, ak.ptr, aT.ptr, aK.ptr, af.ptr));
  check.array("xy", axy.get(), fd(xy, loss));
  check.array("kappa", ak.get(), fd(kappa, loss));
  check.array("T", aT.get(), fd(T, loss));
  // K and f are accumulated into (+=): their adjoints pass through unchanged
  check.array("K", aK.get(), std::vector<double>(wK.begin(), wK.end()));
  check.array("f", af.get(), std::vector<double>(wf.begin(), wf.end()));
  return check.finish();
}
