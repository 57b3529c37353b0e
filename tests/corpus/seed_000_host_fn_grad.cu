// Seed 000, Figure 4 (right): the generated gradient of fn (elided parts completed minimally).
#include <cstdlib>
#include <cuda_runtime.h>

void fn_grad(double *out, double *in, double *_d_out,
double *_d_in) {
    double *in_dev = nullptr;
    double *_d_in_dev = nullptr;
    double *out_host = nullptr;
    double *_d_out_host = nullptr;
    cudaMalloc(&_d_in_dev, 10 * sizeof(double));
    cudaMemset(_d_in_dev, 0, 10 * sizeof(double));
    cudaMalloc(&in_dev, 10 * sizeof(double));
    out_host = (double *)malloc(10 * sizeof(double));
    _d_out_host = (double *)calloc(10, sizeof(double));
    free(out_host);
    free(_d_out_host);
    cudaFree(out);
    cudaFree(_d_out);
    cudaFree(in_dev);
    cudaFree(_d_in_dev);
}
