#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Inputs keep every trip count away from a change under the finite-difference steps.
int main() {
  Checker check("float_counter_loops");
  const int n = 8;
#if CUAD_OUTPUT == 1 || CUAD_OUTPUT == 3
  std::vector<double> x = {0.5, -1.2, 0.8, 1.1, -0.3, 0.9, 2.0, -0.7};
  std::vector<double> T = {3.3, 2.7, 0.6, 1.45, 4.25, 3.75, 2.15, 1.05};
  std::vector<double> vx = {0.3, -0.2, 0.7, 0.1, -0.5, 0.4, -0.6, 0.2};
  std::vector<double> vT = {-0.4, 0.6, 0.2, -0.1, 0.5, -0.3, 0.8, 0.9};
  std::vector<double> out0(n, 0.0);
#if CUAD_OUTPUT == 1
  std::vector<double> w = {1, 2, 3, 4, 5, 6, 7, 8};
  auto loss = [&] {
    DeviceArray<double> dx(x), dT(T), dout(out0);
    CUAD_LAUNCH(k, 1, 8, dx.ptr, dT.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<double> dx(x), dT(T), dout(out0), ax(n, 0.0), aT(n, 0.0), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k_grad_0_1_2, 1, 8, dx.ptr, dT.ptr, dout.ptr, n, ax.ptr, aT.ptr,
                        aout.ptr));
  check.array("x", ax.get(), fd(x, loss));
  check.array("T", aT.get(), fd(T, loss));
  check.array("out (only written)", aout.get(), std::vector<double>(n, 0.0));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<double> dx(along(x, t, vx)), dT(along(T, t, vT)), dout(out0);
    CUAD_LAUNCH(k, 1, 8, dx.ptr, dT.ptr, dout.ptr, n);
    return dout.get();
  };
  DeviceArray<double> dx(x), dT(T), dout(out0), d_x(vx), d_T(vT), d_out(out0);
  CUAD_GRAD(CUAD_LAUNCH(k_pushforward, 1, 8, dx.ptr, dT.ptr, dout.ptr, n, d_x.ptr, d_T.ptr,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<double>(outputs_at));
#endif
#else
  std::vector<float> a = {1.05f, 2.3f, 0.45f, 1.6f, 3.1f, 0.1f, 2.85f, 1.3f};
  std::vector<float> b = {0.4f, -1.3f, 2.6f, 1.75f, 0.1f, -0.45f, 2.2f, 1.15f};
  std::vector<float> va = {0.5f, -0.3f, 0.2f, 0.7f, -0.6f, 0.4f, 0.1f, -0.2f};
  std::vector<float> vb = {-0.2f, 0.6f, 0.3f, -0.5f, 0.8f, 0.1f, -0.4f, 0.9f};
  std::vector<float> out0(n, 0.0f);
#if CUAD_OUTPUT == 2
  std::vector<float> w = {1, -2, 3, 0.5f, 2, -1, 1.5f, 0.25f};
  auto loss = [&] {
    DeviceArray<float> da(a), db(b), dout(out0);
    CUAD_LAUNCH(k2, 1, 8, da.ptr, db.ptr, dout.ptr, n);
    return dot(w, dout.get());
  };
  DeviceArray<float> da(a), db(b), dout(out0), aa(n, 0.0f), ab(n, 0.0f), aout(w);
  CUAD_GRAD(CUAD_LAUNCH(k2_grad_0_1_2, 1, 8, da.ptr, db.ptr, dout.ptr, n, aa.ptr, ab.ptr,
                        aout.ptr));
  check.array("a", aa.get(), fd(a, loss));
  check.array("b", ab.get(), fd(b, loss));
  check.array("out (only written)", aout.get(), std::vector<double>(n, 0.0));
#else
  auto outputs_at = [&](double t) {
    DeviceArray<float> da(along(a, t, va)), db(along(b, t, vb)), dout(out0);
    CUAD_LAUNCH(k2, 1, 8, da.ptr, db.ptr, dout.ptr, n);
    return as_doubles(dout.get());
  };
  DeviceArray<float> da(a), db(b), dout(out0), d_a(va), d_b(vb), d_out(out0);
  CUAD_GRAD(CUAD_LAUNCH(k2_pushforward, 1, 8, da.ptr, db.ptr, dout.ptr, n, d_a.ptr, d_b.ptr,
                        d_out.ptr));
  check.array("out", d_out.get(), directional_fd<float>(outputs_at));
#endif
#endif
  return check.finish();
}
