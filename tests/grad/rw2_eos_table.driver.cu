#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw2_eos_table");
  const int nr = 6, nt = 5, n = 40;
  std::vector<float> lr(nr), ta(nt);
  for (int i = 0; i < nr; ++i) lr[i] = -1.0f + 0.5f * i;
  for (int i = 0; i < nt; ++i) ta[i] = 1.0f + 0.75f * i;
  Rng rng(230);
  std::vector<float> table = rng.vec<float>(nr * nt, 0.5, 2.0), rho(n), T(n),
                     p = rng.vec<float>(n), w = rng.vec<float>(n);
  for (int i = 0; i < n; ++i) {  // inside the table, away from grid lines
    float lrv = -0.9f + 2.3f * (float)rng.uniform(0, 1), tv = 1.1f + 2.8f * (float)rng.uniform(0, 1);
    float fr = (lrv + 1.0f) / 0.5f, ft = (tv - 1.0f) / 0.75f;
    if (fr - std::floor(fr) < 0.05f || fr - std::floor(fr) > 0.95f) lrv += 0.05f;
    if (ft - std::floor(ft) < 0.05f || ft - std::floor(ft) > 0.95f) tv += 0.08f;
    rho[i] = std::exp(lrv);
    T[i] = tv;
  }
  DeviceArray<float> d_lr(lr), d_ta(ta);
  auto loss = [&] {
    DeviceArray<float> d_p(p), d_r(rho), d_T(T), d_tb(table);
    CUAD_LAUNCH(tabulated_pressure, 2, 32, d_p.ptr, d_r.ptr, d_T.ptr, d_lr.ptr, d_ta.ptr, d_tb.ptr,
                nr, nt, n);
    return dot(w, d_p.get());
  };
  DeviceArray<float> d_p(p), d_r(rho), d_T(T), d_tb(table), a_p(w), a_r(zeros<float>(n)),
      a_T(zeros<float>(n)), a_tb(zeros<float>(nr * nt));
  CUAD_GRAD(CUAD_LAUNCH(tabulated_pressure_grad_0_1_2_5, 2, 32, d_p.ptr, d_r.ptr, d_T.ptr, d_lr.ptr,
                        d_ta.ptr, d_tb.ptr, nr, nt, n, a_p.ptr, a_r.ptr, a_T.ptr, a_tb.ptr));
  check.array("p", a_p.get(), fd(p, loss));
  check.array("rho", a_r.get(), fd(rho, loss));
  check.array("T", a_T.get(), fd(T, loss));
  check.array("table", a_tb.get(), fd(table, loss));
  return check.finish();
}
