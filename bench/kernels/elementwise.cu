// Workload 1: elementwise transcendental map with a scalar parameter (memory bound).
// out[i] = a * sin(x[i]) * exp(-x[i]^2) + log(1 + x[i]^2)
// Differentiated with: cuad grad elementwise.cu --fn ew_map --wrt out,x,a

__global__ void ew_map(float* out, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float xi = x[i];
    out[i] = a * sinf(xi) * expf(-xi * xi) + logf(1.0f + xi * xi);
  }
}
