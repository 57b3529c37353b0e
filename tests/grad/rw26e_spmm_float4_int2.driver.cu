#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 27 nodes (one block of 32), 0..6 incoming edges each.
int main() {
  Checker check("rw26e_spmm_float4_int2");
  Rng rng(26527);
  const int n = 27;
  std::vector<int> off = {0}, ed;  // ed: pairs (src, dst)
  for (int v = 0; v < n; ++v) {
    const int deg = (v * 5) % 7;
    for (int k = 0; k < deg; ++k) {
      ed.push_back((v * 3 + k * 8 + 1) % n);
      ed.push_back(v);
    }
    off.push_back((int)ed.size() / 2);
  }
  const int m = off.back();
  std::vector<float> ew = rng.vec<float>(m, 0.2, 1.5), h = rng.vec<float>(4 * n);
  DeviceArray<int> doff(off), ded(ed);
  const int2* e2 = reinterpret_cast<const int2*>(ded.ptr);
  auto run = [&](const std::vector<float>& a, const std::vector<float>& b) {
    DeviceArray<float> dw(a), dh(b), dout(zeros<float>(4 * n));
    CUAD_LAUNCH(spmm_vec4, 1, 32, n, doff.ptr, e2, dw.ptr, dh.ptr, dout.ptr);
    return dout.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(4 * n);
  auto loss = [&] { return dot(w, run(ew, h)); };
  DeviceArray<float> dw(ew), dh(h), dout(zeros<float>(4 * n)), gw(zeros<float>(m)), gh(zeros<float>(4 * n)), gout(w);
  CUAD_GRAD(CUAD_LAUNCH(spmm_vec4_grad_3_4_5, 1, 32, n, doff.ptr, e2, dw.ptr, dh.ptr, dout.ptr, gw.ptr, gh.ptr,
                        gout.ptr));
  check.array("ew", gw.get(), fd(ew, loss));
  check.array("h", gh.get(), fd(h, loss));
  check.array("out", gout.get(), zeros<double>(4 * n));
#else
  const std::vector<float> vw = rng.vec<float>(m), vh = rng.vec<float>(4 * n);
  auto outputs_at = [&](double t) { return as_doubles(run(along(ew, t, vw), along(h, t, vh))); };
  DeviceArray<float> dw(ew), dh(h), dout(zeros<float>(4 * n)), tw(vw), th(vh), tout(zeros<float>(4 * n));
  CUAD_GRAD(CUAD_LAUNCH(spmm_vec4_pushforward, 1, 32, n, doff.ptr, e2, dw.ptr, dh.ptr, dout.ptr, tw.ptr, th.ptr,
                        tout.ptr));
  check.array("out tangent", as_doubles(tout.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("out value", dout.get(), as_doubles(run(ew, h)));
#endif
#endif
  return check.finish();
}
