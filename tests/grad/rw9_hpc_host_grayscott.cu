// cuad: --fn gray_scott --wrt u,v,params
// Host time stepping of a 1-D periodic Gray-Scott reaction-diffusion system: cudaMalloc of
// five buffers, H2D copies, cudaMemset of the next-step buffers and of an accumulator, a
// grid-stride kernel per step, ping-pong through a temporary pointer (u) and std::swap (v),
// a grid-stride atomicAdd reduction, the mean returned after a D2H copy, cudaFree.
#include <utility>

__global__ void gs_step(double* un, double* vn, const double* u, const double* v, double Du,
                        double Dv, double F, double K, double dt, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const int l = (i == 0) ? n - 1 : i - 1;
    const int r = (i == n - 1) ? 0 : i + 1;
    const double uvv = u[i] * v[i] * v[i];
    un[i] = u[i] + dt * (Du * (u[l] - 2.0 * u[i] + u[r]) - uvv + F * (1.0 - u[i]));
    vn[i] = v[i] + dt * (Dv * (v[l] - 2.0 * v[i] + v[r]) + uvv - (F + K) * v[i]);
  }
}

__global__ void sum_sq(double* out, const double* v, int n) {
  double s = 0.0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    s += v[i] * v[i];
  atomicAdd(out, s);
}

double gray_scott(double* u, double* v, const double* params, double dt, int n, int steps) {
  const size_t bytes = n * sizeof(double);
  double *d_u, *d_v, *d_un, *d_vn, *d_sum;
  cudaMalloc(&d_u, bytes);
  cudaMalloc(&d_v, bytes);
  cudaMalloc(&d_un, bytes);
  cudaMalloc(&d_vn, bytes);
  cudaMalloc(&d_sum, sizeof(double));
  cudaMemcpy(d_u, u, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(d_v, v, bytes, cudaMemcpyHostToDevice);
  cudaMemset(d_un, 0, bytes);
  cudaMemset(d_vn, 0, bytes);
  cudaMemset(d_sum, 0, sizeof(double));
  const double Du = params[0], Dv = params[1], F = params[2], K = params[3];
  const int threads = 32, blocks = 2;
  for (int s = 0; s < steps; ++s) {
    gs_step<<<blocks, threads>>>(d_un, d_vn, d_u, d_v, Du, Dv, F, K, dt, n);
    double* tmp = d_u;
    d_u = d_un;
    d_un = tmp;
    std::swap(d_v, d_vn);
  }
  sum_sq<<<blocks, threads>>>(d_sum, d_v, n);
  double total = 0.0;
  cudaMemcpy(&total, d_sum, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(u, d_u, bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, d_v, bytes, cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_v);
  cudaFree(d_un);
  cudaFree(d_vn);
  cudaFree(d_sum);
  return total / n;
}
