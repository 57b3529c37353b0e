#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

#if CUAD_OUTPUT == 1
#define PRIMAL redo
#define GRAD redo_grad_0_1_2
#elif CUAD_OUTPUT == 2
#define PRIMAL carried
#define GRAD carried_grad_0_1_2
#else
#define PRIMAL restored
#define GRAD restored_grad_0_1_2
#endif

static void check_kernel(Checker& check, int reps) {
  const int n = 90;
  Rng rng(37 + reps);
  std::vector<double> a = rng.vec(n, -1.2, 1.2), b = rng.vec(n, -1.0, 1.0), out = rng.vec(n),
                      w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_a(a), d_b(b);
    CUAD_LAUNCH(PRIMAL, 2, 64, d_out.ptr, d_a.ptr, d_b.ptr, reps, n);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_a(a), d_b(b), a_out(w), a_a(zeros<double>(n)),
      a_b(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH(GRAD, 2, 64, d_out.ptr, d_a.ptr, d_b.ptr, reps, n, a_out.ptr, a_a.ptr,
                        a_b.ptr));
  const std::string r = std::to_string(reps);
  check.array("a reps=" + r, a_a.get(), fd(a, loss));
  check.array("b reps=" + r, a_b.get(), fd(b, loss));
  check.array("out reps=" + r, a_out.get(), fd(out, loss));
}

int main() {
  Checker check(CUAD_OUTPUT == 1   ? "rep_last_iteration redo"
                : CUAD_OUTPUT == 2 ? "rep_last_iteration carried"
                                   : "rep_last_iteration restored");
  for (int reps : {0, 1, 3}) check_kernel(check, reps);
  return check.finish();
}
