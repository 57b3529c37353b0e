// cuad: fwd --fn fdtd1d_run --wrt eps_r,sigma,amp,t0,probe
// (Forward mode only: reverse mode refuses the per-step copy into c_src, see
// rw25a_min_symbol_copy_loop; rw25a_fdtd1d_cpml passes the sample as a kernel argument.)
// 1-D FDTD (Ez/Hy on a Yee grid) with a lossy dielectric and convolutional PML at both ends,
// as a photonics inverse-design code writes it: the CPML recursion coefficients are computed
// on the host and copied into __constant__ arrays once, the auxiliary psi fields live in a
// compact buffer of 2*NPML slots (a device helper maps a cell to its slot), the material update
// coefficients come from a kernel, and the host time loop steps H then E, copying this step's
// soft-source sample (a Gaussian pulse whose amplitude and delay are design parameters) into a
// __constant__ scalar before each E update, and records the field at a probe cell. Returns the
// electric energy left in the grid at the end.
#include <cuda_runtime.h>
#include <cmath>
#include <vector>

#define NPML 5
#define BLOCK 32

__constant__ double c_bcoef[NPML];  // CPML recursion: psi = b psi + c curl
__constant__ double c_ccoef[NPML];
__constant__ double c_src;          // this step's source sample

// Depth into the PML, counted from its inner edge; -1 in the interior.
__device__ __forceinline__ int pml_depth(int i, int n) {
  if (i < NPML) return NPML - 1 - i;
  if (i >= n - NPML) return i - (n - NPML);
  return -1;
}
__device__ __forceinline__ int pml_slot(int i, int n) { return i < NPML ? i : i - (n - 2 * NPML); }

__global__ void material_coeffs(const double* eps_r, const double* sigma, double* ca, double* cb,
                                double courant, double dt_eps0, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double loss = 0.5 * sigma[i] * dt_eps0 / eps_r[i];
  ca[i] = (1.0 - loss) / (1.0 + loss);
  cb[i] = courant / (eps_r[i] * (1.0 + loss));
}

__global__ void update_h(double* hy, const double* ez, double* psi_h, double courant, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  double curl = ez[i + 1] - ez[i];
  const int d = pml_depth(i, n);
  if (d >= 0) {
    const int s = pml_slot(i, n);
    psi_h[s] = c_bcoef[d] * psi_h[s] + c_ccoef[d] * curl;
    curl += psi_h[s];
  }
  hy[i] += courant * curl;
}

__global__ void update_e(double* ez, const double* hy, double* psi_e, const double* ca,
                         const double* cb, int src, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < 1 || i >= n - 1) return;  // PEC walls behind the PML
  double curl = hy[i] - hy[i - 1];
  const int d = pml_depth(i, n);
  if (d >= 0) {
    const int s = pml_slot(i, n);
    psi_e[s] = c_bcoef[d] * psi_e[s] + c_ccoef[d] * curl;
    curl += psi_e[s];
  }
  double e = ca[i] * ez[i] + cb[i] * curl;
  if (i == src) e += c_src;
  ez[i] = e;
}

__global__ void record(const double* ez, double* trace, int probe, int t) {
  if (blockIdx.x == 0 && threadIdx.x == 0) trace[t] = ez[probe];
}

double fdtd1d_run(const double* eps_r, const double* sigma, double amp, double t0, double spread,
                  double* probe, int n, int nt, int src, int rx) {
  double b[NPML], c[NPML];
  for (int k = 0; k < NPML; ++k) {
    const double x = (k + 0.5) / NPML;
    const double sg = 0.8 * x * x * x, alpha = 0.05 * (1.0 - x);
    b[k] = exp(-(sg + alpha));
    c[k] = sg / (sg + alpha) * (b[k] - 1.0);
  }
  cudaMemcpyToSymbol(c_bcoef, b, sizeof(b));
  cudaMemcpyToSymbol(c_ccoef, c, sizeof(c));

  const size_t bytes = n * sizeof(double), pbytes = 2 * NPML * sizeof(double);
  double *d_eps, *d_sig, *d_ca, *d_cb, *d_ez, *d_hy, *d_psie, *d_psih, *d_trace;
  cudaMalloc(&d_eps, bytes);
  cudaMalloc(&d_sig, bytes);
  cudaMalloc(&d_ca, bytes);
  cudaMalloc(&d_cb, bytes);
  cudaMalloc(&d_ez, bytes);
  cudaMalloc(&d_hy, bytes);
  cudaMalloc(&d_psie, pbytes);
  cudaMalloc(&d_psih, pbytes);
  cudaMalloc(&d_trace, nt * sizeof(double));
  cudaMemcpy(d_eps, eps_r, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_sig, sigma, bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_ez, 0, bytes);
  cudaMemset(d_hy, 0, bytes);
  cudaMemset(d_psie, 0, pbytes);
  cudaMemset(d_psih, 0, pbytes);

  const double courant = 0.5;
  const int grid = (n + BLOCK - 1) / BLOCK;
  material_coeffs<<<grid, BLOCK>>>(d_eps, d_sig, d_ca, d_cb, courant, 0.3, n);
  for (int t = 0; t < nt; ++t) {
    update_h<<<grid, BLOCK>>>(d_hy, d_ez, d_psih, courant, n);
    const double arg = (t - t0) / spread;
    const double s = amp * exp(-arg * arg);
    cudaMemcpyToSymbol(c_src, &s, sizeof(double));
    update_e<<<grid, BLOCK>>>(d_ez, d_hy, d_psie, d_ca, d_cb, src, n);
    record<<<1, 1>>>(d_ez, d_trace, rx, t);
  }
  cudaMemcpy(probe, d_trace, nt * sizeof(double), cudaMemcpyDeviceToHost);
  std::vector<double> ez(n);
  cudaMemcpy(ez.data(), d_ez, bytes, cudaMemcpyDeviceToHost);
  double energy = 0.0;
  for (int i = 0; i < n; ++i) energy += eps_r[i] * ez[i] * ez[i];

  cudaFree(d_eps);
  cudaFree(d_sig);
  cudaFree(d_ca);
  cudaFree(d_cb);
  cudaFree(d_ez);
  cudaFree(d_hy);
  cudaFree(d_psie);
  cudaFree(d_psih);
  cudaFree(d_trace);
  return 0.5 * energy;
}
