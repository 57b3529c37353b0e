#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

int main() {
  Checker check("rw26c_contact_softmax");
  const int n_body = 3, np = PTS_PER_BODY, n_planes = 3;
  Rng rng(26601);
  std::vector<float> pose(7 * n_body), pts = rng.vec<float>(3 * n_body * np, -0.5, 0.5);
  for (int b = 0; b < n_body; ++b) {
    pose[7 * b] = (float)rng.uniform(0.8, 1.2);
    for (int k = 1; k < 4; ++k) pose[7 * b + k] = (float)rng.uniform(-0.4, 0.4);
    pose[7 * b + 4] = (float)rng.uniform(-0.5, 0.5);
    pose[7 * b + 5] = (float)rng.uniform(-0.5, 0.5);
    pose[7 * b + 6] = (float)rng.uniform(0.1, 0.4);
  }
  // ground z >= 0 and two tilted ramps
  std::vector<float> planes = {0.0f, 0.0f, 1.0f, 0.0f, 0.3f, 0.0f, 0.954f, -0.05f, -0.2f, 0.25f, 0.947f, 0.02f};
  const float stiffness = 2.0f;
  auto run = [&](const std::vector<float>& pv, const std::vector<float>& ptv, const std::vector<float>& plv) {
    DeviceArray<float> d_pose(pv), d_pts(ptv), d_pl(plv), d_w(zeros<float>(6 * n_body)), d_e(zeros<float>(1));
    CUAD_LAUNCH(contact_wrench, n_body, np, reinterpret_cast<Pose*>(d_pose.ptr), d_pts.ptr,
                reinterpret_cast<Plane*>(d_pl.ptr), n_planes, stiffness, d_w.ptr, d_e.ptr);
    std::vector<float> out = d_w.get();
    out.push_back(d_e.get()[0]);
    return as_doubles(out);
  };
  const Tol tol{5e-3, 2e-2};
#if CUAD_OUTPUT == 1
  std::vector<float> w = rng.vec<float>(6 * n_body + 1);
  auto loss = [&] { return dot(w, run(pose, pts, planes)); };
  DeviceArray<float> d_pose(pose), d_pts(pts), d_pl(planes), d_w(zeros<float>(6 * n_body)), d_e(zeros<float>(1));
  DeviceArray<float> g_pose(zeros<float>(pose.size())), g_pts(zeros<float>(pts.size())),
      g_pl(zeros<float>(planes.size())), g_w(std::vector<float>(w.begin(), w.end() - 1)),
      g_e(std::vector<float>{w.back()});
  CUAD_GRAD(CUAD_LAUNCH(contact_wrench_grad_0_1_2_5_6, n_body, np, reinterpret_cast<Pose*>(d_pose.ptr), d_pts.ptr,
                        reinterpret_cast<Plane*>(d_pl.ptr), n_planes, stiffness, d_w.ptr, d_e.ptr,
                        reinterpret_cast<Pose*>(g_pose.ptr), g_pts.ptr, reinterpret_cast<Plane*>(g_pl.ptr), g_w.ptr,
                        g_e.ptr));
  check.array("pose", g_pose.get(), fd(pose, loss), tol);
  check.array("body_pts", g_pts.get(), fd(pts, loss), tol);
  check.array("planes", g_pl.get(), fd(planes, loss), tol);
  check.array("wrench", g_w.get(), zeros<double>(6 * n_body));
  // energy is only added into: its adjoint stays the seed
  check.array("energy", g_e.get(), std::vector<double>{w.back()}, tol);
#else
  std::vector<float> vp = rng.vec<float>(pose.size(), -0.3, 0.3), vpt = rng.vec<float>(pts.size(), -0.3, 0.3),
                     vpl = rng.vec<float>(planes.size(), -0.1, 0.1);
  auto outputs_at = [&](double t) { return run(along(pose, t, vp), along(pts, t, vpt), along(planes, t, vpl)); };
  DeviceArray<float> d_pose(pose), d_pts(pts), d_pl(planes), d_w(zeros<float>(6 * n_body)), d_e(zeros<float>(1));
  DeviceArray<float> t_pose(vp), t_pts(vpt), t_pl(vpl), t_w(zeros<float>(6 * n_body)), t_e(zeros<float>(1));
  CUAD_GRAD(CUAD_LAUNCH(contact_wrench_pushforward_0_1_2_5_6, n_body, np, reinterpret_cast<Pose*>(d_pose.ptr),
                        d_pts.ptr, reinterpret_cast<Plane*>(d_pl.ptr), n_planes, stiffness, d_w.ptr, d_e.ptr,
                        reinterpret_cast<Pose*>(t_pose.ptr), t_pts.ptr, reinterpret_cast<Plane*>(t_pl.ptr), t_w.ptr,
                        t_e.ptr));
  std::vector<float> got = t_w.get();
  got.push_back(t_e.get()[0]);
  check.array("wrench+energy tangent", as_doubles(got), directional_fd<float>(outputs_at), tol);
#endif
  return check.finish();
}
