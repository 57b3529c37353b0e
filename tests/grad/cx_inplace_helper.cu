// cuad: --fn ip --wrt y,x
// A helper scaling a local array in place through a pointer; the array is read afterwards.
__device__ void scale(double* a, double f) { a[0] *= f; }

__global__ void ip(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double b[1] = {x[2 * i]};
    scale(b, x[2 * i + 1]);
    y[i] = b[0] * b[0];
  }
}
