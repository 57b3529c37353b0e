// cuad: --fn BlackScholesGPU --wrt d_Call,d_Put,d_S,d_X,d_T,R,V
// cuad: --fn BlackScholesGPU --wrt d_Call,d_Put,d_S,d_X,d_T,R,V --max-registers 40
// The CUDA sample's single-precision Black-Scholes: polynomial CND with __expf, rsqrtf,
// __logf and __fdividef, calls and puts from one thread each.
__device__ inline float cndGPU(float d) {
  const float A1 = 0.31938153f;
  const float A2 = -0.356563782f;
  const float A3 = 1.781477937f;
  const float A4 = -1.821255978f;
  const float A5 = 1.330274429f;
  const float RSQRT2PI = 0.39894228040143267793994605993438f;
  float K = __fdividef(1.0f, (1.0f + 0.2316419f * fabsf(d)));
  float cnd = RSQRT2PI * __expf(-0.5f * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) cnd = 1.0f - cnd;
  return cnd;
}

__device__ inline void BlackScholesBodyGPU(float& CallResult, float& PutResult, float S, float X,
                                           float T, float R, float V) {
  float sqrtT = __fdividef(1.0F, rsqrtf(T));
  float d1 = __fdividef(__logf(S / X) + (R + 0.5f * V * V) * T, V * sqrtT);
  float d2 = d1 - V * sqrtT;
  float CNDD1 = cndGPU(d1);
  float CNDD2 = cndGPU(d2);
  float expRT = __expf(-R * T);
  CallResult = S * CNDD1 - X * expRT * CNDD2;
  PutResult = X * expRT * (1.0f - CNDD2) - S * (1.0f - CNDD1);
}

__global__ void BlackScholesGPU(float* d_Call, float* d_Put, const float* d_S, const float* d_X,
                                const float* d_T, float R, float V, int optN) {
  const int opt = blockDim.x * blockIdx.x + threadIdx.x;
  if (opt < optN) {
    float callResult, putResult;
    BlackScholesBodyGPU(callResult, putResult, d_S[opt], d_X[opt], d_T[opt], R, V);
    d_Call[opt] = callResult;
    d_Put[opt] = putResult;
  }
}
