// cuad: --fn geo::inner::shade --wrt out,p,gain
// cuad: --fn geo::run_shade --wrt out,p,gain
// Code inside namespaces (nested, anonymous, a C++17 `a::b` namespace, an out-of-line
// definition qualified by its namespace): the generated functions go into the primal's
// namespaces and calls to pullbacks in other namespaces are qualified.
namespace mathx {
__device__ double sq(double x) { return x * x; }
__device__ double soft(double x);
}  // namespace mathx

__device__ double mathx::soft(double x) { return log(1.0 + exp(x)); }

namespace geo {
struct Point {
  double x, y;
};

namespace {
__device__ double norm2(const Point& q) { return mathx::sq(q.x) + mathx::sq(q.y); }
}  // namespace

namespace inner {
__global__ void shade(double* out, const Point* p, double gain, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = gain * mathx::soft(norm2(p[i])) + sqrt(norm2(p[i]) + 1.0);
}
}  // namespace inner

void run_shade(double* out, const Point* p, double gain, int n) {
  double* d_out = nullptr;
  Point* d_p = nullptr;
  cudaMalloc(&d_out, n * sizeof(double));
  cudaMalloc(&d_p, n * sizeof(Point));
  cudaMemcpy(d_p, p, n * sizeof(Point), cudaMemcpyHostToDevice);
  inner::shade<<<(n + 63) / 64, 64>>>(d_out, d_p, gain, n);
  cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost);
  cudaFree(d_out);
  cudaFree(d_p);
}
}  // namespace geo
