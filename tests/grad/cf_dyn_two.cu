// cuad: --fn pair_energy --wrt e,x,q
// Dynamic shared memory carved into two arrays (positions and charges) from one
// `extern __shared__` buffer; each thread sums a pair energy over the block's particles.
__global__ void pair_energy(double* e, const double* x, const double* q, int n) {
  extern __shared__ double smem[];
  double* sx = smem;
  double* sq = smem + blockDim.x;
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  sx[t] = i < n ? x[i] : 0.0;
  sq[t] = i < n ? q[i] : 0.0;
  __syncthreads();
  if (i < n) {
    double acc = 0.0;
    for (int j = 0; j < blockDim.x; ++j) {
      if (j == t) continue;
      double d = sx[t] - sx[j];
      acc += sq[t] * sq[j] / sqrt(d * d + 0.25);
    }
    e[i] = acc;
  }
}
