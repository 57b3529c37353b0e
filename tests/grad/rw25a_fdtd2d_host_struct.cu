// cuad: --fn simulate_tmz --wrt eps_r,pml_scale,trace,energy
// cuad: fwd --fn simulate_tmz --wrt eps_r,pml_scale,trace,energy
// A 2-D TMz FDTD simulation driven from the host, as a small photonics solver organises it:
// the device buffers live in a struct filled by an alloc helper and released by a free
// helper, one step() helper launches the H and E updates, the graded PML conductivity
// profile is built on the host from a user scale (a tunable parameter: how strongly the
// layer absorbs) and uploaded once into one __constant__ table holding the x profile and
// then the y profile, the E update runs a simple
// (non-convolutional) split-field-free lossy PML: ez <- ca*ez + cb*curl with ca, cb computed
// in the kernel from the local conductivity sigma_x + sigma_y and the permittivity. A line
// source is driven for the first steps; each step the probe cell is copied device-to-device
// into a trace buffer; at the end a block-reduction kernel sums the electric energy into a
// device scalar with atomicAdd, copied back to the caller.
#include <cuda_runtime.h>

#define NX 20
#define NY 16
#define NPML 4
#define TPB 64

__constant__ double c_sigma[NX + NY];  // [0, NX): sigma(x), [NX, NX+NY): sigma(y)

struct Grid {
  double* ez;
  double* hx;
  double* hy;
  double* eps;
};

static void grid_alloc(Grid& g) {
  const size_t b = NX * NY * sizeof(double);
  cudaMalloc(&g.ez, b);
  cudaMalloc(&g.hx, b);
  cudaMalloc(&g.hy, b);
  cudaMalloc(&g.eps, b);
  cudaMemset(g.ez, 0, b);
  cudaMemset(g.hx, 0, b);
  cudaMemset(g.hy, 0, b);
}

static void grid_free(Grid& g) {
  cudaFree(g.ez);
  cudaFree(g.hx);
  cudaFree(g.hy);
  cudaFree(g.eps);
}

__global__ void update_hxy(double* hx, double* hy, const double* __restrict__ ez, double ch) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= NX * NY) return;
  const int i = k % NX, j = k / NX;
  const double sx = c_sigma[i], sy = c_sigma[NX + j];
  if (j < NY - 1) hx[k] = hx[k] * (1.0 - sy) - ch * (ez[k + NX] - ez[k]);
  if (i < NX - 1) hy[k] = hy[k] * (1.0 - sx) + ch * (ez[k + 1] - ez[k]);
}

__global__ void update_ez(double* ez, const double* __restrict__ hx, const double* __restrict__ hy,
                          const double* __restrict__ eps, double ce, double src_val, int src_j) {
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= NX * NY) return;
  const int i = k % NX, j = k / NX;
  if (i == 0 || j == 0 || i == NX - 1 || j == NY - 1) return;
  const double sig = c_sigma[i] + c_sigma[NX + j];
  const double loss = 0.5 * sig / eps[k];
  const double ca = (1.0 - loss) / (1.0 + loss), cb = ce / (eps[k] * (1.0 + loss));
  double e = ca * ez[k] + cb * ((hy[k] - hy[k - 1]) - (hx[k] - hx[k - NX]));
  if (j == src_j && i > NPML && i < NX - NPML) e += src_val;
  ez[k] = e;
}

__global__ void field_energy(const double* __restrict__ ez, const double* __restrict__ eps, double* out) {
  __shared__ double s[TPB];
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = k < NX * NY ? 0.5 * eps[k] * ez[k] * ez[k] : 0.0;
  __syncthreads();
  for (int w = TPB / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

static void step(const Grid& g, double src_val) {
  const int blocks = (NX * NY + TPB - 1) / TPB;
  update_hxy<<<blocks, TPB>>>(g.hx, g.hy, g.ez, 0.5);
  update_ez<<<blocks, TPB>>>(g.ez, g.hx, g.hy, g.eps, 0.5, src_val, NY / 2);
}

void simulate_tmz(const double* eps_r, double pml_scale, int nt, int n_src, int probe, double* trace,
                  double* energy) {
  double prof[NX + NY];
  for (int i = 0; i < NX; ++i) {
    const int d = i < NPML ? NPML - i : (i >= NX - NPML ? i - (NX - NPML - 1) : 0);
    const double x = (double)d / NPML;
    prof[i] = pml_scale * x * x * x;
  }
  for (int j = 0; j < NY; ++j) {
    const int d = j < NPML ? NPML - j : (j >= NY - NPML ? j - (NY - NPML - 1) : 0);
    const double y = (double)d / NPML;
    prof[NX + j] = pml_scale * y * y * y;
  }
  cudaMemcpyToSymbol(c_sigma, prof, (NX + NY) * sizeof(double));

  Grid g;
  grid_alloc(g);
  cudaMemcpy(g.eps, eps_r, NX * NY * sizeof(double), cudaMemcpyHostToDevice);
  double *d_trace, *d_energy;
  cudaMalloc(&d_trace, nt * sizeof(double));
  cudaMalloc(&d_energy, sizeof(double));
  cudaMemset(d_energy, 0, sizeof(double));
  for (int t = 0; t < nt; ++t) {
    const double s = t < n_src ? sin(0.35 * t) * (1.0 - cos(6.283185307179586 * t / n_src)) : 0.0;
    step(g, s);
    cudaMemcpy(d_trace + t, g.ez + probe, sizeof(double), cudaMemcpyDeviceToDevice);
  }
  field_energy<<<(NX * NY + TPB - 1) / TPB, TPB>>>(g.ez, g.eps, d_energy);
  cudaMemcpy(trace, d_trace, nt * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(energy, d_energy, sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_trace);
  cudaFree(d_energy);
  grid_free(g);
}
