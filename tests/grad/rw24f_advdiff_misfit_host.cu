// cuad: --fn advdiff_misfit --wrt u0,c,nu
// A data-assimilation style driver from an old C code: a 1-D periodic advection-diffusion
// equation stepped with Lax-Wendroff plus diffusion on the GPU, the two device buffers
// swapped through a temporary pointer each step, CUDA_CHECK do-while(0) macros around the
// runtime calls, dim3 launch shapes with an explicit 0 shared-memory argument, a calloc'd host
// buffer for the final state, and the misfit against observations summed on the host in a
// `for (i = 0, s = 0.0; ...)` loop and returned.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 32
#define CUDA_CHECK(call)                                                         \
    do {                                                                         \
        cudaError_t err_ = (call);                                               \
        if (err_ != cudaSuccess) {                                               \
            fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err_), \
                    __FILE__, __LINE__);                                         \
            exit(EXIT_FAILURE);                                                  \
        }                                                                        \
    } while (0)
#define WRAP(i, n) ((i) < 0 ? (i) + (n) : (i) >= (n) ? (i) - (n) : (i))

__global__ void lw_step(const double* u, double* un, int n, double C, double D)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double um, up, uc;
    if (i >= n) return;
    um = u[WRAP(i - 1, n)];
    up = u[WRAP(i + 1, n)];
    uc = u[i];
    un[i] = uc - 0.5 * C * (up - um) + (0.5 * C * C + D) * (up - 2.0 * uc + um);
}

double advdiff_misfit(const double* u0, const double* obs, int n, int nsteps, double c, double nu,
                      double dt, double dx)
{
    double *d_a, *d_b, *tmp, *h_u, s;
    const double C = c * dt / dx, D = nu * dt / (dx * dx);
    int i, step;
    dim3 dimBlock(BLOCK, 1, 1), dimGrid((n + BLOCK - 1) / BLOCK, 1, 1);

    h_u = (double*)calloc(n, sizeof(double));
    CUDA_CHECK(cudaMalloc((void**)&d_a, sizeof(double) * n));
    CUDA_CHECK(cudaMalloc((void**)&d_b, sizeof(double) * n));
    CUDA_CHECK(cudaMemcpy(d_a, u0, sizeof(double) * n, cudaMemcpyHostToDevice));
    for (step = 0; step < nsteps; step++) {
        lw_step<<<dimGrid, dimBlock, 0>>>(d_a, d_b, n, C, D);
        CUDA_CHECK(cudaGetLastError());
        tmp = d_a;
        d_a = d_b;
        d_b = tmp;
    }
    CUDA_CHECK(cudaMemcpy(h_u, d_a, sizeof(double) * n, cudaMemcpyDeviceToHost));
    for (i = 0, s = 0.0; i < n; i++) s += (h_u[i] - obs[i]) * (h_u[i] - obs[i]);
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    free(h_u);
    return 0.5 * s / n;
}
