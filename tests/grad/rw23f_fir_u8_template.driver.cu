#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23f_fir_u8_template");
  Rng rng(23610);
  const int W = 21, H = 5, R = 3, B = 8;
  std::vector<unsigned char> img(W * H);
  for (auto& p : img) p = (unsigned char)(int)rng.uniform(0.0, 255.0);
  std::vector<float> taps = rng.vec<float>(2 * R + 1, -0.6, 0.9);
  float bias = 0.1f;
  const dim3 grid((W + B - 1) / B, H);
  const size_t smem = (B + 2 * R) * sizeof(float);
  auto run = [&](const std::vector<float>& t, float b) {
    DeviceArray<unsigned char> d_img(img);
    DeviceArray<float> d_t(t), d_o(zeros<float>(W * H));
    fir_rows<uint8_t, 3><<<grid, B, smem>>>(d_img.ptr, W, H, d_t.ptr, b, d_o.ptr);
    check_cuda(cudaGetLastError(), "fir_rows");
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] { return dot(w, run(taps, bias)); };
  DeviceArray<unsigned char> d_img(img);
  DeviceArray<float> d_t(taps), d_o(zeros<float>(W * H)), g_t(zeros<float>(2 * R + 1)), g_o(w);
  DeviceScalar<float> g_b(0.0f);
  CUAD_GRAD((fir_rows_grad_3_4_5<uint8_t, 3><<<grid, B, 2 * smem>>>(d_img.ptr, W, H, d_t.ptr, bias, d_o.ptr,
                                                                g_t.ptr, g_b.ptr, g_o.ptr)));
  CUAD_GRAD(check_cuda(cudaGetLastError(), "grad"));
  check.array("taps", g_t.get(), fd(taps, loss));
  check.scalar("bias", g_b.value(), fd(bias, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
#else
  const std::vector<float> vt = rng.vec<float>(2 * R + 1);
  const float vb = 0.4f;
  auto outputs_at = [&](double t) { return as_doubles(run(along(taps, t, vt), along(bias, t, vb))); };
  DeviceArray<unsigned char> d_img(img);
  DeviceArray<float> d_t(taps), d_o(zeros<float>(W * H)), t_t(vt), t_o(zeros<float>(W * H));
  CUAD_GRAD((fir_rows_pushforward<uint8_t, 3><<<grid, B, 2 * smem>>>(d_img.ptr, W, H, d_t.ptr, bias,
                                                                       d_o.ptr, t_t.ptr, vb, t_o.ptr)));
  CUAD_GRAD(check_cuda(cudaGetLastError(), "fwd"));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
