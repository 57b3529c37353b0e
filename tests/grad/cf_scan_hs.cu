// cuad: --fn scan_hs --wrt out,in
// Hillis-Steele inclusive scan in shared memory with double buffering (the buffer index flips
// every step), then each thread writes a nonlinear function of its prefix.
#define BS 16
__global__ void scan_hs(double* out, const double* in, int n) {
  __shared__ double buf[2][BS];
  int t = threadIdx.x;
  int g = blockIdx.x * BS + t;
  int pout = 0, pin = 1;
  buf[pout][t] = g < n ? in[g] : 0.0;
  __syncthreads();
  for (int off = 1; off < BS; off *= 2) {
    pout = 1 - pout;
    pin = 1 - pout;
    if (t >= off) buf[pout][t] = buf[pin][t] + buf[pin][t - off];
    else buf[pout][t] = buf[pin][t];
    __syncthreads();
  }
  if (g < n) out[g] = sin(buf[pout][t]);
}
