// cuad: --fn trace_particles --wrt u,v,x0,y0,traj
// Passive tracers advected by midpoint RK2 through a gridded velocity field, the way a C
// post-processing tool writes it: bilinear interpolation behind SAMPLE/LERP macros on a
// flattened field, comma-expression statements updating x and y together
// (`xm = x + h * up, ym = y + h * vp;`), the trajectory stored through a moving output pointer
// (`*tp++ = x; *tp++ = y;`), chained assignment of the initial position, clamping to the
// domain with nested ternaries, and a do-while over the steps.
#include <cuda_runtime.h>

#define NXG 9
#define NYG 7
#define AT(f, i, j) (f)[(j) * NXG + (i)]
#define LERP(a, b, t) ((a) + ((b) - (a)) * (t))
#define CLAMP(v, lo, hi) ((v) < (lo) ? (lo) : (v) > (hi) ? (hi) : (v))

static __device__ float sample(const float* f, float x, float y)
{
    int i, j;
    float fx, fy, lo, hi;
    x = CLAMP(x, 0.0, NXG - 1.001);
    y = CLAMP(y, 0.0, NYG - 1.001);
    i = (int)x, j = (int)y;
    fx = x - i, fy = y - j;
    lo = LERP(AT(f, i, j), AT(f, i + 1, j), fx);
    hi = LERP(AT(f, i, j + 1), AT(f, i + 1, j + 1), fx);
    return LERP(lo, hi, fy);
}

__global__ void trace_particles(const float* u, const float* v, const float* x0, const float* y0,
                                float* traj, int np, int nsteps, float dt)
{
    int p = blockIdx.x * blockDim.x + threadIdx.x, s;
    float x, y, xm, ym, up, vp, h;
    float* tp;

    if (p >= np) return;
    x = y = 0.0;
    x = x0[p], y = y0[p];
    tp = traj + 2 * nsteps * p;
    h = 0.5 * dt;
    s = 0;
    do {
        up = sample(u, x, y), vp = sample(v, x, y);
        xm = x + h * up, ym = y + h * vp;
        x += dt * sample(u, xm, ym), y += dt * sample(v, xm, ym);
        *tp++ = x;
        *tp++ = y;
    } while (++s < nsteps);
}
