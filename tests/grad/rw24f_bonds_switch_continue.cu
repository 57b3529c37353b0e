// cuad: --fn bond_forces --wrt pos,k_bond,energy,force
// cuad: fwd --fn bond_forces --wrt pos,k_bond,energy,force
// Bonded interactions from an old molecular-mechanics code: one thread per atom walks its
// bond list (CSR offsets), the bond type is an integer switched on inside the loop, where
// `continue` (skip a disabled bond: it belongs to the loop) and `break` (leave the switch) sit
// side by side; harmonic, Morse and FENE-like branches; a typedef'd float3-like struct with
// DOT/SUB macros (SUB over a static inline helper instead of the compound literal
// `(vec3){...}` that nvcc accepts), the per-bond energy halved (each bond seen from both atoms) and accumulated
// with atomicAdd, the force stored once per atom.
#include <cuda_runtime.h>

typedef struct { float x, y, z; } vec3;

static inline __device__ vec3 vsub(vec3 a, vec3 b)
{
    vec3 c;
    c.x = a.x - b.x;
    c.y = a.y - b.y;
    c.z = a.z - b.z;
    return c;
}
#define SUB(a, b) vsub(a, b)
#define DOT(a, b) ((a).x * (b).x + (a).y * (b).y + (a).z * (b).z)

#define BOND_NONE 0
#define BOND_HARMONIC 1
#define BOND_MORSE 2
#define BOND_FENE 3

#define MORSE_A 1.5
#define FENE_R0 2.0

__global__ void bond_forces(const vec3* pos, const int* offsets, const int* partner, const int* btype,
                            const float* r0, const float* k_bond, float* energy, vec3* force, int natoms)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, b;
    float e = 0.0, fx = 0.0, fy = 0.0, fz = 0.0;

    if (i >= natoms) return;
    for (b = offsets[i]; b < offsets[i + 1]; b++) {
        vec3 d = SUB(pos[partner[b]], pos[i]);
        float r = sqrtf(DOT(d, d)), dr = r - r0[b], k = k_bond[b], ex, dEdr;
        switch (btype[b]) {
        case BOND_NONE:
            continue;
        case BOND_HARMONIC:
            e += 0.5 * k * dr * dr;
            dEdr = k * dr;
            break;
        case BOND_MORSE:
            ex = 1.0 - expf(-MORSE_A * dr);
            e += k * ex * ex;
            dEdr = 2.0 * k * MORSE_A * ex * (1.0 - ex);
            break;
        default: /* BOND_FENE */
            e += -0.5 * k * FENE_R0 * FENE_R0 * logf(1.0 - (r * r) / (FENE_R0 * FENE_R0));
            dEdr = k * r / (1.0 - (r * r) / (FENE_R0 * FENE_R0));
            break;
        }
        fx += dEdr * d.x / r;
        fy += dEdr * d.y / r;
        fz += dEdr * d.z / r;
    }
    atomicAdd(energy, 0.5 * e);
    force[i].x = fx;
    force[i].y = fy;
    force[i].z = fz;
}
