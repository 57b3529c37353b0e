// Seed 003: Enzyme's CUDA example: a kernel differentiating a device function, and the
// gradient with a block reduction for `da`. Completed: the variadic entry point and
// reduce_accumulate get bodies, `…` is `...`, and the local copy of dy[threadIdx.x] is
// named dy_i (the slide reuses the parameter name dy).
__device__ 

void inner(float* a, float* x, float* y) { 

  y[threadIdx.x] = a[0] * x[threadIdx.x];

 
}


__device__ 

void __enzyme_autodiff(void*, ...) {}

__device__ void reduce_accumulate(float* dst, float val) { atomicAdd(dst, val); }


__global__ 
void daxpy(float* a, float* da, 
           float* x, float* dx, 
           float* y, float* dy) { 

  __enzyme_autodiff((void*)inner, 
                    a, da, x, dx, y, dy);

 
}

__device__ 
void diffe_inner(float* a, float* da, 
                 float* x, float* dx, 
                 float* y, float* dy) { 
  // Forward Pass


  y[threadIdx.x] = a[0] * x[threadIdx.x];

 
  // Reverse Pass


  float dy_i = dy[threadIdx.x];

  dy[threadIdx.x] = 0.0f;


  float dx_tmp = a[0] * dy_i;

  dx[threadIdx.x] += dx_tmp;


  float da_tmp = x[threadIdx.x] * dy_i;

  reduce_accumulate(&da[0], da_tmp);

}
