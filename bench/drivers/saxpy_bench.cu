// Driver for workload 2, in-place saxpy (kernels/saxpy.cu).
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "saxpy_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN saxpy_grad_0_1_2
#endif
#else
#include "../kernels/saxpy.cu"
#endif

// Hand-written adjoint of y = a x + y: d_y passes through unchanged, d_x += a d_y,
// d_a += sum x d_y (thread, block, then one atomicAdd per block).
__global__ void saxpy_adj(const float* x, float a, int n, const float* d_y, float* d_x, float* d_a) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float dy = d_y[i];
    d_x[i] += a * dy;
    acc += x[i] * dy;
  }
  bench::block_atomic_add(acc, d_a);
}

int main() {
  using namespace bench;
  Result r("saxpy");
  current_result() = &r;
  device_info(r);
  const int n = 1 << 26;
  r.num("n", n);
  float a = 2.5f;
  float* x = dalloc<float>(n);
  float* y0 = dalloc<float>(n);  // pristine input y
  float* y = dalloc<float>(n);   // in/out
  float* seed = dalloc<float>(n);
  float* hand_dy = dalloc<float>(n);
  float* hand_dx = dalloc<float>(n);
  float* hand_da = dalloc<float>(1);
  fill_uniform(x, n, 3, 0.0, 1.0);
  fill_uniform(y0, n, 4, -1.0, 1.0);
  fill_uniform(seed, n, 5, 0.5, 1.5);
  const int threads = 256, blocks = (n + threads - 1) / threads, sgrid = stride_grid();

  auto restore = [&] { dcopy(y, y0, n); };
  auto forward_kernel = [&] { saxpy<<<blocks, threads>>>(y, x, a, n); };
  auto forward = [&] { restore(); forward_kernel(); };
  // The hand-written adjoint leaves d_y as it is (it is both the output and the input adjoint).
  auto hand_prep = [&] { dcopy(hand_dy, seed, n); dzero(hand_dx, n); dzero(hand_da, 1); };
  auto hand = [&] { saxpy_adj<<<sgrid, threads>>>(x, a, n, hand_dy, hand_dx, hand_da); };

  Outputs outs;
  outs.add(y, seed, n);
  const auto idx = sample_indices(n, 6, 12);
  const auto fd_x = fd_at(x, idx, 1e-2, 1e-2, forward, outs);
  const auto fd_y = fd_at(y0, idx, 1e-2, 1e-2, forward, outs);
  const double fd_a = fd_derivative(scalar_of(a), forward, outs, 1e-2);

  Checks hand_checks;
  hand_prep();
  hand();
  CK(cudaDeviceSynchronize());
  hand_checks.list("hand d_x vs FD", values_at(hand_dx, idx), fd_x, 2e-3, 2e-3);
  hand_checks.list("hand d_y vs FD", values_at(hand_dy, idx), fd_y, 2e-3, 2e-3);
  hand_checks.add("hand d_a vs FD", read1(hand_da), fd_a, 1e-3, 0.0);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* dy = dalloc<float>(n);
  float* dx = dalloc<float>(n);
  float* da = dalloc<float>(1);
  auto grad_prep = [&] { restore(); dcopy(dy, seed, n); dzero(dx, n); dzero(da, 1); };
  auto grad = [&] { GRAD_FN<<<blocks, threads>>>(y, x, a, n, dy, dx, da); };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_x vs FD", values_at(dx, idx), fd_x, 2e-3, 2e-3);
  cuad_checks.list("cuad d_y vs FD", values_at(dy, idx), fd_y, 2e-3, 2e-3);
  cuad_checks.add("cuad d_a vs FD", read1(da), fd_a, 1e-3, 0.0);
  cuad_checks.arrays("cuad d_x vs hand", dx, hand_dx, n, 1e-4, 1e-6);
  cuad_checks.arrays("cuad d_y vs hand", dy, hand_dy, n, 1e-4, 1e-6);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(restore, forward_kernel));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
