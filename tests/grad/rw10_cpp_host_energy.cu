// cuad: --fn md::total_energy --wrt pos,stiffness
// A host function in a namespace that allocates, launches two kernels (a per-bond energy
// through a Bond struct's __device__ method and a namespace-scope constexpr, then a
// block-wide shared-memory sum with atomicAdd), copies the total back and returns it.
namespace md {
constexpr int kBlock = 64;
constexpr float kCutoff = 2.5f;

struct Bond {
  float r0;
  float k;
  __device__ float energy(float r) const {
    const float d = r - r0;
    return 0.5f * k * d * d * expf(-r / kCutoff);
  }
};

__global__ void bond_energy(const float* pos, Bond b, float* e, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n - 1) return;
  const float dx = pos[2 * (i + 1)] - pos[2 * i];
  const float dy = pos[2 * (i + 1) + 1] - pos[2 * i + 1];
  e[i] = b.energy(sqrtf(dx * dx + dy * dy));
}

__global__ void block_sum(const float* e, float* total, int m) {
  __shared__ float s[kBlock];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  s[threadIdx.x] = i < m ? e[i] : 0.0f;
  __syncthreads();
  for (int w = kBlock / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w) s[threadIdx.x] += s[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(total, s[0]);
}

float total_energy(const float* pos, float stiffness, int n) {
  float *d_pos, *d_e, *d_total;
  cudaMalloc(&d_pos, 2 * n * sizeof(float));
  cudaMalloc(&d_e, n * sizeof(float));
  cudaMalloc(&d_total, sizeof(float));
  cudaMemcpy(d_pos, pos, 2 * n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(d_total, 0, sizeof(float));
  const Bond bond{1.0f, stiffness};
  const int blocks = (n + kBlock - 1) / kBlock;
  bond_energy<<<blocks, kBlock>>>(d_pos, bond, d_e, n);
  block_sum<<<blocks, kBlock>>>(d_e, d_total, n - 1);
  float total = 0.0f;
  cudaMemcpy(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_pos);
  cudaFree(d_e);
  cudaFree(d_total);
  return total;
}
}  // namespace md
