#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23d_spmm_smem_tile");
  Rng rng(23006);
  constexpr int K = 16, TILE = 8;
  const int nr = 13, nc = 11;
  std::vector<int> rp = {0}, ci;
  for (int r = 0; r < nr; ++r) {
    const int len = (r == 5) ? 0 : (r % 4 == 1 ? 17 + r : 1 + (int)rng.uniform(0, 9));  // empty, multi-tile
    for (int q = 0; q < len; ++q) ci.push_back((int)rng.uniform(0, nc - 1e-9));
    rp.push_back((int)ci.size());
  }
  const int nnz = (int)ci.size();
  std::vector<float> vals(nnz), Bm = rng.vec<float>(nc * K), C = rng.vec<float>(nr * K);
  for (auto& v : vals) v = (float)(rng.uniform(0.2, 1.0) * (rng.uniform(0, 1) < 0.3 ? -1 : 1));
  const float beta = 0.5f;
  DeviceArray<int> d_rp(rp), d_ci(ci);
  const int grid = 5;  // grid-stride over rows
  auto run = [&](const std::vector<float>& v, const std::vector<float>& b, const std::vector<float>& c) {
    DeviceArray<float> dv(v), db(b), dc(c);
    CUAD_LAUNCH((spmm_csr_tiled<K, TILE>), grid, K, nr, d_rp.ptr, d_ci.ptr, dv.ptr, db.ptr, beta, dc.ptr);
    return dc.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(nr * K);
  auto loss = [&] { return dot(w, run(vals, Bm, C)); };
  DeviceArray<float> dv(vals), db(Bm), dc(C), gv(zeros<float>(nnz)), gb(zeros<float>(nc * K)), gc(w);
  CUAD_GRAD(CUAD_LAUNCH((spmm_csr_tiled_grad_3_4_6<K, TILE>), grid, K, nr, d_rp.ptr, d_ci.ptr, dv.ptr,
                        db.ptr, beta, dc.ptr, gv.ptr, gb.ptr, gc.ptr));
  check.array("vals", gv.get(), fd(vals, loss));
  check.array("B", gb.get(), fd(Bm, loss));
  check.array("C", gc.get(), fd(C, loss));
#else
  const std::vector<float> tv = rng.vec<float>(nnz), tb = rng.vec<float>(nc * K), tc = rng.vec<float>(nr * K);
  auto outputs_at = [&](double t) { return as_doubles(run(along(vals, t, tv), along(Bm, t, tb), along(C, t, tc))); };
  DeviceArray<float> dv(vals), db(Bm), dc(C), t_v(tv), t_b(tb), t_c(tc);
  CUAD_GRAD(CUAD_LAUNCH((spmm_csr_tiled_pushforward_3_4_6<K, TILE>), grid, K, nr, d_rp.ptr, d_ci.ptr,
                        dv.ptr, db.ptr, beta, dc.ptr, t_v.ptr, t_b.ptr, t_c.ptr));
  check.array("C tangent", as_doubles(t_c.get()), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
