#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
using T = double;
constexpr int IN = 3, HID = 5, OUT = 2;
#else
using T = float;
constexpr int IN = 2, HID = 4, OUT = 3;
#endif

int main() {
  Checker check("rw22b_mlp_fixed");
  const int n = 40;
  Rng rng(22006);
  std::vector<T> W1 = rng.vec<T>(HID * IN), b1 = rng.vec<T>(HID), W2 = rng.vec<T>(OUT * HID),
                 b2 = rng.vec<T>(OUT), x = rng.vec<T>(IN * n, -1.5, 1.5), y = rng.vec<T>(OUT * n),
                 w = rng.vec<T>(OUT * n);
  auto run = [&](const std::vector<T>& w1, const std::vector<T>& c1, const std::vector<T>& w2,
                 const std::vector<T>& c2, const std::vector<T>& xv) {
    DeviceArray<T> a(w1), b(c1), c(w2), d(c2), e(xv), f(y);
    CUAD_LAUNCH((mlp_forward<T, IN, HID, OUT>), 2, 32, a.ptr, b.ptr, c.ptr, d.ptr, e.ptr, f.ptr, n);
    return f.get();
  };
  DeviceArray<T> dW1(W1), db1(b1), dW2(W2), db2(b2), dx(x), dy(y);
#if CUAD_OUTPUT == 1
  auto loss = [&] { return dot(w, run(W1, b1, W2, b2, x)); };
  DeviceArray<T> aW1(zeros<T>(HID * IN)), ab1(zeros<T>(HID)), aW2(zeros<T>(OUT * HID)),
      ab2(zeros<T>(OUT)), ax(zeros<T>(IN * n)), ay(w);
  CUAD_GRAD(CUAD_LAUNCH((mlp_forward_grad_0_1_2_3_4_5<T, IN, HID, OUT>), 2, 32, dW1.ptr, db1.ptr,
                        dW2.ptr, db2.ptr, dx.ptr, dy.ptr, n, aW1.ptr, ab1.ptr, aW2.ptr, ab2.ptr,
                        ax.ptr, ay.ptr));
  check.array("W1", aW1.get(), fd(W1, loss));
  check.array("b1", ab1.get(), fd(b1, loss));
  check.array("W2", aW2.get(), fd(W2, loss));
  check.array("b2", ab2.get(), fd(b2, loss));
  check.array("x", ax.get(), fd(x, loss));
  check.array("y (only written)", ay.get(), std::vector<double>(OUT * n, 0.0));
#else
  std::vector<T> v1 = rng.vec<T>(HID * IN), vb1 = rng.vec<T>(HID), v2 = rng.vec<T>(OUT * HID),
                 vb2 = rng.vec<T>(OUT), vx = rng.vec<T>(IN * n);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(W1, t, v1), along(b1, t, vb1), along(W2, t, v2),
                          along(b2, t, vb2), along(x, t, vx)));
  };
  DeviceArray<T> tW1(v1), tb1(vb1), tW2(v2), tb2(vb2), tx(vx), ty(zeros<T>(OUT * n));
  CUAD_GRAD(CUAD_LAUNCH((mlp_forward_pushforward<T, IN, HID, OUT>), 2, 32, dW1.ptr, db1.ptr,
                        dW2.ptr, db2.ptr, dx.ptr, dy.ptr, n, tW1.ptr, tb1.ptr, tW2.ptr, tb2.ptr,
                        tx.ptr, ty.ptr));
  check.array("y", as_doubles(ty.get()), directional_fd<T>(outputs_at), default_tol<T>());
#endif
  return check.finish();
}
