// cuad: --fn split_update --wrt lo,hi,state,x
// Two output arrays plus an in-out array that is read, updated and read again.
__global__ void split_update(double* lo, double* hi, double* state, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double s = state[i];
    state[i] = s * 0.9 + x[i] * x[i];
    lo[i] = fmin(s, x[i]) * state[i];
    hi[i] = fmax(s, x[i]) + state[i] * s;
  }
}
