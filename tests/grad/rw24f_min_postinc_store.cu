// cuad: --fn pair_out --wrt a,y
// Straight-line stores through a post-incremented pointer (`*p++ = ...; *p++ = ...;`), C's
// way of filling consecutive outputs: each store's adjoint must be read where that store
// wrote, not where the pointer ends up. y has two spare entries past the written ones.
__global__ void pair_out(const double* a, double* y, int n)
{
    int i = threadIdx.x;
    double* p;
    if (i >= n) return;
    p = y + 2 * i;
    *p++ = a[i] * a[i];
    *p++ = 3.0 * a[i];
}
