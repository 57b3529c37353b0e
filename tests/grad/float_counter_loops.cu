// cuad: --fn k
// cuad: --fn k2
// cuad: fwd --fn k
// cuad: fwd --fn k2
// `for` loops whose counter is a double or a float, started from a differentiated value:
// descending with a whole step (`t -= 1.0`), ascending with a fractional step that depends
// on an input (`s += 0.25 + 0.1 * x[i]`), descending by a fractional step and ascending by
// `v++` (float). The reverse pass must count the iterations (as for a `while` loop) and send
// the counter's adjoint to its initializer, and forward mode must step the counter's tangent.
// It used to recompute the trip count in `long long` (start, bound and step truncated: a
// step of 0.5 divided by zero, a step of 1.0 gave a wrong count silently) and `_d_t` never
// reached `T`; forward mode refused the differentiated step.
__global__ void k(const double* __restrict__ x, const double* __restrict__ T,
                  double* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double acc = 0.0;
  for (double t = T[i]; t > 0.1; t -= 1.0) acc += x[i] * t * t;
  for (double s = -T[i]; s < 0.5; s += 0.25 + 0.1 * x[i]) acc += sin(s) * x[i];
  out[i] = acc;
}

__global__ void k2(const float* __restrict__ a, const float* __restrict__ b,
                   float* __restrict__ out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float acc = 0.0f;
  for (float u = a[i]; u >= 0.2f; u -= 0.5f) acc += b[i] * u * u;
  for (float v = b[i]; v < 3.0f; v++) acc += a[i] * v;
  out[i] = acc;
}
