#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
using namespace cuad_test;

static std::vector<double> flat(const std::vector<Atom>& a) {
  std::vector<double> o;
  for (const Atom& t : a) o.insert(o.end(), {t.x.x, t.x.y, t.x.z, t.v.x, t.v.y, t.v.z, t.inv_m});
  return o;
}
static std::vector<Atom> unflat(const std::vector<double>& o) {
  std::vector<Atom> a(o.size() / 7);
  for (size_t i = 0; i < a.size(); ++i) {
    const double* p = &o[7 * i];
    a[i].x = make_double3(p[0], p[1], p[2]);
    a[i].v = make_double3(p[3], p[4], p[5]);
    a[i].inv_m = p[6];
  }
  return a;
}

int main() {
  Checker check("rw15p_fwd_verlet_bonds");
  const int n = 40;  // a chain of 40 beads: two blocks of 32, a partial last one
  const double dt = 0.05, r0[3] = {1.0, 1.2, 0.9};
  Rng rng(15081);
  // bonds i-(i+1) with type i % 3 (interior beads have two bonds)
  std::vector<std::pair<int, int>> pairs;
  std::vector<int> ptype;
  for (int i = 0; i + 1 < n; ++i) { pairs.push_back({i, i + 1}); ptype.push_back(i % 3); }
  std::vector<Atom> old(n);
  double3 p = make_double3(0.0, 0.0, 0.0);
  for (int i = 0; i < n; ++i) {
    if (i > 0) {
      double len = r0[ptype[i - 1]] + rng.uniform(-0.2, 0.2);
      double th = rng.uniform(0.0, 3.1), ph = rng.uniform(0.0, 6.2);
      p = make_double3(p.x + len * std::sin(th) * std::cos(ph), p.y + len * std::sin(th) * std::sin(ph),
                       p.z + len * std::cos(th));
    }
    old[i].x = p;
    old[i].v = make_double3(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(-1, 1));
    old[i].inv_m = rng.uniform(0.5, 1.5);
  }
  std::vector<int> off(n + 1, 0), bj, bt;
  for (int i = 0; i < n; ++i) {
    for (size_t b = 0; b < pairs.size(); ++b) {
      if (pairs[b].first == i) { bj.push_back(pairs[b].second); bt.push_back(ptype[b]); }
      if (pairs[b].second == i) { bj.push_back(pairs[b].first); bt.push_back(ptype[b]); }
    }
    off[i + 1] = (int)bj.size();
  }
  std::vector<Atom> cur = old;  // the state being kicked, a slightly moved copy
  for (auto& a : cur) { a.v.x += 0.1; a.x.y -= 0.05; }
  std::vector<double> kb = {5.0, 2.0, 3.5};
  DeviceArray<int> doff(off), dbj(bj), dbt(bt);
  std::vector<double> fold = flat(old), fcur = flat(cur);
#if CUAD_OUTPUT == 1
  std::vector<double> vold = rng.vec(fold.size(), -0.05, 0.05), vcur = rng.vec(fcur.size(), -0.05, 0.05),
                      vkb = {0.3, -0.2, 0.5};
  for (int i = 0; i < n; ++i) { vold[7 * i + 6] = 0.1 * vold[7 * i + 6]; }
  auto outputs_at = [&](double t) {
    DeviceArray<Atom> dold(unflat(along(fold, t, vold))), dcur(unflat(along(fcur, t, vcur)));
    DeviceArray<double> dk(along(kb, t, vkb));
    CUAD_LAUNCH(verlet_bonds, 2, 32, doff.ptr, dbj.ptr, dbt.ptr, dold.ptr, dcur.ptr, dk.ptr, dt, n);
    return flat(dcur.get());
  };
  DeviceArray<Atom> dold(old), dcur(cur), told(unflat(vold)), tcur(unflat(vcur));
  DeviceArray<double> dk(kb), tk(vkb);
  CUAD_GRAD(CUAD_LAUNCH(verlet_bonds_pushforward_3_4_5, 2, 32, doff.ptr, dbj.ptr, dbt.ptr, dold.ptr,
                        dcur.ptr, dk.ptr, dt, n, told.ptr, tcur.ptr, tk.ptr));
  check.array("atoms", flat(tcur.get()), directional_fd<double>(outputs_at));
#else
  std::vector<double> w = rng.vec(fcur.size());
  auto loss = [&] {
    DeviceArray<Atom> dold(unflat(fold)), dcur(unflat(fcur));
    DeviceArray<double> dk(kb);
    CUAD_LAUNCH(verlet_bonds, 2, 32, doff.ptr, dbj.ptr, dbt.ptr, dold.ptr, dcur.ptr, dk.ptr, dt, n);
    return dot(w, flat(dcur.get()));
  };
  DeviceArray<Atom> dold(old), dcur(cur), aold(unflat(zeros<double>(fold.size()))), acur(unflat(w));
  DeviceArray<double> dk(kb), ak(zeros<double>(3));
  CUAD_GRAD(CUAD_LAUNCH(verlet_bonds_grad_3_4_5, 2, 32, doff.ptr, dbj.ptr, dbt.ptr, dold.ptr,
                        dcur.ptr, dk.ptr, dt, n, aold.ptr, acur.ptr, ak.ptr));
  check.array("old", flat(aold.get()), fd(fold, loss));
  check.array("atoms", flat(acur.get()), fd(fcur, loss));
  check.array("kb", ak.get(), fd(kb, loss));
#endif
  return check.finish();
}
