// cuad: --fn lstm_cell --wrt h,c,gates,c_prev
// Pointwise LSTM cell (as in cuDNN-free RNN code): the four gate pre-activations of each
// hidden unit (bias already added) through sigmoid/tanh; writes the new cell and hidden state.
__device__ __forceinline__ float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }

__global__ void lstm_cell(float* __restrict__ h, float* __restrict__ c,
                          const float* __restrict__ gates, const float* __restrict__ c_prev,
                          int batch, int hidden) {
  const int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= batch * hidden) return;
  const int b = idx / hidden, j = idx % hidden;
  const float* g = gates + b * 4 * hidden;
  const float ig = sigmoidf(g[j]);
  const float fg = sigmoidf(g[hidden + j]);
  const float cg = tanhf(g[2 * hidden + j]);
  const float og = sigmoidf(g[3 * hidden + j]);
  const float cn = fg * c_prev[idx] + ig * cg;
  c[idx] = cn;
  h[idx] = og * tanhf(cn);
}
