// cuad: --fn lbm_collide_stream --wrt f_in,f_out,tau
// cuad: fwd --fn lbm_collide_stream --wrt f_in,f_out,tau
// D2Q9 lattice Boltzmann step as written in old research codes: lattice weights and velocity
// sets in __constant__ tables, the distributions addressed by a function-like macro that is
// also used as an lvalue (`F_OUT(k, xn, yn) = ...`), periodic wrap with ternaries, a switch on
// an integer node type read from a flag array (fluid / bounce-back wall / forced inlet), the
// equilibrium from macros, unsigned indices, and a do-while over the nine directions.
#include <cuda_runtime.h>

#define NX 8
#define NY 6
#define Q 9
#define F_IN(k, x, y) f_in[((k) * NY + (y)) * NX + (x)]
#define F_OUT(k, x, y) f_out[((k) * NY + (y)) * NX + (x)]
#define CS2 (1.0 / 3.0)
#define FEQ(w, rho, eu, u2) ((w) * (rho) * (1.0 + (eu) / CS2 + 0.5 * (eu) * (eu) / (CS2 * CS2) - 0.5 * (u2) / CS2))

enum { NODE_FLUID = 0, NODE_WALL = 1, NODE_INLET = 2 };

__constant__ float c_w[Q] = {4.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9, 1.0 / 9,
                             1.0 / 36, 1.0 / 36, 1.0 / 36, 1.0 / 36};
__constant__ int c_ex[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int c_ey[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ int c_opp[Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};

__global__ void lbm_collide_stream(const float* f_in, float* f_out, const int* flags, float tau,
                                   float u_inlet)
{
    unsigned int x = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int y = blockIdx.y * blockDim.y + threadIdx.y;
    float rho = 0, ux = 0, uy = 0, u2, fk, omega;
    unsigned int k;

    if (x >= NX || y >= NY) return;
    for (k = 0; k < Q; k++) {
        fk = F_IN(k, x, y);
        rho += fk;
        ux += c_ex[k] * fk;
        uy += c_ey[k] * fk;
    }
    ux /= rho;
    uy /= rho;
    omega = 1.0 / tau;

    switch (flags[y * NX + x]) {
    case NODE_INLET:
        ux = u_inlet;
        uy = 0.0;
        /* fall through: the inlet relaxes like a fluid node */
    case NODE_FLUID:
        u2 = ux * ux + uy * uy;
        k = 0;
        do {
            float eu = c_ex[k] * ux + c_ey[k] * uy;
            int xn = (int)x + c_ex[k], yn = (int)y + c_ey[k];
            xn = xn < 0 ? NX - 1 : xn >= NX ? 0 : xn;
            yn = yn < 0 ? NY - 1 : yn >= NY ? 0 : yn;
            fk = F_IN(k, x, y);
            F_OUT(k, xn, yn) = fk - omega * (fk - FEQ(c_w[k], rho, eu, u2));
        } while (++k < Q);
        break;
    case NODE_WALL:
    default:
        /* bounce back, then stream the reflected population */
        for (k = 0; k < Q; k++) {
            int xn = ((int)x + c_ex[k] + NX) % NX, yn = ((int)y + c_ey[k] + NY) % NY;
            F_OUT(k, xn, yn) = F_IN(c_opp[k], x, y);
        }
        break;
    }
}
