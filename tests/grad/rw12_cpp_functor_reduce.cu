// cuad: --fn transform_reduce<Loss,64> --wrt x,y,partial
// cuad: --fn transform_reduce<Loss,64> --wrt x,y,op,partial
// cuad: fwd --fn transform_reduce<Loss,64>
// A Thrust-style generic transform-reduce kernel written by hand: the element operation is a
// functor type passed as a template parameter (by value, with learnable fields), built by
// composing a unary and a binary functor through a class template whose operator() calls the
// members' operator()s. Grid-stride loop, per-thread partial, shared-memory tree reduction
// templated on the block size, one partial sum per block. Output 2 differentiates the functor
// object's fields too (--wrt op), output 3 is forward mode. (Written with `this->outer(...)` and the
// alias `Loss` in --fn: the plain `outer(...)` and `--fn transform_reduce<Compose<A,B>,64>`
// are refused, see rw12_cpp_member_functor_min and rw12_cpp_nested_targs_min; --wrt x,op,partial
// is refused, see rw12_cpp_functor_wrt_op_min.)
struct ScaledDiff {
  double scale;
  __device__ double operator()(double a, double b) const { return scale * (a - b); }
};

struct SoftPlus {
  double beta;
  __device__ __forceinline__ double operator()(double z) const {
    const double bz = beta * z;
    // numerically stable softplus, branch far from the inputs used here
    if (bz > 20.0) return z;
    return log1p(exp(bz)) / beta;
  }
};

template <class Outer, class Inner>
struct Compose {
  Outer outer;
  Inner inner;
  __device__ double operator()(double a, double b) const { return this->outer(this->inner(a, b)); }
};

template <class Op, int BLOCK>
__global__ void transform_reduce(const double* __restrict__ x, const double* __restrict__ y,
                                 double* __restrict__ partial, int n, Op op) {
  __shared__ double smem[BLOCK];
  double acc = 0.0;
  for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
    acc += op(x[i], y[i]);
  smem[threadIdx.x] = acc;
  __syncthreads();
#pragma unroll
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = smem[0];
}

// Explicit instance, as a library's .cu file would have it.
using Loss = Compose<SoftPlus, ScaledDiff>;
template __global__ void transform_reduce<Loss, 64>(const double*, const double*, double*, int,
                                                    Loss);
