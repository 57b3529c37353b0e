// cuad: --fn bitonic_sort_rows --wrt out,in,scale
// Bitonic sort of each row in shared memory (one block per row, blockDim.x = row length, a
// power of two): the classic compare-and-swap network with the partner index i ^ j and the
// direction from i & k, barriers after every step; the sorted, scaled row is written out.
// The gradient routes each output's adjoint back through the swaps to its input element.
__global__ void bitonic_sort_rows(float* out, const float* in, float scale, int n) {
  extern __shared__ float buf[];
  const int row = blockIdx.x;
  const unsigned i = threadIdx.x;
  buf[i] = scale * in[row * n + i];
  __syncthreads();
  for (unsigned k = 2; k <= (unsigned)n; k <<= 1) {
    for (unsigned j = k >> 1; j > 0; j >>= 1) {
      const unsigned ixj = i ^ j;
      if (ixj > i) {
        const float a = buf[i], b = buf[ixj];
        const bool up = (i & k) == 0;
        if ((a > b) == up) {
          buf[i] = b;
          buf[ixj] = a;
        }
      }
      __syncthreads();
    }
  }
  out[row * n + i] = buf[i];
}
