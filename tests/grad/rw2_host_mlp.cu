// cuad: --fn mlp_forward --wrt out,x,W1,b1,W2
// Host function for a two-layer MLP forward pass: device buffers from cudaMalloc, inputs and
// weights copied in, three launches (linear + bias, tanh-GELU in place, linear without bias),
// a 2-D grid for the linear layers (blockIdx.y over the batch), the result copied back.
__global__ void linear(float* y, const float* x, const float* W, const float* b, int B, int IN,
                       int OUT) {
  const int o = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = blockIdx.y;
  if (o >= OUT || r >= B) return;
  float acc = b ? b[o] : 0.0f;
  for (int k = 0; k < IN; ++k) acc += x[r * IN + k] * W[o * IN + k];
  y[r * OUT + o] = acc;
}

__global__ void gelu_inplace(float* h, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    const float v = h[i];
    const float u = 0.7978845608f * (v + 0.044715f * v * v * v);
    h[i] = 0.5f * v * (1.0f + tanhf(u));
  }
}

void mlp_forward(float* out, const float* x, const float* W1, const float* b1, const float* W2,
                 int B, int IN, int HID, int OUT) {
  float *d_x, *d_W1, *d_b1, *d_W2, *d_h, *d_out;
  cudaMalloc((void**)&d_x, B * IN * sizeof(float));
  cudaMalloc((void**)&d_W1, HID * IN * sizeof(float));
  cudaMalloc((void**)&d_b1, HID * sizeof(float));
  cudaMalloc((void**)&d_W2, OUT * HID * sizeof(float));
  cudaMalloc((void**)&d_h, B * HID * sizeof(float));
  cudaMalloc((void**)&d_out, B * OUT * sizeof(float));
  cudaMemcpy(d_x, x, B * IN * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W1, W1, HID * IN * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_b1, b1, HID * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d_W2, W2, OUT * HID * sizeof(float), cudaMemcpyHostToDevice);
  const int threads = 32;
  dim3 g1((HID + threads - 1) / threads, B);
  linear<<<g1, threads>>>(d_h, d_x, d_W1, d_b1, B, IN, HID);
  gelu_inplace<<<2, threads>>>(d_h, B * HID);
  dim3 g2((OUT + threads - 1) / threads, B);
  linear<<<g2, threads>>>(d_out, d_h, d_W2, nullptr, B, HID, OUT);
  cudaMemcpy(out, d_out, B * OUT * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(d_x);
  cudaFree(d_W1);
  cudaFree(d_b1);
  cudaFree(d_W2);
  cudaFree(d_h);
  cudaFree(d_out);
}
