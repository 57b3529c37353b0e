// cuad: --fn scale_store --wrt out,in,s
// A __device__ helper that takes global pointers and writes through one of them.
__device__ void store_scaled(double* dst, const double* src, int i, double s) {
  dst[i] = s * src[i] * src[i];
}

__global__ void scale_store(double* out, const double* in, double s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) store_scaled(out, in, i, s);
}
