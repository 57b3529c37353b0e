// cuad: --fn scan_bl --wrt out,in
// Blelloch work-efficient exclusive scan in shared memory: up-sweep, clear the last element,
// down-sweep with a swap through a temporary; the shared array is updated in place.
#define BS 16
__global__ void scan_bl(double* out, const double* in, int n) {
  __shared__ double s[BS];
  int t = threadIdx.x;
  int g = blockIdx.x * BS + t;
  s[t] = g < n ? in[g] * in[g] : 0.0;
  __syncthreads();
  for (int d = 1; d < BS; d *= 2) {
    int idx = (t + 1) * 2 * d - 1;
    if (idx < BS) s[idx] += s[idx - d];
    __syncthreads();
  }
  if (t == 0) s[BS - 1] = 0.0;
  __syncthreads();
  for (int d = BS / 2; d >= 1; d /= 2) {
    int idx = (t + 1) * 2 * d - 1;
    if (idx < BS) {
      double tmp = s[idx - d];
      s[idx - d] = s[idx];
      s[idx] += tmp;
    }
    __syncthreads();
  }
  if (g < n) out[g] = s[t] + in[g];
}
