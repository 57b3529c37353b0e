// cuad: --fn hooke_stress --wrt grad_u,lambda,mu,sigma,energy
// cuad: fwd --fn hooke_stress --wrt grad_u,lambda,mu,sigma,energy
// Small-strain linear elasticity per element, in the style of an old C finite-element code:
// the 3x3 displacement gradient is read with a moving pointer (`gxx = *g++; ...`), the strain
// built with a function-like SYM macro, Lame parameters per element, and the six Voigt stress
// components written through a post-incremented output pointer (`*s++ = ...;` six times,
// straight-line code), followed by the strain energy density.
#include <cuda_runtime.h>

#define SYM(a, b) (0.5 * ((a) + (b)))
#define NVOIGT 6

__global__ void hooke_stress(const float* grad_u, const float* lambda, const float* mu, float* sigma,
                             float* energy, int nelem)
{
    int e = blockIdx.x * blockDim.x + threadIdx.x;
    const float* g;
    float* s;
    float gxx, gxy, gxz, gyx, gyy, gyz, gzx, gzy, gzz;
    float exx, eyy, ezz, exy, exz, eyz, tr, la, m2;

    if (e >= nelem) return;
    g = grad_u + 9 * e;
    gxx = *g++; gxy = *g++; gxz = *g++;
    gyx = *g++; gyy = *g++; gyz = *g++;
    gzx = *g++; gzy = *g++; gzz = *g++;

    exx = gxx; eyy = gyy; ezz = gzz;
    exy = SYM(gxy, gyx);
    exz = SYM(gxz, gzx);
    eyz = SYM(gyz, gzy);
    tr = exx + eyy + ezz;
    la = lambda[e];
    m2 = 2.0 * mu[e];

    s = sigma + NVOIGT * e;
    *s++ = la * tr + m2 * exx;
    *s++ = la * tr + m2 * eyy;
    *s++ = la * tr + m2 * ezz;
    *s++ = m2 * eyz;
    *s++ = m2 * exz;
    *s++ = m2 * exy;

    energy[e] = 0.5 * la * tr * tr + 0.5 * m2 * (exx * exx + eyy * eyy + ezz * ezz +
                                                 2.0 * (exy * exy + exz * exz + eyz * eyz));
}
