// cuad: fwd --fn scale_pow<double,3>
// A kernel template's instance (the pushforward is an explicit specialization, called with
// the same template arguments) calling function templates (by deduction and with an
// explicit non-type argument).
template <typename T> __device__ T sq(T x) { return x * x; }
template <int N> __device__ double powi(double x) {
  double r = 1.0;
  for (int i = 0; i < N; ++i) r = r * x;
  return r;
}

template <typename T, int P>
__global__ void scale_pow(int n, const T* x, T a, T* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * powi<P>(x[i]) + sq(x[i] * a) + powi<2>(a);
}
