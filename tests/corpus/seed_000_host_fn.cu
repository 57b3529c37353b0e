// Seed 000, Figure 4 (left): a host function that allocates, copies, launches and frees.
// Completed: kernel_call is defined, the elided part sums out_host into res.
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void kernel_call(double *out, double *in) {
    int index = threadIdx.x;
    out[index] = in[index] * in[index];
}

double fn(double *out, double *in) {
    double *in_dev = nullptr;
    cudaMalloc(&in_dev, 10 * sizeof(double));
    cudaMemcpy(in_dev, in, 10 * sizeof(double),
    cudaMemcpyHostToDevice);
    kernel_call<<<1, 10>>>(out, in_dev);
    double *out_host = (double *)malloc(10 *
    sizeof(double));
    cudaMemcpy(out_host, out, 10 * sizeof(double),
    cudaMemcpyDeviceToHost);
    double res = 0;
    for (int i = 0; i < 10; ++i)
        res += out_host[i];
    free(out_host);
    cudaFree(out);
    cudaFree(in_dev);
    return res;
}
