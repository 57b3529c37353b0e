// cuad: --fn run
// cuad: fwd --fn run
// A `__device__` array keeps state between two kernels (the finding's case): `fill` writes
// `buf` element-wise from its input, `use` reads it. The symbol gets an adjoint array
// `_d_buf` that `use`'s gradient adds into at the element it read and `fill`'s gradient
// moves into its input; output 2 (forward mode) keeps its tangent in the same global.
__device__ double buf[1024];
__global__ void fill(const double* x, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) buf[i] = x[i] * x[i]; }
__global__ void use(double* y, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = sin(buf[i]); }
void run(const double* dx, double* dy, int n) { fill<<<(n+127)/128,128>>>(dx, n); use<<<(n+127)/128,128>>>(dy, n); }
