// cuad: fwd --fn seg_softmax
// cuad: --fn seg_softmax
// One block per segment of a CSR-style ragged array (segment lengths from an offsets array,
// 1 to 150 entries, so a thread's strided loop runs 0 to 3 times): a temperature-scaled
// softmax with a shared-memory tree reduction for the maximum (fmax) and another for the sum,
// the results broadcast through shared memory between barriers, the log-sum-exp of each
// segment written by thread 0 and the segment's entropy added by atomicAdd into one scalar.
// 1: forward mode; 2: reverse mode on the same kernel.
#define BLOCK 64

__global__ void seg_softmax(const int* offs, const double* x, const double* bias, double temp,
                            double* y, double* lse, double* entropy) {
  __shared__ double red[BLOCK];
  const int row = blockIdx.x;
  const int t = threadIdx.x;
  const int beg = offs[row], end = offs[row + 1];
  double m = -1e300;
  for (int k = beg + t; k < end; k += BLOCK) m = fmax(m, x[k] / temp);
  red[t] = m;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (t < s) red[t] = fmax(red[t], red[t + s]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  double sum = 0.0;
  for (int k = beg + t; k < end; k += BLOCK) sum += exp(x[k] / temp - m);
  red[t] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (t < s) red[t] += red[t + s];
    __syncthreads();
  }
  const double total = red[0];
  double h = 0.0;
  for (int k = beg + t; k < end; k += BLOCK) {
    const double p = exp(x[k] / temp - m) / total;
    y[k] = p + bias[row] * x[k];
    h -= p * log(p);
  }
  if (t == 0) lse[row] = temp * (m + log(total));
  atomicAdd(entropy, h);
}
