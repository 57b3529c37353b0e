// cuad: --fn blend --wrt out,x,w,gain
// cuad: --fn squash<double> --wrt y,x,a
// Lambdas bound to locals: an index helper, a by-value capture list with a trailing return
// type, a by-reference capture the lambda accumulates into, and a lambda in a device function.
// cuad lifts each into a function whose captures are extra parameters (a function template
// when the enclosing function is one, as in `squash<T>`).
__device__ double smooth(double v, double k) {
  auto soft = [=](double t) -> double { return log1p(exp(k * t)) / k; };
  return soft(v) - soft(-v);
}

__global__ void blend(double* out, const double* x, const double* w, double gain, int n, int m) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    auto at = [&](int r, int c) { return r * m + c; };
    double acc = 0.0;
    auto add = [&acc, gain](double v) { acc += gain * v * v; };
    for (int c = 0; c < m; ++c) {
      add(x[at(i, c)] * w[c]);
    }
    auto scaled = [&](double v) { return smooth(v, 2.0) * acc; };
    out[i] = scaled(x[at(i, 0)]) + out[i] * acc;
  }
}

template <typename T>
__global__ void squash(T* y, const T* x, T a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  auto f = [&](T v) { return a * v * v + tanh(v); };
  if (i < n) y[i] = f(x[i]) * f(y[i]);
}
