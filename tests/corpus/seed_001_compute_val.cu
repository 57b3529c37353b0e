// Seed 001: output-parameter kernel where every thread reads the scalar `val`.
__global__ void compute(double *in, double *out, double val)  
{  
  int index = threadIdx.x;  
  out[index] = in[index] + val;  
}
