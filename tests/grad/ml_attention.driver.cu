#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("ml_attention");
  const int BH = 2, T = 6, D = 4, n = BH * T * D, threads = 8;
  const size_t bytes = 2 * T * D * sizeof(double);
  Rng rng(212);
  std::vector<double> q = rng.vec(n), k = rng.vec(n), v = rng.vec(n), out = rng.vec(n), w = rng.vec(n);
  auto loss = [&] {
    DeviceArray<double> d_out(out), d_q(q), d_k(k), d_v(v);
    CUAD_LAUNCH_SHARED(attn_fwd, BH, threads, bytes, d_out.ptr, d_q.ptr, d_k.ptr, d_v.ptr, T, D);
    return dot(w, d_out.get());
  };
  DeviceArray<double> d_out(out), d_q(q), d_k(k), d_v(v), a_out(w), a_q(zeros<double>(n)), a_k(zeros<double>(n)),
      a_v(zeros<double>(n));
  CUAD_GRAD(CUAD_LAUNCH_SHARED(attn_fwd_grad_0_1_2_3, BH, threads, 2 * bytes, d_out.ptr, d_q.ptr, d_k.ptr, d_v.ptr,
                               T, D, a_out.ptr, a_q.ptr, a_k.ptr, a_v.ptr));
  check.array("out", a_out.get(), fd(out, loss));
  check.array("q", a_q.get(), fd(q, loss));
  check.array("k", a_k.get(), fd(k, loss));
  check.array("v", a_v.get(), fd(v, loss));
  return check.finish();
}
