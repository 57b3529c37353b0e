// cuad: --fn thomas_solve --wrt a,b,c,d,x
// Batched tridiagonal solves (Thomas algorithm), one system per thread, in the interleaved
// layout old ADI codes use: entry i of system s sits at s + i*nsys, so the solver walks raw
// pointers with `p += stride` forward and `p -= stride` backward. Scratch in fixed local
// arrays sized by a #define, size_t strides, `*xp = ...` stores through a moving pointer, a
// do-while back substitution counting down an unsigned index, compound /= and -=.
// The kernel's own gradient (the driver's output 0) is refused: the solver reads `x` through
// a moving pointer, elements it wrote itself first, which cuad cannot tell from entry values
// (a located error rather than an unchecked re-run).
#include <cuda_runtime.h>
#include <stddef.h>

#define MAXN 16

static __device__ void thomas_solve(const float* a, const float* b, const float* c, const float* d,
                                    float* x, unsigned int n, size_t stride)
{
    float cp[MAXN], dp[MAXN];
    float m;
    unsigned int i;
    const float *ap = a, *bp = b, *cp_in = c, *dpin = d;
    float* xp;

    cp[0] = *cp_in / *bp;
    dp[0] = *dpin / *bp;
    for (i = 1; i < n; i++) {
        ap += stride; bp += stride; cp_in += stride; dpin += stride;
        m = *bp - *ap * cp[i - 1];
        cp[i] = *cp_in / m;
        dp[i] = *dpin - *ap * dp[i - 1];
        dp[i] /= m;
    }
    xp = x + (n - 1) * stride;
    *xp = dp[n - 1];
    i = n - 1;
    do {
        i--;
        xp -= stride;
        *xp = dp[i] - cp[i] * xp[stride];
    } while (i > 0);
}

__global__ void tridiag_batch(const float* a, const float* b, const float* c, const float* d, float* x,
                              unsigned int n, unsigned int nsys)
{
    unsigned int s = blockIdx.x * blockDim.x + threadIdx.x;
    if (s >= nsys) return;
    thomas_solve(a + s, b + s, c + s, d + s, x + s, n, nsys);
}
