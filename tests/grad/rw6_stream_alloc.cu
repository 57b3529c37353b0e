// cuad: --fn smooth_batch --wrt x,y
// cuad: fwd --fn smooth_batch --wrt x,y
// Written for cuad in the style of modern CUDA host code (CUDA 11.2+ stream-ordered memory):
// a non-blocking stream, cudaMallocAsync / cudaFreeAsync, cudaMemsetAsync and cudaMemcpyAsync
// on it, an event recorded without timing and waited on by a second stream that runs the
// second kernel, cudaStreamSynchronize at the end, and a kernel over a 3-D grid (samples on x,
// channels on y, batch on z) with `constexpr` radius, `static __device__ const` filter taps
// under `#pragma unroll`, `__ldg`, clamped borders and `size_t` offsets.
constexpr int R = 2;
static __device__ const float kTaps[2 * R + 1] = {0.1f, 0.2f, 0.4f, 0.2f, 0.1f};

__global__ void smooth3d(const float* __restrict__ in, float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const size_t row = ((size_t)blockIdx.z * gridDim.y + blockIdx.y) * n;
  float acc = 0.f;
#pragma unroll
  for (int k = -R; k <= R; ++k) {
    const int j = min(max(i + k, 0), n - 1);
    acc += kTaps[k + R] * __ldg(&in[row + j]);
  }
  out[row + i] = acc;
}

__global__ void softsign(float* __restrict__ v, size_t total) {
  const size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < total) v[i] = v[i] / (1.f + fabsf(v[i]));
}

void smooth_batch(const float* x, float* y, int n, int channels, int batch) {
  const size_t total = (size_t)n * channels * batch;
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t done;
  cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
  float *d_in, *d_out;
  cudaMallocAsync(&d_in, total * sizeof(float), s1);
  cudaMallocAsync(&d_out, total * sizeof(float), s1);
  cudaMemsetAsync(d_out, 0, total * sizeof(float), s1);
  cudaMemcpyAsync(d_in, x, total * sizeof(float), cudaMemcpyHostToDevice, s1);
  dim3 block(32), grid((n + 31) / 32, channels, batch);
  smooth3d<<<grid, block, 0, s1>>>(d_in, d_out, n);
  cudaEventRecord(done, s1);
  cudaStreamWaitEvent(s2, done, 0);
  softsign<<<(unsigned)((total + 63) / 64), 64, 0, s2>>>(d_out, total);
  cudaMemcpyAsync(y, d_out, total * sizeof(float), cudaMemcpyDeviceToHost, s2);
  cudaStreamSynchronize(s2);
  cudaFreeAsync(d_in, s1);
  cudaFreeAsync(d_out, s1);
  cudaStreamSynchronize(s1);
  cudaEventDestroy(done);
  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
}
