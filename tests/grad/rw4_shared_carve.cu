// cuad: --fn tile_kernel --wrt out,a,b
// cuad: --fn run_tile --wrt out,a,b
// Two arrays carved from one extern __shared__ buffer with an offset (sized by blockDim),
// 2-D blocks (threadIdx.y), a 3-D grid (blockIdx.z selects a batch) and a host function that
// launches with dim3 and a dynamic shared memory size.
__global__ void tile_kernel(float* out, const float* a, const float* b, int w) {
  extern __shared__ float smem[];
  float* sa = smem;
  float* sb = smem + blockDim.x * blockDim.y;
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * blockDim.x + tx;
  const int row = blockIdx.y * blockDim.y + ty;
  const int h = gridDim.y * blockDim.y;
  const int base = blockIdx.z * h * w;
  const int t = ty * blockDim.x + tx;
  sa[t] = a[base + row * w + col];
  sb[t] = b[base + row * w + col];
  __syncthreads();
  const int tn = ty * blockDim.x + (tx + 1) % blockDim.x;
  const int tu = ((ty + 1) % blockDim.y) * blockDim.x + tx;
  out[base + row * w + col] = sa[t] * sb[tn] + sa[tu] * sa[tu] - sb[t];
}

void run_tile(float* out, const float* a, const float* b, int w, int h, int batch) {
  float *da, *db, *dout;
  const size_t bytes = (size_t)w * h * batch * sizeof(float);
  cudaMalloc(&da, bytes);
  cudaMalloc(&db, bytes);
  cudaMalloc(&dout, bytes);
  cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
  dim3 block(8, 4);
  dim3 grid(w / 8, h / 4, batch);
  tile_kernel<<<grid, block, 2 * block.x * block.y * sizeof(float)>>>(dout, da, db, w);
  cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost);
  cudaFree(da);
  cudaFree(db);
  cudaFree(dout);
}
