// cuad: --fn k --wrt x,y
// Barriers that return a value are barriers in the gradient too. A loop over rounds whose only
// barrier before reloading a `__shared__` batch is `cnt = __syncthreads_count(...)` (3D
// Gaussian Splatting's renderCUDA: `num_done = __syncthreads_count(done)`), then a neighbour
// exchange gated by `if (__syncthreads_or(...))`. The reverse pass used to emit no barrier
// mirroring these calls, so a thread's restore / clear of its shared slot (index tape, shared
// adjoint) raced with other threads' reads of the slot for the previous round.
#define NB 4
__global__ void k(const double* x, const int* idx, double* y, int rounds) {
  __shared__ int s_id[NB];
  __shared__ double s_x[NB];
  const int t = threadIdx.x;
  double acc = 0.0;
  for (int r = 0; r < rounds; ++r) {
    const int cnt = __syncthreads_count(acc > 1e9);
    if (cnt == NB) break;
    s_id[t] = idx[r * NB + t];
    s_x[t] = x[r * NB + t];
    __syncthreads();
    for (int j = 0; j < NB; ++j) acc += s_x[j] * s_x[j] * (1.0 + 0.1 * s_id[j] * t);
  }
  __syncthreads();
  s_x[t] = acc * acc;
  if (__syncthreads_or(acc > -1e9)) acc += 0.5 * s_x[(t + 1) % NB];
  y[t] = acc;
}
