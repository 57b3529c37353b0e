#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw9_ml_encoder_f4");
  const int B = 2, T = 5, C = 16, C4 = C / 4, vocab = 7, maxT = 6;
  const int N = B * T * C4;
  Rng rng(9105);
  std::vector<float> wte = rng.vec<float>(vocab * C), wpe = rng.vec<float>(maxT * C),
                     out = rng.vec<float>(B * T * C);
  std::vector<int> inp = {4, 1, 4, 6, 0, 1, 1, 3, 4, 2};
  const std::vector<float> w = rng.vec<float>(B * T * C);
  float scale = 1.3f;
  auto loss = [&] {
    DeviceArray<float> d_o(out), d_e(wte), d_p(wpe);
    DeviceArray<int> d_i(inp);
    CUAD_LAUNCH(encoder_forward, 2, 32, (float4*)d_o.ptr, d_i.ptr, (const float4*)d_e.ptr,
                (const float4*)d_p.ptr, scale, B, T, C4);
    return dot(w, d_o.get());
  };
  DeviceArray<float> d_o(out), d_e(wte), d_p(wpe), a_o(w), a_e(zeros<float>(vocab * C)),
      a_p(zeros<float>(maxT * C));
  DeviceArray<int> d_i(inp);
#if CUAD_OUTPUT == 1
  CUAD_GRAD(CUAD_LAUNCH(encoder_forward_grad_0_2_3, 2, 32, (float4*)d_o.ptr, d_i.ptr,
                        (const float4*)d_e.ptr, (const float4*)d_p.ptr, scale, B, T, C4,
                        (float4*)a_o.ptr, (float4*)a_e.ptr, (float4*)a_p.ptr));
  check.array("wpe", a_p.get(), fd(wpe, loss));
#else
  DeviceScalar<float> a_s;
  CUAD_GRAD(CUAD_LAUNCH(encoder_forward_grad_0_2_4, 2, 32, (float4*)d_o.ptr, d_i.ptr,
                        (const float4*)d_e.ptr, (const float4*)d_p.ptr, scale, B, T, C4,
                        (float4*)a_o.ptr, (float4*)a_e.ptr, a_s.ptr));
  check.scalar("scale", a_s.value(), fd(scale, loss));
#endif
  check.array("out", a_o.get(), fd(out, loss));
  check.array("wte", a_e.get(), fd(wte, loss));
  (void)N;
  return check.finish();
}
