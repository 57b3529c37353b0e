#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_xent");
  const int n = 20, c = 7;
  Rng rng(206);
  std::vector<double> logits = rng.vec(n * c, -2, 2), lse = rng.vec(n), wl = rng.vec(n);
  std::vector<int64_t> labels(n);
  for (int i = 0; i < n; ++i) labels[i] = (i * 5 + 3) % c;
  double lossv = 0.25, wloss = 1.5;
  auto loss = [&] {
    DeviceArray<double> d_loss(std::vector<double>{lossv}), d_lse(lse), d_z(logits);
    DeviceArray<int64_t> d_lab(labels);
    CUAD_LAUNCH(xent_fwd, 2, 16, d_loss.ptr, d_lse.ptr, d_z.ptr, d_lab.ptr, n, c);
    return wloss * d_loss.get()[0] + dot(wl, d_lse.get());
  };
  DeviceArray<double> d_loss(std::vector<double>{lossv}), d_lse(lse), d_z(logits),
      a_loss(std::vector<double>{wloss}), a_lse(wl), a_z(zeros<double>(n * c));
  DeviceArray<int64_t> d_lab(labels);
  CUAD_GRAD(CUAD_LAUNCH(xent_fwd_grad_0_1_2, 2, 16, d_loss.ptr, d_lse.ptr, d_z.ptr, d_lab.ptr, n, c,
                        a_loss.ptr, a_lse.ptr, a_z.ptr));
  check.scalar("loss", a_loss.get()[0], fd(lossv, loss));
  check.array("lse_out", a_lse.get(), fd(lse, loss));
  check.array("logits", a_z.get(), fd(logits, loss));
  return check.finish();
}
