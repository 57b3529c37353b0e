// Written for cuad (its own program, not adapted from another project): `clad::gradient` of
// `__global__` kernels and of host functions that launch them. It covers: an in-place compound
// update of one value; `execute_kernel(grid, block, args..., adjoints...)` and the form with
// the shared-memory size and a stream; the messages for `execute_kernel` on a host function and
// `execute` on a kernel; elementwise updates indexed by threadIdx, blockIdx and blockDim; loops
// strided by warpSize and by the grid's size up to an `int` parameter; a value broadcast to the
// elements of an array; kernels calling `__device__` functions (a value, a pointer the callee
// indexes itself, a scalar behind a pointer, a call inside a call, a local copy of a parameter,
// two kernels sharing a callee); requests naming the parameters as strings ("in, out"); host
// functions that launch a kernel, one only launching it and two moving data with
// cudaMalloc/cudaMemcpy, differentiated and executed on the host. Every line printed is one of
// this file's `// CHECK-EXEC:` lines (exact derivatives, worked out next to each request),
// checked by crates/cli/tests/build.rs (clad_kernel_gradients) and scripts/clad-gpu.sh.
#include <cstdio>
#include <cstdlib>
#include "clad/Differentiator/Differentiator.h"

// v <- 2 v^2: d/dv = 4 v.
__global__ void double_square(double *v) { *v *= 2.0 * *v; }

void double_square_on_host(double *v) { *v *= 2.0 * *v; }

__global__ void accumulate(double *out, const double *in) {
  int i = threadIdx.x;
  out[i] += in[i];
}

__global__ void accumulate_half(double *out, double *in) { out[threadIdx.x] += 0.5 * in[threadIdx.x]; }

__global__ void accumulate_squares(double *out, double *in) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  out[i] += in[i] * in[i];
}

// Thread t sums in[t], in[t + warpSize], ... below n.
__global__ void warp_strided_sum(double *out, double *in, int n) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  if (t < n) {
    double sum = 0;
    for (int j = t; j < n; j += warpSize)
      sum += in[j];
    out[t] = sum;
  }
}

__global__ void grid_strided_sum(double *out, double *in, int n) {
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  int threads = blockDim.x * gridDim.x;
  if (t < n) {
    double sum = 0;
    for (int j = t; j < n; j += threads)
      sum += in[j];
    out[t] = sum;
  }
}

__global__ void copy_first(double *a, double *b) { a[threadIdx.x + blockIdx.x * blockDim.x] = *b; }

__global__ void fan_out_pairs(double *a, double *b) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  a[2 * i] = b[0];
  a[2 * i + 1] = 2.0 * b[0];
}

__device__ double affine(double x, double s) { return s * x + s; }

__global__ void apply_affine(double *out, const double *in, double s) {
  int i = threadIdx.x;
  out[i] = affine(in[i], s);
}

__global__ void apply_affine_local(double *out, const double *in, double s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  double local = s;
  out[i] = affine(in[i], local);
}

// The callee finds its thread's element itself.
__device__ double square_at(const double *in, double s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  return in[i] * in[i] + s;
}

__global__ void square_shift(double *out, const double *in, double s) {
  out[threadIdx.x] = square_at(in, s);
}

__global__ void square_shift_twin(double *out, const double *in, double s) {
  out[threadIdx.x] = square_at(in, s);
}

__device__ double times(double *in, double *s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  return in[i] * *s;
}

__global__ void scale_by_pointer(double *out, double *in, double *s) { out[threadIdx.x] = times(in, s); }

__device__ double minus(double *in, double s) {
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  return in[i] - s;
}

__device__ double squared_minus(double *in, double s) {
  double d = minus(in, s);
  return d * d;
}

__global__ void nested_square(double *out, double *in, double s) { out[threadIdx.x] = squared_minus(in, s); }

void broadcast_first(double *out, double *in) { copy_first<<<1, 8>>>(out, in); }

