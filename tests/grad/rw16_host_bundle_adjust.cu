// cuad: --fn ba_cost --wrt cams,pts
// Observation records (`struct Observation { int cam, pt; double u, v; }`) are copied to the
// device but never differentiated: the residual kernel reads them through `const
// Observation*`, so their copy stays primal code (cuad refused it before).
// Bundle-adjustment cost as a BAL / Ceres-style GPU solver evaluates it: cameras as an array
// of structs (angle-axis rotation, translation, focal length, two radial distortion
// coefficients, in plain double arrays inside the struct), 3-D points as double3,
// observations (camera index, point index, measured pixel) in a struct array; a grid-stride
// residual kernel with a Rodrigues rotation helper writing through an out array (with the
// small-angle first-order branch), pinhole projection with the BAL sign convention and
// radial distortion; a second kernel applies the Cauchy robust loss rho(s) = c^2 log(1 + s /
// c^2) and reduces each block in shared memory (template on the block size) into per-block
// partial sums; the host function does cudaMalloc/cudaMemcpy/launch/cudaFree and finishes
// the sum on the host. Camera and point adjoints are scattered (several observations share
// each camera and each point).
#include <cuda_runtime.h>
#include <cstdlib>

struct Camera {
  double aa[3];  // angle-axis
  double t[3];
  double f, k1, k2;
};

struct Observation {
  int cam, pt;
  double u, v;
};

__device__ void angle_axis_rotate(const double aa[3], const double p[3], double out[3]) {
  const double th2 = aa[0] * aa[0] + aa[1] * aa[1] + aa[2] * aa[2];
  if (th2 > 1e-10) {
    const double th = sqrt(th2);
    const double c = cos(th), s = sin(th);
    const double k[3] = {aa[0] / th, aa[1] / th, aa[2] / th};
    const double kxp[3] = {k[1] * p[2] - k[2] * p[1], k[2] * p[0] - k[0] * p[2],
                           k[0] * p[1] - k[1] * p[0]};
    const double kdp = (k[0] * p[0] + k[1] * p[1] + k[2] * p[2]) * (1.0 - c);
    for (int i = 0; i < 3; ++i) out[i] = p[i] * c + kxp[i] * s + k[i] * kdp;
  } else {  // first order: R ~ I + [aa]x
    out[0] = p[0] + aa[1] * p[2] - aa[2] * p[1];
    out[1] = p[1] + aa[2] * p[0] - aa[0] * p[2];
    out[2] = p[2] + aa[0] * p[1] - aa[1] * p[0];
  }
}

__global__ void reprojection_residuals(const Camera* __restrict__ cams,
                                       const double3* __restrict__ pts,
                                       const Observation* __restrict__ obs, int n_obs,
                                       double2* __restrict__ res) {
  for (int o = blockIdx.x * blockDim.x + threadIdx.x; o < n_obs; o += gridDim.x * blockDim.x) {
    const Observation ob = obs[o];
    const Camera& cam = cams[ob.cam];
    const double3 X = pts[ob.pt];
    const double p[3] = {X.x, X.y, X.z};
    double pc[3];
    angle_axis_rotate(cam.aa, p, pc);
    pc[0] += cam.t[0];
    pc[1] += cam.t[1];
    pc[2] += cam.t[2];
    // BAL convention: the camera looks down -z
    const double xp = -pc[0] / pc[2];
    const double yp = -pc[1] / pc[2];
    const double r2 = xp * xp + yp * yp;
    const double dist = 1.0 + r2 * (cam.k1 + cam.k2 * r2);
    res[o] = make_double2(cam.f * dist * xp - ob.u, cam.f * dist * yp - ob.v);
  }
}

template <int BLOCK>
__global__ void cauchy_block_sum(const double2* __restrict__ res, int n, double c2,
                                 double* __restrict__ partial) {
  __shared__ double s[BLOCK];
  const int tid = threadIdx.x;
  double acc = 0.0;
  for (int i = blockIdx.x * BLOCK + tid; i < n; i += BLOCK * gridDim.x) {
    const double2 r = res[i];
    const double sq = r.x * r.x + r.y * r.y;
    acc += c2 * log1p(sq / c2);
  }
  s[tid] = acc;
  __syncthreads();
#pragma unroll
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) partial[blockIdx.x] = s[0];
}

#define BA_BLOCK 64

double ba_cost(const Camera* cams, int n_cams, const double3* pts, int n_pts,
               const Observation* obs, int n_obs, double cauchy_scale) {
  Camera* d_cams;
  double3* d_pts;
  Observation* d_obs;
  double2* d_res;
  double* d_partial;
  const int blocks = 2;
  cudaMalloc(&d_cams, n_cams * sizeof(Camera));
  cudaMalloc(&d_pts, n_pts * sizeof(double3));
  cudaMalloc(&d_obs, n_obs * sizeof(Observation));
  cudaMalloc(&d_res, n_obs * sizeof(double2));
  cudaMalloc(&d_partial, blocks * sizeof(double));
  cudaMemcpy(d_cams, cams, n_cams * sizeof(Camera), cudaMemcpyHostToDevice);
  cudaMemcpy(d_pts, pts, n_pts * sizeof(double3), cudaMemcpyHostToDevice);
  cudaMemcpy(d_obs, obs, n_obs * sizeof(Observation), cudaMemcpyHostToDevice);
  reprojection_residuals<<<blocks, BA_BLOCK>>>(d_cams, d_pts, d_obs, n_obs, d_res);
  cauchy_block_sum<BA_BLOCK><<<blocks, BA_BLOCK>>>(d_res, n_obs, cauchy_scale * cauchy_scale,
                                                   d_partial);
  double* h_partial = (double*)malloc(blocks * sizeof(double));
  cudaMemcpy(h_partial, d_partial, blocks * sizeof(double), cudaMemcpyDeviceToHost);
  double cost = 0.0;
  for (int b = 0; b < blocks; ++b) cost += h_partial[b];
  free(h_partial);
  cudaFree(d_cams);
  cudaFree(d_pts);
  cudaFree(d_obs);
  cudaFree(d_res);
  cudaFree(d_partial);
  return 0.5 * cost;
}
