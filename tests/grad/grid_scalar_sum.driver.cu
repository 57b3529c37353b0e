#include CUAD_GENERATED
#include "cuad_test.h"
#include <memory>
using namespace cuad_test;

int main() {
  Checker check("grid_scalar_sum");
  const int threads = 8;  // a partial warp: the block sum takes its shared-memory path
  Rng rng(29);
  const float a = 0.7f;
  const double b = -1.3;
  for (int blocks : {1, 63, 64, 65, 131}) {
    const int n = blocks * threads - 3;
    std::vector<float> in = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
    std::vector<double> out2 = rng.vec(n), w2 = rng.vec(n);
    float fa = a;
    double fb = b;
    auto loss = [&] {
      DeviceArray<float> d_out(out), d_in(in);
      DeviceArray<double> d_out2(out2);
      CUAD_LAUNCH(scale_shift, blocks, threads, d_out.ptr, d_out2.ptr, d_in.ptr, fa, fb, n);
      return dot(w, d_out.get()) + dot(w2, d_out2.get());
    };
    const double fd_a = fd(fa, loss), fd_b = fd(fb, loss);
    const std::string g = " blocks=" + std::to_string(blocks);
    // Three launches into the same adjoints, which start at 0.5: 0.5 + 3 * gradient.
    DeviceArray<float> d_out(out), d_in(in);
    DeviceArray<double> d_out2(out2);
    DeviceScalar<float> a_a(0.5f);
    DeviceScalar<double> a_b(0.5);
    for (int rep = 0; rep < 3; ++rep) {
      DeviceArray<float> a_out(w);
      DeviceArray<double> a_out2(w2);
      CUAD_GRAD(CUAD_LAUNCH(scale_shift_grad_0_1_3_4, blocks, threads, d_out.ptr, d_out2.ptr,
                            d_in.ptr, a, b, n, a_out.ptr, a_out2.ptr, a_a.ptr, a_b.ptr));
      if (rep == 0 && blocks == 1) {  // the seeds' adjoints (FD over every entry: one small grid)
        check.array("out" + g, a_out.get(), fd(out, loss));
        check.array("out2" + g, a_out2.get(), fd(out2, loss));
      }
    }
    check.scalar("a" + g, a_a.value(), 0.5 + 3.0 * fd_a, {1e-3, 1e-3});
    check.scalar("b" + g, a_b.value(), 0.5 + 3.0 * fd_b, {1e-6, 1e-6});
  }
  // Many adjoint addresses: each gets its whole gradient.
  {
    const int blocks = 9, n = blocks * threads;
    std::vector<float> in = rng.vec<float>(n), out = rng.vec<float>(n), w = rng.vec<float>(n);
    std::vector<double> out2 = rng.vec(n), w2 = rng.vec(n);
    float fa = a;
    double fb = b;
    auto loss = [&] {
      DeviceArray<float> d_out(out), d_in(in);
      DeviceArray<double> d_out2(out2);
      CUAD_LAUNCH(scale_shift, blocks, threads, d_out.ptr, d_out2.ptr, d_in.ptr, fa, fb, n);
      return dot(w, d_out.get()) + dot(w2, d_out2.get());
    };
    const double fd_a = fd(fa, loss), fd_b = fd(fb, loss);
    DeviceArray<float> d_out(out), d_in(in);
    DeviceArray<double> d_out2(out2);
    std::vector<std::unique_ptr<DeviceScalar<float>>> as;
    std::vector<std::unique_ptr<DeviceScalar<double>>> bs;
    for (int k = 0; k < 40; ++k) {
      as.push_back(std::make_unique<DeviceScalar<float>>());
      bs.push_back(std::make_unique<DeviceScalar<double>>());
      DeviceArray<float> a_out(w);
      DeviceArray<double> a_out2(w2);
      CUAD_GRAD(CUAD_LAUNCH(scale_shift_grad_0_1_3_4, blocks, threads, d_out.ptr, d_out2.ptr,
                            d_in.ptr, a, b, n, a_out.ptr, a_out2.ptr, as.back()->ptr,
                            bs.back()->ptr));
    }
    for (int k = 0; k < 40; k += 3) {
      check.scalar("a frame " + std::to_string(k), as[k]->value(), fd_a, {1e-3, 1e-3});
      check.scalar("b frame " + std::to_string(k), bs[k]->value(), fd_b, {1e-5, 1e-5});
    }
  }
  return check.finish();
}
