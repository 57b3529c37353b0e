#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23a_fused_classifier_v2");
  Rng rng(23202);
  const int rows = 4, V = 250, P = 252;  // 62 float4 per row, a tail of 2, 2 padding columns
  std::vector<float> logits = rng.vec<float>(rows * P, -3.0, 3.0);
  std::vector<int> targets(rows);
  targets[0] = 7;
  targets[1] = 249;  // in the scalar tail
  targets[2] = 100;
  targets[3] = 0;
  float dloss = 1.0f / rows;
  const std::vector<float> wl = rng.vec<float>(rows), wlog = rng.vec<float>(rows * P), wp = rng.vec<float>(rows * P);
  auto loss = [&] {
    DeviceArray<float> d_lg(logits), d_ls(zeros<float>(rows)), d_p(zeros<float>(rows * P));
    DeviceArray<int> d_t(targets);
    CUAD_LAUNCH(fused_classifier, rows, 64, d_lg.ptr, d_ls.ptr, d_p.ptr, dloss, d_t.ptr, V, P);
    return dot(wl, d_ls.get()) + dot(wlog, d_lg.get()) + dot(wp, d_p.get());
  };
  DeviceArray<float> d_lg(logits), d_ls(zeros<float>(rows)), d_p(zeros<float>(rows * P)), g_lg(wlog), g_ls(wl),
      g_p(wp);
  DeviceArray<int> d_t(targets);
  DeviceScalar<float> g_dl(0.0f);
  CUAD_GRAD(CUAD_LAUNCH(fused_classifier_grad_0_1_2_3, rows, 64, d_lg.ptr, d_ls.ptr, d_p.ptr, dloss, d_t.ptr, V, P,
                        g_lg.ptr, g_ls.ptr, g_p.ptr, g_dl.ptr));
  // the probabilities' padding columns are never written: their adjoint is left as seeded
  std::vector<double> p_expect(rows * P, 0.0);
  for (int r = 0; r < rows; ++r)
    for (int c = V; c < P; ++c) p_expect[r * P + c] = wp[r * P + c];
  check.array("logits", g_lg.get(), fd(logits, loss));
  check.scalar("dloss", g_dl.value(), fd(dloss, loss));
  check.array("losses", g_ls.get(), zeros<double>(rows));
  check.array("probs", g_p.get(), p_expect);
  return check.finish();
}
