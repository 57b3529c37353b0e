// cuad: --fn nbody_step --wrt p_old,mass,p_new,energy
// cuad: --fn pair_accel --wrt a,b,acc
// N-body leapfrog step in the style of old C simulation codes: `typedef struct { ... } Body;`
// array-of-structs, a Plummer-softened force from a function-like macro, the inner loop walking
// a pointer over the bodies (`q++` in the for header next to `j++`), `continue` on self
// interaction, a __device__ helper returning the pair potential and accumulating the pair
// acceleration through a pointer to a float[3], compound assignments on the struct copy and a
// potential energy summed with atomicAdd.
#include <cuda_runtime.h>

typedef struct {
    float x, y, z;
    float vx, vy, vz;
} Body;

#define EPS2 0.1
#define G_CONST 1.0
#define INV_R3(r2) (rsqrtf(r2) / (r2))

__device__ float pair_accel(const Body* a, const Body* b, float mb, float* acc)
{
    float dx = b->x - a->x, dy = b->y - a->y, dz = b->z - a->z;
    float r2 = dx * dx + dy * dy + dz * dz + EPS2;
    float s = G_CONST * mb * INV_R3(r2);
    acc[0] += s * dx;
    acc[1] += s * dy;
    acc[2] += s * dz;
    return -G_CONST * mb * rsqrtf(r2);
}

__global__ void nbody_step(const Body* p_old, const float* mass, Body* p_new, float* energy,
                           int n, float dt)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, j;
    const Body* q;
    Body me;
    float acc[3] = {0.0, 0.0, 0.0}, epot = 0;

    if (i >= n) return;
    me = p_old[i];
    for (j = 0, q = p_old; j < n; j++, q++) {
        if (j == i) continue;
        epot += pair_accel(&me, q, mass[j], acc);
    }
    me.vx += dt * acc[0];
    me.vy += dt * acc[1];
    me.vz += dt * acc[2];
    me.x += dt * me.vx;
    me.y += dt * me.vy;
    me.z += dt * me.vz;
    p_new[i] = me;
    atomicAdd(energy, 0.5 * mass[i] * epot);
}
