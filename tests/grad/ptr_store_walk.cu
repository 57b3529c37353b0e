// cuad: --fn store_walk --wrt a,y
// cuad: fwd --fn store_walk --wrt a,y
// Stores through a pointer that moves between them in straight-line code (`*p++ = v`,
// `*++p = v`, `p += 2; *p = v`, `p[-2] = v` after `p = p - 1`) and then in a loop: each store's
// adjoint must be read where that store wrote, not where the pointer ends up.
__global__ void store_walk(const double* a, double* y, int n)
{
    int i = threadIdx.x, k;
    double* p;
    if (i >= n) return;
    p = y + 8 * i;
    *p++ = a[i] * a[i];
    *++p = 3.0 * a[i];
    p += 2;
    *p = sin(a[i]);
    p = p - 1;
    p[-2] = 0.5 * a[i];
    p += 2;
    for (k = 0; k < 2; k++) *p++ = a[i] * k + cos(a[i]);
}
