// Driver for workload 1, the elementwise transcendental map (kernels/elementwise.cu).
#include "bench.cuh"
#ifdef HAVE_CUAD
#include "elementwise_gen.cu"
#ifndef GRAD_FN
#define GRAD_FN ew_map_grad_0_1_2
#endif
#else
#include "../kernels/elementwise.cu"
#endif

// Hand-written adjoint: unique indices => plain +=; the scalar's adjoint is reduced per
// thread (grid-stride), per block, then one atomicAdd per block.
__global__ void ew_map_adj(const float* x, float a, int n, const float* d_out, float* d_x, float* d_a) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float xi = x[i];
    float s, c;
    sincosf(xi, &s, &c);
    const float g = expf(-xi * xi);
    const float dy = d_out[i];
    d_x[i] += dy * (a * (c - 2.0f * xi * s) * g + 2.0f * xi / (1.0f + xi * xi));
    acc += dy * s * g;
  }
  bench::block_atomic_add(acc, d_a);
}

int main() {
  using namespace bench;
  Result r("elementwise");
  current_result() = &r;
  device_info(r);
  const int n = 1 << 26;
  r.num("n", n);
  float a = 1.7f;
  float* x = dalloc<float>(n);
  float* out = dalloc<float>(n);
  float* seed = dalloc<float>(n);  // output adjoint (pristine)
  float* hand_dx = dalloc<float>(n);
  float* hand_da = dalloc<float>(1);
  fill_uniform(x, n, 1, -0.5, 2.5);
  fill_uniform(seed, n, 2, 0.5, 1.5);
  const int threads = 256, blocks = (n + threads - 1) / threads, sgrid = stride_grid();

  auto forward = [&] { ew_map<<<blocks, threads>>>(out, x, a, n); };
  auto hand_prep = [&] { dzero(hand_dx, n); dzero(hand_da, 1); };
  auto hand = [&] { ew_map_adj<<<sgrid, threads>>>(x, a, n, seed, hand_dx, hand_da); };

  // References: central differences of loss = sum seed * out.
  Outputs outs;
  outs.add(out, seed, n);
  const auto idx = sample_indices(n, 8, 11);
  const auto fd_x = fd_at(x, idx, 1e-3, 1e-3, forward, outs);
  const double fd_a = fd_derivative(scalar_of(a), forward, outs, 1e-2);

  Checks hand_checks;
  hand_prep();
  hand();
  CK(cudaDeviceSynchronize());
  hand_checks.list("hand d_x vs FD", values_at(hand_dx, idx), fd_x, 2e-3, 2e-3);
  hand_checks.add("hand d_a vs FD", read1(hand_da), fd_a, 1e-3, 0.0);

  Checks cuad_checks;
#ifdef HAVE_CUAD
  float* d_out = dalloc<float>(n);
  float* dx = dalloc<float>(n);
  float* da = dalloc<float>(1);
  auto grad_prep = [&] { dcopy(d_out, seed, n); dzero(dx, n); dzero(da, 1); };
  auto grad = [&] { GRAD_FN<<<blocks, threads>>>(out, x, a, n, d_out, dx, da); };
  grad_prep();
  grad();
  CK_LAUNCH();
  CK(cudaDeviceSynchronize());
  cuad_checks.list("cuad d_x vs FD", values_at(dx, idx), fd_x, 2e-3, 2e-3);
  cuad_checks.add("cuad d_a vs FD", read1(da), fd_a, 1e-3, 0.0);
  cuad_checks.arrays("cuad d_x vs hand", dx, hand_dx, n, 1e-3, 1e-5);
  report_timing(r, "grad", time_ms(grad_prep, grad));
#endif
  report_timing(r, "forward", time_ms(noop, forward));
  report_timing(r, "hand", time_ms(hand_prep, hand));
  hand_checks.report(r, "hand");
  cuad_checks.report(r, "cuad");
  finish(r, BENCH_HAVE_CUAD, cuad_checks);
  return 0;
}
