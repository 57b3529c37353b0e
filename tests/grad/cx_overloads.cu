// cuad: --fn ovl --wrt y,x,xf,s
// Overloads of one name by parameter type (float / double / int / struct) and arity, the
// chosen overload depending on the argument types, and f-suffixed vs std:: math overloads.
struct Dual {
  double a, b;
};
__device__ float mix(float v) { return 2.0f * v * v; }
__device__ double mix(double v) { return 3.0 * v * v * v; }
__device__ double mix(double v, double w) { return v * w + v; }
__device__ double mix(int k, double v) { return k * sin(v); }
__device__ double mix(const Dual& d) { return d.a * d.b; }

__global__ void ovl(double* y, const double* x, const float* xf, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double v = x[i];
    float f = xf[i];
    Dual d{v, s};
    y[i] = mix(v) + (double)mix(f) + mix(v, s) + mix(2, v) + mix(d) + (double)mix(0.5f * f) +
           std::exp(v) + (double)std::exp(f) + std::pow(v, 2) + y[i];
  }
}
