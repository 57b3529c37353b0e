// Written for cuad (its own program, not adapted from another project): `clad::gradient` of
// `__global__` kernels over `int` data: requests that name integer parameters get integer
// adjoints, as in Clad. It covers an in-place compound update of one value, `execute_kernel`
// with and without the shared-memory size and stream, the messages for `execute_kernel` on a
// host function and `execute` on a kernel, elementwise updates indexed by threadIdx and
// blockIdx, a warpSize strided loop and a grid-stride loop bounded by an `int` parameter, and a
// value broadcast to pairs of elements. Some requests sit in a macro that takes the kernel and
// the parameter string as arguments. Every line printed is one of this file's `// CHECK-EXEC:`
// lines (exact derivatives, worked out next to each request), compared line by line by
// crates/cli/tests/build.rs (clad_integer_kernels) and matched by scripts/clad-gpu.sh.
#include <cstdio>
#include "clad/Differentiator/Differentiator.h"

// v <- v (v + 3): d/dv = 2 v + 3.
__global__ void grow(int *v) { *v *= *v + 3; }

void grow_on_host(int *v) { *v *= *v + 3; }

__global__ void add_twice(int *out, int *in, int n) {
  int t = threadIdx.x;
  if (t < n)
    out[t] += 2 * in[t];
}

__global__ void subtract_by_block(int *out, int *in) {
  out[blockIdx.x * blockDim.x + threadIdx.x] -= in[blockIdx.x * blockDim.x + threadIdx.x];
}

// Thread t sums in[t], in[t + warpSize], ... below n.
__global__ void warp_strided_sum(int *out, int *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    int sum = 0;
    for (int j = t; j < n; j += warpSize)
      sum += in[j];
    out[t] = sum;
  }
}

__global__ void grid_strided_sum(int *out, int *in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int stride = blockDim.x * gridDim.x;
  if (t < n) {
    int sum = 0;
    for (int j = t; j < n; j += stride)
      sum += in[j];
    out[t] = sum;
  }
}

__global__ void spread_pairs(int *a, int *b) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  a[2 * t] = 3 * b[0];
  a[2 * t + 1] = b[0] * b[0];
}

int *device_ints(int n) {
  int *p = nullptr;
  cudaMalloc(&p, n * sizeof(int));
  cudaMemset(p, 0, n * sizeof(int));
  return p;
}

// dev[i] = first + i for i < n.
void fill_ramp(int *dev, int n, int first) {
  int host[64];
  for (int i = 0; i < n; ++i) host[i] = first + i;
  cudaMemcpy(dev, host, n * sizeof(int), cudaMemcpyHostToDevice);
}

