#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <cfloat>
#include <climits>
#include <cstdint>
#include <vector>
#include <algorithm>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                        \
  do {                                                                          \
    cudaError_t err__ = (call);                                                 \
    if (err__ != cudaSuccess) {                                                 \
      fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err__)); \
      exit(EXIT_FAILURE);                                                       \
    }                                                                           \
  } while (0)

constexpr int kBlock = 256;
__constant__ float c_weights[16];
__device__ int d_counter;

struct Vec3 {
  float x, y, z;
  __host__ __device__ Vec3() : x(0), y(0), z(0) {}
  __host__ __device__ Vec3(float a, float b, float c) : x(a), y(b), z(c) {}
  __host__ __device__ float dot(const Vec3& o) const { return x * o.x + y * o.y + z * o.z; }
  __host__ __device__ float norm() const { return sqrtf(dot(*this)); }
  static __host__ __device__ Vec3 zero() { return Vec3(); }
};

typedef struct {
  float re, im;
} Complex;

enum Op { OP_ADD = 0, OP_MUL = OP_ADD + 1 };

namespace detail {
__device__ __forceinline__ float warp_sum(float v) {
  for (int off = warpSize / 2; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffff, v, off);
  return v;
}
}  // namespace detail

template <typename T>
__device__ T clampv(T v, T lo, T hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void __launch_bounds__(256) kernel(const float* __restrict__ in, float* __restrict__ out,
                                              Vec3* pts, Complex* cs, int n, Op op) {
  extern __shared__ float smem[];
  __shared__ float partial[kBlock / 32];
  const int tid = threadIdx.x;
  const int gid = blockIdx.x * blockDim.x + tid;
  float acc = 0.0f;
  for (int i = gid; i < n; i += blockDim.x * gridDim.x) {
    float v = __ldg(&in[i]) * c_weights[i % 16];
    switch (op) {
      case OP_ADD: acc += v; break;
      case OP_MUL: acc *= v; break;
      default: break;
    }
    Vec3 p = pts[i];
    acc += p.norm() + Vec3::zero().x + pts[i].dot(p);
    Complex c = cs[i];
    acc += c.re * c.im;
    acc = clampv(acc, -FLT_MAX, FLT_MAX);
    acc += fabsf(v) + fmaxf(v, 0.f) + __expf(-v) + rsqrtf(v + 1.0f) + erff(v) + log1pf(v);
  }
  smem[tid] = acc;
  __syncthreads();
  float w = detail::warp_sum(acc);
  if ((tid & (warpSize - 1)) == 0) partial[tid / warpSize] = w;
  __syncthreads();
  if (tid == 0) {
    float s = 0;
#pragma unroll
    for (int k = 0; k < kBlock / 32; ++k) s += partial[k];
    atomicAdd(out, s);
    atomicAdd(&d_counter, 1);
  }
  (void)INT_MAX;
}

int main(int argc, char** argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
  std::vector<float> h(n, 1.0f);
  std::fill(h.begin(), h.end(), 2.0f);
  float *d_in = nullptr, *d_out = NULL;
  Vec3* d_pts;
  Complex* d_cs;
  CUDA_CHECK(cudaMalloc((void**)&d_in, n * sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_out, sizeof(float)));
  CUDA_CHECK(cudaMalloc(&d_pts, n * sizeof(Vec3)));
  CUDA_CHECK(cudaMalloc(&d_cs, n * sizeof(Complex)));
  CUDA_CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0, sizeof(float)));
  float w[16];
  for (int i = 0; i < 16; ++i) w[i] = 1.0f / (i + 1);
  CUDA_CHECK(cudaMemcpyToSymbol(c_weights, w, sizeof(w)));
  cudaStream_t stream;
  cudaStreamCreate(&stream);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  cudaEventRecord(start, stream);
  dim3 block(kBlock), grid((n + kBlock - 1) / kBlock);
  kernel<<<grid, block, kBlock * sizeof(float), stream>>>(d_in, d_out, d_pts, d_cs, n, OP_ADD);
  CUDA_CHECK(cudaGetLastError());
  cudaEventRecord(stop, stream);
  cudaEventSynchronize(stop);
  float ms = 0;
  cudaEventElapsedTime(&ms, start, stop);
  float result;
  CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof(float), cudaMemcpyDeviceToHost));
  printf("%f %f ms %d\n", result, ms, (int)std::max(1, 2));
  uint32_t seed = 42u;
  srand(seed);
  double r = (double)rand() / RAND_MAX * M_PI;
  if (std::isnan(r) || isinf(r)) return EXIT_FAILURE;
  memset(w, 0, sizeof(w));
  cudaFree(d_in);
  cudaFree(d_out);
  cudaStreamDestroy(stream);
  cudaDeviceReset();
  return 0;
}
