// Workload 2: in-place saxpy, y = a * x + y.
// Differentiated with: cuad grad saxpy.cu --fn saxpy --wrt y,x,a

__global__ void saxpy(float* y, const float* x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = a * x[i] + y[i];
  }
}
