// cuad: --fn asian_mc --wrt S0,K,rate,sigma,T,price
// cuad: fwd --fn asian_mc
// A Monte-Carlo pricer for an arithmetic-average Asian call with no RNG library, as small
// GPU pricing codes write it: each path seeds a xorshift32 generator from a Wang hash of
// (seed, path id), uniforms from the top 24 bits with a half-bit offset, Box-Muller pairs
// through sqrt/log and sincospi, geometric Brownian motion steps with exp, a grid-stride loop
// over paths, a shared-memory tree reduction of the discounted payoffs and one atomicAdd per
// block. All the integer work carries no derivative.
#define NSTEPS 12
#define BLOCK 64

__device__ __forceinline__ unsigned int wang_hash(unsigned int s) {
  s = (s ^ 61u) ^ (s >> 16);
  s *= 9u;
  s = s ^ (s >> 4);
  s *= 0x27d4eb2du;
  s = s ^ (s >> 15);
  return s;
}

__device__ __forceinline__ unsigned int xorshift32(unsigned int& state) {
  state ^= state << 13;
  state ^= state >> 17;
  state ^= state << 5;
  return state;
}

__device__ __forceinline__ double to_unit(const unsigned int r) {
  return ((double)(r >> 8) + 0.5) * (1.0 / 16777216.0);
}

__global__ void asian_mc(const double S0, const double K, const double rate, const double sigma,
                         const double T, const unsigned int seed, const int npaths,
                         double* __restrict__ price) {
  __shared__ double partial[BLOCK];
  const double dt = T / NSTEPS;
  const double drift = (rate - 0.5 * sigma * sigma) * dt;
  const double vol = sigma * sqrt(dt);
  double acc = 0.0;
  for (int path = blockIdx.x * blockDim.x + threadIdx.x; path < npaths;
       path += blockDim.x * gridDim.x) {
    unsigned int state = wang_hash(seed ^ ((unsigned int)path * 0x9E3779B9u)) | 1u;
    double S = S0, sum = 0.0;
    for (int s = 0; s < NSTEPS; s += 2) {
      const double u1 = to_unit(xorshift32(state));
      const double u2 = to_unit(xorshift32(state));
      const double rad = sqrt(-2.0 * log(u1));
      double sn, cs;
      sincospi(2.0 * u2, &sn, &cs);
      S *= exp(drift + vol * rad * cs);
      sum += S;
      S *= exp(drift + vol * rad * sn);
      sum += S;
    }
    const double avg = sum * (1.0 / NSTEPS);
    acc += fmax(avg - K, 0.0);
  }
  partial[threadIdx.x] = acc;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(price, exp(-rate * T) * partial[0] / npaths);
}
