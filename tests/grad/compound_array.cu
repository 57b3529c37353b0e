// cuad: --fn compound --wrt out,x,y
// Compound assignments on a global array element that is read before being written.
__global__ void compound(double* out, const double* x, const double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    out[i] += x[i] * y[i];
    out[i] *= x[i];
    out[i] -= y[i] / (1.0 + x[i] * x[i]);
    out[i] /= 2.0 + y[i] * y[i];
  }
}
