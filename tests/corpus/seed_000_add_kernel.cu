// Seed 000, Figure 1: a kernel whose scalar parameter is read by every thread.
__global__ void add_kernel(int *out, int val) {
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    out[index] += val;
}
