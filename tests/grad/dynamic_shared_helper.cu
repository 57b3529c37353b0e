// cuad: --fn k --wrt x,out
// A `__device__` helper that declares its own `extern __shared__ double tile[]` and reads it
// (GPU Gems n-body's `tile_calculation` over `shPosition`). Dynamic shared memory is one region
// per block, so the helper's pullback finds the tile's adjoint in the region's second half, as
// the kernel does (the kernel's gradient zeroes it), and the kernel keeps the tile for the
// pullback's reads. The pullback used to get no adjoint for the tile: d out / d x through the
// tile was lost.
__device__ double tile_sum(double xi) {
  extern __shared__ double tile[];
  double acc = 0.0;
  for (int j = 0; j < blockDim.x; ++j) acc += xi * tile[j] * tile[j];
  return acc;
}
__global__ void k(const double* x, double* out) {
  extern __shared__ double tile[];
  int i = threadIdx.x;
  tile[i] = x[i];
  __syncthreads();
  out[i] = tile_sum(x[i]);
}
