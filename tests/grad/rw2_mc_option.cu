// cuad: --fn mc_asian_call<64> --wrt price,s0,sigma,strike
// Monte-Carlo arithmetic-average Asian call: one path per thread over precomputed normals
// (time-major, coalesced), log-Euler steps with __expf, payoff fmaxf(avg - K, 0), a
// shared-memory block reduction of the discounted payoffs and one atomicAdd per block.
template <int BLOCK>
__global__ void mc_asian_call(double* price, const float* __restrict__ z, float s0, float sigma,
                              float strike, float r, float T, int n_paths, int n_steps) {
  __shared__ float partial[BLOCK];
  const int p = blockIdx.x * BLOCK + threadIdx.x;
  float payoff = 0.0f;
  if (p < n_paths) {
    const float dt = T / n_steps;
    const float drift = (r - 0.5f * sigma * sigma) * dt;
    const float vol = sigma * sqrtf(dt);
    float s = s0, avg = 0.0f;
    for (int t = 0; t < n_steps; ++t) {
      s *= __expf(drift + vol * __ldg(&z[t * n_paths + p]));
      avg += s;
    }
    avg /= n_steps;
    payoff = expf(-r * T) * fmaxf(avg - strike, 0.0f);
  }
  partial[threadIdx.x] = payoff;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) partial[threadIdx.x] += partial[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(price, (double)(partial[0] / n_paths));
}
