#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

// 37 paths of lengths 1..12 (2 blocks of 32 threads, the second mostly idle).
int main() {
  Checker check("rw26e_path_laplacian_thomas");
  Rng rng(26508);
  const unsigned np = 37;
  std::vector<unsigned> off = {0};
  for (unsigned p = 0; p < np; ++p) off.push_back(off.back() + 1 + (p * 5) % MAXN);
  const unsigned nn = off.back(), ne = nn - np;
  std::vector<double> b = rng.vec(nn), ew = rng.vec(ne, 0.2, 2.0), lam = rng.vec(np, 0.1, 1.5);
  DeviceArray<unsigned> doff(off);
  PathBatch P{doff.ptr, np};
  auto run = [&](const std::vector<double>& bb, const std::vector<double>& ww, const std::vector<double>& ll) {
    DeviceArray<double> db(bb), dw(ww), dl(ll), dx(zeros<double>(nn));
    CUAD_LAUNCH(smooth_paths, 2, 32, P, db.ptr, dw.ptr, dl.ptr, dx.ptr);
    return dx.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<double> w = rng.vec(nn);
  auto loss = [&] { return dot(w, run(b, ew, lam)); };
  DeviceArray<double> db(b), dw(ew), dl(lam), dx(zeros<double>(nn)), gb(zeros<double>(nn)),
      gw(zeros<double>(ne)), gl(zeros<double>(np)), gx(w);
  CUAD_GRAD(CUAD_LAUNCH(smooth_paths_grad_1_2_3_4, 2, 32, P, db.ptr, dw.ptr, dl.ptr, dx.ptr, gb.ptr, gw.ptr,
                        gl.ptr, gx.ptr));
  check.array("b", gb.get(), fd(b, loss));
  check.array("edge_w", gw.get(), fd(ew, loss));
  check.array("lambda", gl.get(), fd(lam, loss));
  check.array("x", gx.get(), zeros<double>(nn));
#else
  const std::vector<double> vb = rng.vec(nn), vw = rng.vec(ne), vl = rng.vec(np);
  auto outputs_at = [&](double t) { return run(along(b, t, vb), along(ew, t, vw), along(lam, t, vl)); };
  DeviceArray<double> db(b), dw(ew), dl(lam), dx(zeros<double>(nn)), tb(vb), tw(vw), tl(vl),
      tx(zeros<double>(nn));
  CUAD_GRAD(CUAD_LAUNCH(smooth_paths_pushforward, 2, 32, P, db.ptr, dw.ptr, dl.ptr, dx.ptr, tb.ptr, tw.ptr,
                        tl.ptr, tx.ptr));
  check.array("x tangent", tx.get(), directional_fd<double>(outputs_at));
#if !defined(CUAD_SELFTEST)
  check.array("x value", dx.get(), run(b, ew, lam));
#endif
#endif
  return check.finish();
}
