// cuad: --fn jacobi_block --wrt u,f
// Block-local Jacobi smoothing: each block loads its slice into shared memory and runs several
// sweeps there (shared array overwritten in a loop, barriers between sweeps), then writes back.
#define NB 32
__global__ void jacobi_block(double* u, const double* f, double omega, int sweeps) {
  __shared__ double s[NB];
  __shared__ double t[NB];
  int tid = threadIdx.x;
  int g = blockIdx.x * NB + tid;
  s[tid] = u[g];
  __syncthreads();
  for (int it = 0; it < sweeps; ++it) {
    double l = tid > 0 ? s[tid - 1] : 0.0;
    double r = tid < NB - 1 ? s[tid + 1] : 0.0;
    t[tid] = (1.0 - omega) * s[tid] + omega * 0.5 * (l + r + f[g] * s[tid] * s[tid]);
    __syncthreads();
    s[tid] = t[tid];
    __syncthreads();
  }
  u[g] = s[tid];
}
