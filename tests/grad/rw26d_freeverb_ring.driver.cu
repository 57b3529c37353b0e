#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_freeverb_ring");
  Rng rng(26405);
  const unsigned n_ch = 3, ns = 48;
  std::vector<double> in = rng.vec<double>(n_ch * ns, -1.0, 1.0);
  std::vector<double> params = {0.84, 0.3, 0.5, 0.7, 0.4};
  auto run = [&](const std::vector<double>& x, const std::vector<double>& p) {
    DeviceArray<double> d_in(x), d_p(p), d_out(zeros<double>(n_ch * ns));
    CUAD_LAUNCH(freeverb, 1, 32, d_in.ptr, d_p.ptr, d_out.ptr, n_ch, ns);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec<double>(n_ch * ns);
  auto loss = [&] { return dot(w, run(in, params)); };
  DeviceArray<double> d_in(in), d_p(params), d_out(zeros<double>(n_ch * ns)), g_in(zeros<double>(in.size())),
      g_p(zeros<double>(5)), g_out(w);
  CUAD_GRAD(CUAD_LAUNCH(freeverb_grad_0_1_2, 1, 32, d_in.ptr, d_p.ptr, d_out.ptr, n_ch, ns, g_in.ptr, g_p.ptr, g_out.ptr));
  check.array("in", g_in.get(), fd(in, loss));
  check.array("params", g_p.get(), fd(params, loss));
  check.array("out", g_out.get(), zeros<double>(n_ch * ns));
#else
  const std::vector<double> vi = rng.vec<double>(in.size()), vp = rng.vec<double>(5), vo = rng.vec<double>(n_ch * ns);
  auto outputs_at = [&](double t) { return run(along(in, t, vi), along(params, t, vp)); };
  DeviceArray<double> d_in(in), d_p(params), d_out(zeros<double>(n_ch * ns)), t_in(vi), t_p(vp), t_out(vo);
  CUAD_GRAD(CUAD_LAUNCH(freeverb_pushforward, 1, 32, d_in.ptr, d_p.ptr, d_out.ptr, n_ch, ns, t_in.ptr, t_p.ptr,
                        t_out.ptr));
  check.array("out tangent", t_out.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("out value", d_out.get(), run(in, params));
#endif
#endif
  return check.finish();
}
