//! Runs `softplus_mix` (kernels/softplus.cu), its cuad gradient and its cuad pushforward on the
//! GPU, and checks both derivatives against central finite differences of the primal.
//! Prints PASS or FAIL; exits with 1 on failure.

use cudarc::driver::{CudaContext, CudaFunction, CudaStream, LaunchConfig, PushKernelArg};
use cudarc::nvrtc::Ptx;
use std::sync::Arc;

mod kernels {
    include!(concat!(env!("OUT_DIR"), "/softplus_kernels.rs"));
}

type Failure = Box<dyn std::error::Error>;

const N: usize = 10_000;
const BLOCK: u32 = 256;

fn config() -> LaunchConfig {
    LaunchConfig {
        grid_dim: ((N as u32).div_ceil(BLOCK), 1, 1),
        block_dim: (BLOCK, 1, 1),
        shared_mem_bytes: 0,
    }
}

/// Deterministic values in [lo, hi) (no dependency on a random-number crate).
fn values(seed: u64, lo: f64, hi: f64) -> Vec<f64> {
    let mut s = seed;
    (0..N)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            lo + (hi - lo) * ((s >> 11) as f64 / (1u64 << 53) as f64)
        })
        .collect()
}

struct Gpu {
    stream: Arc<CudaStream>,
    primal: CudaFunction,
    grad: CudaFunction,
    pushforward: CudaFunction,
}

impl Gpu {
    /// L(a, x) = sum_i w_i y_i(a, x), from the primal kernel.
    fn loss(&self, a: f64, x: &[f64], w: &[f64]) -> Result<f64, Failure> {
        let n = N as i32;
        let x_d = self.stream.clone_htod(x)?;
        let mut y_d = self.stream.alloc_zeros::<f64>(N)?;
        let mut launch = self.stream.launch_builder(&self.primal);
        launch.arg(&n).arg(&a).arg(&x_d).arg(&mut y_d);
        // SAFETY: the arguments match softplus_mix(int, double, const double*, double*).
        unsafe { launch.launch(config()) }?;
        let y = self.stream.clone_dtoh(&y_d)?;
        Ok(y.iter().zip(w).map(|(y, w)| y * w).sum())
    }
}

fn main() {
    match run() {
        Ok(true) => println!("PASS"),
        Ok(false) => {
            println!("FAIL");
            std::process::exit(1);
        }
        Err(e) => {
            println!("FAIL: {e}");
            std::process::exit(1);
        }
    }
}

fn close(what: &str, got: f64, want: f64) -> bool {
    let ok = (got - want).abs() <= 1e-6 * want.abs().max(1.0);
    println!(
        "{what:<40} cuad {got:>22.12e}   finite differences {want:>22.12e}   {}",
        if ok { "ok" } else { "MISMATCH" }
    );
    ok
}

fn run() -> Result<bool, Failure> {
    // SAFETY: only tries to open the driver library.
    if !unsafe { cudarc::driver::sys::is_culib_present() } {
        return Err("libcuda not found (no NVIDIA driver on this machine?)".into());
    }
    let ctx = CudaContext::new(0)?;
    let stream = ctx.default_stream();
    let module = ctx.load_module(Ptx::from_src(kernels::PTX))?;
    println!("kernels: {:?}", kernels::ENTRIES);
    let gpu = Gpu {
        stream: stream.clone(),
        primal: module.load_function(kernels::SOFTPLUS_MIX)?,
        grad: module.load_function(kernels::SOFTPLUS_MIX_GRAD_1_2_3)?,
        pushforward: module.load_function(kernels::SOFTPLUS_MIX_PUSHFORWARD)?,
    };
    let n = N as i32;
    let a = 0.7;
    let x = values(1, -2.0, 2.0);
    let w = values(2, -1.0, 1.0);

    // Reverse mode: seed the output's adjoint with w, zero the input adjoints.
    let x_d = stream.clone_htod(&x)?;
    let mut y_d = stream.alloc_zeros::<f64>(N)?;
    let mut da_d = stream.alloc_zeros::<f64>(1)?;
    let mut dx_d = stream.alloc_zeros::<f64>(N)?;
    let mut dy_d = stream.clone_htod(&w)?;
    let mut launch = stream.launch_builder(&gpu.grad);
    launch
        .arg(&n)
        .arg(&a)
        .arg(&x_d)
        .arg(&mut y_d)
        .arg(&mut da_d)
        .arg(&mut dx_d)
        .arg(&mut dy_d);
    // SAFETY: softplus_mix_grad_1_2_3(n, a, x, y, double* _d_a, double* _d_x, double* _d_y).
    unsafe { launch.launch(config()) }?;
    let da = stream.clone_dtoh(&da_d)?[0];
    let dx = stream.clone_dtoh(&dx_d)?;

    let h = 1e-5;
    let mut ok = close(
        "dL/da",
        da,
        (gpu.loss(a + h, &x, &w)? - gpu.loss(a - h, &x, &w)?) / (2.0 * h),
    );
    for i in [0, 1, N / 2, N - 1] {
        let (mut plus, mut minus) = (x.clone(), x.clone());
        plus[i] += h;
        minus[i] -= h;
        let fd = (gpu.loss(a, &plus, &w)? - gpu.loss(a, &minus, &w)?) / (2.0 * h);
        ok &= close(&format!("dL/dx[{i}]"), dx[i], fd);
    }
    // Every element at once: the gradient along a direction v.
    let v = values(3, -1.0, 1.0);
    let along: Vec<(f64, f64)> = x
        .iter()
        .zip(&v)
        .map(|(x, v)| (x + h * v, x - h * v))
        .collect();
    let (plus, minus): (Vec<f64>, Vec<f64>) = along.into_iter().unzip();
    let fd = (gpu.loss(a, &plus, &w)? - gpu.loss(a, &minus, &w)?) / (2.0 * h);
    let dot: f64 = dx.iter().zip(&v).map(|(d, v)| d * v).sum();
    ok &= close("dL/dx . v", dot, fd);

    // Forward mode: tangents (ta, v) in; w . dy out equals dL/da ta + dL/dx . v.
    let ta = 0.3;
    let v_d = stream.clone_htod(&v)?;
    let mut y_d = stream.alloc_zeros::<f64>(N)?;
    let mut ty_d = stream.alloc_zeros::<f64>(N)?;
    let mut launch = stream.launch_builder(&gpu.pushforward);
    launch
        .arg(&n)
        .arg(&a)
        .arg(&x_d)
        .arg(&mut y_d)
        .arg(&ta)
        .arg(&v_d)
        .arg(&mut ty_d);
    // SAFETY: softplus_mix_pushforward(n, a, x, y, double _d_a, const double* _d_x,
    // double* _d_y).
    unsafe { launch.launch(config()) }?;
    let ty = stream.clone_dtoh(&ty_d)?;
    let jvp: f64 = ty.iter().zip(&w).map(|(t, w)| t * w).sum();
    let (ap, am) = (a + h * ta, a - h * ta);
    let fd = (gpu.loss(ap, &plus, &w)? - gpu.loss(am, &minus, &w)?) / (2.0 * h);
    ok &= close("w . J (ta, v)  (pushforward)", jvp, fd);
    ok &= close("w . J (ta, v)  vs gradient", jvp, da * ta + dot);
    Ok(ok)
}
