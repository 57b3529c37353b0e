#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw10_fin_gmm_loglik");
  const int n = 40, D = 2, K = 4;
  Rng rng(777);
  std::vector<float> x = rng.vec<float>(n * D, -2.0, 2.0);
  std::vector<float> mu = {-1.0f, -1.0f, 1.0f, -0.5f, 0.0f, 1.2f, 1.5f, 1.0f};
  std::vector<float> log_sigma = rng.vec<float>(K * D, -0.3, 0.3);
  std::vector<float> logit_w = {0.2f, -0.4f, 0.5f, 0.0f};
  float total0 = 0.5f, wt = 0.8f;
  auto loss = [&] {
    DeviceArray<float> d_t(std::vector<float>{total0}), d_x(x), d_mu(mu), d_ls(log_sigma),
        d_lw(logit_w);
    CUAD_LAUNCH(gmm_loglik, 2, 32, d_t.ptr, d_x.ptr, d_mu.ptr, d_ls.ptr, d_lw.ptr, n);
    return (double)wt * d_t.get()[0];
  };
  DeviceArray<float> d_t(std::vector<float>{total0}), d_x(x), d_mu(mu), d_ls(log_sigma),
      d_lw(logit_w);
  DeviceArray<float> a_t(std::vector<float>{wt}), a_mu(zeros<float>(K * D)),
      a_ls(zeros<float>(K * D)), a_lw(zeros<float>(K));
  CUAD_GRAD(CUAD_LAUNCH(gmm_loglik_grad_0_2_3_4, 2, 32, d_t.ptr, d_x.ptr, d_mu.ptr, d_ls.ptr,
                        d_lw.ptr, n, a_t.ptr, a_mu.ptr, a_ls.ptr, a_lw.ptr));
  check.array("mu", a_mu.get(), fd(mu, loss));
  check.array("log_sigma", a_ls.get(), fd(log_sigma, loss));
  check.array("logit_w", a_lw.get(), fd(logit_w, loss));
  check.scalar("total", a_t.get()[0], fd(total0, loss));
  return check.finish();
}
