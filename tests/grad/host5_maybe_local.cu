// cuad: --fn blend --wrt x,g,out
// A pointer that may point into a thread's local array or into global memory other threads
// share (`mode ? buf : g + i % 3`), read in a loop and handed to a device function, and the
// same device function called with a local array and with the global array: the adjoint
// updates through the pointer must be plain `+=` on the local adjoint array (atomics on local
// addresses are undefined) and atomic on the shared global one.
__device__ float sq_at(const float* p, int k) { return p[k] * p[k]; }

__global__ void blend(const float* x, const float* g, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float buf[4];
  for (int j = 0; j < 4; ++j) buf[j] = x[i] * (j + 1);
  const float* p = (i % 2) ? buf : g + i % 3;
  float s = 0.f;
  for (int j = 0; j < 4; ++j) s += p[j] * x[i];
  s += sq_at(p, 1) + sq_at(buf, 2) + sq_at(g, i % 5);
  out[i] = s;
}
