// cuad: --fn softmax --wrt y,x
// Softmax of one block's values through dynamic shared memory: -INFINITY padding, a max
// and a sum read back from shared memory by every thread, __expf.
__global__ void softmax(float* y, const float* x, int n) {
  extern __shared__ float buf[];
  int t = threadIdx.x;
  float v = t < n ? x[t] : -INFINITY;
  buf[t] = v;
  __syncthreads();
  float mx = -INFINITY;
  for (int k = 0; k < n; ++k) mx = fmaxf(mx, buf[k]);
  float e = t < n ? __expf(v - mx) : 0.f;
  __syncthreads();
  buf[t] = e;
  __syncthreads();
  float s = 0.f;
  for (int k = 0; k < n; ++k) s += buf[k];
  if (t < n) y[t] = e / s;
}
