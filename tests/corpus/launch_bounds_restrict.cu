// Register-pressure hints and aliasing promises: __launch_bounds__ with one and two
// arguments, __restrict__ on every pointer flavour, and __ldg loads.
#define MAX_THREADS 256
#define MIN_BLOCKS 4

__global__ void __launch_bounds__(MAX_THREADS, MIN_BLOCKS)
    fused_bias_gelu(const float *__restrict__ x, const float *__restrict__ bias,
                    float *__restrict__ y, int rows, int cols) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols) {
    float v = x[i] + __ldg(&bias[i % cols]);
    float c = 0.7978845608f * (v + 0.044715f * v * v * v);
    y[i] = 0.5f * v * (1.0f + tanhf(c));
  }
}

__launch_bounds__(128) __global__ void copy_scaled(double *__restrict__ dst,
                                                   const double *__restrict__ src, double s,
                                                   int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = s * src[i];
}

__device__ void accumulate(float *__restrict__ acc, const float *const __restrict__ v, int n) {
  for (int k = 0; k < n; ++k)
    acc[k] += v[k];
}

__global__ void __launch_bounds__(64) row_accumulate(float *__restrict__ acc,
                                                     const float *__restrict__ rows, int n,
                                                     int count) {
  for (int r = 0; r < count; ++r)
    accumulate(acc, rows + r * n, n);
}
