// cuad: --fn k --wrt x,out
// A __device__ helper squaring a __shared__ entry in place: the entry is saved before the
// call and restored for the helper's pullback (which used to read the already-squared entry).
__device__ void sq(double* s, unsigned int t) { s[t] = s[t] * s[t]; }
__global__ void k(const double* x, double* out) {
  __shared__ double sdata[64];
  unsigned int tid = threadIdx.x;
  sdata[tid] = x[tid];
  __syncthreads();
  sq(sdata, tid);
  __syncthreads();
  if (tid == 0) out[0] = sdata[0] + sdata[1];
}
