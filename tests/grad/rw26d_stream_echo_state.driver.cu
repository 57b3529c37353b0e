#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_stream_echo_state");
  Rng rng(26418);
  const unsigned n_ch = 3, ns = 30, D = 7, head = 5;  // the block wraps the ring more than 4 times
  const float damp = 0.35f;
  std::vector<float> x = rng.vec<float>(n_ch * ns, -1, 1), buf = rng.vec<float>(n_ch * D, -0.5, 0.5),
                     lp = rng.vec<float>(n_ch, -0.2, 0.2), fb = {0.5f, 0.7f, 0.3f};
  float mix = 0.4f;
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& ff, float mm, std::vector<float>& bb,
                 std::vector<float>& ll) {
    DeviceArray<float> d_x(xx), d_y(zeros<float>(n_ch * ns)), d_b(bb), d_l(ll), d_f(ff);
    CUAD_LAUNCH(echo_block, 1, 32, d_x.ptr, d_y.ptr, d_b.ptr, d_l.ptr, d_f.ptr, mm, damp, n_ch, ns, D, head);
    bb = d_b.get();
    ll = d_l.get();
    return d_y.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wy = rng.vec<float>(n_ch * ns), wb = rng.vec<float>(n_ch * D), wl = rng.vec<float>(n_ch);
  auto loss = [&] {
    std::vector<float> bb = buf, ll = lp;
    const std::vector<float> yy = run(x, fb, mix, bb, ll);
    return dot(wy, yy) + dot(wb, bb) + dot(wl, ll);
  };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n_ch * ns)), d_b(buf), d_l(lp), d_f(fb), g_x(zeros<float>(x.size())),
      g_y(wy), g_b(wb), g_l(wl), g_f(zeros<float>(n_ch));
  DeviceScalar<float> g_m;
  CUAD_GRAD(CUAD_LAUNCH(echo_block_grad_0_1_2_3_4_5, 1, 32, d_x.ptr, d_y.ptr, d_b.ptr, d_l.ptr, d_f.ptr, mix, damp,
                        n_ch, ns, D, head, g_x.ptr, g_y.ptr, g_b.ptr, g_l.ptr, g_f.ptr, g_m.ptr));
  check.array("x", g_x.get(), fd(x, loss));
  check.array("fb", g_f.get(), fd(fb, loss));
  check.scalar("mix", g_m.value(), fd(mix, loss));
  check.array("delay_buf", g_b.get(), fd(buf, loss));
  check.array("lp_state", g_l.get(), fd(lp, loss));
  check.array("y", g_y.get(), zeros<double>(n_ch * ns));
#else
  const std::vector<float> vx = rng.vec<float>(x.size()), vf = rng.vec<float>(n_ch), vb = rng.vec<float>(n_ch * D),
                           vl = rng.vec<float>(n_ch), vy = rng.vec<float>(n_ch * ns);
  const float vm = 0.5f;
  auto outputs_at = [&](double t) {
    std::vector<float> bb = along(buf, t, vb), ll = along(lp, t, vl);
    std::vector<float> yy = run(along(x, t, vx), along(fb, t, vf), along(mix, t, vm), bb, ll);
    yy.insert(yy.end(), bb.begin(), bb.end());
    yy.insert(yy.end(), ll.begin(), ll.end());
    return as_doubles(yy);
  };
  DeviceArray<float> d_x(x), d_y(zeros<float>(n_ch * ns)), d_b(buf), d_l(lp), d_f(fb), t_x(vx), t_y(vy), t_b(vb),
      t_l(vl), t_f(vf);
  CUAD_GRAD(CUAD_LAUNCH(echo_block_pushforward_0_1_2_3_4_5, 1, 32, d_x.ptr, d_y.ptr, d_b.ptr, d_l.ptr, d_f.ptr, mix,
                        damp, n_ch, ns, D, head, t_x.ptr, t_y.ptr, t_b.ptr, t_l.ptr, t_f.ptr, vm));
  std::vector<float> ty = t_y.get(), tb = t_b.get(), tl = t_l.get();
  ty.insert(ty.end(), tb.begin(), tb.end());
  ty.insert(ty.end(), tl.begin(), tl.end());
  check.array("outputs tangent", as_doubles(ty), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
