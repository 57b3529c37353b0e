// Adapted from Clad's test suite: vgvassilev/clad, test/CUDA/GradientKernels.cu (LGPL-3.0),
// with attribution: its integer kernels, as Clad differentiates them (integer adjoints). The
// lit RUN lines and the `// CHECK:` lines on Clad's generated source are dropped; the program
// and its printed values are kept, with Clad's `// CHECK-EXEC:` expectations (checked by
// crates/cli/tests/build.rs, clad_integer_kernels_match_clad, and scripts/clad-gpu.sh).
#include <cstdio>
#include <cstdlib>
#include "clad/Differentiator/Differentiator.h"

__global__ void kernel(int *a) { *a *= *a; }

void fake_kernel(int *a) { *a *= *a; }

__global__ void add_kernel(int *out, int *in) {
  int index = threadIdx.x;
  out[index] += in[index];
}

__global__ void add_kernel_2(int *out, int *in) { out[threadIdx.x] += in[threadIdx.x]; }

__global__ void add_kernel_3(int *out, int *in) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  out[index] += in[index];
}

__global__ void add_kernel_4(int *out, int *in) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < 5) {
    int sum = 0;
    for (int i = index; i < 5; i += warpSize) {
      sum += in[i];
    }
    out[index] = sum;
  }
}

__global__ void add_kernel_5(int *out, int *in) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < 5) {
    int sum = 0;
    int totalThreads = blockDim.x * gridDim.x;
    for (int i = index; i < 5; i += totalThreads) {
      sum += in[i];
    }
    out[index] = sum;
  }
}

__global__ void add_kernel_6(int *a, int *b) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  a[2 * index] = b[0];
  a[2 * index + 1] = b[0];
}

#define TEST(F, grid, block, shared_mem, use_stream, x, dx, N)         \
  {                                                                    \
    int *fives = (int *)malloc(N * sizeof(int));                       \
    for (int i = 0; i < N; i++) fives[i] = 5;                          \
    int *ones = (int *)malloc(N * sizeof(int));                        \
    for (int i = 0; i < N; i++) ones[i] = 1;                           \
    cudaMemcpy(x, fives, N * sizeof(int), cudaMemcpyHostToDevice);     \
    cudaMemcpy(dx, ones, N * sizeof(int), cudaMemcpyHostToDevice);     \
    auto test = clad::gradient(F);                                     \
    if constexpr (use_stream) {                                        \
      cudaStream_t cudaStream;                                         \
      cudaStreamCreate(&cudaStream);                                   \
      test.execute_kernel(grid, block, shared_mem, cudaStream, x, dx); \
    } else {                                                           \
      test.execute_kernel(grid, block, x, dx);                         \
    }                                                                  \
    cudaDeviceSynchronize();                                           \
    int *res = (int *)malloc(N * sizeof(int));                         \
    cudaMemcpy(res, dx, N * sizeof(int), cudaMemcpyDeviceToHost);      \
    for (int i = 0; i < (N - 1); i++) printf("%d, ", res[i]);          \
    printf("%d\n", res[N - 1]);                                        \
    free(fives);                                                       \
    free(ones);                                                        \
    free(res);                                                         \
  }

#define TEST_2(F, grid, block, shared_mem, use_stream, args, y, x, dy, dx, N) \
  {                                                                           \
    int *fives = (int *)malloc(N * sizeof(int));                              \
    for (int i = 0; i < N; i++) fives[i] = 5;                                 \
    int *zeros = (int *)malloc(N * sizeof(int));                              \
    for (int i = 0; i < N; i++) zeros[i] = 0;                                 \
    cudaMemcpy(x, fives, N * sizeof(int), cudaMemcpyHostToDevice);            \
    cudaMemcpy(y, zeros, N * sizeof(int), cudaMemcpyHostToDevice);            \
    cudaMemcpy(dy, fives, N * sizeof(int), cudaMemcpyHostToDevice);           \
    cudaMemcpy(dx, zeros, N * sizeof(int), cudaMemcpyHostToDevice);           \
    auto test = clad::gradient(F, args);                                      \
    if constexpr (use_stream) {                                               \
      cudaStream_t cudaStream;                                                \
      cudaStreamCreate(&cudaStream);                                          \
      test.execute_kernel(grid, block, shared_mem, cudaStream, y, x, dy, dx); \
    } else {                                                                  \
      test.execute_kernel(grid, block, y, x, dy, dx);                         \
    }                                                                         \
    cudaDeviceSynchronize();                                                  \
    int *res = (int *)malloc(N * sizeof(int));                                \
    cudaMemcpy(res, dx, N * sizeof(int), cudaMemcpyDeviceToHost);             \
    for (int i = 0; i < (N - 1); i++) printf("%d, ", res[i]);                 \
    printf("%d\n", res[N - 1]);                                               \
    free(fives);                                                              \
    free(zeros);                                                              \
    free(res);                                                                \
  }

int main(void) {
  int *a, *d_a;
  cudaMalloc(&a, sizeof(int));
  cudaMalloc(&d_a, sizeof(int));

  TEST(kernel, dim3(1), dim3(1), 0, false, a, d_a, 1);  // CHECK-EXEC: 10
  TEST(kernel, dim3(1), dim3(1), 0, true, a, d_a, 1);   // CHECK-EXEC: 10

  auto error = clad::gradient(fake_kernel);
  error.execute_kernel(dim3(1), dim3(1), a, d_a);  // CHECK-EXEC: Use execute() for non-global CUDA kernels

  auto test = clad::gradient(kernel);
  test.execute(a, d_a);  // CHECK-EXEC: Use execute_kernel() for global CUDA kernels

  cudaFree(a);
  cudaFree(d_a);

  int *dummy_in, *dummy_out, *d_out, *d_in;
  cudaMalloc(&dummy_in, 10 * sizeof(int));
  cudaMalloc(&dummy_out, 10 * sizeof(int));
  cudaMalloc(&d_out, 10 * sizeof(int));
  cudaMalloc(&d_in, 10 * sizeof(int));

  TEST_2(add_kernel, dim3(1), dim3(5, 1, 1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_2, dim3(1), dim3(5, 1, 1), 0, true, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_3, dim3(5, 1, 1), dim3(1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_4, dim3(1), dim3(5, 1, 1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_5, dim3(2, 1, 1), dim3(1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_6, dim3(1), dim3(5, 1, 1), 0, false, "a, b", dummy_out, dummy_in, d_out, d_in, 10);  // CHECK-EXEC: 50, 0, 0, 0, 0, 0, 0, 0, 0, 0

  cudaFree(dummy_in);
  cudaFree(dummy_out);
  cudaFree(d_out);
  cudaFree(d_in);
  return 0;
}
