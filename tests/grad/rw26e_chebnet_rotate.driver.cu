#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// A ring of 40 nodes with chords (2 node blocks); K = 5 Chebyshev terms. Edge weights are
// stored per CSR entry: the two directions of an edge are separate entries, perturbed
// separately by the finite differences.
int main() {
  Checker check("rw26e_chebnet_rotate");
  Rng rng(26507);
  const int n = 40, K = 5;
  std::vector<int> rp = {0}, ci;
  for (int i = 0; i < n; ++i) {
    ci.push_back((i + n - 1) % n);
    ci.push_back((i + 1) % n);
    if (i % 3 == 0) ci.push_back((i + 7) % n);
    if ((i + 7) % n % 3 == 0 && i >= 7) ci.push_back((i + n - 7) % n);
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<double> ew = rng.vec(nnz, 0.5, 1.5), x = rng.vec(n * NF), theta = rng.vec(K, -1.0, 1.0);
  const std::vector<double> w = rng.vec(n * NF);
  auto loss = [&] {
    std::vector<double> y(n * NF, 0.0);
    cheb_filter(n, rp.data(), ci.data(), ew.data(), x.data(), theta.data(), K, y.data());
    return dot(w, y);
  };
  std::vector<double> y(n * NF, 0.0), gw(nnz, 0.0), gx(n * NF, 0.0), gth(K, 0.0), gy = w;
  CUAD_GRAD(cheb_filter_grad_3_4_5_7(n, rp.data(), ci.data(), ew.data(), x.data(), theta.data(), K, y.data(),
                                     gw.data(), gx.data(), gth.data(), gy.data()));
  check.array("edge_w", gw, fd(ew, loss));
  check.array("x", gx, fd(x, loss));
  check.array("theta", gth, fd(theta, loss));
  check.array("y", gy, zeros<double>(n * NF));
  return check.finish();
}
