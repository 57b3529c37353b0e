// cuad: --fn wprod --wrt x,out
// A warp-synchronous product tail in its race-free (__syncwarp) form, in a helper that updates
// the shared array in place and reads other lanes' elements: the caller saves each lane's
// element before the call; in reverse every lane restores its own, then a __syncwarp, so the
// pullback's re-run of the helper starts from the values the call saw, not the reduced ones.
__device__ void warpProd(volatile double* s, unsigned int tid) {
  double v = s[tid];
  v *= s[tid + 32]; __syncwarp(); s[tid] = v; __syncwarp();
  v *= s[tid + 16]; __syncwarp(); s[tid] = v; __syncwarp();
  v *= s[tid + 8]; __syncwarp(); s[tid] = v; __syncwarp();
  v *= s[tid + 4]; __syncwarp(); s[tid] = v; __syncwarp();
  v *= s[tid + 2]; __syncwarp(); s[tid] = v; __syncwarp();
  v *= s[tid + 1]; __syncwarp(); s[tid] = v; __syncwarp();
}

__global__ void wprod(const double* x, double* out) {
  __shared__ double sdata[64];
  unsigned int tid = threadIdx.x;
  sdata[tid] = 1.0 + 0.1 * x[tid];
  __syncthreads();
  if (tid < 32) warpProd(sdata, tid);
  if (tid == 0) out[0] = sdata[0];
}
