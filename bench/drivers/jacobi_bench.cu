// Driver for workload 9, Jacobi stencil stepped by a host function (kernels/jacobi.cu).
// The gradient is a host function (cuad differentiates the launches, the allocation and
// the copy); u is updated in place, so it is restored before every run.
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "jacobi_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN jacobi_run_grad_0
#endif
#else
#include "../kernels/jacobi.cu"
#endif

// Transposed stencil as a gather (no atomics): every input point collects the adjoints of
// the outputs that read it. Assigns d_in: in the forward, `in` is not read again after this
// step before it is overwritten, so its adjoint before this reverse step is dead.
__global__ void jacobi_step_adj(float* d_in, const float* d_out, int nx, int ny) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= nx * ny) return;
  const int i = t % nx, j = t / nx;
  auto interior = [&](int ii, int jj) { return ii > 0 && jj > 0 && ii < nx - 1 && jj < ny - 1; };
  float acc = interior(i, j) ? 0.0f : d_out[t];
  float nb = 0.0f;
  if (i > 0 && interior(i - 1, j)) nb += d_out[t - 1];
  if (i < nx - 1 && interior(i + 1, j)) nb += d_out[t + 1];
  if (j > 0 && interior(i, j - 1)) nb += d_out[t - nx];
  if (j < ny - 1 && interior(i, j + 1)) nb += d_out[t + nx];
  d_in[t] = acc + 0.25f * nb;
}

// Hand-written host adjoint of jacobi_run: the stencil is linear, so no forward values are
// needed; replays the steps backwards with its own ping-pong adjoint buffer.
void jacobi_run_adj(const float* u, int nx, int ny, int steps, float* d_u) {
  (void)u;
  float* d_tmp;
  CK(cudaMalloc(&d_tmp, sizeof(float) * nx * ny));
  const int threads = 256, blocks = (nx * ny + threads - 1) / threads;
  for (int s = steps - 1; s >= 0; --s) {
    if (s % 2 == 0) {
      jacobi_step_adj<<<blocks, threads>>>(d_u, d_tmp, nx, ny);  // forward: tmp = K(u)
    } else {
      jacobi_step_adj<<<blocks, threads>>>(d_tmp, d_u, nx, ny);  // forward: u = K(tmp)
    }
  }
  // The forward's copy tmp <- u is dead (step 0 overwrites tmp): nothing to add.
  CK(cudaFree(d_tmp));
}

int main() {
  using namespace bench;
  Result r("jacobi");
  current_result() = &r;
  device_info(r);
  const int nx = 4096, ny = 4096, steps = 20;  // even: the result ends in u
  const size_t n = (size_t)nx * ny;
  r.num("n", (double)n);
  r.num("steps", steps);
  float* u0 = dalloc<float>(n);
  float* u = dalloc<float>(n);
  float* seed = dalloc<float>(n);
  float* h_du = dalloc<float>(n);
  fill_uniform(u0, n, 101, 0.0, 1.0);
  fill_uniform(seed, n, 102, -1.0, 1.0);

  auto restore = [&] { dcopy(u, u0, n); };
  auto forward_call = [&] { jacobi_run(u, nx, ny, steps); };
  auto forward = [&] { restore(); forward_call(); };
  auto hand_prep = [&] { restore(); dcopy(h_du, seed, n); };
  auto hand = [&] { jacobi_run_adj(u, nx, ny, steps, h_du); };

  // Linear in u: FD with a large step is exact up to rounding. Sample interior and edge points.
  Outputs outs;
  outs.add(u, seed, n);
  std::vector<size_t> idx = sample_indices(n, 6, 103);
  idx.push_back((size_t)nx * 7 + 1);  // next to the boundary
  idx.push_back(5);                   // on the boundary
  const auto fd = fd_at(u0, idx, 0.0, 0.5, forward, outs);

  Checks hand_checks;
  hand_prep();
  hand();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  hand_checks.list("hand d_u vs FD", values_at(h_du, idx), fd, 2e-3, 1e-4);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* du = dalloc<float>(n);
  auto grad_prep = [&] { restore(); dcopy(du, seed, n); };
  auto grad = [&] { GRAD_FN(u, nx, ny, steps, du); };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_u vs FD", values_at(du, idx), fd, 2e-3, 1e-4);
  cuad_checks.arrays("cuad d_u vs hand", du, h_du, n, 1e-3, 1e-5);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(restore, forward_call));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
