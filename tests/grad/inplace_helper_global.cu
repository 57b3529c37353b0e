// cuad: --fn k2 --wrt y
// A kernel squaring its in/out array in place through a __device__ helper: the elements the
// helper updates (`y[tid]`, found by substituting the call's arguments into its indices) are
// saved before the call and restored for its pullback, which used to read the squared values.
__device__ void sq(double* s, unsigned int t) { s[t] = s[t] * s[t]; }
__global__ void k2(double* y) {
  unsigned int tid = threadIdx.x;
  sq(y, tid);
}
