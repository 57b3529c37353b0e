#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_min_vector_ctor_braces");
  Rng rng(23097);
  const int n = 20, nbins = 6;
  std::vector<int> bin(n);
  for (int i = 0; i < n; ++i) bin[i] = i % nbins;
  std::vector<double> w = rng.vec(n), g(n, 0.0);
  auto loss = [&] { return normalized_bin_weights(w.data(), bin.data(), n, nbins); };
#if CUAD_OUTPUT == 1
  CUAD_GRAD(normalized_bin_weights_grad_0(w.data(), bin.data(), n, nbins, g.data()));
  check.array("w", g, fd(w, loss));
#else
  const std::vector<double> tw = rng.vec(n);
  auto outputs_at = [&](double t) {
    std::vector<double> ww = along(w, t, tw);
    return std::vector<double>{normalized_bin_weights(ww.data(), bin.data(), n, nbins)};
  };
  double tan = 0.0;
  CUAD_GRAD(tan = normalized_bin_weights_pushforward(w.data(), bin.data(), n, nbins, tw.data()).pushforward);
  check.array("value tangent", std::vector<double>{tan}, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
