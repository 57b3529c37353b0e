#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw21d_vae_elbo");
  Rng rng(21410);
  const VAEDims d{3, 6, 5, 2};
  const int B = d.batch, X = d.x_dim, H = d.h_dim, Z = d.z_dim;
  const double beta = 0.7;
  // "binary" pixels kept soft (x in (0, 1)) so x itself has a useful gradient too
  std::vector<double> x = rng.vec(B * X, 0.05, 0.95), eps = rng.vec(B * Z, -1.5, 1.5),
                      w1 = rng.vec(H * X, -0.7, 0.7), b1 = rng.vec(H, -0.2, 0.2),
                      w2 = rng.vec(2 * Z * H, -0.6, 0.6), b2 = rng.vec(2 * Z, -0.3, 0.3),
                      wd = rng.vec(X * Z, -0.9, 0.9), bd = rng.vec(X, -0.3, 0.3);
  auto loss = [&] {
    return vae_loss(x.data(), eps.data(), w1.data(), b1.data(), w2.data(), b2.data(), wd.data(),
                    bd.data(), d, beta);
  };
  std::vector<double> ax = zeros<double>(x.size()), aw1 = zeros<double>(w1.size()),
                      ab1 = zeros<double>(H), aw2 = zeros<double>(w2.size()),
                      ab2 = zeros<double>(2 * Z), awd = zeros<double>(wd.size()),
                      abd = zeros<double>(X);
  CUAD_GRAD(vae_loss_grad_0_2_3_4_5_6_7(x.data(), eps.data(), w1.data(), b1.data(), w2.data(),
                                        b2.data(), wd.data(), bd.data(), d, beta, ax.data(),
                                        aw1.data(), ab1.data(), aw2.data(), ab2.data(),
                                        awd.data(), abd.data()));
  check.array("x", ax, fd(x, loss));
  check.array("enc_w1", aw1, fd(w1, loss));
  check.array("enc_b1", ab1, fd(b1, loss));
  check.array("enc_w2", aw2, fd(w2, loss));
  check.array("enc_b2", ab2, fd(b2, loss));
  check.array("dec_w", awd, fd(wd, loss));
  check.array("dec_b", abd, fd(bd, loss));
  return check.finish();
}
