// Adapted from Clad's test suite: vgvassilev/clad, test/CUDA/GradientKernels.cu (LGPL-3.0),
// with attribution. The lit RUN lines and the `// CHECK:` lines that check Clad's generated
// source are dropped; the program and its printed values are kept, and the expected output
// (Clad's `// CHECK-EXEC:` lines) is checked by crates/cli/tests/build.rs
// (clad_gradient_kernels_match_clad).
//
// One change: the `int` kernels of the original take `double` here and print with %g (the
// printed numbers are the same as Clad's); GradientKernelsInt.cu keeps them as `int`, which
// cuad differentiates with integer adjoints as Clad does.
#include <cstdio>
#include <cstdlib>
#include "clad/Differentiator/Differentiator.h"

__global__ void kernel(double *a) { *a *= *a; }

void fake_kernel(double *a) { *a *= *a; }

__global__ void add_kernel(double *out, double *in) {
  int index = threadIdx.x;
  out[index] += in[index];
}

__global__ void add_kernel_2(double *out, double *in) { out[threadIdx.x] += in[threadIdx.x]; }

__global__ void add_kernel_3(double *out, double *in) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  out[index] += in[index];
}

__global__ void add_kernel_4(double *out, double *in, int N) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < N) {
    double sum = 0;
    for (int i = index; i < N; i += warpSize)
      sum += in[i];
    out[index] = sum;
  }
  return;
}

__global__ void add_kernel_5(double *out, double *in, int N) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  if (index < N) {
    double sum = 0;
    int totalThreads = blockDim.x * gridDim.x;
    for (int i = index; i < N; i += totalThreads)
      sum += in[i];
    out[index] = sum;
  }
}

__global__ void add_kernel_6(double *a, double *b) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  a[index] = *b;
}

__global__ void add_kernel_7(double *a, double *b) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  a[2 * index] = b[0];
  a[2 * index + 1] = b[0];
}

__device__ double device_fn(const double in, double val) { return in + val; }

__global__ void kernel_with_device_call(double *out, const double *in, double val) {
  int index = threadIdx.x;
  out[index] = device_fn(in[index], val);
}

__device__ double device_fn_2(const double *in, double val) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  return in[index] + val;
}

__global__ void kernel_with_device_call_2(double *out, const double *in, double val) {
  int index = threadIdx.x;
  out[index] = device_fn_2(in, val);
}

__global__ void dup_kernel_with_device_call_2(double *out, const double *in, double val) {
  int index = threadIdx.x;
  out[index] = device_fn_2(in, val);
}

__device__ double device_fn_3(double *in, double *val) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  return in[index] + *val;
}

__global__ void kernel_with_device_call_3(double *out, double *in, double *val) {
  int index = threadIdx.x;
  out[index] = device_fn_3(in, val);
}

__device__ double device_fn_4(double *in, double val) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  return in[index] + val;
}

__device__ double device_with_device_call(double *in, double val) { return device_fn_4(in, val); }

__global__ void kernel_with_nested_device_call(double *out, double *in, double val) {
  int index = threadIdx.x;
  out[index] = device_with_device_call(in, val);
}

__global__ void fn1(double *out, const double *in, double val) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  double temp = val;
  out[index] = device_fn(in[index], temp);
}

__global__ void kernel_call(double *a, double *b) {
  int index = threadIdx.x + blockIdx.x * blockDim.x;
  a[index] = *b;
}

void fn(double *out, double *in) { kernel_call<<<1, 10>>>(out, in); }

