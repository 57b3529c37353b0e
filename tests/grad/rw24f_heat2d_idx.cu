// cuad: --fn heat_solve --wrt u,kappa
// cuad: --fn heat_step --wrt u_old,kappa,u_new
// Old-school explicit 2-D heat solver: a `real` typedef chosen by #ifdef, index macros over a
// flattened grid, Dirichlet boundary copied through, a grid-stride loop with unsigned indices,
// a variable conductivity averaged at faces by a function-like macro, and a host driver that
// stages the field through a malloc'd host buffer (copied in with a `*dst++ = *src++` loop), cudaMemcpy's it up, ping-pongs two device
// arrays by swapping pointers through a temporary, and copies the result back.
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef USE_DOUBLE
typedef double real;
#else
typedef float real;
#endif

#define BLOCK_SIZE 64
#define IDX(i, j) ((j) * nx + (i))
#define HARM(a, b) (2.0 * (a) * (b) / ((a) + (b)))
#define ON_BOUNDARY(i, j) ((i) == 0 || (j) == 0 || (i) == nx - 1 || (j) == ny - 1)

__global__ void heat_step(const real* u_old, const real* kappa, real* u_new,
                          unsigned int nx, unsigned int ny, real r)
{
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int stride = gridDim.x * blockDim.x;
    unsigned int n = nx * ny;
    unsigned int idx;

    for (idx = tid; idx < n; idx += stride) {
        unsigned int i = idx % nx, j = idx / nx;
        real kc, flux;
        if (ON_BOUNDARY(i, j)) {
            u_new[idx] = u_old[idx];
            continue;
        }
        kc = kappa[IDX(i, j)];
        flux  = HARM(kc, kappa[IDX(i + 1, j)]) * (u_old[IDX(i + 1, j)] - u_old[idx]);
        flux -= HARM(kc, kappa[IDX(i - 1, j)]) * (u_old[idx] - u_old[IDX(i - 1, j)]);
        flux += HARM(kc, kappa[IDX(i, j + 1)]) * (u_old[IDX(i, j + 1)] - u_old[idx]);
        flux -= HARM(kc, kappa[IDX(i, j - 1)]) * (u_old[idx] - u_old[IDX(i, j - 1)]);
        u_new[idx] = u_old[idx] + r * flux;
    }
}

void heat_solve(real* u, const real* kappa, int nx, int ny, int nsteps, real r)
{
    size_t bytes = (size_t)nx * ny * sizeof(real);
    real *h_buf, *d_a, *d_b, *d_k, *tmp;
    int s, nblocks;

    h_buf = (real*)malloc(bytes);
    { real* dst = h_buf; const real* src = u; size_t k = (size_t)nx * ny; while (k--) *dst++ = *src++; }
    cudaMalloc((void**)&d_a, bytes);
    cudaMalloc((void**)&d_b, bytes);
    cudaMalloc((void**)&d_k, bytes);
    cudaMemcpy(d_a, h_buf, bytes, cudaMemcpyHostToDevice);
    cudaMemcpy(d_k, kappa, bytes, cudaMemcpyHostToDevice);

    nblocks = (nx * ny + BLOCK_SIZE - 1) / BLOCK_SIZE;
    if (nblocks > 2) nblocks = 2;  /* grid-stride covers the rest */
    for (s = 0; s < nsteps; s++) {
        heat_step<<<nblocks, BLOCK_SIZE>>>(d_a, d_k, d_b, nx, ny, r);
        tmp = d_a; d_a = d_b; d_b = tmp;
    }
    cudaMemcpy(h_buf, d_a, bytes, cudaMemcpyDeviceToHost);
    for (s = 0; s < nx * ny; s++) u[s] = h_buf[s];

    cudaFree(d_a);
    cudaFree(d_b);
    cudaFree(d_k);
    free(h_buf);
}
