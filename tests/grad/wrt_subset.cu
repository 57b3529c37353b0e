// cuad: --fn kscale --wrt out,val
// cuad: --fn kscale --wrt in,out
// cuad: --fn kscale
// Gradient naming and parameter selection (the contract's example): a subset of parameters,
// an unordered --wrt list, and the default (every differentiable parameter).
__global__ void kscale(double* out, const double* in, double val, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * val + val * val * in[i] * in[i];
}
