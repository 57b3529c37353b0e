#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// The kernel advances the states in place: every primal run and the derivative start from
// freshly seeded states (same draws).
int main() {
  Checker check("rw8_curand_merton");
  const int n_paths = 128, n_steps = 10;
  const float lambda = 3.0f, T = 1.0f;
  std::vector<float> s0 = {1.0f}, vol = {0.2f}, jm = {-0.1f}, jsd = {0.15f},
                     m0 = zeros<float>(2);
  DeviceArray<curandState> states{std::vector<curandState>(n_paths)};
  auto reset = [&] { CUAD_LAUNCH(seed_merton, 2, 64, states.ptr, 5150ull, n_paths); };
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b,
                 const std::vector<float>& c, const std::vector<float>& d,
                 const std::vector<float>& m) {
    DeviceArray<float> da(a), db(b), dc(c), dd(d), dm(m);
    reset();
    CUAD_LAUNCH(merton_paths, 2, 64, states.ptr, da.ptr, db.ptr, dc.ptr, dd.ptr, lambda, T,
                n_steps, n_paths, dm.ptr);
    return dm.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> wm = {1.0f, 0.5f};
  auto loss = [&] { return dot(wm, run(s0, vol, jm, jsd, m0)); };
  DeviceArray<float> ds(s0), dv(vol), dj(jm), dsd(jsd), dm(m0), as(zeros<float>(1)),
      av(zeros<float>(1)), aj(zeros<float>(1)), asd(zeros<float>(1)), am(wm);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(merton_paths_grad_1_2_3_4_9, 2, 64, states.ptr, ds.ptr, dv.ptr, dj.ptr,
                        dsd.ptr, lambda, T, n_steps, n_paths, dm.ptr, as.ptr, av.ptr, aj.ptr,
                        asd.ptr, am.ptr));
  check.array("s0", as.get(), fd(s0, loss));
  check.array("vol", av.get(), fd(vol, loss));
  check.array("jump_mean", aj.get(), fd(jm, loss));
  check.array("jump_sd", asd.get(), fd(jsd, loss));
  check.array("moments", am.get(), fd(m0, loss));
#else
  const std::vector<float> vs = {0.5f}, vv = {-0.3f}, vj = {0.8f}, vsd = {0.4f},
                           vm = {0.1f, -0.2f};
  auto outputs_at = [&](double t) {
    // The moments accumulate into their input: their tangent passes through.
    return as_doubles(run(along(s0, t, vs), along(vol, t, vv), along(jm, t, vj),
                          along(jsd, t, vsd), along(m0, t, vm)));
  };
  DeviceArray<float> ds(s0), dv(vol), dj(jm), dsd(jsd), dm(m0), ts(vs), tv(vv), tj(vj),
      tsd(vsd), tm(vm);
  reset();
  CUAD_GRAD(CUAD_LAUNCH(merton_paths_pushforward_1_2_3_4_9, 2, 64, states.ptr, ds.ptr, dv.ptr,
                        dj.ptr, dsd.ptr, lambda, T, n_steps, n_paths, dm.ptr, ts.ptr, tv.ptr,
                        tj.ptr, tsd.ptr, tm.ptr));
  check.array("moments", tm.get(), directional_fd<float>(outputs_at));
#endif
  return check.finish();
}
