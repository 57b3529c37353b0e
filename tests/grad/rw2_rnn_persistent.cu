// cuad: --fn rnn_persistent --wrt hs,x,W,U,h0
// Persistent Elman RNN: one block per sequence runs all time steps, one thread per hidden unit;
// the hidden state lives in __shared__ memory and is overwritten every step between two
// __syncthreads(), h_t = tanh(W x_t + U h_{t-1}), every h_t stored to global memory.
#define HID 16

__global__ void rnn_persistent(float* __restrict__ hs, const float* __restrict__ x,
                               const float* __restrict__ W, const float* __restrict__ U,
                               const float* __restrict__ h0, int T, int IN) {
  __shared__ float h[HID];
  const int b = blockIdx.x;
  const int j = threadIdx.x;
  h[j] = h0[b * HID + j];
  __syncthreads();
  for (int t = 0; t < T; ++t) {
    const float* xt = x + ((size_t)b * T + t) * IN;
    float acc = 0.0f;
    for (int k = 0; k < IN; ++k) acc += W[j * IN + k] * xt[k];
    for (int k = 0; k < HID; ++k) acc += U[j * HID + k] * h[k];
    __syncthreads();
    h[j] = tanhf(acc);
    __syncthreads();
    hs[((size_t)b * T + t) * HID + j] = h[j];
  }
}
