#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw7_soa_tile");
  const int n = 40, block = 16;  // the last block is partial
  const size_t smem = block * (sizeof(float) + sizeof(int));
  Rng rng(7004);
  std::vector<float> x = rng.vec<float>(n, -2.0, 2.0), v = rng.vec<float>(n),
                     vout = rng.vec<float>(n), w = rng.vec<float>(2 * n);
  std::vector<int> kind(n);
  for (int i = 0; i < n; ++i) kind[i] = (i * 7) % 3;
  const Params prm{0.1f, 0.8f, {1.0f, -0.5f, 0.7f}};
  DeviceArray<int> d_k(kind);
  // outputs: the positions updated in place, then vout
  auto run = [&](const std::vector<float>& xv, const std::vector<float>& vv) {
    DeviceArray<float> d_x(xv), d_v(vv), d_o(vout);
    ParticlesView p{d_x.ptr, d_v.ptr, d_k.ptr, n};
    CUAD_LAUNCH_SHARED(push_particles, (n + block - 1) / block, block, smem, p, prm, d_o.ptr);
    std::vector<float> out = d_x.get(), o = d_o.get();
    out.insert(out.end(), o.begin(), o.end());
    return out;
  };
  DeviceArray<float> d_x(x), d_v(v), d_o(vout);
  ParticlesView p{d_x.ptr, d_v.ptr, d_k.ptr, n};
  std::vector<float> wx(w.begin(), w.begin() + n), wo(w.begin() + n, w.end());
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(x, v)); };
  DeviceArray<float> a_x(wx), a_v(zeros<float>(n)), a_o(wo);
  // the adjoint of a struct parameter: a device struct whose pointers are the adjoint buffers
  DeviceScalar<ParticlesView> a_p(ParticlesView{a_x.ptr, a_v.ptr, nullptr, 0});
  CUAD_GRAD(CUAD_LAUNCH_SHARED(push_particles_grad_0_2, (n + block - 1) / block, block, 2 * smem,
                               p, prm, d_o.ptr, a_p.ptr, a_o.ptr));
  check.array("p.x", a_x.get(), fd(x, loss));
  check.array("p.v", a_v.get(), fd(v, loss));
  check.array("vout", a_o.get(), fd(vout, loss));
#else
  std::vector<float> vx = rng.vec<float>(n), vv = rng.vec<float>(n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(v, t, vv))); };
  DeviceArray<float> t_x(vx), t_v(vv), t_o(zeros<float>(n));
  ParticlesView t_p{t_x.ptr, t_v.ptr, d_k.ptr, n};
  CUAD_GRAD(CUAD_LAUNCH_SHARED(push_particles_pushforward_0_2, (n + block - 1) / block, block,
                               2 * smem, p, prm, d_o.ptr, t_p, t_o.ptr));
  std::vector<float> tan = t_x.get(), to = t_o.get();
  tan.insert(tan.end(), to.begin(), to.end());
  check.array("x,vout", as_doubles(tan), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
