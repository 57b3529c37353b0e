// cuad: --fn saxpy --wrt a,x,y
// In-place saxpy: y = a * x + y; the scalar's adjoint is reduced over all threads.
__global__ void saxpy(int n, double a, const double* x, double* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}
