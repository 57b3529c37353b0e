// Workload 4: contraction of two rank-3 tensors (float), one thread per output element:
//   C[a,b,d,e] = sum_c A[a,b,c] * B[c,d,e]
// Row-major: A is [na*nb][nc], B is [nc][nd*ne], C is [na*nb][nd*ne].
// Differentiated with: cuad grad contraction.cu --fn contract3 --wrt C,A,B

__global__ void contract3(float* C, const float* A, const float* B, int na, int nb, int nc, int nd,
                          int ne) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int de_size = nd * ne;
  if (t < na * nb * de_size) {
    int ab = t / de_size;
    int de = t % de_size;
    float sum = 0.0f;
    for (int c = 0; c < nc; ++c) {
      sum += A[ab * nc + c] * B[c * de_size + de];
    }
    C[t] = sum;
  }
}
