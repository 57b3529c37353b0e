// cuad: --fn weighted_hist --wrt hist,w,scale
// Weighted histogram: bins from integer keys, weights scattered with atomicAdd in the primal
// (many threads hit the same bin).
__global__ void weighted_hist(float* hist, const int* key, const float* w, float scale, int nbins,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int b = key[i] % nbins;
    float v = scale * w[i] * w[i] + expf(-w[i]);
    atomicAdd(&hist[b], v);
  }
}
