#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int W = 10, H = 8, NSTEP = 12;

int main() {
  Checker check("rw24e_sdf_lambda_march");
  Rng rng(24513);
  std::vector<float> prm = {0.2f, 0.1f, 0.5f, 1.0f, 0.3f,          // torus
                            -0.8f, -0.6f, 0.2f, 0.7f, 0.7f, -0.1f,  // capsule ends
                            0.25f, 6.0f,                            // radius, blend
                            0.4f, 0.7f, -0.5f};                     // light
  auto run = [&](const std::vector<float>& p) {
    DeviceArray<float> d_p(p), d_o(zeros<float>(W * H));
    CUAD_LAUNCH(march_lambda, dim3(3, 2), dim3(4, 4), d_p.ptr, W, H, NSTEP, d_o.ptr);
    return d_o.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(W * H);
  auto loss = [&] { return dot(w, run(prm)); };
  DeviceArray<float> d_p(prm), d_o(zeros<float>(W * H)), g_p(zeros<float>(prm.size())), g_o(w);
  CUAD_GRAD(CUAD_LAUNCH(march_lambda_grad_0_4, dim3(3, 2), dim3(4, 4), d_p.ptr, W, H, NSTEP, d_o.ptr, g_p.ptr, g_o.ptr));
  check.array("params", g_p.get(), fd(prm, loss));
  check.array("out", g_o.get(), zeros<double>(W * H));
#else
  const std::vector<float> v = rng.vec<float>(prm.size(), -0.3, 0.3);
  auto outputs_at = [&](double t) { return as_doubles(run(along(prm, t, v))); };
  DeviceArray<float> d_p(prm), d_o(zeros<float>(W * H)), t_p(v), t_o(zeros<float>(W * H));
  CUAD_GRAD(CUAD_LAUNCH(march_lambda_pushforward, dim3(3, 2), dim3(4, 4), d_p.ptr, W, H, NSTEP, d_o.ptr, t_p.ptr, t_o.ptr));
  check.array("out tangent", as_doubles(t_o.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
