#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
__global__ void one(const double* x, double* c) {
  if (threadIdx.x == 0) cepstrum_frame(x, c);
}
__global__ void one_grad(const double* x, double* c, double* gx, double* gc) {
  if (threadIdx.x == 0) CUAD_GRAD(cepstrum_frame_grad(x, c, gx, gc));
}
#endif

int main() {
  Checker check("rw26d_fft_recursive");
  Rng rng(26420);
#if defined(__CUDACC__)
  cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024);
#endif
#if CUAD_OUTPUT == 1
  std::vector<double> x = rng.vec<double>(NF, -1, 1);
  const std::vector<double> w = rng.vec<double>(NF);
  auto loss = [&] {
    DeviceArray<double> d_x(x), d_c(zeros<double>(NF));
    CUAD_LAUNCH(one, 1, 1, d_x.ptr, d_c.ptr);
    return dot(w, d_c.get());
  };
  DeviceArray<double> d_x(x), d_c(zeros<double>(NF)), g_x(zeros<double>(NF)), g_c(w);
  CUAD_GRAD(CUAD_LAUNCH(one_grad, 1, 1, d_x.ptr, d_c.ptr, g_x.ptr, g_c.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("ceps", g_c.get(), zeros<double>(NF));
#else
  const int nf = 5, hop = 5, len = (nf - 1) * hop + NF;
  std::vector<double> sig = rng.vec<double>(len, -1, 1);
  const std::vector<double> w = rng.vec<double>(nf * NF);
  auto run = [&] {
    DeviceArray<double> d_s(sig), d_c(zeros<double>(nf * NF));
    CUAD_LAUNCH(real_cepstrum, 1, 32, d_s.ptr, nf, hop, d_c.ptr);
    return d_c.get();
  };
  {  // the primal against a direct DFT cepstrum
    const std::vector<double> c = run();
    double worst = 0;
    for (int f = 0; f < nf; ++f) {
      double lm[NF];
      for (int k = 0; k < NF; ++k) {
        double re = 0, im = 0;
        for (int i = 0; i < NF; ++i) {
          re += sig[f * hop + i] * std::cos(2 * M_PI * i * k / NF);
          im -= sig[f * hop + i] * std::sin(2 * M_PI * i * k / NF);
        }
        lm[k] = 0.5 * std::log(re * re + im * im + 1e-6);
      }
      for (int i = 0; i < NF; ++i) {
        double s = 0;
        for (int k = 0; k < NF; ++k) s += lm[k] * std::cos(2 * M_PI * i * k / NF);
        worst = std::fmax(worst, std::fabs(s / NF - c[f * NF + i]));
      }
    }
    check.expect(worst < 1e-9, "recursive FFT cepstrum matches the DFT");
  }
  auto loss = [&] { return dot(w, run()); };
  DeviceArray<double> d_s(sig), d_c(zeros<double>(nf * NF)), g_s(zeros<double>(len)), g_c(w);
  CUAD_GRAD(CUAD_LAUNCH(real_cepstrum_grad_0_3, 1, 32, d_s.ptr, nf, hop, d_c.ptr, g_s.ptr, g_c.ptr));
  check.array("sig", g_s.get(), fd(sig, loss));
  check.array("ceps", g_c.get(), zeros<double>(nf * NF));
#endif
  return check.finish();
}
