#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Three spheres half sunk into the ground plane, seen from above, 12x10 pixels; the target is the render of a
// slightly different scene, so the loss is a genuine image difference.
int main() {
  Checker check("rw22f_sdf_trace_host");
  const int K = 3, W = 12, H = 10;
  std::vector<float> spheres = {-0.7f, -1.25f, 0.2f, 0.55f,  // x, y, z, radius: caps rising
                                0.65f, -1.3f, 0.5f, 0.6f,    // out of the ground at y = -1
                                0.05f, -1.2f, -0.8f, 0.5f};
  std::vector<float> light = {0.4f, 0.9f, -0.5f};
  std::vector<float> target(W * H, 0.0f);
  {
    std::vector<float> s2 = spheres, l2 = {0.3f, 1.0f, -0.4f};
    s2[0] += 0.1f, s2[5] -= 0.1f, s2[11] += 0.05f;
    DeviceArray<float> d_s(s2), d_l(l2), d_img(zeros<float>(W * H));
    const dim3 block(8, 8), grid((W + 7) / 8, (H + 7) / 8);
    CUAD_LAUNCH(sphere_trace, grid, block, reinterpret_cast<const float4*>(d_s.ptr), K, -1.0f, d_l.ptr, W, H,
                d_img.ptr);
    target = d_img.get();
  }
  auto loss = [&] { return (double)render_sdf_loss(spheres.data(), K, light.data(), target.data(), W, H); };
  std::printf("loss %.6f\n", loss());
#if CUAD_OUTPUT == 1
  std::vector<float> gs(4 * K, 0.0f), gl(3, 0.0f);
  CUAD_GRAD(render_sdf_loss_grad_0_2(spheres.data(), K, light.data(), target.data(), W, H, gs.data(), gl.data()));
  check.array("h_spheres", gs, fd(spheres, loss));
  check.array("h_light", gl, fd(light, loss));
#else
  const std::vector<float> vs = {0.3f, -0.5f, 0.2f, 0.4f, -0.6f, 0.1f, 0.5f, -0.2f, 0.7f, 0.3f, -0.4f, 0.6f};
  auto outputs_at = [&](double t) {
    std::vector<float> s = along(spheres, t, vs);
    return std::vector<double>{(double)render_sdf_loss(s.data(), K, light.data(), target.data(), W, H)};
  };
  double value = 0.0, tangent = 0.0;
  CUAD_GRAD({
    auto r = render_sdf_loss_pushforward_0(spheres.data(), K, light.data(), target.data(), W, H, vs.data());
    value = r.value;
    tangent = r.pushforward;
  });
  check.scalar("value", value, loss());
  check.array("tangent", std::vector<double>{tangent}, directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
