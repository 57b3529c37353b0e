// cuad: --fn diffuse --wrt u
// cuad: --fn diffuse_then_square --wrt u
// A linear smoothing kernel stepped by a host loop that swaps its ping-pong pointers. The
// smoothing's gradient reads no primal values, so the host gradient needs neither
// checkpoints nor the forward launches (diffuse); but the pointer values the reverse
// launches use still change every step. diffuse_then_square ends with a kernel whose
// gradient reads its input: there the forward launches must run.
__global__ void smooth(float* out, const float* in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) {
    float left = t > 0 ? in[t - 1] : in[t];
    float right = t < n - 1 ? in[t + 1] : in[t];
    out[t] = 0.5f * in[t] + 0.3f * left + 0.2f * right;
  }
}

__global__ void square(float* out, const float* in, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < n) out[t] = in[t] * in[t];
}

void diffuse(float* u, int n, int steps) {
  float* a;
  float* b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, u, n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    smooth<<<(n + 31) / 32, 32>>>(b, a, n);
    float* t = a;
    a = b;
    b = t;
  }
  cudaMemcpy(u, a, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}

void diffuse_then_square(float* u, int n, int steps) {
  float* a;
  float* b;
  cudaMalloc(&a, n * sizeof(float));
  cudaMalloc(&b, n * sizeof(float));
  cudaMemcpy(a, u, n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s) {
    smooth<<<(n + 31) / 32, 32>>>(b, a, n);
    float* t = a;
    a = b;
    b = t;
  }
  square<<<(n + 31) / 32, 32>>>(b, a, n);
  cudaMemcpy(u, b, n * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(a);
  cudaFree(b);
}
