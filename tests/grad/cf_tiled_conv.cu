// cuad: --fn conv_tiles --wrt out,in,wts
// Tiled 1-D convolution with a halo: each block walks several tiles (loop with barriers in
// its body), loads tile + halo into shared memory, then every thread applies a 5-tap filter
// whose weights are staged in shared memory too.
#define TILE 16
#define R 2
__global__ void conv_tiles(double* out, const double* in, const double* wts, int n) {
  __shared__ double s[TILE + 2 * R];
  __shared__ double sw[2 * R + 1];
  int t = threadIdx.x;
  if (t < 2 * R + 1) sw[t] = wts[t];
  for (int base = blockIdx.x * TILE; base < n; base += gridDim.x * TILE) {
    int g = base + t;
    s[t + R] = g < n ? in[g] : 0.0;
    if (t < R) {
      int gl = base - R + t;
      s[t] = gl >= 0 ? in[gl] : 0.0;
      int gr = base + TILE + t;
      s[TILE + R + t] = gr < n ? in[gr] : 0.0;
    }
    __syncthreads();
    if (g < n) {
      double acc = 0.0;
      for (int k = -R; k <= R; ++k) acc += sw[k + R] * s[t + R + k];
      out[g] = acc * acc;
    }
    __syncthreads();
  }
}
