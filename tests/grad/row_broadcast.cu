// cuad: --fn rowscale --wrt out,scale,in
// A per-row parameter read by every thread of the row (`scale[t / width]`): its adjoint is
// summed per warp when the warp shares the row (width 64) and added per thread when it
// does not (width 5); `row >> 1` is a quotient of a quotient.
__global__ void rowscale(double* out, const double* scale, const double* in, int rows,
                         int width) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < rows * width) {
    int row = t / width;
    out[t] = in[t] * scale[row] + sin(scale[row >> 1]) * in[t];
  }
}
