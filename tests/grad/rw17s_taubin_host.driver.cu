#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw17s_taubin_host");
  // 40 vertices of a noisy ring-shaped strip (each vertex linked to its ring neighbours and a
  // few random chords, symmetric), random positive edge weights, vertices 0 and 21 pinned,
  // vertex 33 isolated (kept), 3 lambda|mu iterations (6 launches), 2 blocks of 32.
  const int nv = 40, iters = 3;
  Rng rng(17009);
  std::vector<std::vector<int>> nb(nv);
  auto link = [&](int a, int b) {
    if (a == b || a == 33 || b == 33) return;
    for (int v : nb[a])
      if (v == b) return;
    nb[a].push_back(b);
    nb[b].push_back(a);
  };
  for (int i = 0; i < nv; ++i) link(i, (i + 1) % nv), link(i, (i + 2) % nv);
  for (int k = 0; k < 15; ++k) link((int)rng.uniform(0, nv - 1e-9), (int)rng.uniform(0, nv - 1e-9));
  std::vector<int> ptr = {0}, adj;
  for (int i = 0; i < nv; ++i) {
    for (int v : nb[i]) adj.push_back(v);
    ptr.push_back((int)adj.size());
  }
  const int nnz = (int)adj.size();
  std::vector<unsigned char> pinned(nv, 0);
  pinned[0] = pinned[21] = 1;
  std::vector<double> pos = rng.vec(3 * nv), ew = rng.vec(nnz, 0.3, 1.5);
  double lambda = 0.5, mu = -0.53;
  const std::vector<double> wo = rng.vec(3 * nv);
  auto as_vec3 = [&](const std::vector<double>& v) {
    std::vector<Vec3> r(nv);
    for (int i = 0; i < nv; ++i) r[i] = Vec3{v[3 * i], v[3 * i + 1], v[3 * i + 2]};
    return r;
  };
  auto flat = [&](const std::vector<Vec3>& v) {
    std::vector<double> r(3 * nv);
    for (int i = 0; i < nv; ++i) r[3 * i] = v[i].x, r[3 * i + 1] = v[i].y, r[3 * i + 2] = v[i].z;
    return r;
  };
  auto loss = [&] {
    std::vector<Vec3> in = as_vec3(pos), out(nv);
    taubin_smooth(in.data(), out.data(), ptr.data(), adj.data(), ew.data(), pinned.data(), nv, nnz,
                  lambda, mu, iters);
    return dot(wo, flat(out));
  };
  std::vector<Vec3> in = as_vec3(pos), out(nv), gin = as_vec3(zeros<double>(3 * nv)),
                    gout = as_vec3(wo);
  std::vector<double> gw(nnz, 0.0);
  double gl = 0.0, gm = 0.0;
  CUAD_GRAD(taubin_smooth_grad_0_1_4_8_9(in.data(), out.data(), ptr.data(), adj.data(), ew.data(),
                                         pinned.data(), nv, nnz, lambda, mu, iters, gin.data(),
                                         gout.data(), gw.data(), &gl, &gm));
  check.array("pos_in", flat(gin), fd(pos, loss));
  check.array("edge_w", gw, fd(ew, loss));
  check.scalar("lambda", gl, fd(lambda, loss));
  check.scalar("mu", gm, fd(mu, loss));
  check.array("pos_out", flat(gout), std::vector<double>(3 * nv, 0.0));
  return check.finish();
}
