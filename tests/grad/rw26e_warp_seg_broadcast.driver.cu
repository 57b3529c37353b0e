#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// Segments of 1..9 edges packed into 32-slot warps, padding (-1) at warp ends; 4 warps in
// 2 blocks of 64. The last segment of a warp that is not padded ends at lane 31.
int main() {
  Checker check("rw26e_warp_seg_broadcast");
  Rng rng(26512);
  const int nwarps = 4, n_slots = 32 * nwarps;
  std::vector<int> dst(n_slots, -1);
  int node = 0;
  for (int wp = 0; wp < nwarps; ++wp) {
    int lane = 0;
    for (int s = 0;; ++s) {
      const int len = 1 + (node * 5 + s) % 9;
      if (lane + len > 32) break;
      for (int k = 0; k < len; ++k) dst[wp * 32 + lane + k] = node;
      lane += len;
      ++node;
      if (lane == 32) break;
    }
    if (wp == 1) {  // fill warp 1 completely: its last segment ends at lane 31
      while (lane < 32) dst[wp * 32 + lane++] = node;
      ++node;
    }
  }
  const int nn = node;
  std::vector<float> x = rng.vec<float>(n_slots, -1.0, 1.0), bias = rng.vec<float>(nn, -0.5, 0.5);
  auto run = [&](const std::vector<float>& xx, const std::vector<float>& bb) {
    DeviceArray<int> dd(dst);
    DeviceArray<float> dx(xx), db(bb), dy(zeros<float>(n_slots));
    CUAD_LAUNCH(warp_segment_normalize, 2, 64, n_slots, dd.ptr, dx.ptr, db.ptr, dy.ptr);
    return dy.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(n_slots);
  auto loss = [&] { return dot(w, run(x, bias)); };
  DeviceArray<int> dd(dst);
  DeviceArray<float> dx(x), db(bias), dy(zeros<float>(n_slots)), gx(zeros<float>(n_slots)), gb(zeros<float>(nn)),
      gy(w);
  CUAD_GRAD(CUAD_LAUNCH(warp_segment_normalize_grad_2_3_4, 2, 64, n_slots, dd.ptr, dx.ptr, db.ptr, dy.ptr, gx.ptr,
                        gb.ptr, gy.ptr));
  check.array("x", gx.get(), fd(x, loss));
  check.array("bias", gb.get(), fd(bias, loss));
  std::vector<double> gy_expect(n_slots, 0.0);
  for (int i = 0; i < n_slots; ++i)
    if (dst[i] < 0) gy_expect[i] = w[i];  // never written: the seed stays
  check.array("y", gy.get(), gy_expect);
#else
  const std::vector<float> vx = rng.vec<float>(n_slots), vb = rng.vec<float>(nn);
  auto outputs_at = [&](double t) { return as_doubles(run(along(x, t, vx), along(bias, t, vb))); };
  DeviceArray<int> dd(dst);
  DeviceArray<float> dx(x), db(bias), dy(zeros<float>(n_slots)), tx(vx), tb(vb), ty(zeros<float>(n_slots));
  CUAD_GRAD(CUAD_LAUNCH(warp_segment_normalize_pushforward, 2, 64, n_slots, dd.ptr, dx.ptr, db.ptr, dy.ptr, tx.ptr,
                        tb.ptr, ty.ptr));
  check.array("y tangent", as_doubles(ty.get()), directional_fd<float>(outputs_at), default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("y value", dy.get(), as_doubles(run(x, bias)));
#endif
#endif
  return check.finish();
}
