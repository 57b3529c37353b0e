// cuad: --fn bpm_propagate --wrt u0_re,u0_im,dn,kerr,intensity
// cuad: fwd --fn bpm_propagate --wrt u0_re,u0_im,dn,kerr,intensity
// Split-step Fourier beam propagation (paraxial, 1-D transverse) through a graded-index
// waveguide with a Kerr nonlinearity, as a nonlinear-optics code writes it: the field lives in
// double2 device buffers, a (naive, O(n^2)) DFT kernel with sincos twiddles maps between the
// field and its spectrum, the buffers ping-pong with std::swap after each transform, the
// diffraction half of each step multiplies the spectrum by a propagator precomputed on the
// host (std::vector<double2> staging), the refraction half applies the index profile plus the
// intensity-dependent Kerr phase and a super-Gaussian absorbing window at the edges. The
// number of steps is ceil(length / dz_max) (runtime). The output is the final intensity.
#include <cuda_runtime.h>
#include <cmath>
#include <utility>
#include <vector>

#define THREADS 32

__device__ __forceinline__ double2 cmul(double2 a, double2 b) {
  return make_double2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

__global__ void pack_field(const double* re, const double* im, double2* u, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) u[i] = make_double2(re[i], im[i]);
}

// out[k] = scale * sum_j in[j] exp(sign * 2 pi i j k / n)
__global__ void dft(const double2* __restrict__ in, double2* __restrict__ out, int n, double sign,
                    double scale) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n) return;
  double2 acc = make_double2(0.0, 0.0);
  for (int j = 0; j < n; ++j) {
    double s, c;
    sincos(sign * 6.283185307179586 * ((j * k) % n) / n, &s, &c);
    const double2 t = cmul(in[j], make_double2(c, s));
    acc.x += t.x;
    acc.y += t.y;
  }
  out[k] = make_double2(scale * acc.x, scale * acc.y);
}

__global__ void apply_linear(double2* spec, const double2* __restrict__ prop, int n) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < n) spec[k] = cmul(spec[k], prop[k]);
}

__global__ void apply_nonlinear(double2* u, const double* __restrict__ dn, const double* __restrict__ window,
                                double k0dz, double kerr_dz, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double2 v = u[i];
  const double phi = k0dz * dn[i] + kerr_dz * (v.x * v.x + v.y * v.y);
  double s, c;
  sincos(phi, &s, &c);
  const double2 r = cmul(v, make_double2(c, s));
  u[i] = make_double2(window[i] * r.x, window[i] * r.y);
}

__global__ void intensity_kernel(const double2* __restrict__ u, double* I, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) I[i] = u[i].x * u[i].x + u[i].y * u[i].y;
}

void bpm_propagate(const double* u0_re, const double* u0_im, const double* dn, double kerr, double k0,
                   double width, double length, double dz_max, double* intensity, int n) {
  const int nz = (int)std::ceil(length / dz_max);
  const double dz = length / nz;
  std::vector<double2> prop(n);
  std::vector<double> window(n);
  for (int k = 0; k < n; ++k) {
    const int kk = k <= n / 2 ? k : k - n;
    const double kx = 6.283185307179586 * kk / width;
    const double ph = -kx * kx * dz / (2.0 * k0);
    prop[k] = make_double2(std::cos(ph), std::sin(ph));
    const double x = (k - 0.5 * (n - 1)) / (0.5 * n);
    window[k] = std::exp(-std::pow(x / 0.85, 8.0) * 0.3);
  }
  double *d_re, *d_im, *d_dn, *d_win, *d_I;
  double2 *d_a, *d_b, *d_prop;
  cudaMalloc(&d_re, n * sizeof(double));
  cudaMalloc(&d_im, n * sizeof(double));
  cudaMalloc(&d_dn, n * sizeof(double));
  cudaMalloc(&d_win, n * sizeof(double));
  cudaMalloc(&d_I, n * sizeof(double));
  cudaMalloc(&d_a, n * sizeof(double2));
  cudaMalloc(&d_b, n * sizeof(double2));
  cudaMalloc(&d_prop, n * sizeof(double2));
  cudaMemcpy(d_re, u0_re, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_im, u0_im, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_dn, dn, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_win, window.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_prop, prop.data(), n * sizeof(double2), cudaMemcpyHostToDevice);
  const int blocks = (n + THREADS - 1) / THREADS;
  pack_field<<<blocks, THREADS>>>(d_re, d_im, d_a, n);
  for (int z = 0; z < nz; ++z) {
    dft<<<blocks, THREADS>>>(d_a, d_b, n, -1.0, 1.0);
    std::swap(d_a, d_b);
    apply_linear<<<blocks, THREADS>>>(d_a, d_prop, n);
    dft<<<blocks, THREADS>>>(d_a, d_b, n, 1.0, 1.0 / n);
    std::swap(d_a, d_b);
    apply_nonlinear<<<blocks, THREADS>>>(d_a, d_dn, d_win, k0 * dz, kerr * dz, n);
  }
  intensity_kernel<<<blocks, THREADS>>>(d_a, d_I, n);
  cudaMemcpy(intensity, d_I, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_re);
  cudaFree(d_im);
  cudaFree(d_dn);
  cudaFree(d_win);
  cudaFree(d_I);
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_prop);
}
