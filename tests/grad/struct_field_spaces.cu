// cuad: --fn k --wrt p,q,x,y
// Where the pointer fields of structs point, not where the structs live: threads share the
// weights behind `p.w` (a struct passed to a helper by value) and behind `q->w` (a struct in
// device memory passed by pointer). The pullbacks add into the weights' adjoints with atomics,
// as they do through a plain pointer parameter.
struct Params {
  const double* w;
  double bias;
};

__device__ double affine(Params a, const double* x, int j) {
  return a.w[j] * x[j] + a.w[j + 1] * x[j + 1] + a.bias;
}

__device__ double scaled(const Params* a, double v, int j) { return a->w[j] * v + a->bias; }

__global__ void k(Params p, const Params* q, const double* x, double* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = affine(p, x, i % 3) * scaled(q, x[i], i % 4);
}
