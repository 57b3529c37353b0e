// cuad: --fn comma_walk --wrt a,b,y
// A pointer assigned inside a comma expression (`j = 0, q = b`, the C idiom of a for-loop
// header that starts two induction variables): the pointer's adjoint shadow must follow it.
// Here q first walks a, then is re-pointed at b by the comma expression; the adjoint of the
// second walk must land in b's adjoint, not keep walking a's.
__global__ void comma_walk(const double* a, const double* b, double* y, int n)
{
    int i = threadIdx.x, j;
    const double* q = a;
    double s = 0.0;
    for (j = 0; j < n; j++, q++) s += *q * *q;
    for (j = 0, q = b; j < n; j++, q++) s += (i + 1) * sin(*q);
    y[i] = s;
}
