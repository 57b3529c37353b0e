// cuad: --fn k
// cuad: fwd --fn k
__device__ double take(const double*& p) { double v = *p; ++p; return v; }
__global__ void k(const double* x, double* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) { const double* p = x + 3 * i; double a = take(p); double b = take(p); double c = take(p); out[i] = a * b + c * c; }
}
