#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw23b_cloth_springs");
  Rng rng(23205);
  const int NX = 5, NZ = 5, n = NX * NZ, steps = 4;
  const float dx = 0.25f, dt = 0.01f;
  std::vector<float> x(3 * n), v = rng.vec<float>(3 * n, -0.2, 0.2), mass(n);
  std::vector<int> pinned(n, 0);
  for (int iz = 0; iz < NZ; ++iz)
    for (int ix = 0; ix < NX; ++ix) {
      const int i = iz * NX + ix;
      x[3 * i] = ix * dx + (float)rng.uniform(-0.02, 0.02);
      x[3 * i + 1] = 1.0f + (float)rng.uniform(-0.02, 0.02);
      x[3 * i + 2] = iz * dx + (float)rng.uniform(-0.02, 0.02);
      mass[i] = (float)rng.uniform(0.08, 0.12);
      pinned[i] = iz == 0;
    }
  std::vector<Spring> springs;
  auto add = [&](int a, int b, float rest) {
    Spring s;
    s.a = a;
    s.b = b;
    s.rest = rest * (float)rng.uniform(0.9, 1.1);
    s.k = (float)rng.uniform(3.0, 6.0);
    springs.push_back(s);
  };
  for (int iz = 0; iz < NZ; ++iz)
    for (int ix = 0; ix < NX; ++ix) {
      const int i = iz * NX + ix;
      if (ix + 1 < NX) add(i, i + 1, dx);
      if (iz + 1 < NZ) add(i, i + NX, dx);
      if (ix + 1 < NX && iz + 1 < NZ) add(i, i + NX + 1, dx * 1.41421356f);
      if (ix > 0 && iz + 1 < NZ) add(i, i + NX - 1, dx * 1.41421356f);
    }
  const int ns = (int)springs.size();
  std::vector<float> sprm(2 * ns);  // rest, k per spring, for the finite differences
  for (int s = 0; s < ns; ++s) {
    sprm[2 * s] = springs[s].rest;
    sprm[2 * s + 1] = springs[s].k;
  }
  auto to_springs = [&](const std::vector<float>& p) {
    std::vector<Spring> r = springs;
    for (int s = 0; s < ns; ++s) {
      r[s].rest = p[2 * s];
      r[s].k = p[2 * s + 1];
    }
    return r;
  };
  auto V = [](std::vector<float>& a) { return reinterpret_cast<V3*>(a.data()); };
  const std::vector<float> wx = rng.vec<float>(3 * n), wv = rng.vec<float>(3 * n);
  auto loss = [&] {
    std::vector<float> xc = x, vc = v;
    const std::vector<Spring> sp = to_springs(sprm);
    simulate_cloth(V(xc), V(vc), sp.data(), mass.data(), pinned.data(), n, ns, dt, steps);
    return dot(wx, xc) + dot(wv, vc);
  };
  std::vector<float> xc = x, vc = v, gx = wx, gv = wv;
  std::vector<Spring> gs = springs;
  for (auto& s : gs) s.rest = s.k = 0.0f;
  CUAD_GRAD(simulate_cloth_grad_0_1_2(V(xc), V(vc), springs.data(), mass.data(), pinned.data(), n, ns, dt,
                                      steps, V(gx), V(gv), gs.data()));
  std::vector<float> gsp(2 * ns);
  for (int s = 0; s < ns; ++s) {
    gsp[2 * s] = gs[s].rest;
    gsp[2 * s + 1] = gs[s].k;
  }
  check.array("x", gx, fd(x, loss));
  check.array("v", gv, fd(v, loss));
  check.array("springs (rest, k)", gsp, fd(sprm, loss));
  return check.finish();
}
