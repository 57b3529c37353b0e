// cuad: --fn ring_area --wrt y,x
// Methods of a struct declared inside a namespace (their stand-ins live at file scope and
// name the struct with its namespace), using a static constexpr member unqualified.
namespace geo {
struct Circle {
  static constexpr double pi = 3.14159;
  double r;
  __device__ double area() const { return pi * r * r; }
  __device__ double scaled(double s) const { return s * area() + r; }
};
}  // namespace geo

__global__ void ring_area(double* y, const double* x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    geo::Circle outer{x[i] + 2.0};
    geo::Circle inner{0.5 * x[i]};
    y[i] = outer.area() - inner.scaled(x[i]);
  }
}
