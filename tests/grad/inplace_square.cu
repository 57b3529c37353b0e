// cuad: --fn square_inplace --wrt a
// An array read and overwritten in place, twice: the adjoint buffer must end up holding the
// adjoint of the input values.
__global__ void square_inplace(double* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a[i] = a[i] * a[i];
    a[i] = a[i] + 0.5 * a[i] * a[i];
  }
}
