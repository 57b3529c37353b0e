// cuad: --fn unary_kernel<SoftplusOp> --wrt out,in
// TensorIterator-style elementwise kernel template over a functor (softplus with a beta and a
// threshold, like torch.nn.functional.softplus), grid-stride loop.
struct SoftplusOp {
  float beta, threshold;
  __device__ float operator()(float v) const {
    const float bv = v * beta;
    return bv > threshold ? v : log1pf(expf(bv)) / beta;
  }
};
template <typename Op>
__global__ void unary_kernel(float* __restrict__ out, const float* __restrict__ in, Op op, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) out[i] = op(in[i]);
}
