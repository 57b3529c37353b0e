// cuad: --fn sphere_trace<SceneT> --wrt scene,light,img,depth
// cuad: fwd --fn sphere_trace<SceneT> --wrt scene,img,depth
// cuad: --fn scene_distance --wrt scene,p
// A differentiable SDF renderer whose scene is a CSG tree of class templates (double): leaf
// primitives (sphere, torus, rounded box) are functors with a const operator(), Translate<S>
// wraps a primitive with an offset, SmoothUnion<A, B> blends two subtrees with a polynomial
// smooth minimum, and the kernel template sphere_trace<Scene> takes the whole tree by value.
// One thread per pixel marches a fixed budget of steps (no hit test: the step count does not
// depend on the parameters), leaving rays that pass the far plane as sky; the normal comes from
// the tetrahedron technique (four SDF evaluations through a generic helper), shading is a
// half-Lambert term with a depth fog. A __device__ wrapper gives one distance for the
// optimiser's surface-sampling loss.
#include <cuda_runtime.h>

#define MAX_STEPS 48
#define T_FAR 9.0

__host__ __device__ inline double3 operator+(double3 a, double3 b) { return make_double3(a.x + b.x, a.y + b.y, a.z + b.z); }
__host__ __device__ inline double3 operator-(double3 a, double3 b) { return make_double3(a.x - b.x, a.y - b.y, a.z - b.z); }
__host__ __device__ inline double3 operator*(double s, double3 a) { return make_double3(s * a.x, s * a.y, s * a.z); }
__host__ __device__ inline double dot(double3 a, double3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
__host__ __device__ inline double length(double3 a) { return sqrt(dot(a, a)); }

struct Sphere {
  double r;
  __device__ double operator()(const double3& p) const { return length(p) - r; }
};

struct Torus {
  double R, r;
  __device__ double operator()(const double3& p) const {
    const double q = sqrt(p.x * p.x + p.z * p.z) - R;
    return sqrt(q * q + p.y * p.y) - r;
  }
};

struct RoundBox {
  double3 half;
  double round;
  __device__ double operator()(const double3& p) const {
    const double3 q = make_double3(fabs(p.x) - half.x, fabs(p.y) - half.y, fabs(p.z) - half.z);
    const double3 qp = make_double3(fmax(q.x, 0.0), fmax(q.y, 0.0), fmax(q.z, 0.0));
    return length(qp) + fmin(fmax(q.x, fmax(q.y, q.z)), 0.0) - round;
  }
};

template <class S>
struct Translate {
  S shape;
  double3 offset;
  __device__ double operator()(const double3& p) const { return shape(p - offset); }
};

template <class A, class B>
struct SmoothUnion {
  A a;
  B b;
  double k;
  __device__ double operator()(const double3& p) const {
    const double da = a(p), db = b(p);
    const double h = fmax(k - fabs(da - db), 0.0) / k;
    return fmin(da, db) - h * h * k * 0.25;
  }
};

typedef SmoothUnion<Translate<Sphere>, Translate<Torus>> Blob;
typedef SmoothUnion<Blob, Translate<RoundBox>> SceneT;

template <class F>
__device__ double3 tetra_normal(const F& f, const double3& p, double h) {
  const double3 k0 = make_double3(1, -1, -1), k1 = make_double3(-1, -1, 1), k2 = make_double3(-1, 1, -1),
                k3 = make_double3(1, 1, 1);
  const double3 n = f(p + h * k0) * k0 + f(p + h * k1) * k1 + f(p + h * k2) * k2 + f(p + h * k3) * k3;
  return (1.0 / length(n)) * n;
}

template <class Scene>
__global__ void sphere_trace(Scene scene, double3 light, int W, int H, double3* __restrict__ img,
                             double* __restrict__ depth) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= W || y >= H) return;
  const double3 ro = make_double3(0.0, 0.3, -4.5);
  double3 rd = make_double3((x + 0.5 - 0.5 * W) / H, (0.5 * H - y - 0.5) / H, 1.6);
  rd = (1.0 / length(rd)) * rd;
  double t = 0.0;
  bool miss = false;
  for (int i = 0; i < MAX_STEPS; ++i) {
    const double d = scene(ro + t * rd);
    t += d;
    if (t > T_FAR) {
      miss = true;
      break;
    }
  }
  const int pid = y * W + x;
  if (miss) {
    const double sky = 0.6 + 0.3 * rd.y;
    img[pid] = make_double3(sky, sky, 0.9);
    depth[pid] = T_FAR;
    return;
  }
  const double3 p = ro + t * rd;
  const double3 n = tetra_normal(scene, p, 1e-3);
  const double lam = 0.5 + 0.5 * dot(n, light) / length(light);
  const double fog = exp(-0.08 * t);
  img[pid] = make_double3(fog * lam * 0.9, fog * lam * 0.7, fog * lam * 0.5 + (1.0 - fog) * 0.3);
  depth[pid] = t;
}

__device__ double scene_distance(const SceneT& scene, double3 p) { return scene(p); }

template __global__ void sphere_trace<SceneT>(SceneT, double3, int, int, double3*, double*);
