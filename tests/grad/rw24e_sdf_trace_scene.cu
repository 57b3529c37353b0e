// cuad: --fn trace_scene --wrt sc,img,depth
// Sphere tracing a small CSG scene in double precision (a differentiable SDF renderer's
// forward pass): helper_math-style operators on double3, a Scene struct passed by value with
// an array field of spheres (double4: center, radius), a rounded box and the smooth-union
// sharpness; the scene SDF is __host__ __device__ so that tools can reuse it. One thread per
// pixel marches a fixed number of steps with an early exit on a relative hit tolerance and on
// the far plane, takes the normal from central differences of the SDF (six evaluations), and
// shades with half-Lambert, a distance fog and an ambient-occlusion-like factor from the
// number of steps taken; missed rays get a sky gradient. Color and depth are both outputs.
#include <cuda_runtime.h>
#include <math.h>

#define NSPH 3
#define MAX_STEPS 64
#define HIT_REL 1e-3
#define T_FAR 12.0

__host__ __device__ inline double3 operator+(double3 a, double3 b) { return make_double3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline double3 operator-(double3 a, double3 b) { return make_double3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline double3 operator*(double3 a, double s) { return make_double3(a.x * s, a.y * s, a.z * s); }
__host__ __device__ inline double dot(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline double length(double3 a) { return sqrt(dot(a, a)); }
__host__ __device__ inline double3 fabs3(double3 a) { return make_double3(fabs(a.x), fabs(a.y), fabs(a.z)); }
__host__ __device__ inline double3 fmax3(double3 a, double s) { return make_double3(fmax(a.x, s), fmax(a.y, s), fmax(a.z, s)); }

struct Scene {
  double4 sph[NSPH];
  double3 box_c, box_b;
  double box_r;
  double k;        // smooth-union width
  double3 light;   // unit direction towards the light
  double3 albedo;
};

struct PinholeCam {
  double3 eye, fwd, right, up;
  double focal;
  int width, height;
};

// iq's polynomial smooth minimum
__host__ __device__ inline double smin(double a, double b, double k) {
  const double h = fmax(k - fabs(a - b), 0.0) / k;
  return fmin(a, b) - h * h * k * 0.25;
}

__host__ __device__ inline double sd_round_box(double3 p, double3 b, double r) {
  const double3 q = fabs3(p) - b;
  return length(fmax3(q, 0.0)) + fmin(fmax(q.x, fmax(q.y, q.z)), 0.0) - r;
}

__host__ __device__ double scene_sdf(const Scene& sc, double3 p) {
  double d = sd_round_box(p - sc.box_c, sc.box_b, sc.box_r);
  for (int i = 0; i < NSPH; ++i) {
    const double4 s = sc.sph[i];
    const double ds = length(p - make_double3(s.x, s.y, s.z)) - s.w;
    d = smin(d, ds, sc.k);
  }
  return d;
}

__device__ double3 sdf_normal(const Scene& sc, double3 p) {
  const double e = 1e-4;
  const double3 n = make_double3(scene_sdf(sc, p + make_double3(e, 0, 0)) - scene_sdf(sc, p - make_double3(e, 0, 0)),
                                 scene_sdf(sc, p + make_double3(0, e, 0)) - scene_sdf(sc, p - make_double3(0, e, 0)),
                                 scene_sdf(sc, p + make_double3(0, 0, e)) - scene_sdf(sc, p - make_double3(0, 0, e)));
  return n * (1.0 / length(n));
}

__global__ void trace_scene(PinholeCam cam, Scene sc, double3* __restrict__ img, double* __restrict__ depth) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= cam.width || y >= cam.height) return;
  const double u = (x + 0.5 - 0.5 * cam.width) / cam.focal;
  const double v = (0.5 * cam.height - y - 0.5) / cam.focal;
  double3 rd = cam.fwd + cam.right * u + cam.up * v;
  rd = rd * (1.0 / length(rd));

  double t = 0.0;
  bool hit = false;
  int steps = 0;
  for (int i = 0; i < MAX_STEPS; ++i) {
    const double d = scene_sdf(sc, cam.eye + rd * t);
    steps = i;
    if (d < HIT_REL * t) {
      hit = true;
      break;
    }
    t += d;
    if (t > T_FAR) break;
  }
  const int pix = y * cam.width + x;
  if (!hit) {
    const double s = 0.5 + 0.5 * rd.y;
    img[pix] = make_double3(0.6 + 0.2 * s, 0.7 + 0.2 * s, 0.9);
    depth[pix] = T_FAR;
    return;
  }
  const double3 p = cam.eye + rd * t;
  const double3 n = sdf_normal(sc, p);
  const double diffuse = 0.5 + 0.5 * dot(n, sc.light);
  const double ao = 1.0 - 0.5 * steps / (double)MAX_STEPS;
  const double fog = exp(-0.05 * t);
  img[pix] = sc.albedo * (diffuse * ao * fog);
  depth[pix] = t;
}
