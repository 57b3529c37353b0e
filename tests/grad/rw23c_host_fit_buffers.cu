// cuad: --fn fit_loss --wrt x,y,model
// A curve-fitting script's loss evaluation on the GPU: device buffers kept in a struct that
// helpers fill and release (`alloc_buffers(b, ...)`, `free_buffers(b)`), a rational-function
// model passed by value as a functor whose coefficients are fixed-array fields, launched
// through a kernel template over the model type; a second kernel template over the block
// size reduces squared errors in shared memory into per-block partials, which the host copies
// into a std::vector and sums. The reduction mode is an `enum class` switched on at the end of
// the host function (two return paths).
#include <cuda_runtime.h>
#include <vector>

constexpr int kBlock = 32;

enum class Reduction { Sum, Mean };

struct Rational {
  double p[3];  // numerator p0 + p1 x + p2 x^2
  double q[2];  // denominator 1 + q0 x^2 + q1 x^4 (positive)
  __device__ double operator()(double x) const {
    const double x2 = x * x;
    const double num = p[0] + x * (p[1] + x * p[2]);
    const double den = 1.0 + x2 * (q[0] + x2 * q[1]);
    return num / den;
  }
};

struct Buffers {
  double* x;
  double* y;
  double* pred;
  double* partial;
};

static void alloc_buffers(Buffers& b, int n, int nblk) {
  cudaMalloc(&b.x, n * sizeof(double));
  cudaMalloc(&b.y, n * sizeof(double));
  cudaMalloc(&b.pred, n * sizeof(double));
  cudaMalloc(&b.partial, nblk * sizeof(double));
}

static void free_buffers(Buffers& b) {
  cudaFree(b.x);
  cudaFree(b.y);
  cudaFree(b.pred);
  cudaFree(b.partial);
}

template <typename Model>
__global__ void predict(const double* __restrict__ x, Model m, double* __restrict__ pred, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) pred[i] = m(x[i]);
}

template <int BLOCK>
__global__ void sq_err(const double* __restrict__ pred, const double* __restrict__ y,
                       double* __restrict__ partial, int n) {
  __shared__ double s[BLOCK];
  const int t = threadIdx.x;
  const int i = blockIdx.x * BLOCK + t;
  double r = 0.0;
  if (i < n) {
    const double d = pred[i] - y[i];
    r = d * d;
  }
  s[t] = r;
  __syncthreads();
  for (int stride = BLOCK / 2; stride > 0; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}

double fit_loss(const double* x, const double* y, Rational model, int n, Reduction red) {
  const int nblk = (n + kBlock - 1) / kBlock;
  Buffers b;
  alloc_buffers(b, n, nblk);
  cudaMemcpy(b.x, x, n * sizeof(double), cudaMemcpyHostToDevice);
  cudaMemcpy(b.y, y, n * sizeof(double), cudaMemcpyHostToDevice);
  predict<Rational><<<nblk, kBlock>>>(b.x, model, b.pred, n);
  sq_err<kBlock><<<nblk, kBlock>>>(b.pred, b.y, b.partial, n);
  std::vector<double> part(nblk);
  cudaMemcpy(part.data(), b.partial, nblk * sizeof(double), cudaMemcpyDeviceToHost);
  double total = 0.0;
  for (int k = 0; k < nblk; ++k) total += part[k];
  free_buffers(b);
  switch (red) {
    case Reduction::Mean:
      return total / n;
    case Reduction::Sum:
    default:
      return total;
  }
}
