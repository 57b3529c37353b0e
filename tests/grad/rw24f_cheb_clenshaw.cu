// cuad: --fn cheb_eval --wrt coef,x,y
// cuad: fwd --fn cheb_eval --wrt coef,x,y
// Chebyshev series evaluated with Clenshaw's recurrence, as numerical C libraries write it:
// the coefficients walked backwards with the unsigned count-down idiom `for (k = n; k-- > 1;)`,
// a `do { ... if (bad) break; ... } while (0)` block standing in for a goto-based error exit, the
// domain map through a function-like macro, the result stored through a conditional lvalue
// (`(deriv ? dy : v) = ...`; cuad refuses the C spelling `*(deriv ? &dy : &v) = ...`), the
// three-term rotation in `b2 = b1; b1 = b0;` form, a `while (m--)` loop applying a repeated
// smoothing, and unsigned/size_t locals.
#include <cuda_runtime.h>
#include <stddef.h>

#define TO_UNIT(x, a, b) ((2.0 * (x) - (a) - (b)) / ((b) - (a)))
#define NSMOOTH 2

__global__ void cheb_eval(const float* coef, unsigned int ncoef, const float* x, float* y,
                          size_t n, float a, float b, int deriv)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    unsigned int k;
    float t, b0, b1, b2, v = 0, dy = 0;
    int m;

    if (i >= n) return;
    do {
        t = TO_UNIT(x[i], a, b);
        if (t < -1.0 || t > 1.0) {
            v = 0;
            break;
        }
        b1 = 0;
        b2 = 0;
        b0 = 0;
        for (k = ncoef; k-- > 1;) {
            b0 = 2.0 * t * b1 - b2 + coef[k];
            b2 = b1;
            b1 = b0;
        }
        (deriv ? dy : v) = t * b1 - b2 + 0.5 * coef[0];
    } while (0);

    m = NSMOOTH;
    while (m--) {
        v = v + 0.1 * (dy - v) * (dy - v);
        dy *= 0.5;
    }
    y[i] = v + dy;
}
