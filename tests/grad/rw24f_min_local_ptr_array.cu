// cuad: --fn row_table --wrt x,y
// A local array of row pointers into a parameter (`const double* r[2]; r[0] = x + ...;
// r[1] = r[0] + w;`), read as r[k][j]: the copy must keep the element type's const, and the
// adjoint row table must point into x's adjoint.
__global__ void row_table(const double* x, double* y, int h, int w)
{
    int i = threadIdx.x, j;
    const double* r[2];
    if (i >= h - 1) return;
    r[0] = x + i * w;
    r[1] = r[0] + w;
    for (j = 0; j < w; j++) y[i * w + j] = r[0][j] * r[1][j];
}
