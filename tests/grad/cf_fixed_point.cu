// cuad: --fn fixpt --wrt y,p,q
// Fixed-point iteration y = q*cos(p*y) + 0.3 until it settles (do-while with a tolerance);
// the loop overwrites the scalar many times, so the reverse pass needs a tape.
__device__ double settle(double p, double q) {
  double z = 0.0, prev;
  int it = 0;
  do {
    prev = z;
    z = q * cos(p * z) + 0.3;
    ++it;
  } while (fabs(z - prev) > 1e-12 && it < 200);
  return z;
}

__global__ void fixpt(double* y, const double* p, double q, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = settle(p[i], q);
}
