// cuad: --fn robot_rollout --wrt x0,act_w,rest,x_final
// cuad: fwd --fn robot_rollout --wrt x0,act_w,rest,x_final
// DiffTaichi's mass-spring robot in CUDA: the whole trajectory is kept ([steps + 1][n] position
// and velocity arrays; step t reads slice t and writes slice t + 1 through pointer offsets),
// spring forces with a sinusoidal actuation whose per-spring strengths live in __constant__
// memory (cudaMemcpyToSymbol), scattered with atomicAdd, symplectic Euler with drag and a C1
// quadratic ground penalty, then a loss kernel that atomically accumulates the negative mean
// x of the final state into a device scalar that the host copies back.
#include <cuda_runtime.h>

#define MAX_SPRINGS 64

__constant__ double c_act_w[MAX_SPRINGS];

struct SpringParams {
  double stiffness;
  double omega;
  double act_strength;
};

__global__ void spring_forces(int n_spr, int t, double dt, const int* __restrict__ sa, const int* __restrict__ sb,
                              const double* __restrict__ rest, SpringParams sp, const double* __restrict__ x,
                              double* f) {
  const int s = blockIdx.x * blockDim.x + threadIdx.x;
  if (s >= n_spr) return;
  const int a = sa[s], b = sb[s];
  const double dx = x[2 * b] - x[2 * a], dy = x[2 * b + 1] - x[2 * a + 1];
  const double len = sqrt(dx * dx + dy * dy);
  const double act = c_act_w[s] * sin(sp.omega * t * dt + 0.7 * s);
  const double target = rest[s] * (1.0 + sp.act_strength * act);
  const double mag = sp.stiffness * (len - target) / (len * target);
  atomicAdd(&f[2 * a], mag * dx);
  atomicAdd(&f[2 * a + 1], mag * dy);
  atomicAdd(&f[2 * b], -mag * dx);
  atomicAdd(&f[2 * b + 1], -mag * dy);
}

__global__ void advance(int n, double dt, double drag, double ground, const double* __restrict__ x,
                        const double* __restrict__ v, const double* __restrict__ f, double* __restrict__ x_next,
                        double* __restrict__ v_next) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double fy = f[2 * i + 1] - 9.8;
  const double pen = ground - x[2 * i + 1];
  if (pen > 0.0) fy += 1.0e4 * pen * pen;
  const double damp = exp(-dt * drag);
  const double vx = damp * (v[2 * i] + dt * f[2 * i]);
  const double vy = damp * (v[2 * i + 1] + dt * fy);
  v_next[2 * i] = vx;
  v_next[2 * i + 1] = vy;
  x_next[2 * i] = x[2 * i] + dt * vx;
  x_next[2 * i + 1] = x[2 * i + 1] + dt * vy;
}

__global__ void center_loss(int n, const double* __restrict__ x, double* loss) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  atomicAdd(loss, -x[2 * i] / n);
}

double robot_rollout(const double* x0, const double* act_w, const int* sa, const int* sb, const double* rest, int n,
                     int n_spr, int steps, double dt, double* x_final) {
  const SpringParams sp{120.0, 10.0, 0.15};
  cudaMemcpyToSymbol(c_act_w, act_w, n_spr * sizeof(double));
  double *x, *v, *f, *d_rest, *d_loss;
  int *d_sa, *d_sb;
  const size_t slice = 2 * n;
  cudaMalloc(&x, (steps + 1) * slice * sizeof(double));
  cudaMalloc(&v, (steps + 1) * slice * sizeof(double));
  cudaMalloc(&f, slice * sizeof(double));
  cudaMalloc(&d_rest, n_spr * sizeof(double));
  cudaMalloc(&d_loss, sizeof(double));
  cudaMalloc(&d_sa, n_spr * sizeof(int));
  cudaMalloc(&d_sb, n_spr * sizeof(int));
  cudaMemcpy(x, x0, slice * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemset(v, 0, slice * sizeof(double));
  cudaMemcpy(d_rest, rest, n_spr * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sa, sa, n_spr * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d_sb, sb, n_spr * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemset(d_loss, 0, sizeof(double));
  for (int t = 0; t < steps; ++t) {
    cudaMemset(f, 0, slice * sizeof(double));
    spring_forces<<<(n_spr + 31) / 32, 32>>>(n_spr, t, dt, d_sa, d_sb, d_rest, sp, x + t * slice, f);
    advance<<<(n + 31) / 32, 32>>>(n, dt, 2.0, 0.1, x + t * slice, v + t * slice, f, x + (t + 1) * slice,
                                   v + (t + 1) * slice);
  }
  center_loss<<<(n + 31) / 32, 32>>>(n, x + steps * slice, d_loss);
  double loss = 0.0;
  cudaMemcpy(&loss, d_loss, sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(x_final, x + steps * slice, slice * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(x);
  cudaFree(v);
  cudaFree(f);
  cudaFree(d_rest);
  cudaFree(d_loss);
  cudaFree(d_sa);
  cudaFree(d_sb);
  return loss;
}
