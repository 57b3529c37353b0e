// cuad: --fn softplus_gate --wrt out,x,g
// Single-precision elementwise kernel: softplus times a sigmoid gate.
__device__ float sigmoidf(float z) { return 1.0f / (1.0f + expf(-z)); }

__global__ void softplus_gate(float* out, const float* x, const float* g, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float sp = logf(1.0f + expf(x[i]));
    out[i] = sp * sigmoidf(g[i]);
  }
}
