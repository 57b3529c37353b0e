#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw24f_bonds_switch_continue");
  Rng rng(24012);
  const int natoms = 14;
  // a chain with some cross links; each bond listed from both atoms with the same type/k/r0
  std::vector<std::vector<int>> nb(natoms);
  std::vector<std::pair<int, int>> bonds;
  for (int i = 0; i + 1 < natoms; ++i) bonds.push_back({i, i + 1});
  for (int i = 0; i + 3 < natoms; i += 3) bonds.push_back({i, i + 3});
  std::vector<int> btype_b, offsets(natoms + 1, 0), partner, btype;
  std::vector<float> r0_b, k_b, r0, kb;
  for (size_t q = 0; q < bonds.size(); ++q) {
    // chain bonds cycle through every type; cross links (longer than FENE's range) are
    // harmonic or Morse
    btype_b.push_back(bonds[q].second - bonds[q].first == 1 ? (int)(q % 4) : 1 + (int)(q % 2));
    r0_b.push_back((float)(rng.uniform(0.8, 1.2) * (bonds[q].second - bonds[q].first == 1 ? 1.0 : 2.5)));
    k_b.push_back((float)rng.uniform(0.5, 2.0));
  }
  std::vector<std::vector<int>> blist(natoms);
  for (size_t q = 0; q < bonds.size(); ++q) {
    blist[bonds[q].first].push_back((int)q);
    blist[bonds[q].second].push_back((int)q);
  }
  std::vector<int> bond_of;  // bond id of each list entry
  for (int i = 0; i < natoms; ++i) {
    for (int q : blist[i]) {
      partner.push_back(bonds[q].first == i ? bonds[q].second : bonds[q].first);
      btype.push_back(btype_b[q]);
      r0.push_back(r0_b[q]);
      kb.push_back(k_b[q]);
      bond_of.push_back(q);
    }
    offsets[i + 1] = (int)partner.size();
  }
  const int nent = (int)partner.size();
  // positions: a wiggly chain with unit spacing (FENE needs r < 2)
  std::vector<float> pos(3 * natoms);
  for (int i = 0; i < natoms; ++i) {
    pos[3 * i] = (float)(0.9 * i + rng.uniform(-0.1, 0.1));
    pos[3 * i + 1] = (float)(0.3 * std::sin(1.3 * i) + rng.uniform(-0.1, 0.1));
    pos[3 * i + 2] = (float)(rng.uniform(-0.2, 0.2));
  }
  std::vector<float> e0 = {0.1f}, f0 = rng.vec<float>(3 * natoms);
  auto as_v3 = [](DeviceArray<float>& a) { return reinterpret_cast<vec3*>(a.ptr); };
  auto run = [&](const std::vector<float>& p, const std::vector<float>& k, const std::vector<float>& e,
                 const std::vector<float>& f) {
    DeviceArray<float> d_p(p), d_r0(r0), d_k(k), d_e(e), d_f(f);
    DeviceArray<int> d_off(offsets), d_par(partner), d_bt(btype);
    CUAD_LAUNCH(bond_forces, 1, 16, as_v3(d_p), d_off.ptr, d_par.ptr, d_bt.ptr, d_r0.ptr, d_k.ptr, d_e.ptr,
                as_v3(d_f), natoms);
    std::vector<float> out = d_f.get();
    out.push_back(d_e.get()[0]);
    return out;
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * natoms + 1);
  auto loss = [&] { return dot(w, run(pos, kb, e0, f0)); };
  std::vector<float> wf(w.begin(), w.begin() + 3 * natoms), we = {w[3 * natoms]};
  DeviceArray<float> d_p(pos), d_r0(r0), d_k(kb), d_e(e0), d_f(f0), g_p(zeros<float>(3 * natoms)),
      g_k(zeros<float>(nent)), g_e(we), g_f(wf);
  DeviceArray<int> d_off(offsets), d_par(partner), d_bt(btype);
  CUAD_GRAD(CUAD_LAUNCH(bond_forces_grad_0_5_6_7, 1, 16, as_v3(d_p), d_off.ptr, d_par.ptr, d_bt.ptr, d_r0.ptr,
                        d_k.ptr, d_e.ptr, as_v3(d_f), natoms, as_v3(g_p), g_k.ptr, g_e.ptr, as_v3(g_f)));
  check.array("pos", g_p.get(), fd(pos, loss));
  check.array("k_bond", g_k.get(), fd(kb, loss));
  check.array("energy", g_e.get(), fd(e0, loss));
  check.array("force", g_f.get(), zeros<double>(3 * natoms));
#else
  const std::vector<float> vp = rng.vec<float>(3 * natoms), vk = rng.vec<float>(nent), ve = {0.5f},
                           vf = rng.vec<float>(3 * natoms);
  auto outputs_at = [&](double t) {
    return as_doubles(run(along(pos, t, vp), along(kb, t, vk), along(e0, t, ve), along(f0, t, vf)));
  };
  DeviceArray<float> d_p(pos), d_r0(r0), d_k(kb), d_e(e0), d_f(f0), t_p(vp), t_k(vk), t_e(ve), t_f(vf);
  DeviceArray<int> d_off(offsets), d_par(partner), d_bt(btype);
  CUAD_GRAD(CUAD_LAUNCH(bond_forces_pushforward_0_5_6_7, 1, 16, as_v3(d_p), d_off.ptr, d_par.ptr, d_bt.ptr,
                        d_r0.ptr, d_k.ptr, d_e.ptr, as_v3(d_f), natoms, as_v3(t_p), t_k.ptr, t_e.ptr, as_v3(t_f)));
  std::vector<float> tang = t_f.get();
  tang.push_back(t_e.get()[0]);
  check.array("tangent", as_doubles(tang), directional_fd<float>(outputs_at), default_tol<float>());
#endif
  return check.finish();
}
