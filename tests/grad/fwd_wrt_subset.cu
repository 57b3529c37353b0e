// cuad: fwd --fn k --wrt x,out
// cuad: fwd --fn g --wrt 1
// --wrt names a subset: the others have zero tangent and no tangent parameter; the name
// lists the parameter indices (k_pushforward_1_3, g_pushforward_1).
__global__ void k(int n, const double* x, double a, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = a * exp(x[i]) + out[i];
}

__host__ __device__ double g(double u, double v, double w) { return u * v * v + sin(w * v); }
