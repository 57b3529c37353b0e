// cuad: --fn gray_scott --wrt u0,v0,feed,kill,pattern
// 1-D Gray-Scott reaction-diffusion: two species, each with its own ping-pong pair of device
// buffers, kept with the rates in a `ReactionDiffusion` struct. `rd_alloc(ReactionDiffusion*)`
// allocates, `rd_step(ReactionDiffusion&)` launches one fused kernel and swaps both pairs;
// the launch helper takes a copy of the struct (`ReactionDiffusion view = rd;`). The result
// is staged through std::vector on the host: the mean of v is removed to give the pattern,
// and the total amount of u is returned.
#include <cuda_runtime.h>
#include <utility>
#include <vector>

struct ReactionDiffusion {
  double* u;
  double* v;
  double* u_next;
  double* v_next;
  double Du, Dv, feed, kill, dt;
  int n;
};

__global__ void gray_scott_step(const double* u, const double* v, double* un, double* vn,
                                double Du, double Dv, double F, double k, double dt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const int l = (i + n - 1) % n, r = (i + 1) % n;  // periodic
  const double lu = u[l] - 2.0 * u[i] + u[r];
  const double lv = v[l] - 2.0 * v[i] + v[r];
  const double uvv = u[i] * v[i] * v[i];
  un[i] = u[i] + dt * (Du * lu - uvv + F * (1.0 - u[i]));
  vn[i] = v[i] + dt * (Dv * lv + uvv - (F + k) * v[i]);
}

static void rd_alloc(ReactionDiffusion* rd, int n) {
  rd->n = n;
  cudaMalloc(&rd->u, n * sizeof(double));
  cudaMalloc(&rd->v, n * sizeof(double));
  cudaMalloc(&rd->u_next, n * sizeof(double));
  cudaMalloc(&rd->v_next, n * sizeof(double));
}

static void rd_launch(const ReactionDiffusion& rd) {
  ReactionDiffusion view = rd;
  const int threads = 64;
  gray_scott_step<<<(view.n + threads - 1) / threads, threads>>>(
      view.u, view.v, view.u_next, view.v_next, view.Du, view.Dv, view.feed, view.kill,
      view.dt, view.n);
}

static void rd_step(ReactionDiffusion& rd) {
  rd_launch(rd);
  std::swap(rd.u, rd.u_next);
  std::swap(rd.v, rd.v_next);
}

static void rd_free(ReactionDiffusion* rd) {
  cudaFree(rd->u);
  cudaFree(rd->v);
  cudaFree(rd->u_next);
  cudaFree(rd->v_next);
}

double gray_scott(const double* u0, const double* v0, double feed, double kill,
                  double* pattern, int n, int steps) {
  ReactionDiffusion rd;
  rd_alloc(&rd, n);
  rd.Du = 0.2;
  rd.Dv = 0.1;
  rd.feed = feed;
  rd.kill = kill;
  rd.dt = 0.5;
  cudaMemcpy(rd.u, u0, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(rd.v, v0, n * sizeof(double), cudaMemcpyHostToDevice);
  for (int t = 0; t < steps; ++t) rd_step(rd);
  std::vector<double> hu(n), hv(n);
  cudaMemcpy(hu.data(), rd.u, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaMemcpy(hv.data(), rd.v, n * sizeof(double), cudaMemcpyDeviceToHost);
  rd_free(&rd);
  double mean_v = 0.0, total_u = 0.0;
  for (int i = 0; i < n; ++i) {
    mean_v += hv[i];
    total_u += hu[i];
  }
  mean_v /= n;
  for (int i = 0; i < n; ++i) pattern[i] = hv[i] - mean_v;
  return total_u;
}
