// cuad: --fn nbody_potential --wrt energy,pos -DCUAD_TAPE_CAPACITY=2048
// All-pairs gravitational potential energy with a grid-stride loop over bodies (all threads
// of a block take the same number of trips so the barriers stay uniform), positions+mass as
// float4 staged through dynamic `extern __shared__` tiles, rsqrtf softening, a warp shuffle
// reduction of each thread's partial energy and one atomicAdd per warp.
__global__ void nbody_potential(float* energy, const float4* __restrict__ pos, float eps2, int n) {
  extern __shared__ float4 tile[];
  float e = 0.0f;
  const int stride = blockDim.x * gridDim.x;
  const int trips = (n + stride - 1) / stride;
  for (int t = 0; t < trips; ++t) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x + t * stride;
    const float4 me = (i < n) ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    for (int base = 0; base < n; base += blockDim.x) {
      const int j = base + threadIdx.x;
      tile[threadIdx.x] = (j < n) ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
      __syncthreads();
      for (int k = 0; k < blockDim.x; ++k) {
        const float4 o = tile[k];
        if (base + k == i) continue;
        const float dx = o.x - me.x, dy = o.y - me.y, dz = o.z - me.z;
        e -= 0.5f * me.w * o.w * rsqrtf(dx * dx + dy * dy + dz * dz + eps2);
      }
      __syncthreads();
    }
  }
  for (int off = 16; off > 0; off >>= 1) e += __shfl_down_sync(0xffffffffu, e, off);
  if ((threadIdx.x & 31) == 0) atomicAdd(energy, e);
}
