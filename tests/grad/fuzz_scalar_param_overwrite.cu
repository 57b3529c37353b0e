// cuad: --fn k --wrt x,out,a,b
// cuad: fwd --fn k
// Kernels overwrite scalar parameters (each thread's own copy), also through a reference
// parameter of a call: the reverse pass read and zeroed the one adjoint all threads share
// for the overwrite (scripts/fuzz, seeds 4020-4129).
__device__ void bump(double p, double& r) { r = 0.5 * r + sin(p * r); }

__global__ void k(int n, const double* x, double* out, double a, double b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    a = 0.9 * a + 0.1 * sin(x[i]);
    for (int j = 0; j < 3; ++j) {
      b = b * a + 0.2 * cos(b * x[i]);
    }
    bump(x[i], a);
    out[i] = a * x[i] + b;
  }
}
