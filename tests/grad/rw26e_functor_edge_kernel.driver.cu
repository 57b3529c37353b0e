#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
typedef GaussianEdge Fn;
#define KGRAD knn_graph_smooth_grad_3_4_5_6<GaussianEdge>
#else
typedef CauchyEdge Fn;
#define KGRAD knn_graph_smooth_grad_3_4_5_6<CauchyEdge>
#endif

// 33 points (2 blocks of 32), 4 neighbours each (point 10 has none).
int main() {
  Checker check("rw26e_functor_edge_kernel");
  Rng rng(26520);
  const int n = 33, K = 4;
  std::vector<int> rp = {0}, nbr;
  for (int i = 0; i < n; ++i) {
    if (i != 10)
      for (int k = 0; k < K; ++k) nbr.push_back((i + 1 + k * 5 + k * k) % n);
    rp.push_back((int)nbr.size());
  }
  std::vector<double> pos = rng.vec(n * DIM, 0.0, 1.0), feat = rng.vec(n * NFEAT);
  std::vector<double> params = {2.5, 0.6};  // inv_bw2, blend
  DeviceArray<int> drp(rp), dnbr(nbr);
  const std::vector<double> w = rng.vec(n * NFEAT);
  auto loss = [&] {
    DeviceArray<double> dp(pos), df(feat), dout(zeros<double>(n * NFEAT));
    Fn fn{params[0], params[1]};
    CUAD_LAUNCH(knn_graph_smooth<Fn>, 2, 32, n, drp.ptr, dnbr.ptr, dp.ptr, df.ptr, fn, dout.ptr);
    return dot(w, dout.get());
  };
  DeviceArray<double> dp(pos), df(feat), dout(zeros<double>(n * NFEAT)), gp(zeros<double>(n * DIM)),
      gf(zeros<double>(n * NFEAT)), gout(w);
  DeviceArray<Fn> gfn(std::vector<Fn>{Fn{0.0, 0.0}});
  Fn fn{params[0], params[1]};
  CUAD_GRAD(CUAD_LAUNCH(KGRAD, 2, 32, n, drp.ptr, dnbr.ptr, dp.ptr, df.ptr, fn, dout.ptr, gp.ptr, gf.ptr, gfn.ptr,
                        gout.ptr));
  const Fn g = gfn.get()[0];
  check.array("pos", gp.get(), fd(pos, loss));
  check.array("feat", gf.get(), fd(feat, loss));
  check.array("edge_fn", std::vector<double>{g.inv_bw2, g.blend}, fd(params, loss));
  check.array("out", gout.get(), zeros<double>(n * NFEAT));
  return check.finish();
}