double fn_memory(double *out, double *in) {
  double *in_dev = nullptr;
  cudaMalloc(&in_dev, 10 * sizeof(double));
  cudaMemcpy(in_dev, in, 10 * sizeof(double), cudaMemcpyHostToDevice);
  kernel_call<<<1, 10>>>(out, in_dev);
  cudaDeviceSynchronize();
  double *out_host = (double *)malloc(10 * sizeof(double));
  cudaMemcpy(out_host, out, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  double res = 0;
  for (int i = 0; i < 10; ++i) {
    printf("Writing result of out[%d]\n", i);
    res += out_host[i];
  }
  free(out_host);
  cudaFree(out);
  cudaFree(in_dev);
  return res;
}

void launch_add_kernel_4(double *out, double *in, const int N) {
  double *in_dev = nullptr;
  cudaMalloc(&in_dev, N * sizeof(double));
  cudaMemcpy(in_dev, in, N * sizeof(double), cudaMemcpyHostToDevice);
  double *out_dev = nullptr;
  cudaMalloc(&out_dev, N * sizeof(double));
  cudaMemcpy(out_dev, out, N * sizeof(double), cudaMemcpyHostToDevice);
  add_kernel_4<<<1, 5>>>(out_dev, in_dev, N);
  cudaMemcpy(out, out_dev, N * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(in_dev);
  cudaFree(out_dev);
}

// x = 5 everywhere, dx = 1 everywhere; prints dx.
#define TEST(F, grid, block, shared_mem, use_stream, x, dx, N)              \
  {                                                                         \
    double *fives = (double *)malloc(N * sizeof(double));                            \
    for (int i = 0; i < N; i++) fives[i] = 5;                               \
    double *ones = (double *)malloc(N * sizeof(double));                             \
    for (int i = 0; i < N; i++) ones[i] = 1;                                \
    cudaMemcpy(x, fives, N * sizeof(double), cudaMemcpyHostToDevice);         \
    cudaMemcpy(dx, ones, N * sizeof(double), cudaMemcpyHostToDevice);         \
    auto test = clad::gradient(F);                                          \
    if constexpr (use_stream) {                                             \
      cudaStream_t cudaStream;                                              \
      cudaStreamCreate(&cudaStream);                                        \
      test.execute_kernel(grid, block, shared_mem, cudaStream, x, dx);      \
    } else {                                                                \
      test.execute_kernel(grid, block, x, dx);                              \
    }                                                                       \
    double *res = (double *)malloc(N * sizeof(double));                              \
    cudaMemcpy(res, dx, N * sizeof(double), cudaMemcpyDeviceToHost);          \
    for (int i = 0; i < (N - 1); i++) printf("%g, ", res[i]);               \
    printf("%g\n", res[N - 1]);                                             \
    free(fives);                                                            \
    free(ones);                                                             \
    free(res);                                                              \
  }

// x = 5, y = 0, dy = 5, dx = 0; prints dx. `N_ARG` adds the kernel's length argument.
#define TEST_2_GEN(T, FMT, F, grid, block, shared_mem, use_stream, args, y, x, dy, dx, N, ...) \
  {                                                                             \
    T *fives = (T *)malloc(N * sizeof(T));                                      \
    for (int i = 0; i < N; i++) fives[i] = 5;                                   \
    T *zeros = (T *)malloc(N * sizeof(T));                                      \
    for (int i = 0; i < N; i++) zeros[i] = 0;                                   \
    cudaMemcpy(x, fives, N * sizeof(T), cudaMemcpyHostToDevice);               \
    cudaMemcpy(y, zeros, N * sizeof(T), cudaMemcpyHostToDevice);               \
    cudaMemcpy(dy, fives, N * sizeof(T), cudaMemcpyHostToDevice);              \
    cudaMemcpy(dx, zeros, N * sizeof(T), cudaMemcpyHostToDevice);              \
    auto test = clad::gradient(F, args);                                        \
    if constexpr (use_stream) {                                                 \
      cudaStream_t cudaStream;                                                  \
      cudaStreamCreate(&cudaStream);                                            \
      test.execute_kernel(grid, block, shared_mem, cudaStream, y, x __VA_ARGS__, dy, dx); \
    } else {                                                                    \
      test.execute_kernel(grid, block, y, x __VA_ARGS__, dy, dx);               \
    }                                                                           \
    T *res = (T *)malloc(N * sizeof(T));                                        \
    cudaMemcpy(res, dx, N * sizeof(T), cudaMemcpyDeviceToHost);                \
    for (int i = 0; i < (N - 1); i++) printf(FMT ", ", res[i]);                 \
    printf(FMT "\n", res[N - 1]);                                               \
    free(fives);                                                                \
    free(zeros);                                                                \
    free(res);                                                                  \
  }
#define TEST_2(...) TEST_2_GEN(double, "%g", __VA_ARGS__, )
#define TEST_2_N(F, grid, block, shared_mem, use_stream, args, y, x, dy, dx, N) \
  TEST_2_GEN(double, "%g", F, grid, block, shared_mem, use_stream, args, y, x, dy, dx, N, , N)
#define TEST_2_D(...) TEST_2_GEN(double, "%0.2f", __VA_ARGS__, )

#define INIT(x, y, val, dx, dy, d_val)                                        \
  {                                                                           \
    cudaMemcpy(x, fives, 10 * sizeof(double), cudaMemcpyHostToDevice);      \
    cudaMemcpy(y, zeros, 10 * sizeof(double), cudaMemcpyHostToDevice);      \
    cudaMemcpy(val, fives, sizeof(double), cudaMemcpyHostToDevice);         \
    cudaMemcpy(dx, zeros, 10 * sizeof(double), cudaMemcpyHostToDevice);     \
    cudaMemcpy(dy, fives, 10 * sizeof(double), cudaMemcpyHostToDevice);     \
    cudaMemcpy(d_val, zeros, sizeof(double), cudaMemcpyHostToDevice);       \
  }

int main(void) {
  double *a, *d_a;
  cudaMalloc(&a, sizeof(double));
  cudaMalloc(&d_a, sizeof(double));

  TEST(kernel, dim3(1), dim3(1), 0, false, a, d_a, 1); // CHECK-EXEC: 10
  TEST(kernel, dim3(1), dim3(1), 0, true, a, d_a, 1);  // CHECK-EXEC: 10

  auto error = clad::gradient(fake_kernel);
  error.execute_kernel(dim3(1), dim3(1), a, d_a); // CHECK-EXEC: Use execute() for non-global CUDA kernels

  auto test = clad::gradient(kernel);
  test.execute(a, d_a); // CHECK-EXEC: Use execute_kernel() for global CUDA kernels

  cudaFree(a);
  cudaFree(d_a);

  double *dummy_in, *dummy_out, *d_out, *d_in;
  cudaMalloc(&dummy_in, 10 * sizeof(double));
  cudaMalloc(&dummy_out, 10 * sizeof(double));
  cudaMalloc(&d_out, 10 * sizeof(double));
  cudaMalloc(&d_in, 10 * sizeof(double));

  TEST_2(add_kernel, dim3(1), dim3(5, 1, 1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5);   // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_2, dim3(1), dim3(5, 1, 1), 0, true, "in, out", dummy_out, dummy_in, d_out, d_in, 5);  // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_3, dim3(5, 1, 1), dim3(1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5); // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2_N(add_kernel_4, dim3(1), dim3(5, 1, 1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5); // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2_N(add_kernel_5, dim3(2, 1, 1), dim3(1), 0, false, "in, out", dummy_out, dummy_in, d_out, d_in, 5); // CHECK-EXEC: 5, 5, 5, 5, 5
  TEST_2(add_kernel_6, dim3(1), dim3(5, 1, 1), 0, false, "a, b", dummy_out, dummy_in, d_out, d_in, 5);    // CHECK-EXEC: 25, 0, 0, 0, 0

  cudaFree(dummy_in);
  cudaFree(dummy_out);
  cudaFree(d_out);
  cudaFree(d_in);

  double *dummy_in_double, *dummy_out_double, *d_out_double, *d_in_double;
  cudaMalloc(&dummy_in_double, 10 * sizeof(double));
  cudaMalloc(&dummy_out_double, 10 * sizeof(double));
  cudaMalloc(&d_out_double, 10 * sizeof(double));
  cudaMalloc(&d_in_double, 10 * sizeof(double));

  TEST_2_D(add_kernel_7, dim3(1), dim3(5, 1, 1), 0, false, "a, b", dummy_out_double, dummy_in_double, d_out_double, d_in_double, 10); // CHECK-EXEC: 50.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00

  double *val, *d_val;
  cudaMalloc(&val, sizeof(double));
  cudaMalloc(&d_val, sizeof(double));

  double *fives = (double *)malloc(10 * sizeof(double));
  double *zeros = (double *)malloc(10 * sizeof(double));
  for (int i = 0; i < 10; i++) { fives[i] = 5; zeros[i] = 0; }

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_device = clad::gradient(kernel_with_device_call, "out, val");
  test_device.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_val);
  double *res = (double *)malloc(10 * sizeof(double));
  cudaMemcpy(res, d_val, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f\n", *res); // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_device_2 = clad::gradient(kernel_with_device_call_2, "out, val");
  test_device_2.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_val);
  cudaMemcpy(res, d_val, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f\n", *res); // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto check_dup = clad::gradient(dup_kernel_with_device_call_2, "out, val");
  check_dup.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_val);
  cudaMemcpy(res, d_val, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%s\n", cudaGetErrorString(cudaGetLastError())); // CHECK-EXEC: no error
  printf("%0.2f\n", *res);                                // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_device_3 = clad::gradient(kernel_with_device_call_2, "out, in");
  test_device_3.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_in_double);
  cudaMemcpy(res, d_in_double, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f, %0.2f, %0.2f\n", res[0], res[1], res[2]); // CHECK-EXEC: 5.00, 5.00, 5.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_device_4 = clad::gradient(kernel_with_device_call_3);
  test_device_4.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, val, d_out_double, d_in_double, d_val);
  cudaMemcpy(res, d_in_double, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f, %0.2f, %0.2f\n", res[0], res[1], res[2]); // CHECK-EXEC: 5.00, 5.00, 5.00
  cudaMemcpy(res, d_val, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f\n", *res); // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto local_param = clad::gradient(fn1, "out, val");
  local_param.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_val);
  cudaMemcpy(res, d_val, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f\n", *res); // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_kernel_call = clad::gradient(fn);
  test_kernel_call.execute(dummy_out_double, dummy_in_double, d_out_double, d_in_double);
  cudaMemcpy(res, d_in_double, sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f\n", *res); // CHECK-EXEC: 50.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto nested_device = clad::gradient(kernel_with_nested_device_call, "out, in");
  nested_device.execute_kernel(dim3(1), dim3(10, 1, 1), dummy_out_double, dummy_in_double, 5, d_out_double, d_in_double);
  cudaMemcpy(res, d_in_double, 10 * sizeof(double), cudaMemcpyDeviceToHost);
  printf("%0.2f, %0.2f, %0.2f\n", res[0], res[1], res[2]); // CHECK-EXEC: 5.00, 5.00, 5.00

  INIT(dummy_in_double, dummy_out_double, val, d_in_double, d_out_double, d_val);
  auto test_memory = clad::gradient(fn_memory);
  test_memory.execute(dummy_out_double, fives, d_out_double, zeros);
  printf("%0.2f, %0.2f, %0.2f\n", zeros[0], zeros[1], zeros[2]); // CHECK-EXEC: 60.00, 0.00, 0.00

  auto launch_kernel_4_test = clad::gradient(launch_add_kernel_4, "out, in");
  double *out_res = (double *)malloc(10 * sizeof(double));
  double *in_res = (double *)calloc(10, sizeof(double));
  double *zeros_int = (double *)calloc(10, sizeof(double));
  double *fives_int = (double *)malloc(10 * sizeof(double));
  for (int i = 0; i < 10; i++) { fives_int[i] = 5; out_res[i] = 5; }
  launch_kernel_4_test.execute(zeros_int, fives_int, 10, out_res, in_res);
  printf("%g, %g, %g\n", in_res[0], in_res[1], in_res[2]); // CHECK-EXEC: 5, 5, 5

  free(res);
  free(fives);
  free(zeros);
  free(fives_int);
  free(zeros_int);
  free(out_res);
  free(in_res);
  cudaFree(d_out_double);
  cudaFree(d_in_double);
  cudaFree(val);
  cudaFree(d_val);
  cudaFree(dummy_in_double);
  return 0;
}
