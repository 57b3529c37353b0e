#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_gauss_nll");
  const int batch = 11, d = 3;
  Rng rng(219);
  std::vector<double> cov(batch * d * d), r = rng.vec(batch * d), nll = rng.vec(batch),
                                          w = rng.vec(batch);
  for (int t = 0; t < batch; ++t) {  // SPD: M M^T + I
    std::vector<double> M = rng.vec(d * d);
    for (int i = 0; i < d; ++i)
      for (int j = 0; j < d; ++j) {
        double s = (i == j) ? 1.0 : 0.0;
        for (int k = 0; k < d; ++k) s += M[i * d + k] * M[j * d + k];
        cov[(t * d + i) * d + j] = s;
      }
  }
  auto loss = [&] {
    DeviceArray<double> d_n(nll), d_c(cov), d_r(r);
    CUAD_LAUNCH(gauss_nll, 2, 4, d_n.ptr, d_c.ptr, d_r.ptr, batch);
    return dot(w, d_n.get());
  };
  DeviceArray<double> d_n(nll), d_c(cov), d_r(r), a_n(w), a_c(zeros<double>(cov.size())),
      a_r(zeros<double>(r.size()));
  CUAD_GRAD(CUAD_LAUNCH(gauss_nll_grad_0_1_2, 2, 4, d_n.ptr, d_c.ptr, d_r.ptr, batch, a_n.ptr,
                        a_c.ptr, a_r.ptr));
  check.array("nll", a_n.get(), fd(nll, loss));
  check.array("cov", a_c.get(), fd(cov, loss));
  check.array("resid", a_r.get(), fd(r, loss));
  return check.finish();
}
