// cuad: --fn vertical_transport --wrt q0,w,dt,q_out
// Vertical advection of a tracer (e.g. aerosol) in independent model columns, as a chemistry
// transport model writes it: flux form on levels of varying thickness, second-order upwind
// face values with a smoothly limited slope (van Albada, as a policy struct with a static
// __device__ member function, the kernel a template on the limiter and the level count), a
// closed lower boundary and an outflow/inflow upper boundary chosen by an enum. The host
// runs the time loop with two device buffers swapped by pointer, and after each step a
// column-mass kernel reduces each block's columns in shared memory and adds the block's sum
// into that step's entry of a mass history with atomicAdd. Returns a relative mass-drift penalty.
#include <cuda_runtime.h>
#include <vector>

enum TopBoundary { TOP_CLOSED, TOP_OPEN };

struct VanAlbada {
  // limited slope from the left and right differences, smooth everywhere
  __device__ static double slope(double a, double b) {
    constexpr double eps = 1e-8;
    return (a * (b * b + eps) + b * (a * a + eps)) / (a * a + b * b + 2.0 * eps);
  }
};

__constant__ double c_dz[24];

template <class Limiter, int NZ>
__global__ void vadv_step(int ncol, const double* __restrict__ q, const double* __restrict__ w,
                          double dt, TopBoundary top, double q_top, double* __restrict__ qn) {
  const int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= ncol) return;
  const double* qc = q + c * NZ;
  const double* wc = w + c * (NZ + 1);  // face velocities, face k below level k
  double s[NZ];
  s[0] = 0.0;
  s[NZ - 1] = 0.0;
  for (int k = 1; k < NZ - 1; ++k) s[k] = Limiter::slope(qc[k] - qc[k - 1], qc[k + 1] - qc[k]);
  double flux[NZ + 1];
  flux[0] = 0.0;  // closed ground
  for (int k = 1; k < NZ; ++k) {
    const double wf = wc[k];
    if (wf > 0.0) {
      const double cr = wf * dt / c_dz[k - 1];
      flux[k] = wf * (qc[k - 1] + 0.5 * (1.0 - cr) * s[k - 1]);
    } else {
      const double cr = -wf * dt / c_dz[k];
      flux[k] = wf * (qc[k] - 0.5 * (1.0 - cr) * s[k]);
    }
  }
  switch (top) {
    case TOP_CLOSED:
      flux[NZ] = 0.0;
      break;
    case TOP_OPEN:
      flux[NZ] = wc[NZ] > 0.0 ? wc[NZ] * qc[NZ - 1] : wc[NZ] * q_top;
      break;
  }
  for (int k = 0; k < NZ; ++k) qn[c * NZ + k] = qc[k] - dt / c_dz[k] * (flux[k + 1] - flux[k]);
}

template <int NZ, int BLOCK>
__global__ void column_mass(int ncol, const double* __restrict__ q, double* mass, int step) {
  __shared__ double part[BLOCK];
  const int c = blockIdx.x * BLOCK + threadIdx.x;
  double m = 0.0;
  if (c < ncol)
    for (int k = 0; k < NZ; ++k) m += q[c * NZ + k] * c_dz[k];
  part[threadIdx.x] = m;
  __syncthreads();
  for (int off = BLOCK / 2; off > 0; off >>= 1) {
    if (threadIdx.x < off) part[threadIdx.x] += part[threadIdx.x + off];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(&mass[step], part[0]);
}

constexpr int kLevels = 16;
constexpr int kBlock = 32;

double vertical_transport(const double* q0, const double* w, const double* dz, double dt,
                          double q_top, int ncol, int nsteps, double* q_out) {
  cudaMemcpyToSymbol(c_dz, dz, kLevels * sizeof(double));
  double *d_a, *d_b, *d_w, *d_mass;
  cudaMalloc(&d_a, ncol * kLevels * sizeof(double));
  cudaMalloc(&d_b, ncol * kLevels * sizeof(double));
  cudaMalloc(&d_w, ncol * (kLevels + 1) * sizeof(double));
  cudaMalloc(&d_mass, (nsteps + 1) * sizeof(double));
  cudaMemset(d_mass, 0, (nsteps + 1) * sizeof(double));
  cudaMemcpy(d_a, q0, ncol * kLevels * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_w, w, ncol * (kLevels + 1) * sizeof(double), cudaMemcpyHostToDevice);
  const int blocks = (ncol + kBlock - 1) / kBlock;
  column_mass<kLevels, kBlock><<<blocks, kBlock>>>(ncol, d_a, d_mass, 0);
  double* cur = d_a;
  double* nxt = d_b;
  for (int s = 0; s < nsteps; ++s) {
    vadv_step<VanAlbada, kLevels><<<blocks, kBlock>>>(ncol, cur, d_w, dt, TOP_OPEN, q_top, nxt);
    column_mass<kLevels, kBlock><<<blocks, kBlock>>>(ncol, nxt, d_mass, s + 1);
    double* t = cur;
    cur = nxt;
    nxt = t;
  }
  std::vector<double> mass(nsteps + 1);
  cudaMemcpy(mass.data(), d_mass, (nsteps + 1) * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(q_out, cur, ncol * kLevels * sizeof(double), cudaMemcpyDeviceToHost);
  double drift = 0.0;
  for (int s = 1; s <= nsteps; ++s) {
    const double rel = (mass[s] - mass[0]) / mass[0];
    drift += 100.0 * rel * rel;
  }
  cudaFree(d_a);
  cudaFree(d_b);
  cudaFree(d_w);
  cudaFree(d_mass);
  return drift;
}
