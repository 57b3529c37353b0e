// cuad: --fn apply --wrt x,y
// Minimal: a by-value parameter whose type is a typedef (`real t`) in a __device__ helper that
// passes it on to another helper. With `t` left out of --wrt, cuad stops with "`t` receives
// values that depend on the differentiated parameters and is read again ... add `t` to
// --wrt", although `t` is a const input that nothing writes. With `float t` in `eval` (or no
// typedef anywhere) the request works; `using real = double;` fails the same way.
typedef double real;
__device__ real scale(real t) { return 1.0 / (t * t + 1.0); }
__device__ real eval(real p, real t) { return scale(t) * p; }
__global__ void apply(const real* x, const real* t, real* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = eval(x[i], t[i]);
}
