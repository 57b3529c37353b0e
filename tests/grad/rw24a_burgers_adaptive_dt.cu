// cuad: --fn burgers_adaptive --wrt u,u_out
// cuad: fwd --fn burgers_adaptive --wrt u,u_out
// Inviscid Burgers on a periodic grid with adaptive time steps, as a production code does it:
// every step reduces max |u| on the device (one block, shared-memory fmax tree), copies it to
// the host, sets dt = cfl * dx / max|u| and shortens the last step to land on t_end; the loop
// runs while t < t_end (its trip count depends on the data). The step itself is first-order
// upwind with the flux split by the sign of the face speed (Godunov for convex flux, written
// with fmax/fmin of the one-sided fluxes, all speeds positive here). Because dt depends on the
// state, the gradient flows through the reduction and the host arithmetic as well.
#include <cuda_runtime.h>

#define RT 64

__global__ void reduce_max_abs(const double* __restrict__ u, double* __restrict__ out, int n) {
  __shared__ double s[RT];
  const int t = threadIdx.x;
  double m = 0.0;
  for (int i = t; i < n; i += RT) m = fmax(m, fabs(u[i]));
  s[t] = m;
  __syncthreads();
  for (int st = RT / 2; st > 0; st >>= 1) {
    if (t < st) s[t] = fmax(s[t], s[t + st]);
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}

__global__ void godunov_step(const double* __restrict__ u, double* __restrict__ un, double dt_dx, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = (i + n - 1) % n;
  // u > 0 everywhere: the Godunov flux at each face is the left state's flux
  const double fr = 0.5 * u[i] * u[i], fl = 0.5 * u[l] * u[l];
  un[i] = u[i] - dt_dx * (fr - fl);
}

void burgers_adaptive(const double* u, double cfl, double dx, double t_end, int n, double* u_out) {
  double *d_u, *d_un, *d_max;
  cudaMalloc(&d_u, n * sizeof(double));
  cudaMalloc(&d_un, n * sizeof(double));
  cudaMalloc(&d_max, sizeof(double));
  cudaMemcpy(d_u, u, n * sizeof(double), cudaMemcpyHostToDevice);
  double t = 0.0;
  int steps = 0;
  while (t < t_end && steps < 100) {
    reduce_max_abs<<<1, RT>>>(d_u, d_max, n);
    double smax;
    cudaMemcpy(&smax, d_max, sizeof(double), cudaMemcpyDeviceToHost);
    double dt = cfl * dx / smax;
    if (t + dt > t_end) dt = t_end - t;
    godunov_step<<<(n + 31) / 32, 32>>>(d_u, d_un, dt / dx, n);
    cudaMemcpy(d_u, d_un, n * sizeof(double), cudaMemcpyDeviceToDevice);
    t += dt;
    ++steps;
  }
  cudaMemcpy(u_out, d_u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_u);
  cudaFree(d_un);
  cudaFree(d_max);
}
