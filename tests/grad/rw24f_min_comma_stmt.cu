// cuad: --fn comma_stmt --wrt a,b,y
// cuad: fwd --fn comma_stmt --wrt a,b,y
// Assignments joined by the comma operator into one expression statement
// (`x = a[i], z = b[i];`, `x += z * z, z *= x;`), as C code writes paired updates: each
// operand is an assignment that must be differentiated like a statement of its own.
__global__ void comma_stmt(const double* a, const double* b, double* y, int n)
{
    int i = threadIdx.x;
    double x, z;
    if (i >= n) return;
    x = a[i], z = b[i];
    x += z * z, z *= x;
    y[i] = x * z;
}
