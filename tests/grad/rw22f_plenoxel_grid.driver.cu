#include CUAD_GENERATED
#include "cuad_test.h"
using namespace cuad_test;

static const int R = RESO;

// The density at a sample, in double, for choosing inputs away from the kernel's branches.
static double sigma_at(const std::vector<float>& dens, double px, double py, double pz) {
  auto cl = [](double v) { return std::fmin(std::fmax(v, 0.0), R - 1.001); };
  px = cl(px), py = cl(py), pz = cl(pz);
  const int lx = (int)std::floor(px), ly = (int)std::floor(py), lz = (int)std::floor(pz);
  const double fx = px - lx, fy = py - ly, fz = pz - lz;
  double s = 0.0;
  for (int c = 0; c < 8; ++c) {
    const int dx = (c >> 2) & 1, dy = (c >> 1) & 1, dz = c & 1;
    s += (dx ? fx : 1 - fx) * (dy ? fy : 1 - fy) * (dz ? fz : 1 - fz) *
         dens[((lx + dx) * R + ly + dy) * R + lz + dz];
  }
  return s;
}

int main() {
  Checker check("rw22f_plenoxel_grid");
  Rng rng(22602);
  const int n_rays = 24, nv = R * R * R;
  RenderOptions opt{0.25f, 0.0f, 1e-4f, 0.8f, 16};
  std::vector<float> dens = rng.vec<float>(nv, -2.0, 3.0), sh = rng.vec<float>(nv * 3 * SH_DIM, -1.0, 1.0);
  // a dense slab (a "surface") behind x = 3 in the upper half of the grid
  for (int x = 3; x < R; ++x)
    for (int y = 2; y < R; ++y)
      for (int z = 0; z < R; ++z) dens[(x * R + y) * R + z] = (float)rng.uniform(8.0, 12.0);
  // Rays enter at x = 0 heading +x. A ray is redrawn until every sample's density is 0.03
  // away from the skip threshold and every transmittance test a factor e^0.5 away from the
  // stop threshold, so no branch moves under the finite differences.
  std::vector<float> org(3 * n_rays), dir(3 * n_rays), tn(n_rays);
  int stopped = 0, skipped = 0;
  for (int r = 0; r < n_rays; ++r) {
    for (int tries = 0;; ++tries) {
      double d[3] = {1.0, rng.uniform(-0.3, 0.3), rng.uniform(-0.3, 0.3)};
      const double n = std::sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
      for (int k = 0; k < 3; ++k) dir[3 * r + k] = (float)(d[k] / n);
      org[3 * r] = -1.0f;
      org[3 * r + 1] = (float)rng.uniform(0.8, 3.2);
      org[3 * r + 2] = (float)rng.uniform(0.8, 3.2);
      tn[r] = (float)(1.05 / dir[3 * r]);
      double T = 1.0, t = tn[r];
      bool ok = true, stop = false;
      int skip = 0;
      for (int s = 0; s < opt.n_steps && ok && !stop; ++s, t += opt.step_size) {
        const double sg = sigma_at(dens, org[3 * r] + t * dir[3 * r], org[3 * r + 1] + t * dir[3 * r + 1],
                                   org[3 * r + 2] + t * dir[3 * r + 2]);
        if (std::fabs(sg) < 0.03) ok = false;
        if (sg <= 0.0) {
          ++skip;
          continue;
        }
        T *= std::exp(-sg * opt.step_size);
        if (std::fabs(std::log(T / 1e-4)) < 0.5) ok = false;
        if (T < 1e-4) stop = true;
      }
      if (ok || tries > 1000) {
        check.expect(ok, "a ray away from the thresholds");
        stopped += stop;
        skipped += skip;
        break;
      }
    }
  }
  std::printf("samples skipped: %d, rays stopped early: %d\n", skipped, stopped);
  check.expect(stopped >= 3 && skipped >= 3, "some samples skipped, some rays stopped early");
  auto f3 = [](DeviceArray<float>& a) { return reinterpret_cast<float3*>(a.ptr); };
  auto run = [&](const std::vector<float>& dn, const std::vector<float>& s) {
    DeviceArray<float> d_o(org), d_d(dir), d_t(tn), d_dn(dn), d_sh(s), d_out(zeros<float>(3 * n_rays));
    CUAD_LAUNCH(render_voxels, 1, 32, n_rays, f3(d_o), f3(d_d), d_t.ptr, d_dn.ptr, d_sh.ptr, opt,
                d_out.ptr);
    return d_out.get();
  };
#if CUAD_OUTPUT == 1
  const std::vector<float> w = rng.vec<float>(3 * n_rays);
  auto loss = [&] { return dot(w, run(dens, sh)); };
  DeviceArray<float> d_o(org), d_d(dir), d_t(tn), d_dn(dens), d_sh(sh), d_out(zeros<float>(3 * n_rays)),
      g_dn(zeros<float>(nv)), g_sh(zeros<float>(sh.size())), g_out(w);
  CUAD_GRAD(CUAD_LAUNCH(render_voxels_grad_4_5_7, 1, 32, n_rays, f3(d_o), f3(d_d), d_t.ptr, d_dn.ptr,
                        d_sh.ptr, opt, d_out.ptr, g_dn.ptr, g_sh.ptr, g_out.ptr));
  check.array("density", g_dn.get(), fd(dens, loss));
  check.array("sh", g_sh.get(), fd(sh, loss));
  check.array("out_rgb", g_out.get(), zeros<double>(3 * n_rays));
#else
  const std::vector<float> vd = rng.vec<float>(nv), vs = rng.vec<float>(sh.size()),
                           vo = rng.vec<float>(3 * n_rays);
  auto outputs_at = [&](double t) { return as_doubles(run(along(dens, t, vd), along(sh, t, vs))); };
  DeviceArray<float> d_o(org), d_d(dir), d_t(tn), d_dn(dens), d_sh(sh), d_out(zeros<float>(3 * n_rays)),
      t_dn(vd), t_sh(vs), t_out(vo);
  CUAD_GRAD(CUAD_LAUNCH(render_voxels_pushforward_4_5_7, 1, 32, n_rays, f3(d_o), f3(d_d), d_t.ptr,
                        d_dn.ptr, d_sh.ptr, opt, d_out.ptr, t_dn.ptr, t_sh.ptr, t_out.ptr));
  check.array("out_rgb tangent", as_doubles(t_out.get()), directional_fd<float>(outputs_at),
              default_tol<float>());
#if !defined(CUAD_SELFTEST)
  check.array("out_rgb value", d_out.get(), as_doubles(run(dens, sh)));
#endif
#endif
  return check.finish();
}
