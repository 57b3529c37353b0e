#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int kFields = sizeof(Body) / sizeof(double);  // 13

// The body update on the host, reporting the smallest |height| of a point at a contact test.
static double clearance(Body B, const std::vector<Vec>& pts, double kc, double cdamp, double mass, double inertia,
                        double dt, int steps, int* contacts) {
  double m = 1e9;
  for (int s = 0; s < steps; ++s) {
    Vec F = vec(0.0, -9.81 * mass, 0.0), tau = vec(0.0, 0.0, 0.0);
    for (const Vec& lp : pts) {
      const Vec r = rotate(B.q, lp);
      const Vec x = B.com + r;
      m = std::fmin(m, std::fabs(x.y));
      if (x.y < 0.0) {
        ++*contacts;
        const Vec vp = B.vel + cross(B.omega, r);
        const Vec f = vec(0.0, -kc * x.y - cdamp * vp.y, 0.0);
        F = F + f;
        tau = tau + cross(r, f);
      }
    }
    B.vel = B.vel + (dt / mass) * F;
    B.omega = B.omega + (dt / inertia) * tau;
    B.com = B.com + dt * B.vel;
    Quat om;
    om.w = 0.0;
    om.x = B.omega.x;
    om.y = B.omega.y;
    om.z = B.omega.z;
    B.q += (om * B.q).scaled(0.5 * dt);
    const double nrm = std::sqrt(B.q.w * B.q.w + B.q.x * B.q.x + B.q.y * B.q.y + B.q.z * B.q.z);
    B.q = B.q.scaled(1.0 / nrm);
  }
  return m;
}

int main() {
  Checker check("rw23b_rigid_quat_contact");
  // Gradients whose tapes spill to device malloc: compute-sanitizer's instrumented malloc needs
  // more stack than the gradient's tape frame leaves (README: per-thread tapes).
  check_cuda(cudaDeviceSetLimit(cudaLimitStackSize, 32 * 1024), "cudaDeviceSetLimit");
  Rng rng(23210);
  const int nb = 12, npts = 4, steps = 50;
  const double cdamp = 2.0, mass = 1.0, inertia = 0.02, dt = 0.002;
  double kc = 2000.0;
  std::vector<Vec> pts = {vec(0.1, 0.0, 0.0), vec(-0.05, 0.08, 0.0), vec(-0.05, -0.04, 0.07),
                          vec(-0.05, -0.04, -0.07)};
  std::vector<Body> bodies(nb);
  int contacts = 0;
  for (int b = 0; b < nb; ++b) {
    for (int tries = 0;; ++tries) {
      Body& B = bodies[b];
      B.com = vec(0.3 * b, rng.uniform(0.12, 0.16), 0.0);
      B.vel = vec(rng.uniform(-0.3, 0.3), rng.uniform(-1.2, -0.6), rng.uniform(-0.3, 0.3));
      double qq[4] = {1.0, rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)};
      const double nq = std::sqrt(qq[0] * qq[0] + qq[1] * qq[1] + qq[2] * qq[2] + qq[3] * qq[3]);
      B.q.w = qq[0] / nq, B.q.x = qq[1] / nq, B.q.y = qq[2] / nq, B.q.z = qq[3] / nq;
      B.omega = vec(rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3));
      int c = 0;
      if (clearance(B, pts, kc, cdamp, mass, inertia, dt, steps, &c) > 1e-4 || tries > 1000) {
        contacts += c;
        break;
      }
    }
  }
  std::printf("point contacts: %d\n", contacts);
  check.expect(contacts > 40, "bodies hit the floor");
  std::vector<double> bflat(nb * kFields), pflat(3 * npts);
  std::memcpy(bflat.data(), bodies.data(), bflat.size() * sizeof(double));
  std::memcpy(pflat.data(), pts.data(), pflat.size() * sizeof(double));
  double w0 = 0.1;
  auto run = [&](const std::vector<double>& bf, const std::vector<double>& pf, double k_, std::vector<double>& bout) {
    DeviceArray<double> d_b(bf), d_p(pf), d_w(std::vector<double>{w0});
    CUAD_LAUNCH(rigid_steps, 1, 32, reinterpret_cast<Body*>(d_b.ptr), reinterpret_cast<Vec*>(d_p.ptr), npts, nb,
                k_, cdamp, mass, inertia, dt, steps, d_w.ptr);
    bout = d_b.get();
    return d_w.get()[0];
  };
  const std::vector<double> wb = rng.vec(nb * kFields);
  const double ww = 0.7;
  auto loss = [&] {
    std::vector<double> bo;
    const double W = run(bflat, pflat, kc, bo);
    return dot(wb, bo) + ww * W;
  };
  DeviceArray<double> d_b(bflat), d_p(pflat), d_w(std::vector<double>{w0}), g_b(wb), g_p(zeros<double>(3 * npts)),
      g_w(std::vector<double>{ww});
  DeviceScalar<double> g_k;
  CUAD_GRAD(CUAD_LAUNCH(rigid_steps_grad_0_1_4_10, 1, 32, reinterpret_cast<Body*>(d_b.ptr),
                        reinterpret_cast<Vec*>(d_p.ptr), npts, nb, kc, cdamp, mass, inertia, dt, steps, d_w.ptr,
                        reinterpret_cast<Body*>(g_b.ptr), reinterpret_cast<Vec*>(g_p.ptr), g_k.ptr, g_w.ptr));
  check.array("bodies", g_b.get(), fd(bflat, loss));
  check.array("local_pts", g_p.get(), fd(pflat, loss));
  check.scalar("kc", g_k.value(), fd(kc, loss));
  check.scalar("work", g_w.get()[0], fd(w0, loss));
  return check.finish();
}
