#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26d_ddsp_harmonic");
  Rng rng(26404);
  const int nv = 4, ns = 60;
  const float sr = 100.0f, cut = 0.6f;
  // pitches such that some harmonics sit above Nyquist (50 Hz), away from it
  const std::vector<float> base = {3.1f, 7.3f, 11.7f, 13.9f};
  std::vector<float> f0 = {12.0f, -35.0f, 27.0f, -8.0f}, amps = rng.vec<float>(nv * NH, 0.1, 1.0),
                     off = {0.355f, 0.425f, 0.275f, 0.515f};
  std::vector<float> envp = {125.0f, 145.0f, 0.6f, 70.0f};  // attack, decay, sustain, release
  auto mk = [](const std::vector<float>& e) { return Adsr{e[0], e[1], e[2], e[3]}; };
  auto run = [&](const std::vector<float>& ff, const std::vector<float>& aa, const std::vector<float>& ee,
                 const std::vector<float>& a0) {
    DeviceArray<float> d_b(base), d_f(ff), d_a(aa), d_o(off), d_out(a0);
    CUAD_LAUNCH(harmonic_synth, 1, 32, d_b.ptr, d_f.ptr, d_a.ptr, d_o.ptr, mk(ee), sr, cut, nv, ns, d_out.ptr);
    return d_out.get();
  };
  std::vector<float> audio0 = rng.vec<float>(ns, -0.1, 0.1);  // mixed on top of a bed track
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(ns);
  auto loss = [&] { return dot(w, run(f0, amps, envp, audio0)); };
  DeviceArray<float> d_b(base), d_f(f0), d_a(amps), d_o(off), d_out(audio0), g_f(zeros<float>(nv)), g_a(zeros<float>(nv * NH)),
      g_out(w);
  Adsr g_env{0, 0, 0, 0};
  DeviceArray<Adsr> dg_env(std::vector<Adsr>{g_env});
  CUAD_GRAD(CUAD_LAUNCH(harmonic_synth_grad_1_2_4_9, 1, 32, d_b.ptr, d_f.ptr, d_a.ptr, d_o.ptr, mk(envp), sr, cut, nv, ns,
                        d_out.ptr, g_f.ptr, g_a.ptr, dg_env.ptr, g_out.ptr));
  check.array("detune", g_f.get(), fd(f0, loss));
  check.array("amps", g_a.get(), fd(amps, loss));
  const Adsr ge = dg_env.get()[0];
  check.array("env", std::vector<float>{ge.attack_ms, ge.decay_ms, ge.sustain, ge.release_ms}, fd(envp, loss));
  check.array("audio", g_out.get(), fd(audio0, loss));
#else
  const std::vector<float> vf = rng.vec<float>(nv), va = rng.vec<float>(nv * NH), ve = rng.vec<float>(4, -1.0, 1.0),
                           vo = rng.vec<float>(ns);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(f0, t, vf), along(amps, t, va), along(envp, t, ve), along(audio0, t, vo)));
  };
  DeviceArray<float> d_b(base), d_f(f0), d_a(amps), d_o(off), d_out(audio0), t_f(vf), t_a(va), t_out(vo);
  CUAD_GRAD(CUAD_LAUNCH(harmonic_synth_pushforward_1_2_4_9, 1, 32, d_b.ptr, d_f.ptr, d_a.ptr, d_o.ptr, mk(envp), sr, cut, nv,
                        ns, d_out.ptr, t_f.ptr, t_a.ptr, mk(ve), t_out.ptr));
  check.array("audio tangent", as_doubles(t_out.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("audio value", d_out.get(), as_doubles(run(f0, amps, envp, audio0)));
#endif
#endif
  return check.finish();
}
