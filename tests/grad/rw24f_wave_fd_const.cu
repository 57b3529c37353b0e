// cuad: --fn wave_step --wrt p,p_prev,vel,p_next
// cuad: fwd --fn wave_step --wrt p,p_prev,vel,p_next
// Seismic-style acoustic wave leapfrog step (2-D, constant density) as old modelling codes
// write it: finite-difference coefficients of orders 2/4/6/8 in a __constant__ table, the order
// picked by a switch on an integer, a static inline __device__ Laplacian walking a centre
// pointer with positive and negative offsets (pc[k], pc[-k], pc[k*nx], pc[-k*nx]), a sponge
// taper computed with double literals mixed into float code, early return for the halo.
#include <cuda_runtime.h>

#define RMAX 4
#define IDX(ix, iz) ((iz) * nx + (ix))
#define SQ(x) ((x) * (x))
#define SPONGE_W 2
#define SPONGE_A 0.015

__constant__ float c_coef[4][RMAX + 1] = {
    {-2.0, 1.0, 0.0, 0.0, 0.0},
    {-2.5, 1.3333333, -0.083333333, 0.0, 0.0},
    {-2.7222222, 1.5, -0.15, 0.011111111, 0.0},
    {-2.8472222, 1.6, -0.2, 0.025396825, -0.0017857143}};

static inline __device__ float laplacian(const float* pc, int nx, int radius, int row,
                                         float idx2, float idz2)
{
    float lx = c_coef[row][0] * pc[0], lz = c_coef[row][0] * pc[0];
    int k;
    for (k = 1; k <= radius; k++) {
        const float c = c_coef[row][k];
        lx += c * (pc[k] + pc[-k]);
        lz += c * (pc[k * nx] + pc[-k * nx]);
    }
    return lx * idx2 + lz * idz2;
}

__global__ void wave_step(const float* p, const float* p_prev, const float* vel, float* p_next,
                          int nx, int nz, int order, float dt, float dx, float dz)
{
    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iz = blockIdx.y * blockDim.y + threadIdx.y;
    int radius, row;
    float lap, v2, damp, dist;

    switch (order) {
    case 2: radius = 1; break;
    case 4: radius = 2; break;
    case 6: radius = 3; break;
    default: radius = 4; break;
    }
    row = radius - 1;
    if (ix < radius || iz < radius || ix >= nx - radius || iz >= nz - radius) return;

    lap = laplacian(p + IDX(ix, iz), nx, radius, row, 1.0 / SQ(dx), 1.0 / SQ(dz));
    v2 = SQ(vel[IDX(ix, iz)] * dt);
    /* distance into the sponge layer, 0 in the interior */
    dist = ix - radius < SPONGE_W ? SPONGE_W - (ix - radius)
         : nx - 1 - radius - ix < SPONGE_W ? SPONGE_W - (nx - 1 - radius - ix) : 0;
    damp = exp(-SPONGE_A * dist * dist);
    p_next[IDX(ix, iz)] = damp * (2.0 * p[IDX(ix, iz)] - damp * p_prev[IDX(ix, iz)] + v2 * lap);
}
