// cuad: --fn ba_cost<32,HuberLoss> --wrt cams,pts,K,residuals,total
// cuad: fwd --fn ba_cost<32,CauchyLoss> --wrt cams,pts,K,residuals,total
// cuad: --fn robust_reproj_cost --wrt cam,X,K,obs
// Bundle-adjustment cost as a Ceres-on-GPU port writes it: each camera is 7 doubles (a
// quaternion w,x,y,z, normalised on the fly, and a translation), intrinsics with two radial
// distortion terms are shared by all cameras and passed by value, observations are double2
// pixels with camera and point indices. One thread per observation computes the 2-D
// reprojection residual (double3 helpers: cross product, quaternion rotation), points closer
// than a minimum depth are rejected, and a robust loss functor (Huber or Cauchy on the squared
// norm, a template parameter) is summed per block in shared memory and added into the total
// with one atomicAdd per block.
#include <cuda_runtime.h>

struct Intrinsics {
  double fx, fy, cx, cy;
  double k1, k2;
};

struct HuberLoss {
  double delta;
  __host__ __device__ double operator()(double s) const {
    const double d2 = delta * delta;
    if (s <= d2) return s;
    return 2.0 * delta * sqrt(s) - d2;
  }
};

struct CauchyLoss {
  double delta;
  __host__ __device__ double operator()(double s) const {
    const double d2 = delta * delta;
    return d2 * log1p(s / d2);
  }
};

#define MIN_DEPTH 0.05

__host__ __device__ inline double3 add3(double3 a, double3 b) {
  return make_double3(a.x + b.x, a.y + b.y, a.z + b.z);
}
__host__ __device__ inline double3 scale3(double3 a, double s) {
  return make_double3(s * a.x, s * a.y, s * a.z);
}
__host__ __device__ inline double3 cross3(double3 a, double3 b) {
  return make_double3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}

// R(q) p for a quaternion that need not be normalised: p + 2 w (u x p) + 2 u x (u x p).
__host__ __device__ inline double3 quat_rotate(const double* q, double3 p) {
  const double inv = 1.0 / sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  const double w = q[0] * inv;
  const double3 u = make_double3(q[1] * inv, q[2] * inv, q[3] * inv);
  const double3 uxp = cross3(u, p);
  return add3(p, add3(scale3(uxp, 2.0 * w), scale3(cross3(u, uxp), 2.0)));
}

__host__ __device__ inline double2 project(Intrinsics K, double3 pc) {
  const double x = pc.x / pc.z, y = pc.y / pc.z;
  const double r2 = x * x + y * y;
  const double dist = 1.0 + r2 * (K.k1 + K.k2 * r2);
  return make_double2(K.fx * dist * x + K.cx, K.fy * dist * y + K.cy);
}

// Squared reprojection error of one observation; false when the point is too close.
__host__ __device__ inline bool reproj_sq(const double* cam, const double* X, Intrinsics K,
                                          double2 obs, double2* r, double* s) {
  const double3 pc = add3(quat_rotate(cam, make_double3(X[0], X[1], X[2])),
                          make_double3(cam[4], cam[5], cam[6]));
  if (pc.z < MIN_DEPTH) return false;
  const double2 px = project(K, pc);
  r->x = px.x - obs.x;
  r->y = px.y - obs.y;
  *s = r->x * r->x + r->y * r->y;
  return true;
}

__host__ __device__ double robust_reproj_cost(const double* cam, const double* X, Intrinsics K,
                                              double2 obs, double delta) {
  double2 r;
  double s = 0.0;
  if (!reproj_sq(cam, X, K, obs, &r, &s)) return 0.0;
  HuberLoss rho{delta};
  return 0.5 * rho(s);
}

template <int BLOCK, class Loss>
__global__ void ba_cost(const double* __restrict__ cams, const double* __restrict__ pts,
                        const int* __restrict__ cam_idx, const int* __restrict__ pt_idx,
                        const double2* __restrict__ obs, int n_obs, Intrinsics K, Loss rho,
                        double2* __restrict__ residuals, double* __restrict__ total) {
  __shared__ double partial[BLOCK];
  const int tid = threadIdx.x;
  const int i = blockIdx.x * BLOCK + tid;
  double c = 0.0;
  if (i < n_obs) {
    double2 r = make_double2(0.0, 0.0);
    double s = 0.0;
    if (reproj_sq(cams + 7 * cam_idx[i], pts + 3 * pt_idx[i], K, obs[i], &r, &s)) c = 0.5 * rho(s);
    residuals[i] = r;
  }
  partial[tid] = c;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride) partial[tid] += partial[tid + stride];
    __syncthreads();
  }
  if (tid == 0) atomicAdd(total, partial[0]);
}
