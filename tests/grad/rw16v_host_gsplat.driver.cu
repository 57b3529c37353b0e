#include CUAD_GENERATED
#include "cuad_test.h"
#include <cmath>
#include <cstring>
using namespace cuad_test;

static const int kF = 14;  // doubles per Gaussian3D
static std::vector<double> flat_g(const std::vector<Gaussian3D>& g) {
  std::vector<double> o(g.size() * kF);
  std::memcpy(o.data(), g.data(), o.size() * sizeof(double));
  return o;
}
static std::vector<Gaussian3D> unflat_g(const std::vector<double>& o) {
  std::vector<Gaussian3D> g(o.size() / kF);
  std::memcpy(g.data(), o.data(), o.size() * sizeof(double));
  return g;
}

int main() {
  Checker check("rw16v_host_gsplat");
  static_assert(sizeof(Gaussian3D) == kF * sizeof(double), "layout");
  const int n = 12, W = 16, H = 12;
  Rng rng(16013);
  Camera cam;
  const double a = 0.1;  // a small rotation about y
  const double R[9] = {std::cos(a), 0, std::sin(a), 0, 1, 0, -std::sin(a), 0, std::cos(a)};
  for (int k = 0; k < 9; ++k) cam.R[k] = R[k];
  cam.t[0] = 0.05; cam.t[1] = -0.1; cam.t[2] = 4.0;
  cam.fx = 14.0; cam.fy = 13.0; cam.cx = 8.0; cam.cy = 6.0;
  std::vector<Gaussian3D> gs(n);
  for (int i = 0; i < n; ++i) {
    gs[i].mean = make_double3(rng.uniform(-1.2, 1.2), rng.uniform(-0.9, 0.9), -1.0 + 2.0 * (i + rng.uniform(0.2, 0.8)) / n);
    gs[i].log_scale = make_double3(std::log(rng.uniform(0.15, 0.5)), std::log(rng.uniform(0.15, 0.5)), std::log(rng.uniform(0.15, 0.5)));
    gs[i].rot = make_double4(rng.uniform(0.5, 1.0), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5));
    gs[i].opacity_logit = rng.uniform(-1.0, 1.5);
    gs[i].color = make_double3(rng.uniform(0, 1), rng.uniform(0, 1), rng.uniform(0, 1));
  }
  // shuffle so that the host sort matters
  for (int i = 0; i < n; ++i) std::swap(gs[i], gs[(i * 7 + 3) % n]);
  double3 bg = make_double3(0.1, 0.2, 0.3);
  {  // kinks: the alpha cut-off and the transmittance stop must not be within reach of the steps
    DeviceArray<Gaussian3D> d_g(gs);
    DeviceArray<Proj2D> d_p{std::vector<Proj2D>(n)};
    DeviceArray<double> d_d(zeros<double>(n));
    CUAD_LAUNCH(preprocess, 1, 32, d_g.ptr, n, cam, d_p.ptr, d_d.ptr);
    std::vector<Proj2D> p = d_p.get();
    std::vector<double> dep = d_d.get();
    std::vector<int> ord(n);
    std::iota(ord.begin(), ord.end(), 0);
    std::sort(ord.begin(), ord.end(), [&](int x, int y) { return dep[x] < dep[y]; });
    for (int k = 1; k < n; ++k)
      if (dep[ord[k]] - dep[ord[k - 1]] < 1e-3) { std::printf("depth tie\n"); return 2; }
    for (int py = 0; py < H; ++py)
      for (int px = 0; px < W; ++px) {
        double T = 1.0;
        for (int k = 0; k < n; ++k) {
          const Proj2D& g = p[ord[k]];
          double dx = px + 0.5 - g.mean.x, dy = py + 0.5 - g.mean.y;
          double pw = -0.5 * (g.conic.x * dx * dx + g.conic.z * dy * dy) - g.conic.y * dx * dy;
          double al = g.opacity * std::exp(pw);
          if (std::fabs(al - 1.0 / 255.0) < 1e-5 || al > 0.98) { std::printf("alpha kink %g at (%d, %d) k %d\n", al, px, py, k); return 2; }
          if (al < 1.0 / 255.0) continue;
          if (std::fabs(T * (1 - al) - 1e-4) < 1e-7) { std::printf("T kink\n"); return 2; }
          if (T * (1 - al) < 1e-4) break;
          T *= 1 - al;
        }
      }
  }
  std::vector<double> fg = flat_g(gs), bgv = {bg.x, bg.y, bg.z}, w = rng.vec(3 * W * H);
  auto loss = [&] {
    std::vector<Gaussian3D> g = unflat_g(fg);
    std::vector<double3> img(W * H);
    render_gaussians(g.data(), n, cam, W, H, make_double3(bgv[0], bgv[1], bgv[2]), img.data());
    double s = 0.0;
    for (int i = 0; i < W * H; ++i) s += w[3 * i] * img[i].x + w[3 * i + 1] * img[i].y + w[3 * i + 2] * img[i].z;
    return s;
  };
  std::vector<Gaussian3D> ag = unflat_g(zeros<double>(fg.size()));
  std::vector<double3> img(W * H), aimg(W * H);
  for (int i = 0; i < W * H; ++i) aimg[i] = make_double3(w[3 * i], w[3 * i + 1], w[3 * i + 2]);
  double3 abg = make_double3(0, 0, 0);
  CUAD_GRAD(render_gaussians_grad_0_5_6(gs.data(), n, cam, W, H, bg, img.data(), ag.data(), &abg, aimg.data()));
  check.array("gs", flat_g(ag), fd(fg, loss));
  check.array("bg", std::vector<double>{abg.x, abg.y, abg.z}, fd(bgv, loss));
  std::vector<double> rest(3 * W * H);
  for (int i = 0; i < W * H; ++i) { rest[3 * i] = aimg[i].x; rest[3 * i + 1] = aimg[i].y; rest[3 * i + 2] = aimg[i].z; }
  check.array("image", rest, zeros<double>(3 * W * H));
  return check.finish();
}
