// cuad: --fn ray_transmittance<64> --wrt sigma,color,out
// cuad: fwd --fn ray_transmittance<64> --wrt sigma,color,out
// Written for cuad in the style of a volume-rendering (NeRF-like) compositing kernel: one block
// per ray, the optical depths sigma_i * delta_i of its samples scanned in shared memory with a
// work-efficient Blelloch scan (up-sweep, zeroed root, down-sweep swapping partial sums in
// place between barriers) to get the exclusive prefix, the transmittance exp(-prefix) times
// the sample's opacity 1 - exp(-sigma delta) weighting its colour. `template <int N>` sizes the
// shared array (two samples per thread); samples past the ray's end are padded with zeros.
template <int N>
__global__ void ray_transmittance(const float* __restrict__ sigma, const float* __restrict__ color,
                                  float delta, int samples, float* __restrict__ out) {
  __shared__ float scan[N];
  const int ray = blockIdx.x, tid = threadIdx.x;
  const float* s = sigma + ray * samples;
  scan[2 * tid] = 2 * tid < samples ? s[2 * tid] * delta : 0.0f;
  scan[2 * tid + 1] = 2 * tid + 1 < samples ? s[2 * tid + 1] * delta : 0.0f;
  int offset = 1;
  for (int d = N >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
      scan[bi] += scan[ai];
    }
    offset *= 2;
  }
  if (tid == 0) scan[N - 1] = 0.0f;
  for (int d = 1; d < N; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      const int ai = offset * (2 * tid + 1) - 1, bi = offset * (2 * tid + 2) - 1;
      const float t = scan[ai];
      scan[ai] = scan[bi];
      scan[bi] += t;
    }
  }
  __syncthreads();
  for (int k = 2 * tid; k < 2 * tid + 2 && k < samples; ++k) {
    const float alpha = 1.0f - expf(-s[k] * delta);
    out[ray * samples + k] = expf(-scan[k]) * alpha * color[ray * samples + k];
  }
}

template __global__ void ray_transmittance<64>(const float* __restrict__, const float* __restrict__,
                                               float, int, float* __restrict__);
