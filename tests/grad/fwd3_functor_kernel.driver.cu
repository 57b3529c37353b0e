#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// F is a struct of doubles: the direction moves each of them.
template <typename F>
F moved(F f, double s, const F& v) {
  double* a = reinterpret_cast<double*>(&f);
  const double* b = reinterpret_cast<const double*>(&v);
  for (size_t k = 0; k < sizeof(F) / sizeof(double); ++k) a[k] += s * b[k];
  return f;
}

template <typename F, int U, typename K, typename PF>
void check_one(Checker& check, K kernel, PF pushforward, F f, F vf, int seed) {
  const int n = 150;
  Rng rng(seed);
  std::vector<double> p = rng.vec(n, -2, 2), t = rng.vec(n), vp = rng.vec(n), vt = rng.vec(n);
  for (int i = 0; i < n; ++i)  // away from the Huber kink |r| = delta
    if (std::fabs(std::fabs(p[i] - t[i]) - 0.5) < 0.02) p[i] += 0.1;
  int blocks = (n + 64 * U - 1) / (64 * U);
  auto outputs_at = [&](double s) {
    DeviceArray<double> dp(along(p, s, vp)), dt(along(t, s, vt)), dl(zeros<double>(1)), dr(zeros<double>(n));
    CUAD_LAUNCH(kernel, blocks, 64, n, dp.ptr, dt.ptr, moved(f, s, vf), dl.ptr, dr.ptr);
    std::vector<double> out = dr.get();
    out.push_back(dl.get()[0]);
    return out;
  };
  DeviceArray<double> dp(p), d_p(vp), dt(t), d_t(vt), dl(zeros<double>(1)), d_l(zeros<double>(1)),
      dr(zeros<double>(n)), d_r(zeros<double>(n));
  pushforward(blocks, n, dp.ptr, dt.ptr, f, dl.ptr, dr.ptr, d_p.ptr, d_t.ptr, vf, d_l.ptr, d_r.ptr);
  std::vector<double> got = d_r.get();
  got.push_back(d_l.get()[0]);
  check.array("resid, loss", got, directional_fd<double>(outputs_at));
}

int main() {
  Checker check("fwd3_functor_kernel");
#if CUAD_OUTPUT == 2
  check_one<Logistic, 2>(
      check, transform_reduce<Logistic, 2>,
      [](int blocks, int n, double* p, double* t, Logistic f, double* l, double* r, double* dp, double* dt,
         Logistic vf, double* dl, double* dr) {
        CUAD_GRAD(CUAD_LAUNCH((transform_reduce_pushforward<Logistic, 2>), blocks, 64, n, p, t, f, l, r, dp, dt,
                              vf, dl, dr));
      },
      Logistic{1.3}, Logistic{0.4}, 312);
#else
  check_one<Huber, 4>(
      check, transform_reduce<Huber, 4>,
      [](int blocks, int n, double* p, double* t, Huber f, double* l, double* r, double* dp, double* dt, Huber vf,
         double* dl, double* dr) {
        CUAD_GRAD(CUAD_LAUNCH((transform_reduce_pushforward<Huber, 4>), blocks, 64, n, p, t, f, l, r, dp, dt, vf,
                              dl, dr));
      },
      Huber{0.5, 1.5}, Huber{0.2, -0.3}, 311);
#endif
  return check.finish();
}
