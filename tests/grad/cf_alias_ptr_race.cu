// cuad: --fn mirror_ptr --wrt out,a
// A local pointer into the input (the mirrored element, another thread's) next to the
// thread's own a[i]: both adjoint updates can hit the same address from different threads.
__global__ void mirror_ptr(double* out, const double* a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const double* q = a + (n - 1 - i);
  out[i] = a[i] * a[i] + *q;
}
