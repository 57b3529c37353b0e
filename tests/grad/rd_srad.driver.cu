#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rd_srad");
  const int rows = 16, cols = 24, n = rows * cols;
  Rng rng(5150);
  std::vector<double> image = rng.vec(n, 60.0, 200.0);
  double lambda = 0.5;
#if CUAD_OUTPUT == 1
  const int niter = 2;
  const std::vector<double> w = rng.vec(n);
  auto loss = [&] {
    std::vector<double> img = image;
    srad_run(img.data(), rows, cols, niter, lambda, 2, 11, 3, 17);
    return dot(w, img);
  };
  std::vector<double> img = image, a_img = w;
  double a_lambda = 0;
  CUAD_GRAD(srad_run_grad_0_4(img.data(), rows, cols, niter, lambda, 2, 11, 3, 17, a_img.data(),
                              &a_lambda));
  check.array("image", a_img, fd(image, loss));
  check.scalar("lambda", a_lambda, fd(lambda, loss));
#else
  const dim3 grid(cols / 8, rows / 8), block(8, 8);
  std::vector<double> J(n);
  for (int i = 0; i < n; ++i) J[i] = std::exp(image[i] / 255.0);
  double q0sqr = 0.02;
  std::vector<double> e0 = rng.vec(n), w0 = rng.vec(n), n0 = rng.vec(n), s0 = rng.vec(n),
                      c0 = rng.vec(n);
  const std::vector<double> we = rng.vec(n), ww = rng.vec(n), wn = rng.vec(n), ws = rng.vec(n),
                            wc = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> dE(e0), dW(w0), dN(n0), dS(s0), dJ(J), dC(c0);
    CUAD_LAUNCH(srad_cuda_1, grid, block, dE.ptr, dW.ptr, dN.ptr, dS.ptr, dJ.ptr, dC.ptr, cols,
                rows, q0sqr);
    return dot(we, dE.get()) + dot(ww, dW.get()) + dot(wn, dN.get()) + dot(ws, dS.get()) +
           dot(wc, dC.get());
  };
  DeviceArray<double> dE(e0), dW(w0), dN(n0), dS(s0), dJ(J), dC(c0), aE(we), aW(ww), aN(wn),
      aS(ws), aJ(zeros<double>(n)), aC(wc);
  DeviceScalar<double> aq;
  CUAD_GRAD(CUAD_LAUNCH(srad_cuda_1_grad_0_1_2_3_4_5_8, grid, block, dE.ptr, dW.ptr, dN.ptr,
                        dS.ptr, dJ.ptr, dC.ptr, cols, rows, q0sqr, aE.ptr, aW.ptr, aN.ptr, aS.ptr,
                        aJ.ptr, aC.ptr, aq.ptr));
  check.array("J", aJ.get(), fd(J, loss));
  check.scalar("q0sqr", aq.get()[0], fd(q0sqr, loss));
  check.array("E_C", aE.get(), std::vector<double>(n, 0.0));
  check.array("C_cuda", aC.get(), std::vector<double>(n, 0.0));
#endif
  return check.finish();
}
