// cuad: --fn comma_headers --wrt a,b,y
// cuad: fwd --fn comma_headers --wrt a,b,y
// Comma expressions in statements and loop headers: unbraced `if`/`else` bodies of two
// assignments, a conditional run for its assignments, `for` inits that start pointers next to
// the counter (before or after it) and steps that advance them or scale a second variable, with
// a `continue` that must still run the steps moved into the body; a `for` declaring two
// variables (forward mode runs their initializers before the loop).
__global__ void comma_headers(const double* a, const double* b, double* y, int n, int m)
{
    int i = threadIdx.x, j, k;
    const double *p, *q;
    double s = 0.0, t, u, c;
    if (i >= n) return;
    if (i % 2) t = a[i], u = b[i];
    else t = b[i], u = a[i];
    i > 1 ? s = t * u : s = t + u;
    for (j = 0, p = a, q = b; j < m; ++j, ++p, ++q) {
        if (j == i) continue;
        s += *p * *q * t;
    }
    for (p = b + 1, k = m - 1; k > 0; p++, --k) s += sin(p[-1]) * *p;
    for (k = 0, c = u; k < 3; k++, c *= u) s += c * a[k];
    for (int r = 0, o = 2; r < 2; r++) s += b[r + o] * t;
    y[i] = s;
}
