// cuad: --fn k
// cuad: fwd --fn k
// One local for an input taken by value and an output taken by reference, `f(v, a, v)`, in
// straight-line code where nothing after the call reads v's old value: the pullback needs
// it (its x is v as the call found it), so the call saves v and the reverse pass restores it.
__device__ void sq_add(double x, double a, double& out) { out = a * x + x * x; }

__global__ void k(const double* p, double* out, double a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double v = p[i];
  sq_add(v, a, v);
  out[i] = v;
}