// Sum of the squares of in (host memory), computed on the device into out (device memory).
double staged_sum_of_squares(double *in, double *out, int n) {
  double *in_dev = nullptr;
  cudaMalloc(&in_dev, n * sizeof(double));
  cudaMemcpy(in_dev, in, n * sizeof(double), cudaMemcpyHostToDevice);
  accumulate_squares<<<1, n>>>(out, in_dev);
  cudaDeviceSynchronize();
  double *back = (double *)malloc(n * sizeof(double));
  cudaMemcpy(back, out, n * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0;
  for (int i = 0; i < n; ++i)
    total += back[i];
  printf("staged_sum_of_squares: %d terms\n", n);
  free(back);
  cudaFree(in_dev);
  return total;
}

// grid_strided_sum over host arrays: both copied to the device and out copied back.
void grid_sum_on_device(double *out, double *in, const int n) {
  double *in_dev = nullptr, *out_dev = nullptr;
  cudaMalloc(&in_dev, n * sizeof(double));
  cudaMalloc(&out_dev, n * sizeof(double));
  cudaMemcpy(in_dev, in, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(out_dev, out, n * sizeof(double), cudaMemcpyHostToDevice);
  grid_strided_sum<<<2, 2>>>(out_dev, in_dev, n);
  cudaMemcpy(out, out_dev, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(in_dev);
  cudaFree(out_dev);
}

const int kLen = 64;

double *device_zeros() {
  double *p = nullptr;
  cudaMalloc(&p, kLen * sizeof(double));
  cudaMemset(p, 0, kLen * sizeof(double));
  return p;
}

// dev[i] = first + step * i for i < n.
void fill(double *dev, int n, double first, double step) {
  double host[kLen];
  for (int i = 0; i < n; ++i) host[i] = first + step * i;
  cudaMemcpy(dev, host, n * sizeof(double), cudaMemcpyHostToDevice);
}

void print_values(const char *label, const double *values, int count) {
  printf("%s:", label);
  for (int k = 0; k < count; ++k) printf(" %.2f", values[k]);
  printf("\n");
}

// Prints the first `count` elements of a device array.
void print_device(const char *label, const double *dev, int count) {
  double host[kLen];
  cudaMemcpy(host, dev, kLen * sizeof(double), cudaMemcpyDeviceToHost);
  print_values(label, host, count);
}

int main(void) {
  double *v = device_zeros(), *dv = device_zeros();
  cudaStream_t stream;
  cudaStreamCreate(&stream);

  // v = 3, seed 1: 4 * 3 = 12.
  fill(v, 1, 3.0, 0.0);
  fill(dv, 1, 1.0, 0.0);
  auto square_grad = clad::gradient(double_square);
  square_grad.execute_kernel(dim3(1), dim3(1), v, dv);
  cudaDeviceSynchronize();
  print_device("double_square", dv, 1);  // CHECK-EXEC: double_square: 12.00

  // v = 1.5, seed 0.5, 4 doubles of dynamic shared memory and a stream: 0.5 * 4 * 1.5 = 3.
  fill(v, 1, 1.5, 0.0);
  fill(dv, 1, 0.5, 0.0);
  square_grad.execute_kernel(dim3(1), dim3(1), 4 * sizeof(double), stream, v, dv);
  cudaStreamSynchronize(stream);
  print_device("double_square on a stream", dv, 1);  // CHECK-EXEC-NEXT: double_square on a stream: 3.00

  auto host_grad = clad::gradient(double_square_on_host);
  host_grad.execute_kernel(dim3(1), dim3(1), v, dv);  // CHECK-EXEC-NEXT: Use execute() for non-global CUDA kernels
  square_grad.execute(v, dv);  // CHECK-EXEC-NEXT: Use execute_kernel() for global CUDA kernels

  double *in = device_zeros(), *out = device_zeros(), *d_in = device_zeros(), *d_out = device_zeros();
  double *s = device_zeros(), *d_s = device_zeros();

  // d_in = d_out = {1, ..., 5}; `+=` leaves d_out as it was.
  fill(d_out, 5, 1.0, 1.0);
  auto acc_grad = clad::gradient(accumulate, "in, out");
  acc_grad.execute_kernel(dim3(1), dim3(5, 1, 1), out, in, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("accumulate d_in", d_in, 5);   // CHECK-EXEC-NEXT: accumulate d_in: 1.00 2.00 3.00 4.00 5.00
  print_device("accumulate d_out", d_out, 5);  // CHECK-EXEC-NEXT: accumulate d_out: 1.00 2.00 3.00 4.00 5.00

  // d_in = 0.5 d_out (d_in reset first: the adjoints accumulate).
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto half_grad = clad::gradient(accumulate_half, "in, out");
  half_grad.execute_kernel(dim3(1), dim3(5, 1, 1), 0, stream, out, in, d_out, d_in);
  cudaStreamSynchronize(stream);
  print_device("accumulate_half", d_in, 5);  // CHECK-EXEC-NEXT: accumulate_half: 0.50 1.00 1.50 2.00 2.50

  // Five blocks of one thread, in = {1, ..., 5}, d_out = 1: d_in = 2 in.
  fill(in, 5, 1.0, 1.0);
  fill(d_out, 5, 1.0, 0.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto squares_grad = clad::gradient(accumulate_squares, "in, out");
  squares_grad.execute_kernel(dim3(5, 1, 1), dim3(1), out, in, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("accumulate_squares", d_in, 5);  // CHECK-EXEC-NEXT: accumulate_squares: 2.00 4.00 6.00 8.00 10.00

  // n = 48 over one block of 16 threads: out[t] = in[t] + in[t + 32] for t < 16, elements 16
  // to 31 untouched. d_out = {1, ..., 48}: d_in[j] = d_out[j] below 16, 0 from 16 to 31 and
  // d_out[j - 32] from 32.
  double warp[kLen];
  fill(d_out, 48, 1.0, 1.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto warp_grad = clad::gradient(warp_strided_sum, "in, out");
  warp_grad.execute_kernel(dim3(1), dim3(16), out, in, 48, d_out, d_in);
  cudaMemcpy(warp, d_in, kLen * sizeof(double), cudaMemcpyDeviceToHost);
  const double warp_at[] = {warp[0], warp[15], warp[16], warp[31], warp[32], warp[47]};
  print_values("warp_strided_sum d_in[0 15 16 31 32 47]", warp_at, 6);
  // CHECK-EXEC-NEXT: warp_strided_sum d_in[0 15 16 31 32 47]: 1.00 16.00 0.00 0.00 1.00 16.00

  // n = 7 over 3 blocks of one thread (stride 3), d_out = {1, ..., 7}: d_in[j] = d_out[j % 3].
  fill(d_out, 7, 1.0, 1.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto grid_grad = clad::gradient(grid_strided_sum, "in, out");
  grid_grad.execute_kernel(dim3(3, 1, 1), dim3(1), out, in, 7, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("grid_strided_sum", d_in, 7);  // CHECK-EXEC-NEXT: grid_strided_sum: 1.00 2.00 3.00 1.00 2.00 3.00 1.00

  // Five threads, d_a = {1, ..., 10}: d_b = (1 + 3 + 5 + 7 + 9) + 2 (2 + 4 + 6 + 8 + 10) = 85;
  // the writes overwrite a, so d_a is consumed.
  fill(d_out, 10, 1.0, 1.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto pairs_grad = clad::gradient(fan_out_pairs, "a, b");
  pairs_grad.execute_kernel(dim3(1), dim3(5, 1, 1), out, in, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("fan_out_pairs d_b", d_in, 1);   // CHECK-EXEC-NEXT: fan_out_pairs d_b: 85.00
  print_device("fan_out_pairs d_a", d_out, 10);  // CHECK-EXEC-NEXT: fan_out_pairs d_a: 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00 0.00

  // out[i] = s (in[i] + 1), in = {0, ..., 9}, d_out = 1: d_s = sum (in[i] + 1) = 55.
  fill(in, 10, 0.0, 1.0);
  fill(d_out, 10, 1.0, 0.0);
  auto affine_grad = clad::gradient(apply_affine, "out, s");
  affine_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 2.0, d_out, d_s);
  cudaDeviceSynchronize();
  print_device("apply_affine d_s", d_s, 1);  // CHECK-EXEC-NEXT: apply_affine d_s: 55.00

  // The same through a local copy of s, d_out = {1, ..., 10}: d_s = sum (i + 1)^2 = 385.
  fill(d_out, 10, 1.0, 1.0);
  cudaMemset(d_s, 0, sizeof(double));
  auto local_grad = clad::gradient(apply_affine_local, "out, s");
  local_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 2.0, d_out, d_s);
  cudaDeviceSynchronize();
  print_device("apply_affine_local d_s", d_s, 1);  // CHECK-EXEC-NEXT: apply_affine_local d_s: 385.00

  // out[i] = in[i]^2 + s, d_out = 1: d_s = 10.
  fill(d_out, 10, 1.0, 0.0);
  cudaMemset(d_s, 0, sizeof(double));
  auto shift_grad = clad::gradient(square_shift, "out, s");
  shift_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 1.0, d_out, d_s);
  cudaDeviceSynchronize();
  print_device("square_shift d_s", d_s, 1);  // CHECK-EXEC-NEXT: square_shift d_s: 10.00

  // A second kernel calling square_at: one pullback of it serves both. d_out = {1, ..., 10}:
  // d_s = 55.
  fill(d_out, 10, 1.0, 1.0);
  cudaMemset(d_s, 0, sizeof(double));
  auto twin_grad = clad::gradient(square_shift_twin, "out, s");
  twin_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 1.0, d_out, d_s);
  cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorString(cudaGetLastError()));  // CHECK-EXEC-NEXT: no error
  print_device("square_shift_twin d_s", d_s, 1);  // CHECK-EXEC-NEXT: square_shift_twin d_s: 55.00

  // With respect to in, d_out = 1: d_in = 2 in.
  fill(d_out, 10, 1.0, 0.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto shift_in_grad = clad::gradient(square_shift, "out, in");
  shift_in_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 1.0, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("square_shift d_in", d_in, 4);  // CHECK-EXEC-NEXT: square_shift d_in: 0.00 2.00 4.00 6.00

  // out[i] = in[i] * s, s = 3, d_out = 1: d_in = 3, d_s = sum in = 45.
  fill(s, 1, 3.0, 0.0);
  fill(d_out, 10, 1.0, 0.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  cudaMemset(d_s, 0, sizeof(double));
  auto pointer_grad = clad::gradient(scale_by_pointer);
  pointer_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, s, d_out, d_in, d_s);
  cudaDeviceSynchronize();
  print_device("scale_by_pointer d_in", d_in, 3);  // CHECK-EXEC-NEXT: scale_by_pointer d_in: 3.00 3.00 3.00
  print_device("scale_by_pointer d_s", d_s, 1);   // CHECK-EXEC-NEXT: scale_by_pointer d_s: 45.00

  // out[i] = (in[i] - s)^2, s = 4, d_out = 1: d_in = 2 (in - 4).
  fill(d_out, 10, 1.0, 0.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto nested_grad = clad::gradient(nested_square, "out, in");
  nested_grad.execute_kernel(dim3(1), dim3(10, 1, 1), out, in, 4.0, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("nested_square d_in", d_in, 5);  // CHECK-EXEC-NEXT: nested_square d_in: -8.00 -6.00 -4.00 -2.00 0.00

  // out[i] = in[0] over 8 threads, d_out = {1, ..., 8}: d_in[0] = 36.
  fill(d_out, 8, 1.0, 1.0);
  cudaMemset(d_in, 0, kLen * sizeof(double));
  auto broadcast_grad = clad::gradient(broadcast_first);
  broadcast_grad.execute(out, in, d_out, d_in);
  cudaDeviceSynchronize();
  print_device("broadcast_first d_in", d_in, 2);  // CHECK-EXEC-NEXT: broadcast_first d_in: 36.00 0.00

  // sum in[i]^2 over in = {1, 2, 3, 4}: d_in = 2 in (the gradient's forward sweep runs the
  // function's printf, as the function does).
  double h_in[4] = {1, 2, 3, 4}, h_d_in[4] = {0, 0, 0, 0};
  cudaMemset(d_out, 0, kLen * sizeof(double));
  auto staged_grad = clad::gradient(staged_sum_of_squares, "in, out");
  staged_grad.execute(h_in, out, 4, h_d_in, d_out);  // CHECK-EXEC-NEXT: staged_sum_of_squares: 4 terms
  print_values("staged_sum_of_squares d_in", h_d_in, 4);  // CHECK-EXEC-NEXT: staged_sum_of_squares d_in: 2.00 4.00 6.00 8.00

  // n = 10 over 2 blocks of 2 threads (stride 4), d_out = {1, ..., 10}: d_in[j] = d_out[j % 4];
  // out[0..3] are overwritten (their adjoints consumed), out[4..9] copied back unchanged.
  double h_out[10], h_in10[10], h_d_out[10], h_d_in10[10];
  for (int i = 0; i < 10; ++i) {
    h_out[i] = 0;
    h_in10[i] = 1;
    h_d_out[i] = i + 1;
    h_d_in10[i] = 0;
  }
  auto host_grid_grad = clad::gradient(grid_sum_on_device, "out, in");
  host_grid_grad.execute(h_out, h_in10, 10, h_d_out, h_d_in10);
  print_values("grid_sum_on_device d_in", h_d_in10, 10);
  // CHECK-EXEC-NEXT: grid_sum_on_device d_in: 1.00 2.00 3.00 4.00 1.00 2.00 3.00 4.00 1.00 2.00
  print_values("grid_sum_on_device d_out", h_d_out, 10);
  // CHECK-EXEC-NEXT: grid_sum_on_device d_out: 0.00 0.00 0.00 0.00 5.00 6.00 7.00 8.00 9.00 10.00

  cudaStreamDestroy(stream);
  double *all[] = {v, dv, in, out, d_in, d_out, s, d_s};
  for (double *p : all) cudaFree(p);
  return 0;
}
