// cuad: --fn to_cartesian --wrt xy,rt
// A __device__ helper returning results through reference parameters.
__device__ void polar(double r, double t, double& x, double& y) {
  x = r * cos(t);
  y = r * sin(t);
}

__global__ void to_cartesian(double* xy, const double* rt, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    double x, y;
    polar(rt[2 * i], rt[2 * i + 1], x, y);
    xy[2 * i] = x;
    xy[2 * i + 1] = y * x;
  }
}
