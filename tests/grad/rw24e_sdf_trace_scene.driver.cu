#include CUAD_GENERATED
#include "cuad_test.h"
#include <cstring>
using namespace cuad_test;

static const int W = 12, H = 10;

// Every real field of a Scene, in order (the struct has alignment padding).
static std::vector<double*> fields(Scene& s) {
  std::vector<double*> f;
  for (int i = 0; i < NSPH; ++i) {
    f.push_back(&s.sph[i].x), f.push_back(&s.sph[i].y), f.push_back(&s.sph[i].z), f.push_back(&s.sph[i].w);
  }
  for (double3* v : {&s.box_c, &s.box_b}) f.push_back(&v->x), f.push_back(&v->y), f.push_back(&v->z);
  f.push_back(&s.box_r), f.push_back(&s.k);
  for (double3* v : {&s.light, &s.albedo}) f.push_back(&v->x), f.push_back(&v->y), f.push_back(&v->z);
  return f;
}

int main() {
  Checker check("rw24e_sdf_trace_scene");
  Rng rng(24502);
  PinholeCam cam{make_double3(0.0, 0.6, -5.0), make_double3(0.0, -0.08, 1.0), make_double3(1.0, 0.0, 0.0),
                 make_double3(0.0, 1.0, 0.08), 15.0, W, H};
  Scene sc;
  const double cs[NSPH][4] = {{-0.7, 0.1, 0.2, 0.75}, {0.6, 0.3, -0.1, 0.6}, {0.1, 0.9, 0.4, 0.45}};
  for (int i = 0; i < NSPH; ++i) sc.sph[i] = make_double4(cs[i][0], cs[i][1], cs[i][2], cs[i][3]);
  sc.box_c = make_double3(0.1, -0.9, 0.3);
  sc.box_b = make_double3(1.6, 0.15, 1.1);
  sc.box_r = 0.08;
  sc.k = 0.35;
  sc.light = make_double3(0.48, 0.8, -0.36);
  sc.albedo = make_double3(0.9, 0.55, 0.3);

  // The march replayed on the host with the same __host__ __device__ SDF: every hit test and
  // far-plane test must be decided by a margin far above the finite-difference step.
  double worst = 1e30;
  int hits = 0, early = 0;
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x) {
      const double u = (x + 0.5 - 0.5 * W) / cam.focal, v = (0.5 * H - y - 0.5) / cam.focal;
      double3 rd = cam.fwd + cam.right * u + cam.up * v;
      rd = rd * (1.0 / length(rd));
      double t = 0.0;
      for (int i = 0; i < MAX_STEPS; ++i) {
        const double d = scene_sdf(sc, cam.eye + rd * t);
        worst = std::fmin(worst, std::fabs(d - HIT_REL * t));
        if (d < HIT_REL * t) {
          ++hits;
          early += i < MAX_STEPS - 1;
          break;
        }
        t += d;
        worst = std::fmin(worst, std::fabs(t - T_FAR));
        if (t > T_FAR) break;
      }
    }
  std::printf("hits %d of %d, smallest test margin %.3e\n", hits, W * H, worst);
  check.expect(hits > W * H / 3 && hits < W * H, "some rays hit, some miss");
  check.expect(worst > 2e-5, "march tests away from their thresholds");

  auto run = [&](const Scene& s) {
    DeviceArray<double> d_img(zeros<double>(3 * W * H)), d_dep(zeros<double>(W * H));
    CUAD_LAUNCH(trace_scene, dim3(3, 2), dim3(4, 5), cam, s, reinterpret_cast<double3*>(d_img.ptr), d_dep.ptr);
    std::vector<double> out = d_img.get(), dep = d_dep.get();
    out.insert(out.end(), dep.begin(), dep.end());
    return out;
  };
  const std::vector<double> w = rng.vec<double>(4 * W * H);
  auto loss = [&] { return dot(w, run(sc)); };
  Scene zero_scene;
  std::memset(&zero_scene, 0, sizeof(Scene));
  DeviceArray<double> d_img(zeros<double>(3 * W * H)), d_dep(zeros<double>(W * H)),
      g_img(std::vector<double>(w.begin(), w.begin() + 3 * W * H)), g_dep(std::vector<double>(w.begin() + 3 * W * H, w.end()));
  DeviceArray<Scene> g_sc(std::vector<Scene>{zero_scene});
  CUAD_GRAD(CUAD_LAUNCH(trace_scene_grad_1_2_3, dim3(3, 2), dim3(4, 5), cam, sc, reinterpret_cast<double3*>(d_img.ptr),
                        d_dep.ptr, g_sc.ptr, reinterpret_cast<double3*>(g_img.ptr), g_dep.ptr));
  Scene gs = g_sc.get()[0];
  std::vector<double*> fs = fields(sc), gfs = fields(gs);
  std::vector<double> ad, fdv;
  for (size_t i = 0; i < fs.size(); ++i) {
    ad.push_back(*gfs[i]);
    fdv.push_back(fd(*fs[i], loss));
  }
  check.array("scene", ad, fdv);
  check.array("img", g_img.get(), zeros<double>(3 * W * H));
  check.array("depth", g_dep.get(), zeros<double>(W * H));
  return check.finish();
}
