// cuad: --fn k
// cuad: fwd --fn k
// Minimal: a straight-line call passing one local as both the input (const reference) and
// the output (reference) of a __device__ helper, `f(v, a, v)`. The reverse pass calls the
// pullback with v as it is after the call (its value before the call is not saved and
// restored, unlike when the call sits in a loop, when v was last set by another call, or
// when a single `double&` in/out parameter is used), so the pullback recomputes the helper
// on the updated value and its adjoints use the wrong x: silently wrong gradients for x
// and a. The same happens with pointers (`f(&v, a, &v)`) and local array elements
// (`f(y[0], ..., y[0])`). Forward mode is right.
__device__ void sq_add(const double& x, double a, double& out) { out = a * x + x * x; }

__global__ void k(const double* p, double* out, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = p[i];
  sq_add(v, a, v);
  out[i] = v;
}
