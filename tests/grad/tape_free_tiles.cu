// cuad: --fn tile_energy --wrt out,x
// cuad: --fn tile_energy --wrt out,x -DCUAD_TAPE_CAPACITY=1
// cuad: --fn tile_rows --wrt out,x
// An all-pairs loop over __shared__ tiles (GPU Gems n-body shape) whose inner loop defines
// `t` from the tile and uses it nonlinearly, with `t` also assigned before the inner loop.
// The reverse pass re-stages each tile and replays `t`: no per-thread tape at all, so the
// second output builds with a tape of capacity 1 and still runs (20 tiles per thread).
#define TILE 16
__global__ void tile_energy(double* out, const double* x, int n) {
  __shared__ double sx[TILE];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const double xi = x[i];
  double e = 0.0;
  double t;
  for (int base = 0; base < n; base += TILE) {
    sx[threadIdx.x] = x[base + threadIdx.x] * xi;
    __syncthreads();
    t = 0.0;
    for (int k = 0; k < TILE; ++k) {
      t = sx[k] - 0.3 * xi;
      e += t * t / sqrt(t * t + 0.5);
    }
    e += t;
    __syncthreads();
  }
  out[i] = e;
}

// The tile staged by a loop per thread (a row of D values each, as attention kernels stage K
// and V): the loop of stores is re-run in the reverse pass instead of taping the tile (each
// `s`, a sum over an inner loop, is still taped: one value per pair).
#define D 4
__global__ void tile_rows(double* out, const double* x, int n) {
  __shared__ double rows[TILE][D];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  double e = 0.0;
  for (int base = 0; base < n; base += TILE) {
#pragma unroll
    for (int d = 0; d < D; ++d) rows[threadIdx.x][d] = x[(base + threadIdx.x) * D + d];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) {
      double s = 0.0;
      for (int d = 0; d < D; ++d) s += rows[k][d] * x[i * D + d];
      e += s * s / (1.0 + s * s);
    }
    __syncthreads();
  }
  out[i] = e;
}
