// cuad: --fn black_scholes --wrt call,put,S,X,T,r,v
// Black-Scholes calls and puts (the CUDA sample's formulation with a polynomial normal CDF).
__device__ double cnd(double d) {
  const double A1 = 0.31938153, A2 = -0.356563782, A3 = 1.781477937, A4 = -1.821255978,
               A5 = 1.330274429, RSQRT2PI = 0.39894228040143267793994605993438;
  double K = 1.0 / (1.0 + 0.2316419 * fabs(d));
  double c = RSQRT2PI * exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
  if (d > 0) c = 1.0 - c;
  return c;
}

__global__ void black_scholes(double* call, double* put, const double* S, const double* X,
                              const double* T, double r, double v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double sqrtT = sqrt(T[i]);
    double d1 = (log(S[i] / X[i]) + (r + 0.5 * v * v) * T[i]) / (v * sqrtT);
    double d2 = d1 - v * sqrtT;
    double cndd1 = cnd(d1), cndd2 = cnd(d2);
    double expRT = exp(-r * T[i]);
    call[i] = S[i] * cndd1 - X[i] * expRT * cndd2;
    put[i] = X[i] * expRT * (1.0 - cndd2) - S[i] * (1.0 - cndd1);
  }
}
