// cuad: --fn axpby --wrt z,x,y,alpha,beta
// const scalar parameters and __restrict__ pointers; every scalar gets a T* adjoint.
__global__ void axpby(double* __restrict__ z, const double* __restrict__ x,
                      const double* __restrict__ y, const double alpha, const double beta,
                      const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) z[i] = alpha * x[i] + beta * y[i] * y[i];
}
