#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw8_adam_hyper");
  const long n = 300;
  const int step = 5;
  Rng rng(3030);
  std::vector<double> param = rng.vec(n), grad = rng.vec(n), m = rng.vec(n, -0.1, 0.1),
                      v = rng.vec(n, 0.01, 0.2);
  // lr, beta1, beta2, eps, weight decay
  std::vector<double> hyper = {0.01, 0.9, 0.99, 1e-3, 0.05};
  for (int rmsprop = 0; rmsprop < 2; ++rmsprop) {
    const std::string tag = rmsprop ? "rmsprop " : "adamw ";
#if CUAD_OUTPUT == 1
    const std::vector<double> wp = rng.vec(n), wm = rng.vec(n), wv = rng.vec(n);
    auto loss = [&] {
      DeviceArray<double> dp(param), dg(grad), dm(m), dv(v), dh(hyper);
      CUAD_LAUNCH(adamw_step, 2, 64, dp.ptr, dg.ptr, dm.ptr, dv.ptr, dh.ptr, step, rmsprop, n);
      return dot(wp, dp.get()) + dot(wm, dm.get()) + dot(wv, dv.get());
    };
    DeviceArray<double> dp(param), dg(grad), dm(m), dv(v), dh(hyper), ap(wp), ag(zeros<double>(n)),
        am(wm), av(wv), ah(zeros<double>(5));
    CUAD_GRAD(CUAD_LAUNCH(adamw_step_grad_0_1_2_3_4, 2, 64, dp.ptr, dg.ptr, dm.ptr, dv.ptr, dh.ptr,
                          step, rmsprop, n, ap.ptr, ag.ptr, am.ptr, av.ptr, ah.ptr));
    check.array(tag + "hyper", ah.get(), fd(hyper, loss));
    check.array(tag + "param", ap.get(), fd(param, loss));
    check.array(tag + "grad", ag.get(), fd(grad, loss));
    check.array(tag + "m", am.get(), fd(m, loss));
    check.array(tag + "v", av.get(), fd(v, loss));
#else
    const std::vector<double> vp = rng.vec(n), vg = rng.vec(n), vm = rng.vec(n),
                              vv = rng.vec(n, -0.01, 0.01), vh = {0.003, -0.02, 0.005, 1e-4, 0.02};
    auto outputs_at = [&](double t) {
      DeviceArray<double> dp(along(param, t, vp)), dg(along(grad, t, vg)), dm(along(m, t, vm)),
          dv(along(v, t, vv)), dh(along(hyper, t, vh));
      CUAD_LAUNCH(adamw_step, 2, 64, dp.ptr, dg.ptr, dm.ptr, dv.ptr, dh.ptr, step, rmsprop, n);
      std::vector<double> all = dp.get(), mm = dm.get(), vvv = dv.get();
      all.insert(all.end(), mm.begin(), mm.end());
      all.insert(all.end(), vvv.begin(), vvv.end());
      return all;
    };
    DeviceArray<double> dp(param), dg(grad), dm(m), dv(v), dh(hyper), tp(vp), tg(vg), tm(vm),
        tv(vv), th(vh);
    CUAD_GRAD(CUAD_LAUNCH(adamw_step_pushforward, 2, 64, dp.ptr, dg.ptr, dm.ptr, dv.ptr,
                          dh.ptr, step, rmsprop, n, tp.ptr, tg.ptr, tm.ptr, tv.ptr, th.ptr));
    std::vector<double> tangents = tp.get(), t_m = tm.get(), t_v = tv.get();
    tangents.insert(tangents.end(), t_m.begin(), t_m.end());
    tangents.insert(tangents.end(), t_v.begin(), t_v.end());
    check.array(tag + "param, m, v", tangents, directional_fd<double>(outputs_at));
#endif
  }
  return check.finish();
}
