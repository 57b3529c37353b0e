// cuad: --fn strided_dot --wrt out,a,b
// A kernel walking two pointers through strided data with ++ and +=.
__global__ void strided_dot(double* out, const double* a, const double* b, int rows, int m) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < rows) {
    const double* pa = a + r;
    const double* pb = b + r * m;
    double s = 0.0;
    for (int j = 0; j < m; ++j) {
      s += *pa * *pb++;
      pa += rows;
    }
    *(out + r) = s;
  }
}
