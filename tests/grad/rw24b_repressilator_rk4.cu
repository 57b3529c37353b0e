// cuad: fwd --fn integrate_ensemble
// cuad: --fn integrate_ensemble --wrt y0,params,yT,obj
// cuad: fwd --fn propagate
// cuad: --fn propagate --wrt y0,params,yT
// Parameter sensitivities of an ensemble of repressilator models (a synthetic gene
// oscillator: three mRNAs and three repressor proteins, Hill repression with a non-integer
// cooperativity), integrated with classical RK4, one ensemble member per thread. The model is
// a struct with a const member function for the right-hand side; the RK4 step is a function
// template over the model and the state size with local stage arrays; the number of steps
// differs per member; a trapezoidal integral of one protein is carried across steps. A host
// function runs the same integration in chunks of steps, launching an in-place kernel
// several times on one device buffer, and copies the final states back.
#include <cuda_runtime.h>
#include <cmath>

struct Repressilator {
  double alpha;  // maximal transcription
  double K;      // repression threshold
  double n;      // Hill coefficient (non-integer)
  double gamma;  // mRNA decay
  double beta;   // protein/mRNA time-scale ratio

  __device__ void rhs(const double* y, double* dy) const {
    for (int i = 0; i < 3; ++i) {
      const int j = (i + 2) % 3;  // gene i is repressed by protein j
      const double rep = alpha / (1.0 + pow(y[3 + j] / K, n));
      dy[i] = rep - gamma * y[i];
      dy[3 + i] = beta * (y[i] - y[3 + i]);
    }
  }
};

template <class Model, int N>
__device__ void rk4_step(const Model& m, double* y, double h) {
  double k1[N], k2[N], k3[N], k4[N], tmp[N];
  m.rhs(y, k1);
  for (int i = 0; i < N; ++i) tmp[i] = y[i] + 0.5 * h * k1[i];
  m.rhs(tmp, k2);
  for (int i = 0; i < N; ++i) tmp[i] = y[i] + 0.5 * h * k2[i];
  m.rhs(tmp, k3);
  for (int i = 0; i < N; ++i) tmp[i] = y[i] + h * k3[i];
  m.rhs(tmp, k4);
  for (int i = 0; i < N; ++i) y[i] += h / 6.0 * (k1[i] + 2.0 * k2[i] + 2.0 * k3[i] + k4[i]);
}

__device__ Repressilator load_model(const double* p) {
  Repressilator m;
  m.alpha = p[0];
  m.K = p[1];
  m.n = p[2];
  m.gamma = p[3];
  m.beta = p[4];
  return m;
}

__global__ void integrate_ensemble(const double* __restrict__ y0, const double* __restrict__ params,
                                   double* __restrict__ yT, double* __restrict__ obj,
                                   const int* __restrict__ nsteps, double h, int nens) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= nens) return;
  const Repressilator m = load_model(params + 5 * e);
  double y[6];
  for (int i = 0; i < 6; ++i) y[i] = y0[6 * e + i];
  double integral = 0.0, prev = y[3];
  for (int s = 0; s < nsteps[e]; ++s) {
    rk4_step<Repressilator, 6>(m, y, h);
    integral += 0.5 * h * (prev + y[3]);
    prev = y[3];
  }
  for (int i = 0; i < 6; ++i) yT[6 * e + i] = y[i];
  obj[e] = integral;
}

__global__ void advance(double* y, const double* params, int steps, double h, int nens) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e < nens) {
    const Repressilator m = load_model(params + 5 * e);
    double s[6];
    for (int i = 0; i < 6; ++i) s[i] = y[6 * e + i];
    for (int k = 0; k < steps; ++k) rk4_step<Repressilator, 6>(m, s, h);
    for (int i = 0; i < 6; ++i) y[6 * e + i] = s[i];
  }
}

void propagate(const double* y0, const double* params, double* yT, int nens, int nchunks,
               int chunk, double h) {
  double *d_y, *d_p;
  cudaMalloc(&d_y, 6 * nens * sizeof(double));
  cudaMalloc(&d_p, 5 * nens * sizeof(double));
  cudaMemcpy(d_y, y0, 6 * nens * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_p, params, 5 * nens * sizeof(double), cudaMemcpyHostToDevice);
  const int block = 32, grid = (nens + block - 1) / block;
  for (int c = 0; c < nchunks; ++c) advance<<<grid, block>>>(d_y, d_p, chunk, h, nens);
  cudaMemcpy(yT, d_y, 6 * nens * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_y);
  cudaFree(d_p);
}
