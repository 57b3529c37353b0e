// cuad: --fn broadcast_mul --wrt out,in,b
// Every thread reads the same b[0] and b[1]: their adjoints collect contributions of all threads.
__global__ void broadcast_mul(double* out, const double* in, const double* b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * b[0] + b[1] * b[1];
}
