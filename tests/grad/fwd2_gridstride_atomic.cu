// cuad: fwd --fn scatter_loss
// A grid-stride loop with an early continue, atomicAdd of differentiated values into bins
// selected by integer keys, atomicMax on an integer counter (not differentiated) and a
// do-while refinement.
__global__ void scatter_loss(int n, const float* x, const float* t, const int* key, float* bins,
                             int* maxkey, float* loss) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    float d = x[i] - t[i];
    if (key[i] < 0) continue;
    atomicMax(maxkey, key[i]);
    float h = fabsf(d) < 1.f ? 0.5f * d * d : fabsf(d) - 0.5f;
    float s = x[i];
    int it = 0;
    do {
      s = 0.5f * (s + 2.f / (1.f + s * s));
      ++it;
    } while (it < 3);
    atomicAdd(&bins[key[i]], h * s);
    atomicAdd(loss, h);
  }
}
