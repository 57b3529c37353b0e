// cuad: --fn swap_mix --wrt y,x
// swap(a, b) of two locals in a kernel (lowered to assignments through a temporary, as
// std::swap in host code is), then a product that tells the swapped values apart.
template <typename T>
__device__ void swap(T& a, T& b) {
  T t = a;
  a = b;
  b = t;
}

__global__ void swap_mix(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double a = x[i];
    double b = 2.0 * x[i] + 1.0;
    if (a < 0.3) swap(a, b);
    y[i] = a * a * b + sin(a);
  }
}
