#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static std::vector<double> flatv(const std::vector<Vec3>& v) {
  std::vector<double> o;
  for (const Vec3& p : v) o.insert(o.end(), {p.x, p.y, p.z});
  return o;
}
static std::vector<Vec3> unflatv(const std::vector<double>& o) {
  std::vector<Vec3> v(o.size() / 3);
  for (size_t i = 0; i < v.size(); ++i) v[i] = Vec3{o[3 * i], o[3 * i + 1], o[3 * i + 2]};
  return v;
}

int main() {
  Checker check("rw16v_fk_quat_chain");
  const int NJ = 6, n_poses = 45;  // grid-stride: 1 block of 32 threads, some do two poses
  Rng rng(16002);
  std::vector<double> angles = rng.vec(n_poses * NJ, -1.5, 1.5);
  std::vector<double> offs = {0.0, 0.0, 0.3,  0.25, 0.0, 0.0, 0.2, 0.05, 0.0,
                              0.0, 0.15, 0.1, 0.1, 0.0, 0.08, 0.0, 0.0, 0.06};
  std::vector<int> axis_of = {2, 1, 1, 0, 1, 2};
  Quat target{0.8, 0.2, -0.3, 0.469041575982343};
  DeviceArray<int> d_ax(axis_of);
  std::vector<Vec3> joints0(n_poses * (NJ + 1), Vec3{0.5, 0.5, 0.5});
  std::vector<double> err0(n_poses, 0.25);
  auto run = [&](const std::vector<double>& a, const std::vector<double>& o,
                 const std::vector<Vec3>& j0) {
    DeviceArray<double> d_a(a), d_e(err0);
    DeviceArray<Vec3> d_o(unflatv(o)), d_j(j0);
    CUAD_LAUNCH(fk_chain<6>, 1, 32, d_a.ptr, d_o.ptr, d_ax.ptr, target, n_poses, d_j.ptr, d_e.ptr);
    std::vector<double> out = flatv(d_j.get());
    std::vector<double> e = d_e.get();
    out.insert(out.end(), e.begin(), e.end());
    return out;
  };
  const size_t nout = 3 * joints0.size() + n_poses;
#if CUAD_OUTPUT == 1
  std::vector<double> w = rng.vec(nout);
  std::vector<double> joints_flat = flatv(joints0);
  auto loss = [&] { return dot(w, run(angles, offs, unflatv(joints_flat))); };
  DeviceArray<double> d_a(angles), d_e(err0), a_a(zeros<double>(angles.size())),
      a_e(std::vector<double>(w.begin() + 3 * joints0.size(), w.end()));
  DeviceArray<Vec3> d_o(unflatv(offs)), d_j(joints0), a_o(unflatv(zeros<double>(offs.size()))),
      a_j(unflatv(std::vector<double>(w.begin(), w.begin() + 3 * joints0.size())));
  // the name depends on which parameters cuad counts as differentiable: check the output
  CUAD_GRAD(CUAD_LAUNCH(fk_chain_grad_0_1_5_6<6>, 1, 32, d_a.ptr, d_o.ptr, d_ax.ptr, target,
                        n_poses, d_j.ptr, d_e.ptr, a_a.ptr, a_o.ptr, a_j.ptr, a_e.ptr));
  check.array("angles", a_a.get(), fd(angles, loss));
  check.array("offsets", flatv(a_o.get()), fd(offs, loss));
  check.array("joints", flatv(a_j.get()), zeros<double>(3 * joints0.size()));
  check.array("orient_err", a_e.get(), zeros<double>(n_poses));
#else
  std::vector<double> va = rng.vec(angles.size(), -0.5, 0.5), vo = rng.vec(offs.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(angles, t, va), along(offs, t, vo), joints0); };
  DeviceArray<double> d_a(angles), d_e(err0), t_a(va), t_e(err0);
  DeviceArray<Vec3> d_o(unflatv(offs)), d_j(joints0), t_o(unflatv(vo)), t_j(joints0);
  CUAD_GRAD(CUAD_LAUNCH(fk_chain_pushforward_0_1_5_6<6>, 1, 32, d_a.ptr, d_o.ptr, d_ax.ptr, target,
                        n_poses, d_j.ptr, d_e.ptr, t_a.ptr, t_o.ptr, t_j.ptr, t_e.ptr));
  std::vector<double> got = flatv(t_j.get());
  std::vector<double> te = t_e.get();
  got.insert(got.end(), te.begin(), te.end());
  check.array("joints+orient_err", got, directional_fd<double>(outputs_at));
#endif
  return check.finish();
}
