// cuad: --fn integrate_kinetics --wrt y0,prm,y_out
// cuad: --fn rk4_cells --wrt y,prm
// A three-species reaction network integrated per cell with classic RK4, written like an old
// C chemistry code: parameters in a `typedef struct { ... } KinParams;` passed by value to the
// kernel and by address to a static __device__ right-hand side (`p->k1`), the stage
// derivatives in a local 2-D array `k[4][NEQ]`, stage weights from nested ternaries, an
// in-place state array updated with `+=`, and a host driver with malloc'd staging, cudaMemcpy
// and a host-side normalisation of the result with `/=`.
#include <cuda_runtime.h>
#include <stdlib.h>

#define NEQ 3
#define NTHREADS 32

typedef struct {
    float k1, k2, k3;
    float dt;
    int nsteps;
} KinParams;

static __device__ void rhs(const float* y, float* f, const KinParams* p)
{
    float r1 = p->k1 * y[0];
    float r2 = p->k2 * y[1] * y[1];
    float r3 = p->k3 * y[1] * y[2];
    f[0] = -r1 + r3;
    f[1] = r1 - 2.0 * r2 - r3;
    f[2] = r2;
}

__global__ void rk4_cells(float* y, KinParams prm, int ncells)
{
    int c = blockIdx.x * blockDim.x + threadIdx.x;
    int s, j, step;
    float k[4][NEQ], ys[NEQ], yc[NEQ];
    float* yp;

    if (c >= ncells) return;
    yp = y + c * NEQ;
    for (j = 0; j < NEQ; j++) yc[j] = yp[j];

    for (step = 0; step < prm.nsteps; step++) {
        for (s = 0; s < 4; s++) {
            const float a = s == 0 ? 0.0 : s == 3 ? 1.0 : 0.5;
            for (j = 0; j < NEQ; j++) ys[j] = s == 0 ? yc[j] : yc[j] + a * prm.dt * k[s - 1][j];
            rhs(ys, k[s], &prm);
        }
        for (j = 0; j < NEQ; j++)
            yc[j] += prm.dt / 6.0 * (k[0][j] + 2.0 * k[1][j] + 2.0 * k[2][j] + k[3][j]);
    }
    for (j = 0; j < NEQ; j++) yp[j] = yc[j];
}

void integrate_kinetics(const float* y0, float* y_out, KinParams prm, int ncells)
{
    size_t bytes = ncells * NEQ * sizeof(float);
    float* d_y;
    float* h_y = (float*)malloc(bytes);
    int c, j;

    cudaMalloc((void**)&d_y, bytes);
    cudaMemcpy(d_y, y0, bytes, cudaMemcpyHostToDevice);
    rk4_cells<<<(ncells + NTHREADS - 1) / NTHREADS, NTHREADS>>>(d_y, prm, ncells);
    cudaMemcpy(h_y, d_y, bytes, cudaMemcpyDeviceToHost);

    for (c = 0; c < ncells; c++) {
        float tot = 0;
        for (j = 0; j < NEQ; j++) tot += h_y[c * NEQ + j];
        for (j = 0; j < NEQ; j++) {
            y_out[c * NEQ + j] = h_y[c * NEQ + j];
            y_out[c * NEQ + j] /= tot;
        }
    }
    cudaFree(d_y);
    free(h_y);
}
