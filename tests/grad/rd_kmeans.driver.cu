#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_kmeans");
  const int npoints = 100, nclusters = 5, nfeatures = 4;  // a partial last block
  Rng rng(4242);
  std::vector<float> features = rng.vec<float>(npoints * nfeatures, 0.0, 1.0),
                     clusters = rng.vec<float>(nclusters * nfeatures, 0.0, 1.0);
  float beta = 3.0f;
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nclusters * nfeatures);
  auto loss = [&] {
    std::vector<float> c = clusters;
    std::vector<int> mem(npoints);
    kmeans_step(features.data(), c.data(), mem.data(), npoints, nclusters, nfeatures, beta);
    return dot(w, c);
  };
  std::vector<float> c = clusters, a_f(npoints * nfeatures, 0.0f), a_c = w;
  std::vector<int> mem(npoints);
  float a_beta = 0.0f;
  CUAD_GRAD(kmeans_step_grad_0_1_6(features.data(), c.data(), mem.data(), npoints, nclusters,
                                   nfeatures, beta, a_f.data(), a_c.data(), &a_beta));
  check.array("features", a_f, fd(features, loss));
  check.array("clusters", a_c, fd(clusters, loss));
  check.scalar("beta", a_beta, fd(beta, loss));
#else
  // the kernel alone, on feature-major features
  std::vector<float> ff(npoints * nfeatures), w0 = rng.vec<float>(npoints * nclusters);
  for (int p = 0; p < npoints; ++p)
    for (int f = 0; f < nfeatures; ++f) ff[f * npoints + p] = features[p * nfeatures + f];
  const std::vector<float> w = rng.vec<float>(npoints * nclusters);
  const int blocks = (npoints + 63) / 64;
  const size_t smem = nclusters * nfeatures * sizeof(float);
  DeviceArray<int> dmem(std::vector<int>(npoints, 0));
  auto loss = [&] {
    DeviceArray<float> df(ff), dc(clusters), dw(w0);
    CUAD_LAUNCH_SHARED(kmeans_soft, blocks, 64, smem, df.ptr, dc.ptr, dw.ptr, dmem.ptr, npoints,
                       nclusters, nfeatures, beta);
    return dot(w, dw.get());
  };
  DeviceArray<float> df(ff), dc(clusters), dw(w0), af(zeros<float>(ff.size())),
      ac(zeros<float>(clusters.size())), aw(w);
  DeviceScalar<float> abeta;
  CUAD_GRAD(CUAD_LAUNCH_SHARED(kmeans_soft_grad_0_1_2_7, blocks, 64, 2 * smem, df.ptr, dc.ptr,
                               dw.ptr, dmem.ptr, npoints, nclusters, nfeatures, beta, af.ptr,
                               ac.ptr, aw.ptr, abeta.ptr));
  check.array("feature_d", af.get(), fd(ff, loss));
  check.array("clusters_d", ac.get(), fd(clusters, loss));
  check.array("weights_d", aw.get(), fd(w0, loss));
  check.scalar("beta", abeta.get()[0], fd(beta, loss));
#endif
  return check.finish();
}
