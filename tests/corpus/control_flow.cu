// Control flow the differentiator has to reverse: switch with fall-through and default,
// do-while, break/continue, nested loops with early exit, ternaries, early returns.
enum Activation { ACT_NONE = 0, ACT_RELU = 1, ACT_LEAKY = 2, ACT_TANH = 3, ACT_SOFTPLUS };

__device__ float activate(float v, int kind) {
  float r;
  switch (kind) {
  case ACT_RELU:
    r = v > 0.0f ? v : 0.0f;
    break;
  case ACT_LEAKY: {
    float slope = 0.01f;
    r = v > 0.0f ? v : slope * v;
    break;
  }
  case ACT_TANH:
    r = tanhf(v);
    break;
  case ACT_SOFTPLUS:
    r = log1pf(expf(v));
    break;
  case ACT_NONE:
  default:
    r = v;
  }
  return r;
}

__global__ void apply_activation(float *x, int kind, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  x[i] = activate(x[i], kind);
}

__device__ double newton_sqrt(double a) {
  if (a <= 0.0)
    return 0.0;
  double x = a > 1.0 ? a : 1.0;
  int iter = 0;
  do {
    x = 0.5 * (x + a / x);
    ++iter;
  } while (fabs(x * x - a) > 1e-12 * a && iter < 50);
  return x;
}

__global__ void sqrt_newton(const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = newton_sqrt(in[i]);
}

__global__ void first_above(const float *rows, int *first, float threshold, int nrows,
                            int ncols) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= nrows)
    return;
  int found = -1;
  for (int c = 0; c < ncols; c++) {
    float v = rows[r * ncols + c];
    if (v != v)
      continue; // skip NaN
    if (v > threshold) {
      found = c;
      break;
    }
  }
  first[r] = found;
}

__global__ void piecewise(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float v = x[i];
    if (v < -1.0f)
      y[i] = -1.0f;
    else if (v < 0.0f)
      y[i] = v * v * v;
    else if (v < 1.0f)
      y[i] = v;
    else {
      float t = v - 1.0f;
      y[i] = 1.0f + t / (1.0f + t);
    }
  }
}

__global__ void collatz_steps(const unsigned *start, unsigned *steps, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned v = start[i], s = 0;
  while (v != 1u && v != 0u) {
    v = (v & 1u) ? 3u * v + 1u : v >> 1;
    if (++s > 1000u)
      break;
  }
  steps[i] = s;
}
