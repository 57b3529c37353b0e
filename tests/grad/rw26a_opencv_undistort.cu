// cuad: --fn image_to_rays<OpenCVCameraModel> --wrt params,pixels,rays
// cuad: --fn undistort_keypoints --wrt params_h,kp_h,out_h
// cuad: fwd --fn image_to_rays<OpenCVCameraModel> --wrt params,pixels,rays
// The OpenCV camera model of COLMAP (double) written with free function templates: the
// iterative undistortion is a function template over the camera model that calls the model's
// static member function template Distortion<T> (radial k1, k2 and tangential p1, p2); Newton's
// method on x + d(x) = x0 with a numerical 2x2 Jacobian from central differences (relative
// steps with an epsilon floor), the 2x2 system solved by its explicit inverse, a fixed budget
// with a break once the step is negligible; the kernel template normalises the pixel, calls
// the undistortion on its locals through pointers and writes unit ray directions. A host
// function copies the intrinsics into __constant__ memory with cudaMemcpyToSymbol, undistorts
// keypoints on the device and copies the normalised coordinates back. (The CRTP form of the
// same code is rw26a_colmap_camera.)
#include <cuda_runtime.h>

template <typename CameraModel, typename T>
__device__ void IterativeUndistortion(const T* params, T* u, T* v) {
  const int kNumIterations = 12;
  const double kMaxStepNorm = 1e-24;
  const double kRelStepSize = 1e-6;
  T x0 = *u, x1 = *v;
  for (int i = 0; i < kNumIterations; ++i) {
    const T step0 = fmax(T(2.2e-16), fabs(kRelStepSize * x0));
    const T step1 = fmax(T(2.2e-16), fabs(kRelStepSize * x1));
    T dx0, dx1, d0b0, d0b1, d0f0, d0f1, d1b0, d1b1, d1f0, d1f1;
    CameraModel::Distortion(params, x0, x1, &dx0, &dx1);
    CameraModel::Distortion(params, x0 - step0, x1, &d0b0, &d0b1);
    CameraModel::Distortion(params, x0 + step0, x1, &d0f0, &d0f1);
    CameraModel::Distortion(params, x0, x1 - step1, &d1b0, &d1b1);
    CameraModel::Distortion(params, x0, x1 + step1, &d1f0, &d1f1);
    const T J00 = 1 + (d0f0 - d0b0) / (2 * step0);
    const T J01 = (d1f0 - d1b0) / (2 * step1);
    const T J10 = (d0f1 - d0b1) / (2 * step0);
    const T J11 = 1 + (d1f1 - d1b1) / (2 * step1);
    const T r0 = x0 + dx0 - *u, r1 = x1 + dx1 - *v;
    const T inv_det = 1 / (J00 * J11 - J01 * J10);
    const T s0 = inv_det * (J11 * r0 - J01 * r1);
    const T s1 = inv_det * (-J10 * r0 + J00 * r1);
    x0 -= s0;
    x1 -= s1;
    if (s0 * s0 + s1 * s1 < kMaxStepNorm) break;
  }
  *u = x0;
  *v = x1;
}

struct OpenCVCameraModel;
struct OpenCVCameraModel {
  static constexpr int kNumParams = 8;

  template <typename T>
  __device__ static void Distortion(const T* extra, T u, T v, T* du, T* dv) {
    const T k1 = extra[0], k2 = extra[1], p1 = extra[2], p2 = extra[3];
    const T u2 = u * u, uv = u * v, v2 = v * v;
    const T r2 = u2 + v2;
    const T radial = k1 * r2 + k2 * r2 * r2;
    *du = u * radial + T(2) * p1 * uv + p2 * (r2 + T(2) * u2);
    *dv = v * radial + T(2) * p2 * uv + p1 * (r2 + T(2) * v2);
  }

  template <typename T>
  __device__ static void WorldToImage(const T* params, T u, T v, T* x, T* y) {
    T du, dv;
    Distortion(&params[4], u, v, &du, &dv);
    *x = params[0] * (u + du) + params[2];
    *y = params[1] * (v + dv) + params[3];
  }

  template <typename T>
  __device__ static void ImageToWorld(const T* params, T x, T y, T* u, T* v) {
    *u = (x - params[2]) / params[0];
    *v = (y - params[3]) / params[1];
    IterativeUndistortion<OpenCVCameraModel>(&params[4], u, v);
  }
};

template <class CameraModel>
__global__ void image_to_rays(const double* __restrict__ params, const double2* __restrict__ pixels, int n,
                              double3* __restrict__ rays) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double p[CameraModel::kNumParams];
  for (int k = 0; k < CameraModel::kNumParams; ++k) p[k] = params[k];
  double u = (pixels[i].x - p[2]) / p[0];
  double v = (pixels[i].y - p[3]) / p[1];
  IterativeUndistortion<CameraModel>(&p[4], &u, &v);
  const double inv = rsqrt(u * u + v * v + 1.0);
  rays[i] = make_double3(u * inv, v * inv, inv);
}

__constant__ double c_params[OpenCVCameraModel::kNumParams];

__global__ void undistort_kernel(const double* __restrict__ kp, int n, double* __restrict__ out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double u = (kp[2 * i] - c_params[2]) / c_params[0];
  double v = (kp[2 * i + 1] - c_params[3]) / c_params[1];
  IterativeUndistortion<OpenCVCameraModel>(&c_params[4], &u, &v);
  out[2 * i] = u;
  out[2 * i + 1] = v;
}

void undistort_keypoints(const double* params_h, const double* kp_h, int n, double* out_h) {
  double *d_kp, *d_out;
  cudaMalloc(&d_kp, 2 * n * sizeof(double));
  cudaMalloc(&d_out, 2 * n * sizeof(double));
  cudaMemcpyToSymbol(c_params, params_h, OpenCVCameraModel::kNumParams * sizeof(double));
  cudaMemcpy(d_kp, kp_h, 2 * n * sizeof(double), cudaMemcpyHostToDevice);
  undistort_kernel<<<(n + 63) / 64, 64>>>(d_kp, n, d_out);
  cudaMemcpy(out_h, d_out, 2 * n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_kp);
  cudaFree(d_out);
}

template __global__ void image_to_rays<OpenCVCameraModel>(const double*, const double2*, int, double3*);
