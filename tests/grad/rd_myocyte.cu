// cuad: --fn solver_kernel --wrt initvalues,params,finavalues,dt
// cuad: fwd --fn solver_kernel --wrt initvalues,params,finavalues,dt
// Written for cuad in the style of Rodinia's myocyte: a cardiac-cell ODE right-hand side
// (Luo-Rudy-like ionic currents: Nernst potentials with `log`, gating rates with `exp` and a
// `(V + 47.13) / (1 - exp(...))` quotient, `pow` of gates and concentrations with integer and
// fractional exponents, `sqrt`, a smooth stimulus pulse) in a `__device__` function that
// reads its states and parameters through `offset` indices into flat arrays and writes the
// derivatives through a pointer, macros naming the state slots, and a kernel where each thread
// integrates one cell for NSTEPS explicit Euler steps in local arrays. Double precision.
#include <cuda_runtime.h>
#include <math.h>
#define EQUATIONS 7
#define PARAMETERS 6
#define NSTEPS 6
#define fp double
#define V_ 0
#define M_ 1
#define H_ 2
#define J_ 3
#define NAI_ 4
#define KI_ 5
#define CAI_ 6

__device__ void kernel_ecc(fp timeinst, const fp* initvalues, int initvalues_offset,
                           fp* finavalues, int finavalues_offset, const fp* params,
                           int params_offset) {
  // constants
  const fp R = 8314.0, Frdy = 96485.0, Temp = 310.0;
  const fp FoRT = Frdy / R / Temp;
  const fp Cmem = 1.0;
  const fp Nao = 140.0, Ko = 5.4, Cao = 1.8;
  const fp Kmca = 0.0006, KmNaip = 11.0, KmKo = 1.5;
  // parameters
  fp GNa = params[params_offset + 0];
  fp GK1 = params[params_offset + 1];
  fp GCa = params[params_offset + 2];
  fp IbarNaK = params[params_offset + 3];
  fp tauCa = params[params_offset + 4];
  fp stim = params[params_offset + 5];
  // states
  fp V = initvalues[initvalues_offset + V_];
  fp m = initvalues[initvalues_offset + M_];
  fp h = initvalues[initvalues_offset + H_];
  fp j = initvalues[initvalues_offset + J_];
  fp Nai = initvalues[initvalues_offset + NAI_];
  fp Ki = initvalues[initvalues_offset + KI_];
  fp Cai = initvalues[initvalues_offset + CAI_];
  // reversal potentials
  fp ENa = (1.0 / FoRT) * log(Nao / Nai);
  fp EK = (1.0 / FoRT) * log(Ko / Ki);
  fp ECa = (1.0 / FoRT / 2.0) * log(Cao / Cai);
  // sodium current and its gates
  fp am = 0.32 * (V + 47.13) / (1.0 - exp(-0.1 * (V + 47.13)));
  fp bm = 0.08 * exp(-V / 11.0);
  fp ah = 0.135 * exp((80.0 + V) / -6.8);
  fp bh = 3.56 * exp(0.079 * V) + 3.1e5 * exp(0.35 * V);
  fp aj = (-127140.0 * exp(0.2444 * V) - 3.474e-5 * exp(-0.04391 * V)) * (V + 37.78) /
          (1.0 + exp(0.311 * (V + 79.23)));
  fp bj = 0.1212 * exp(-0.01052 * V) / (1.0 + exp(-0.1378 * (V + 40.14)));
  fp INa = GNa * pow(m, 3) * h * j * (V - ENa);
  // inward rectifier
  fp aK1 = 1.02 / (1.0 + exp(0.2385 * (V - EK - 59.215)));
  fp bK1 = (0.49124 * exp(0.08032 * (V + 5.476 - EK)) + exp(0.06175 * (V - EK - 594.31))) /
           (1.0 + exp(-0.5143 * (V - EK + 4.753)));
  fp IK1 = GK1 * sqrt(Ko / 5.4) * (aK1 / (aK1 + bK1)) * (V - EK);
  // calcium current with a Hill factor
  fp ICa = GCa * pow(Cai / (Cai + Kmca), 1.6) * (V - ECa);
  // sodium-potassium pump
  fp sigma = (exp(Nao / 67.3) - 1.0) / 7.0;
  fp fnak = 1.0 / (1.0 + 0.1245 * exp(-0.1 * V * FoRT) + 0.0365 * sigma * exp(-V * FoRT));
  fp INaK = IbarNaK * fnak * Ko / (Ko + KmKo) / (1.0 + pow(KmNaip / Nai, 4));
  // a smooth stimulus pulse
  fp Istim = -stim * exp(-pow((timeinst - 1.0) / 0.5, 2));
  // derivatives
  finavalues[finavalues_offset + V_] = -(INa + IK1 + ICa + INaK + Istim) / Cmem;
  finavalues[finavalues_offset + M_] = am * (1.0 - m) - bm * m;
  finavalues[finavalues_offset + H_] = ah * (1.0 - h) - bh * h;
  finavalues[finavalues_offset + J_] = aj * (1.0 - j) - bj * j;
  finavalues[finavalues_offset + NAI_] = -(INa + 3.0 * INaK) * 1e-4;
  finavalues[finavalues_offset + KI_] = -(IK1 - 2.0 * INaK) * 1e-4;
  finavalues[finavalues_offset + CAI_] = -ICa * 1e-7 + (1e-4 - Cai) / tauCa;
}

__global__ void solver_kernel(int ncells, const fp* initvalues, const fp* params, fp* finavalues,
                              fp dt) {
  int cell = blockIdx.x * blockDim.x + threadIdx.x;
  if (cell >= ncells) return;
  fp y[EQUATIONS], dy[EQUATIONS];
  for (int e = 0; e < EQUATIONS; e++) y[e] = initvalues[cell * EQUATIONS + e];
  fp t = 0.0;
  for (int s = 0; s < NSTEPS; s++) {
    kernel_ecc(t, y, 0, dy, 0, params, cell * PARAMETERS);
    for (int e = 0; e < EQUATIONS; e++) y[e] = y[e] + dt * dy[e];
    t += dt;
  }
  for (int e = 0; e < EQUATIONS; e++) finavalues[cell * EQUATIONS + e] = y[e];
}
