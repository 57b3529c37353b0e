// cuad: --fn k --wrt q,out
// Minimal repro: a recursive __device__ function that writes one entry of an output array
// (`out[i] = x`, i a parameter it does not assign, the store at the top level of its body)
// and then recurses into the next link. The output is only written, never read. cuad grad
// refuses: "`walk` overwrites memory through `out` that the reverse pass needs, at elements
// cuad cannot name here"; the same body without the recursive call, or a recursive function
// returning a value instead of storing, is accepted. cuad fwd handles it.
__device__ void walk(const int* __restrict__ next, const double* __restrict__ q, int i, double th, double x,
                     double* __restrict__ out) {
  th += q[i];
  x += cos(th);
  out[i] = x;
  if (next[i] >= 0) walk(next, q, next[i], th, x, out);
}

__global__ void k(int n_env, const int* __restrict__ next, const double* __restrict__ q, double* __restrict__ out) {
  const int e = blockIdx.x * blockDim.x + threadIdx.x;
  if (e >= n_env) return;
  walk(next, q + 4 * e, 0, 0.0, 0.0, out + 4 * e);
}
