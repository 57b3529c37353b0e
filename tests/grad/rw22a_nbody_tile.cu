// cuad: --fn nbody_accel --wrt pos,mass,acc,phi
// cuad: fwd --fn nbody_accel
// The all-pairs n-body force kernel of GPU Gems 3, chapter 31 ("Fast N-Body Simulation with
// CUDA"), written from its description, in double with positions in an array of structs
// (x, y, z per body) and masses apart: each block of p threads walks the bodies in tiles of p,
// every thread stages one body's position and mass in `__shared__` arrays, a barrier, then a
// `tile_calculation` loop calls `bodyBodyInteraction` for each body of the tile (softened
// gravity, r^2 + eps^2, with `rsqrt` and the cube of it, accumulating into a double3 through a
// reference), and a barrier before the next tile. n is not a multiple of the tile: threads past
// n still load (zero mass) and reach the barriers but store nothing; the last tile is padded
// with massless bodies. Besides the acceleration each thread accumulates the softened
// potential. Gradient w.r.t. positions and masses; forward mode too.
#define TILE 16
#define EPS2 0.01

__device__ void bodyBodyInteraction(double3 bi, double bjx, double bjy, double bjz, double mj,
                                    double3& ai, double& phi) {
  double3 r;
  r.x = bjx - bi.x;
  r.y = bjy - bi.y;
  r.z = bjz - bi.z;
  double distSqr = r.x * r.x + r.y * r.y + r.z * r.z + EPS2;
  double invDist = rsqrt(distSqr);
  double invDistCube = invDist * invDist * invDist;
  double s = mj * invDistCube;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  phi -= mj * invDist;
}

__global__ void nbody_accel(const double* pos, const double* mass, double* acc, double* phi,
                            int n) {
  __shared__ double shX[TILE], shY[TILE], shZ[TILE], shM[TILE];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  double3 myPos;
  myPos.x = i < n ? pos[3 * i + 0] : 0.0;
  myPos.y = i < n ? pos[3 * i + 1] : 0.0;
  myPos.z = i < n ? pos[3 * i + 2] : 0.0;
  double3 a;
  a.x = 0.0;
  a.y = 0.0;
  a.z = 0.0;
  double pot = 0.0;
  for (int tile = 0; tile * TILE < n; tile++) {
    int j = tile * TILE + threadIdx.x;
    if (j < n) {
      shX[threadIdx.x] = pos[3 * j + 0];
      shY[threadIdx.x] = pos[3 * j + 1];
      shZ[threadIdx.x] = pos[3 * j + 2];
      shM[threadIdx.x] = mass[j];
    } else {
      shX[threadIdx.x] = 0.0;
      shY[threadIdx.x] = 0.0;
      shZ[threadIdx.x] = 0.0;
      shM[threadIdx.x] = 0.0;
    }
    __syncthreads();
    for (int k = 0; k < TILE; k++) bodyBodyInteraction(myPos, shX[k], shY[k], shZ[k], shM[k], a, pot);
    __syncthreads();
  }
  if (i < n) {
    acc[3 * i + 0] = a.x;
    acc[3 * i + 1] = a.y;
    acc[3 * i + 2] = a.z;
    phi[i] = pot;
  }
}
