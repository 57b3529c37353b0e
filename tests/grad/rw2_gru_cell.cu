// cuad: --fn gru_cell --wrt h_new,x,h_prev,W,U,b
// GRU cell (PyTorch gate order r, z, n), one thread per (batch, hidden unit): the input and
// recurrent projections are dot products over the feature dimension in per-thread loops, the
// reset gate multiplies the recurrent part of the candidate, h' = (1 - z) * n + z * h.
__device__ __forceinline__ float sigmoid(float v) { return 1.0f / (1.0f + __expf(-v)); }

__global__ void gru_cell(float* __restrict__ h_new, const float* __restrict__ x,
                         const float* __restrict__ h_prev, const float* __restrict__ W,
                         const float* __restrict__ U, const float* __restrict__ b, int batch,
                         int in_dim, int hid) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= batch * hid) return;
  int bi = tid / hid;
  int j = tid - bi * hid;
  const float* xr = x + bi * in_dim;
  const float* hr = h_prev + bi * hid;
  float ax[3] = {0.f, 0.f, 0.f};
  float ah[3] = {0.f, 0.f, 0.f};
  for (int g = 0; g < 3; ++g) {
    const float* wrow = W + (g * hid + j) * in_dim;
    for (int k = 0; k < in_dim; ++k) ax[g] += wrow[k] * xr[k];
    const float* urow = U + (g * hid + j) * hid;
    for (int k = 0; k < hid; ++k) ah[g] += urow[k] * hr[k];
  }
  float r = sigmoid(ax[0] + ah[0] + b[j]);
  float z = sigmoid(ax[1] + ah[1] + b[hid + j]);
  float n = tanhf(ax[2] + b[2 * hid + j] + r * ah[2]);
  h_new[tid] = (1.0f - z) * n + z * hr[j];
}
