fn main() {
    let built = cuad_build::Build::new()
        .file("kernels/softplus.cu")
        .grad("softplus_mix", &["a", "x", "y"])
        .fwd("softplus_mix", &[])
        .arch("sm_90")
        .nvcc_flag("-O3")
        .compile_ptx("softplus");
    if let Err(e) = built {
        eprint!("{e}");
        std::process::exit(1);
    }
}
