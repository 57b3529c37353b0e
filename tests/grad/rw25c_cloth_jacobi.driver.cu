#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw25c_cloth_jacobi");
  Rng rng(25307);
  const int N = 5, nv = N * N;
  auto id = [&](int i, int j) { return i * N + j; };
  // structural and shear springs
  std::vector<std::pair<int, int>> springs;
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      if (i + 1 < N) springs.push_back({id(i, j), id(i + 1, j)});
      if (j + 1 < N) springs.push_back({id(i, j), id(i, j + 1)});
      if (i + 1 < N && j + 1 < N) springs.push_back({id(i, j), id(i + 1, j + 1)});
      if (i + 1 < N && j > 0) springs.push_back({id(i, j), id(i + 1, j - 1)});
    }
  const int ns = (int)springs.size();
  std::vector<std::vector<std::pair<int, int>>> adj(nv);
  for (int s = 0; s < ns; ++s) {
    adj[springs[s].first].push_back({springs[s].second, s});
    adj[springs[s].second].push_back({springs[s].first, s});
  }
  std::vector<int> off(nv + 1, 0), nbr, sid, pinned(nv, 0);
  for (int i = 0; i < nv; ++i) {
    for (auto& q : adj[i]) nbr.push_back(q.first), sid.push_back(q.second);
    off[i + 1] = (int)nbr.size();
  }
  pinned[id(0, 0)] = pinned[id(0, N - 1)] = 1;
  const double spacing = 0.2;
  std::vector<double> x(3 * nv), v = rng.vec(3 * nv, -0.3, 0.3), k(ns), rest(ns);
  for (int i = 0; i < N; ++i)
    for (int j = 0; j < N; ++j) {
      x[3 * id(i, j)] = j * spacing + rng.uniform(-0.02, 0.02);
      x[3 * id(i, j) + 1] = rng.uniform(-0.02, 0.02);
      x[3 * id(i, j) + 2] = i * spacing + rng.uniform(-0.02, 0.02);
    }
  for (int s = 0; s < ns; ++s) {
    const int a = springs[s].first, b = springs[s].second;
    double l2 = 0.0;
    for (int c = 0; c < 3; ++c) l2 += (x[3 * a + c] - x[3 * b + c]) * (x[3 * a + c] - x[3 * b + c]);
    rest[s] = std::sqrt(l2) * rng.uniform(0.95, 1.05);
    k[s] = rng.uniform(50.0, 150.0);
  }
  const double mass = 0.05, h = 0.02;
  const int iters = 6;
#if CUAD_OUTPUT == 1
  const std::vector<double> wx = rng.vec(3 * nv), wv = rng.vec(3 * nv);
  auto loss = [&] {
    std::vector<double> xo(3 * nv, 0.0), vo(3 * nv, 0.0);
    cloth_step(x.data(), v.data(), k.data(), rest.data(), off.data(), nbr.data(), sid.data(), pinned.data(), nv, ns,
               mass, h, iters, xo.data(), vo.data());
    return dot(wx, xo) + dot(wv, vo);
  };
  std::vector<double> xo(3 * nv, 0.0), vo(3 * nv, 0.0), gx(3 * nv, 0.0), gv(3 * nv, 0.0), gk(ns, 0.0),
      gr(ns, 0.0), gxo = wx, gvo = wv;
  CUAD_GRAD(cloth_step_grad_0_1_2_3_13_14(x.data(), v.data(), k.data(), rest.data(), off.data(), nbr.data(),
                                          sid.data(), pinned.data(), nv, ns, mass, h, iters, xo.data(), vo.data(),
                                          gx.data(), gv.data(), gk.data(), gr.data(), gxo.data(), gvo.data()));
  check.array("x", gx, fd(x, loss));
  check.array("v", gv, fd(v, loss));
  check.array("stiffness", gk, fd(k, loss));
  check.array("rest", gr, fd(rest, loss));
  check.array("x_out", gxo, zeros<double>(3 * nv));
  check.array("v_out", gvo, zeros<double>(3 * nv));
#else
  const std::vector<double> tx = rng.vec(3 * nv, -0.02, 0.02), tv = rng.vec(3 * nv), tk = rng.vec(ns, -5.0, 5.0),
                            tr = rng.vec(ns, -0.01, 0.01);
  auto outputs_at = [&](double t) {
    std::vector<double> xo(3 * nv, 0.0), vo(3 * nv, 0.0);
    cloth_step(along(x, t, tx).data(), along(v, t, tv).data(), along(k, t, tk).data(), along(rest, t, tr).data(),
               off.data(), nbr.data(), sid.data(), pinned.data(), nv, ns, mass, h, iters, xo.data(), vo.data());
    xo.insert(xo.end(), vo.begin(), vo.end());
    return xo;
  };
  std::vector<double> xo(3 * nv, 0.0), vo(3 * nv, 0.0), txo(3 * nv, 0.0), tvo(3 * nv, 0.0);
  CUAD_GRAD(cloth_step_pushforward_0_1_2_3_13_14(x.data(), v.data(), k.data(), rest.data(), off.data(), nbr.data(),
                                                 sid.data(), pinned.data(), nv, ns, mass, h, iters, xo.data(),
                                                 vo.data(), tx.data(), tv.data(), tk.data(), tr.data(), txo.data(),
                                                 tvo.data()));
  txo.insert(txo.end(), tvo.begin(), tvo.end());
  check.array("x_out, v_out tangent", txo, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
