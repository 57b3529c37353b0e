// Workload 3: Black-Scholes European call and put prices (float), with the
// Abramowitz-Stegun polynomial approximation of the cumulative normal distribution.
// Differentiated with:
//   cuad grad black_scholes.cu --fn black_scholes --wrt call,put,spot,strike,years,rate,vol

__device__ float cnd(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267794f;
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
  float c = RSQRT2PI * expf(-0.5f * d * d) * poly;
  if (d > 0.0f) {
    c = 1.0f - c;
  }
  return c;
}

__global__ void black_scholes(float* call, float* put, const float* spot, const float* strike,
                              const float* years, float rate, float vol, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float s = spot[i];
    float x = strike[i];
    float t = years[i];
    float sqrt_t = sqrtf(t);
    float d1 = (logf(s / x) + (rate + 0.5f * vol * vol) * t) / (vol * sqrt_t);
    float d2 = d1 - vol * sqrt_t;
    float cnd1 = cnd(d1);
    float cnd2 = cnd(d2);
    float disc = expf(-rate * t);
    call[i] = s * cnd1 - x * disc * cnd2;
    put[i] = x * disc * (1.0f - cnd2) - s * (1.0f - cnd1);
  }
}