// Prints dev[at[0]], dev[at[1]], ... (count of them) after `label: `.
void print_at(const char *label, const int *dev, const int *at, int count) {
  int host[64];
  cudaMemcpy(host, dev, 64 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%s:", label);
  for (int k = 0; k < count; ++k) printf(" %d", host[at[k]]);
  printf("\n");
}

// The gradient of F w.r.t. WRT on out, in, n (in, out and their adjoints are main's), with
// d_in reset and d_out = {1, ..., n}; prints d_in at the indices in the array AT.
#define INT_KERNEL_GRAD(F, WRT, GRID, BLOCK, N, AT)                        \
  {                                                                        \
    cudaMemset(d_in, 0, 64 * sizeof(int));                                 \
    fill_ramp(d_out, N, 1);                                                \
    auto F##_grad = clad::gradient(F, WRT);                                \
    F##_grad.execute_kernel(GRID, BLOCK, out, in, N, d_out, d_in);         \
    cudaDeviceSynchronize();                                               \
    print_at(#F, d_in, AT, sizeof(AT) / sizeof(AT[0]));                    \
  }

int main(void) {
  const int first_five[] = {0, 1, 2, 3, 4};
  int *v = device_ints(64), *dv = device_ints(64);

  // v = 4, seed 1: 2 * 4 + 3 = 11.
  fill_ramp(v, 1, 4);
  fill_ramp(dv, 1, 1);
  auto grow_grad = clad::gradient(grow);
  grow_grad.execute_kernel(dim3(1), dim3(1), v, dv);
  cudaDeviceSynchronize();
  print_at("grow", dv, first_five, 1);  // CHECK-EXEC: grow: 11

  // v = 7, seed 2, with the shared-memory size and a stream: 2 * (2 * 7 + 3) = 34.
  fill_ramp(v, 1, 7);
  fill_ramp(dv, 1, 2);
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  grow_grad.execute_kernel(dim3(1), dim3(1), 0, stream, v, dv);
  cudaStreamSynchronize(stream);
  print_at("grow on a stream", dv, first_five, 1);  // CHECK-EXEC: grow on a stream: 34

  auto host_grad = clad::gradient(grow_on_host);
  host_grad.execute_kernel(dim3(1), dim3(1), v, dv);  // CHECK-EXEC: Use execute() for non-global CUDA kernels
  grow_grad.execute(v, dv);  // CHECK-EXEC: Use execute_kernel() for global CUDA kernels

  int *in = device_ints(64), *out = device_ints(64), *d_in = device_ints(64),
      *d_out = device_ints(64);

  // n = 5 of 8 threads, d_out = {1, 2, 3, 4, 5}: d_in = 2 d_out.
  fill_ramp(in, 5, 10);
  INT_KERNEL_GRAD(add_twice, "in, out", dim3(1), dim3(8, 1, 1), 5, first_five);
  // CHECK-EXEC: add_twice: 2 4 6 8 10

  // Five blocks of one thread, d_out = {3, ..., 7}: d_in = -d_out (d_in is reset first: the
  // adjoints accumulate).
  cudaMemset(d_in, 0, 64 * sizeof(int));
  fill_ramp(d_out, 5, 3);
  auto sub_grad = clad::gradient(subtract_by_block, "in, out");
  sub_grad.execute_kernel(dim3(5, 1, 1), dim3(1), 0, stream, out, in, d_out, d_in);
  cudaStreamSynchronize(stream);
  print_at("subtract_by_block", d_in, first_five, 5);  // CHECK-EXEC: subtract_by_block: -3 -4 -5 -6 -7

  // n = 40 over one block of 40 threads: out[t] = in[t] + in[t + 32] for t < 8, out[t] = in[t]
  // for 8 <= t < 40. d_out = {1, ..., 40}: d_in[j] = d_out[j] + d_out[j - 32] for j >= 32.
  const int warp_at[] = {0, 7, 8, 31, 32, 39};
  INT_KERNEL_GRAD(warp_strided_sum, "in, out", dim3(1), dim3(40), 40, warp_at);
  // CHECK-EXEC: warp_strided_sum: 1 8 9 32 34 48

  // n = 10 over 2 blocks of 2 threads (stride 4), d_out = {1, ..., 10}: d_in[j] = d_out[j % 4].
  const int first_ten[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
  INT_KERNEL_GRAD(grid_strided_sum, "in, out", dim3(2), dim3(2), 10, first_ten);
  // CHECK-EXEC: grid_strided_sum: 1 2 3 4 1 2 3 4 1 2

  // b = 2 over 4 threads, d_a = {1, ..., 8}: d_b = 3 (1 + 3 + 5 + 7) + 2 * 2 (2 + 4 + 6 + 8) = 128,
  // and d_a is consumed (the writes overwrite a).
  fill_ramp(in, 1, 2);
  cudaMemset(d_in, 0, 64 * sizeof(int));
  fill_ramp(d_out, 8, 1);
  auto spread_grad = clad::gradient(spread_pairs, "a, b");
  spread_grad.execute_kernel(dim3(1), dim3(4), out, in, d_out, d_in);
  cudaDeviceSynchronize();
  print_at("spread_pairs d_b", d_in, first_five, 1);  // CHECK-EXEC: spread_pairs d_b: 128
  print_at("spread_pairs d_a", d_out, first_ten, 8);  // CHECK-EXEC: spread_pairs d_a: 0 0 0 0 0 0 0 0

  cudaStreamDestroy(stream);
  int *all[] = {v, dv, in, out, d_in, d_out};
  for (int *p : all) cudaFree(p);
  return 0;
}
