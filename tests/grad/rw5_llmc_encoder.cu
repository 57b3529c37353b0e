// cuad: --fn encoder_forward_kernel1 --wrt out,wte,wpe
// cuad: --fn encoder_forward_kernel2 --wrt out,wte,wpe
// Written for cuad in the style of karpathy/llm.c's encoder kernels (floatX = float): the
// token embedding row chosen by an int token id plus the position embedding row. Exercises
// gathers through an index read from memory (repeated ids scatter into one wte row), a thread
// per (b, t) walking C through row pointers, and a thread per (b, t, c) writing through `*ptr`.
typedef float floatX;

// one thread per (b, t): loop over the C channels of its row
__global__ void encoder_forward_kernel1(floatX* out,
                               const int* inp, const floatX* wte, const floatX* wpe,
                               int B, int T, int C) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < B * T) {
        int pos = row % T;
        int seq = row / T;
        int tok = inp[seq * T + pos];
        const floatX* tokRow = wte + tok * C;
        const floatX* posRow = wpe + pos * C;
        floatX* dst = out + seq * T * C + pos * C;
        for (int k = 0; k < C; k++) {
            dst[k] = (floatX)((float)tokRow[k] + (float)posRow[k]);
        }
    }
}

// one thread per (b, t, c)
__global__ void encoder_forward_kernel2(floatX* out,
                               const int* inp, const floatX* wte, const floatX* wpe,
                               int B, int T, int C) {
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    if (g < B * T * C) {
        int ch = g % C;
        int row = g / C;
        int pos = row % T;
        int seq = row / T;
        int tok = inp[seq * T + pos];
        const floatX* src_tok = wte + tok * C + ch;
        const floatX* src_pos = wpe + pos * C + ch;
        floatX* dst = out + seq * T * C + pos * C + ch;
        *dst = (floatX)((float)*src_tok + (float)*src_pos);
    }
}
