#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25b_felsenstein_recursive");
  Rng rng(25112);
  // 5 taxa (nodes 0-4), internal 5=(0,1), 6=(2,3), 7=(5,6), root 8=(7,4); branch above node k is k
  const int nnodes = 9, root = 8, nsites = 40;
  std::vector<int> left = {-1, -1, -1, -1, -1, 0, 2, 5, 7}, right = {-1, -1, -1, -1, -1, 1, 3, 6, 4};
  std::vector<int> cols(nsites * nnodes, 0);
  for (int s = 0; s < nsites; ++s) {
    const int anc = (int)(rng.next() % 4);
    for (int k = 0; k < 5; ++k) {
      const double u = rng.uniform(0, 1);
      cols[s * nnodes + k] = u < 0.06 ? 4 : (u < 0.7 ? anc : (u < 0.85 ? (anc ^ 2) : (int)(rng.next() % 4)));
    }
  }
  std::vector<double> blen = rng.vec(nnodes - 1, 0.05, 0.4), rates = {0.2, 0.6, 1.1, 2.1};
  double kappa = 2.5;
  DeviceArray<int> d_cols(cols), d_l(left), d_r(right);
  const std::vector<double> w = rng.vec(nsites);
  auto loss = [&] {
    DeviceArray<double> d_b(blen), d_rt(rates), d_ll(zeros<double>(nsites));
    CUAD_LAUNCH(k80_gamma_sites, 2, 32, d_cols.ptr, d_l.ptr, d_r.ptr, root, nnodes, nsites, d_b.ptr, kappa, d_rt.ptr,
                d_ll.ptr);
    return dot(w, d_ll.get());
  };
  DeviceArray<double> d_b(blen), d_rt(rates), d_ll(zeros<double>(nsites)), g_b(zeros<double>(blen.size())),
      g_rt(zeros<double>(NCAT)), g_ll(w);
  DeviceScalar<double> g_k(0.0);
  CUAD_GRAD(CUAD_LAUNCH(k80_gamma_sites_grad_6_7_8_9, 2, 32, d_cols.ptr, d_l.ptr, d_r.ptr, root, nnodes, nsites, d_b.ptr,
                        kappa, d_rt.ptr, d_ll.ptr, g_b.ptr, g_k.ptr, g_rt.ptr, g_ll.ptr));
  check.array("blen", g_b.get(), fd(blen, loss));
  check.scalar("kappa", g_k.value(), fd(kappa, loss));
  check.array("rates", g_rt.get(), fd(rates, loss));
  check.array("site_ll", g_ll.get(), zeros<double>(nsites));
  return check.finish();
}
