// cuad: fwd --fn k --wrt x,p,out
// A kernel calling a device function that calls another one, and one that writes its
// result through a reference parameter: their pushforwards are generated recursively.
__device__ double softplus(double v) { return log(1.0 + exp(v)); }
__device__ double layer(double v, double w) { return softplus(v * w) * w + v; }
__device__ void scaled(double v, double s, double& r) { r = v * s + sin(v); }

__global__ void k(int n, const double* x, double p, double* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  double h = layer(x[i], p);
  double r;
  scaled(h, p, r);
  out[i] = r + layer(h, 0.5);
}
