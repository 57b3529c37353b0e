// Driver for workload 10, block reduction in shared memory (kernels/block_reduce.cu).
// Runs the forward in any case; the gradient is reported as pending when cuad cannot
// differentiate shared memory / __syncthreads yet (run.sh builds this driver without it).
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "block_reduce_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN block_sum_sq_grad_0_1
#endif
#else
#include "../kernels/block_reduce.cu"
#endif

// Hand-written adjoint: d_x[i] += 2 x[i] d_partial[block of i].
__global__ void block_sum_sq_adj(const float* x, int n, const float* d_partial, float* d_x) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) d_x[i] += 2.0f * x[i] * d_partial[blockIdx.x];
}

int main() {
  using namespace bench;
  Result r("block_reduce");
  current_result() = &r;
  device_info(r);
  const int n = 1 << 26;
  const int threads = 256, blocks = (n + threads - 1) / threads;  // the kernel's buffer is 256
  r.num("n", n);
  float* x = dalloc<float>(n);
  float* partial = dalloc<float>(blocks);
  float* seed = dalloc<float>(blocks);
  float* h_dx = dalloc<float>(n);
  fill_uniform(x, n, 111, -1.0, 1.0);
  fill_uniform(seed, blocks, 112, 0.5, 1.5);

  auto forward = [&] { block_sum_sq<<<blocks, threads>>>(partial, x, n); };
  auto hand_prep = [&] { dzero(h_dx, n); };
  auto hand = [&] { block_sum_sq_adj<<<blocks, threads>>>(x, n, seed, h_dx); };

  Outputs outs;
  outs.add(partial, seed, blocks);
  const auto idx = sample_indices(n, 6, 113);
  const auto fd = fd_at(x, idx, 1e-2, 1e-2, forward, outs);

  Checks hand_checks;
  hand_prep();
  hand();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  hand_checks.list("hand d_x vs FD", values_at(h_dx, idx), fd, 2e-3, 2e-3);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* dpartial = dalloc<float>(blocks);
  float* dx = dalloc<float>(n);
  auto grad_prep = [&] { dcopy(dpartial, seed, blocks); dzero(dx, n); };
  auto grad = [&] { GRAD_FN<<<blocks, threads>>>(partial, x, n, dpartial, dx); };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_x vs FD", values_at(dx, idx), fd, 2e-3, 2e-3);
  cuad_checks.arrays("cuad d_x vs hand", dx, h_dx, n, 1e-4, 1e-6);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
