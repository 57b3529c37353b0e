// cuad: --fn blur_energy --wrt img,k,energy
// cuad: fwd --fn blur_energy --wrt img,k,energy
// Written for cuad in the style of research image-processing code: a host function with
// cudaMallocManaged buffers filled on the host, cudaDeviceSynchronize before the host reads
// them, a CHECK macro around runtime calls, a 2-D kernel with an early `return` for
// out-of-range threads in the middle (after the column test, before the row test), `printf`
// and `assert` debug code in the kernel, and `__launch_bounds__(256, 2)`.
#include <cassert>
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                        \
  do {                                                                     \
    cudaError_t err_ = (call);                                             \
    if (err_ != cudaSuccess) {                                             \
      fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), \
              __FILE__, __LINE__);                                         \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

__global__ void __launch_bounds__(256, 2)
    blur3(const float* __restrict__ in, const float* __restrict__ k, float* __restrict__ out,
          int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= w) return;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;
  assert(k != nullptr);
  if (y >= h) return;
  float acc = 0.f;
  for (int dy = -1; dy <= 1; ++dy) {
    const int yy = min(max(y + dy, 0), h - 1);
    for (int dx = -1; dx <= 1; ++dx) {
      const int xx = min(max(x + dx, 0), w - 1);
      acc += k[(dy + 1) * 3 + dx + 1] * in[yy * w + xx];
    }
  }
  if (x == 0 && y == 0 && acc != acc) printf("blur3: NaN at the origin\n");
  out[y * w + x] = tanhf(acc);
}

void blur_energy(const float* img, const float* k, float* energy, int w, int h) {
  float *m_in, *m_k, *m_out;
  CHECK(cudaMallocManaged(&m_in, w * h * sizeof(float)));
  CHECK(cudaMallocManaged(&m_k, 9 * sizeof(float)));
  CHECK(cudaMallocManaged(&m_out, w * h * sizeof(float)));
  for (int i = 0; i < w * h; ++i) m_in[i] = img[i];
  for (int i = 0; i < 9; ++i) m_k[i] = k[i];
  dim3 block(16, 8);
  dim3 grid((w + block.x - 1) / block.x, (h + block.y - 1) / block.y);
  blur3<<<grid, block>>>(m_in, m_k, m_out, w, h);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
  float e = 0.f;
  for (int i = 0; i < w * h; ++i) e += m_out[i] * m_out[i];
  *energy = 0.5f * e;
  CHECK(cudaFree(m_in));
  CHECK(cudaFree(m_k));
  CHECK(cudaFree(m_out));
}
