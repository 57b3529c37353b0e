// cuad: --fn sharpen_rows --wrt img,amount,out
// An unsharp-mask filter ported from CPU C code to one CUDA thread per image row: the thread
// keeps three row pointers in a local array (`const float* r[3]`, r[1] = r[0] + w, ...), walks
// the columns with a moving output pointer (`*o++ = ...`), computes the 3x3 box blur through
// an index macro over the row table, and leaves the border rows and columns untouched
// (early return, loop bounds).
#include <cuda_runtime.h>

#define PIX(rr, c) (r[(rr)][(c)])
#define BOX3(c) (PIX(0, (c) - 1) + PIX(0, c) + PIX(0, (c) + 1) + \
                 PIX(1, (c) - 1) + PIX(1, c) + PIX(1, (c) + 1) + \
                 PIX(2, (c) - 1) + PIX(2, c) + PIX(2, (c) + 1))

__global__ void sharpen_rows(const float* img, float* out, int h, int w, float amount)
{
    int y = blockIdx.x * blockDim.x + threadIdx.x, x;
    const float* r[3];
    float* o;
    float blur, detail;

    if (y < 1 || y >= h - 1) return;
    r[0] = img + (y - 1) * w;
    r[1] = r[0] + w;
    r[2] = r[1] + w;
    o = out + y * w + 1;
    for (x = 1; x < w - 1; x++) {
        blur = BOX3(x) * (1.0 / 9.0);
        detail = PIX(1, x) - blur;
        *o++ = PIX(1, x) + amount * detail * detail * detail + 0.5 * amount * detail;
    }
}
