//! Built-in declarations as data: CUDA/C++ library functions (name -> return rule), builtin
//! variables and constants (name -> type), CUDA vector types, and known system headers.
//!
//! Types are written in a tiny notation parsed by [`spec_type`]: a base name (`float`,
//! `unsigned long long`, `cudaError_t`, `float4`) with optional leading `const ` and trailing
//! `*`s.

use crate::types::*;
use cuad_syntax::ast::{IntKind, Ty, TyKind};
use std::collections::HashMap;
use std::sync::OnceLock;

/// How the return type of a builtin call is obtained.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetRule {
    /// A fixed type in the notation of [`spec_type`].
    Fixed(&'static str),
    /// cmath/CUDA overload set: the widest floating argument; `double` when none is floating.
    Floating,
    /// The (promoted) type of argument `i` (`abs`, `__shfl_sync`'s value).
    Arg(usize),
    /// What argument `i` points to (`atomicAdd`, `__ldg`).
    Pointee(usize),
    /// Usual arithmetic conversion of all arguments (`min`, `max`).
    Common,
    /// A known library function whose type cuad does not model (texture fetches...).
    Unknown,
}

/// Math functions with `float` and `double` overloads; each also exists with an `f` suffix
/// (float) and an `l` suffix (long double).
#[rustfmt::skip]
const MATH_FAMILY: &[&str] = &[
    "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh", "cosh", "tanh", "asinh", "acosh",
    "atanh", "sinpi", "cospi", "exp", "exp2", "exp10", "expm1", "log", "log2", "log10", "log1p",
    "logb", "pow", "sqrt", "rsqrt", "cbrt", "rcbrt", "hypot", "rhypot", "norm3d", "norm4d",
    "rnorm3d", "rnorm4d", "fabs", "fmin", "fmax", "fma", "fdim", "erf", "erfc", "erfinv", "erfcinv",
    "erfcx", "normcdf", "normcdfinv", "lgamma", "tgamma", "floor", "ceil", "trunc", "round", "rint",
    "nearbyint", "fmod", "remainder", "remquo", "copysign", "ldexp", "scalbn", "scalbln", "frexp",
    "modf", "nextafter", "j0", "j1", "jn", "y0", "y1", "yn", "cyl_bessel_i0", "cyl_bessel_i1",
    "sincos", "sincospi", "nan",
];

/// Functions with a fixed return type.
#[rustfmt::skip]
const FIXED: &[(&str, &str)] = &[
    // integer-valued math
    ("lround", "long"), ("lroundf", "long"), ("llround", "long long"), ("llroundf", "long long"),
    ("lrint", "long"), ("lrintf", "long"), ("llrint", "long long"), ("llrintf", "long long"),
    ("ilogb", "int"), ("ilogbf", "int"), ("isnan", "bool"), ("isinf", "bool"), ("isfinite", "bool"),
    ("signbit", "bool"), ("isnormal", "bool"), ("__isnan", "int"), ("__isinf", "int"),
    ("__finite", "int"), ("__signbit", "int"), ("labs", "long"), ("llabs", "long long"),
    ("umin", "unsigned"), ("umax", "unsigned"), ("llmin", "long long"), ("llmax", "long long"),
    ("ullmin", "unsigned long long"), ("ullmax", "unsigned long long"),
    // norms of arrays (`normf(dim, p)`); `norm` is also `std::norm`, typed by its arguments
    ("normf", "float"), ("rnormf", "float"), ("rnorm", "double"),
    // float intrinsics
    ("__expf", "float"), ("__exp10f", "float"), ("__logf", "float"), ("__log2f", "float"),
    ("__log10f", "float"), ("__sinf", "float"), ("__cosf", "float"), ("__tanf", "float"),
    ("__powf", "float"), ("__fdividef", "float"), ("fdividef", "float"), ("__sincosf", "void"),
    ("__saturatef", "float"), ("__frcp_rn", "float"), ("__frsqrt_rn", "float"),
    ("__int2float_rn", "float"), ("__uint2float_rn", "float"), ("__ll2float_rn", "float"),
    ("__int_as_float", "float"), ("__uint_as_float", "float"), ("__half2float", "float"),
    ("__bfloat162float", "float"), ("__double2float_rn", "float"), ("__float2half", "half"),
    ("__float2half_rn", "half"), ("__double2half", "half"), ("__hadd", "half"), ("__hsub", "half"),
    ("__hmul", "half"), ("__hdiv", "half"), ("__hfma", "half"), ("__hneg", "half"),
    ("__float2bfloat16", "bfloat16"), ("__float2bfloat16_rn", "bfloat16"),
    // double intrinsics
    ("__dadd_rn", "double"), ("__dsub_rn", "double"), ("__dmul_rn", "double"),
    ("__ddiv_rn", "double"), ("__dsqrt_rn", "double"), ("__drcp_rn", "double"),
    ("__fma_rn", "double"), ("__int2double_rn", "double"), ("__uint2double_rn", "double"),
    ("__longlong_as_double", "double"), ("__hiloint2double", "double"),
    ("__ll2double_rn", "double"),
    // conversions and bit tricks
    ("__float2int_rn", "int"), ("__float2int_rz", "int"), ("__float2int_ru", "int"),
    ("__float2int_rd", "int"), ("__float2uint_rn", "unsigned"), ("__float2uint_rz", "unsigned"),
    ("__float2uint_ru", "unsigned"), ("__float2uint_rd", "unsigned"),
    ("__float2ll_rn", "long long"), ("__float2ll_rz", "long long"),
    ("__float2ll_ru", "long long"), ("__float2ll_rd", "long long"),
    ("__float2ull_rn", "unsigned long long"), ("__float2ull_rz", "unsigned long long"),
    ("__float2ull_ru", "unsigned long long"), ("__float2ull_rd", "unsigned long long"),
    ("__double2int_rn", "int"), ("__double2int_rz", "int"), ("__double2int_ru", "int"),
    ("__double2int_rd", "int"), ("__double2uint_rn", "unsigned"),
    ("__double2uint_rz", "unsigned"), ("__double2uint_ru", "unsigned"),
    ("__double2uint_rd", "unsigned"), ("__double2ll_rn", "long long"),
    ("__double2ll_rz", "long long"), ("__double2ll_ru", "long long"),
    ("__double2ll_rd", "long long"), ("__double2ull_rn", "unsigned long long"),
    ("__double2ull_rz", "unsigned long long"), ("__double2ull_ru", "unsigned long long"),
    ("__double2ull_rd", "unsigned long long"), ("__double2hiint", "int"),
    ("__double2loint", "int"), ("__float_as_int", "int"), ("__float_as_uint", "unsigned"),
    ("__double_as_longlong", "long long"), ("__popc", "int"), ("__popcll", "int"), ("__ffs", "int"),
    ("__ffsll", "int"), ("__clz", "int"), ("__clzll", "int"), ("__brev", "unsigned"),
    ("__brevll", "unsigned long long"), ("__mul24", "int"), ("__umul24", "unsigned"),
    ("__mulhi", "int"), ("__umulhi", "unsigned"), ("__byte_perm", "unsigned"),
    ("__sad", "unsigned"), ("__usad", "unsigned"),
    // synchronisation, warps, timing
    ("__syncthreads", "void"), ("__syncwarp", "void"), ("__threadfence", "void"),
    ("__threadfence_block", "void"), ("__threadfence_system", "void"),
    ("__syncthreads_count", "int"), ("__syncthreads_and", "int"), ("__syncthreads_or", "int"),
    ("__activemask", "unsigned"), ("__ballot_sync", "unsigned"), ("__ballot", "unsigned"),
    ("__any_sync", "int"), ("__all_sync", "int"), ("__uni_sync", "int"), ("__any", "int"),
    ("__all", "int"), ("__match_any_sync", "unsigned"), ("__match_all_sync", "unsigned"),
    ("__lanemask_lt", "unsigned"), ("clock", "long"), ("clock64", "long long"),
    ("__nanosleep", "void"), ("__trap", "void"), ("__brkpt", "void"), ("__prof_trigger", "void"),
    ("__assertfail", "void"), ("assert", "void"),
    // CUDA runtime API
    ("cudaMalloc", "cudaError_t"), ("cudaMallocManaged", "cudaError_t"),
    ("cudaMallocHost", "cudaError_t"), ("cudaMallocPitch", "cudaError_t"),
    ("cudaMallocAsync", "cudaError_t"), ("cudaHostAlloc", "cudaError_t"),
    ("cudaFree", "cudaError_t"), ("cudaFreeHost", "cudaError_t"), ("cudaFreeAsync", "cudaError_t"),
    ("cudaMemcpy", "cudaError_t"), ("cudaMemcpyAsync", "cudaError_t"),
    ("cudaMemcpy2D", "cudaError_t"), ("cudaMemcpyToSymbol", "cudaError_t"),
    ("cudaMemcpyFromSymbol", "cudaError_t"), ("cudaMemcpyToSymbolAsync", "cudaError_t"),
    ("cudaMemcpyPeer", "cudaError_t"), ("cudaMemset", "cudaError_t"),
    ("cudaMemsetAsync", "cudaError_t"), ("cudaMemGetInfo", "cudaError_t"),
    ("cudaMemPrefetchAsync", "cudaError_t"), ("cudaDeviceSynchronize", "cudaError_t"),
    ("cudaDeviceReset", "cudaError_t"), ("cudaGetLastError", "cudaError_t"),
    ("cudaPeekAtLastError", "cudaError_t"), ("cudaGetErrorString", "const char*"),
    ("cudaGetErrorName", "const char*"), ("cudaSetDevice", "cudaError_t"),
    ("cudaGetDevice", "cudaError_t"), ("cudaGetDeviceCount", "cudaError_t"),
    ("cudaGetDeviceProperties", "cudaError_t"), ("cudaDeviceGetAttribute", "cudaError_t"),
    ("cudaDeviceSetLimit", "cudaError_t"), ("cudaDeviceGetLimit", "cudaError_t"),
    ("cudaStreamCreate", "cudaError_t"), ("cudaStreamCreateWithFlags", "cudaError_t"),
    ("cudaStreamDestroy", "cudaError_t"), ("cudaStreamSynchronize", "cudaError_t"),
    ("cudaStreamWaitEvent", "cudaError_t"), ("cudaStreamQuery", "cudaError_t"),
    ("cudaEventCreate", "cudaError_t"), ("cudaEventCreateWithFlags", "cudaError_t"),
    ("cudaEventRecord", "cudaError_t"), ("cudaEventSynchronize", "cudaError_t"),
    ("cudaEventElapsedTime", "cudaError_t"), ("cudaEventDestroy", "cudaError_t"),
    ("cudaEventQuery", "cudaError_t"), ("cudaFuncSetAttribute", "cudaError_t"),
    ("cudaFuncGetAttributes", "cudaError_t"), ("cudaFuncSetCacheConfig", "cudaError_t"),
    ("cudaLaunchKernel", "cudaError_t"), ("cudaLaunchCooperativeKernel", "cudaError_t"),
    ("cudaOccupancyMaxActiveBlocksPerMultiprocessor", "cudaError_t"),
    ("cudaOccupancyMaxPotentialBlockSize", "cudaError_t"), ("cudaHostRegister", "cudaError_t"),
    ("cudaHostUnregister", "cudaError_t"), ("cudaHostGetDevicePointer", "cudaError_t"),
    ("cudaPointerGetAttributes", "cudaError_t"), ("cudaDeviceEnablePeerAccess", "cudaError_t"),
    ("cudaDeviceCanAccessPeer", "cudaError_t"), ("cudaProfilerStart", "cudaError_t"),
    ("cudaProfilerStop", "cudaError_t"), ("cudaDriverGetVersion", "cudaError_t"),
    ("cudaRuntimeGetVersion", "cudaError_t"), ("cudaGetSymbolAddress", "cudaError_t"),
    // C library
    ("malloc", "void*"), ("calloc", "void*"), ("realloc", "void*"), ("aligned_alloc", "void*"),
    ("free", "void"), ("memcpy", "void*"), ("memset", "void*"), ("memmove", "void*"),
    ("memcmp", "int"), ("strlen", "unsigned long"), ("strcmp", "int"), ("strncmp", "int"),
    ("strcpy", "char*"), ("strncpy", "char*"), ("strcat", "char*"), ("strstr", "char*"),
    ("strchr", "char*"), ("strdup", "char*"), ("strtol", "long"), ("strtoul", "unsigned long"),
    ("strtod", "double"), ("strtof", "float"), ("atoi", "int"), ("atol", "long"),
    ("atof", "double"), ("printf", "int"), ("fprintf", "int"), ("sprintf", "int"),
    ("snprintf", "int"), ("puts", "int"), ("putchar", "int"), ("fputs", "int"), ("scanf", "int"),
    ("fscanf", "int"), ("sscanf", "int"), ("fopen", "FILE*"), ("fclose", "int"), ("fflush", "int"),
    ("fread", "unsigned long"), ("fwrite", "unsigned long"), ("fgets", "char*"), ("getchar", "int"),
    ("perror", "void"), ("exit", "void"), ("abort", "void"), ("atexit", "int"), ("getenv", "char*"),
    ("system", "int"), ("rand", "int"), ("srand", "void"), ("rand_r", "int"), ("drand48", "double"),
    ("srand48", "void"), ("time", "long"), ("difftime", "double"), ("qsort", "void"),
    ("swap", "void"),
    ("posix_memalign", "int"), ("strtok", "char*"), ("strrchr", "char*"), ("strncat", "char*"),
    ("strspn", "unsigned long"), ("strcspn", "unsigned long"), ("strerror", "char*"),
    ("vprintf", "int"), ("vfprintf", "int"), ("vsprintf", "int"), ("vsnprintf", "int"),
    ("fseek", "int"), ("ftell", "long"), ("rewind", "void"), ("remove", "int"),
    ("rename", "int"), ("fgetc", "int"), ("fputc", "int"), ("getc", "int"), ("putc", "int"),
    ("ungetc", "int"), ("feof", "int"), ("ferror", "int"), ("clearerr", "void"),
    ("tmpfile", "FILE*"), ("setvbuf", "int"), ("setbuf", "void"), ("localtime", "tm*"),
    ("gmtime", "tm*"), ("mktime", "long"), ("strftime", "unsigned long"), ("asctime", "char*"),
    ("ctime", "char*"), ("bsearch", "void*"), ("atoll", "long long"),
    ("strtoll", "long long"), ("strtoull", "unsigned long long"), ("div", "div_t"),
    ("ldiv", "ldiv_t"), ("isdigit", "int"), ("isalpha", "int"), ("isalnum", "int"),
    ("isspace", "int"), ("isupper", "int"), ("islower", "int"), ("toupper", "int"),
    ("tolower", "int"), ("fpclassify", "int"), ("isgreater", "bool"), ("isless", "bool"),
];

/// cuRAND's device API (<curand_kernel.h>): each call advances the generator state it is given.
#[rustfmt::skip]
const CURAND: &[(&str, &str)] = &[
    ("curand_init", "void"), ("skipahead", "void"), ("skipahead_sequence", "void"),
    ("skipahead_subsequence", "void"), ("curand", "unsigned"), ("curand4", "uint4"),
    ("curand_uniform", "float"), ("curand_uniform_double", "double"),
    ("curand_uniform2_double", "double2"), ("curand_uniform4", "float4"),
    ("curand_uniform4_double", "double4"), ("curand_normal", "float"),
    ("curand_normal_double", "double"), ("curand_normal2", "float2"),
    ("curand_normal2_double", "double2"), ("curand_normal4", "float4"),
    ("curand_normal4_double", "double4"), ("curand_log_normal", "float"),
    ("curand_log_normal_double", "double"), ("curand_log_normal2", "float2"),
    ("curand_log_normal2_double", "double2"), ("curand_log_normal4", "float4"),
    ("curand_poisson", "unsigned"), ("curand_poisson4", "uint4"), ("curand_discrete", "unsigned"),
    ("curand_discrete4", "uint4"),
];

/// Does a call of builtin `name` advance a generator state passed to it (cuRAND)? Its value
/// then changes from one call to the next.
pub fn advances_state(name: &str) -> bool {
    let name = name.strip_prefix("::").unwrap_or(name);
    CURAND.iter().any(|(n, _)| *n == name)
}

/// Is `name` a cuRAND generator state type (`curandState`, `curandStatePhilox4_32_10_t`, ...)?
pub fn is_rng_state(name: &str) -> bool {
    name.trim_start_matches("::").starts_with("curandState")
}

/// Functions whose return type follows the arguments.
const RULES: &[(&str, RetRule)] = &[
    ("abs", RetRule::Arg(0)),
    ("min", RetRule::Common),
    ("max", RetRule::Common),
    ("clamp", RetRule::Common),
    ("__ldg", RetRule::Pointee(0)),
    ("__ldcg", RetRule::Pointee(0)),
    ("__ldca", RetRule::Pointee(0)),
    ("__ldcs", RetRule::Pointee(0)),
    ("__ldlu", RetRule::Pointee(0)),
    ("__ldcv", RetRule::Pointee(0)),
    ("__shfl_sync", RetRule::Arg(1)),
    ("__shfl_up_sync", RetRule::Arg(1)),
    ("__shfl_down_sync", RetRule::Arg(1)),
    ("__shfl_xor_sync", RetRule::Arg(1)),
    ("__shfl", RetRule::Arg(0)),
    ("__shfl_up", RetRule::Arg(0)),
    ("__shfl_down", RetRule::Arg(0)),
    ("__shfl_xor", RetRule::Arg(0)),
    ("__reduce_add_sync", RetRule::Arg(1)),
    ("__reduce_min_sync", RetRule::Arg(1)),
    ("__reduce_max_sync", RetRule::Arg(1)),
    ("__fmaf_rn", RetRule::Fixed("float")),
    ("offsetof", RetRule::Fixed("unsigned long")),
    ("tex1Dfetch", RetRule::Unknown),
    ("tex1D", RetRule::Unknown),
    ("tex2D", RetRule::Unknown),
    ("tex3D", RetRule::Unknown),
    ("tex1DLayered", RetRule::Unknown),
    ("tex2DLayered", RetRule::Unknown),
    ("texCubemap", RetRule::Unknown),
    ("surf1Dread", RetRule::Unknown),
    ("surf2Dread", RetRule::Unknown),
    ("surf3Dread", RetRule::Unknown),
    ("surf1Dwrite", RetRule::Fixed("void")),
    ("surf2Dwrite", RetRule::Fixed("void")),
    ("surf3Dwrite", RetRule::Fixed("void")),
    ("make_cudaExtent", RetRule::Fixed("cudaExtent")),
    ("make_cudaPitchedPtr", RetRule::Fixed("cudaPitchedPtr")),
    ("make_cudaPos", RetRule::Fixed("cudaPos")),
    ("va_start", RetRule::Fixed("void")),
    ("va_end", RetRule::Fixed("void")),
    ("va_arg", RetRule::Unknown),
];

/// Atomic functions (each also with `_block` and `_system` suffixes): return the pointee.
#[rustfmt::skip]
const ATOMICS: &[&str] = &[
    "atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicInc", "atomicDec",
    "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
];

/// Float intrinsics with rounding-mode suffixes (`__fadd_rn`, `__fadd_rz`, ...).
const FLOAT_ROUNDED: &[&str] = &[
    "__fadd", "__fsub", "__fmul", "__fdiv", "__fsqrt", "__fmaf", "__frcp", "__frsqrt",
];

/// Builtin variables and the constants system headers provide (name, type).
#[rustfmt::skip]
const VARIABLES: &[(&str, &str)] = &[
    ("threadIdx", "uint3"), ("blockIdx", "uint3"), ("blockDim", "dim3"), ("gridDim", "dim3"),
    ("warpSize", "int"), ("EXIT_SUCCESS", "int"), ("EXIT_FAILURE", "int"), ("RAND_MAX", "int"),
    ("FLT_MAX", "float"), ("FLT_MIN", "float"), ("FLT_EPSILON", "float"), ("FLT_TRUE_MIN", "float"),
    ("FLT_DIG", "int"), ("FLT_MANT_DIG", "int"), ("DBL_MAX", "double"), ("DBL_MIN", "double"),
    ("DBL_EPSILON", "double"), ("DBL_TRUE_MIN", "double"), ("DBL_DIG", "int"),
    ("DBL_MANT_DIG", "int"), ("INFINITY", "float"), ("NAN", "float"), ("HUGE_VALF", "float"),
    ("HUGE_VAL", "double"), ("M_PI", "double"), ("M_PI_2", "double"), ("M_PI_4", "double"),
    ("M_1_PI", "double"), ("M_2_PI", "double"), ("M_2_SQRTPI", "double"), ("M_E", "double"),
    ("M_LN2", "double"), ("M_LN10", "double"), ("M_LOG2E", "double"), ("M_LOG10E", "double"),
    ("M_SQRT2", "double"), ("M_SQRT1_2", "double"), ("INT_MAX", "int"), ("INT_MIN", "int"),
    ("UINT_MAX", "unsigned"), ("LONG_MAX", "long"), ("LONG_MIN", "long"),
    ("ULONG_MAX", "unsigned long"), ("LLONG_MAX", "long long"), ("LLONG_MIN", "long long"),
    ("ULLONG_MAX", "unsigned long long"), ("CHAR_BIT", "int"), ("CHAR_MAX", "int"),
    ("SHRT_MAX", "int"), ("SIZE_MAX", "unsigned long"), ("INT32_MAX", "int"), ("INT32_MIN", "int"),
    ("UINT32_MAX", "unsigned"), ("INT64_MAX", "long"), ("UINT64_MAX", "unsigned long"),
    ("CLOCKS_PER_SEC", "long"), ("NULL", "std::nullptr_t"), ("stdout", "FILE*"),
    ("stderr", "FILE*"), ("stdin", "FILE*"), ("EOF", "int"), ("errno", "int"),
    ("SEEK_SET", "int"), ("SEEK_CUR", "int"), ("SEEK_END", "int"), ("BUFSIZ", "int"),
    ("FILENAME_MAX", "int"), ("MB_LEN_MAX", "int"),
    ("__FILE__", "const char*"), ("__func__", "const char*"), ("__FUNCTION__", "const char*"),
    ("__PRETTY_FUNCTION__", "const char*"), ("__LINE__", "int"), ("__CUDA_ARCH__", "int"),
    ("cudaSuccess", "cudaError_t"), ("cudaErrorMemoryAllocation", "cudaError_t"),
    ("cudaErrorInvalidValue", "cudaError_t"), ("cudaErrorNotReady", "cudaError_t"),
    ("cudaErrorInvalidConfiguration", "cudaError_t"), ("cudaErrorLaunchFailure", "cudaError_t"),
    ("cudaMemcpyHostToDevice", "cudaMemcpyKind"), ("cudaMemcpyDeviceToHost", "cudaMemcpyKind"),
    ("cudaMemcpyDeviceToDevice", "cudaMemcpyKind"), ("cudaMemcpyHostToHost", "cudaMemcpyKind"),
    ("cudaMemcpyDefault", "cudaMemcpyKind"), ("cudaStreamDefault", "unsigned"),
    ("cudaStreamNonBlocking", "unsigned"), ("cudaEventDefault", "unsigned"),
    ("cudaEventDisableTiming", "unsigned"), ("cudaHostAllocDefault", "unsigned"),
    ("cudaHostAllocMapped", "unsigned"), ("cudaMemAttachGlobal", "unsigned"),
    ("cudaCpuDeviceId", "int"), ("cout", "std::ostream"), ("cerr", "std::ostream"),
    ("clog", "std::ostream"), ("endl", "std::ostream"), ("cin", "std::istream"), ("CUDART_PI_F", "float"), ("CUDART_PI", "double"),
    ("CUDART_INF_F", "float"), ("CUDART_INF", "double"), ("CUDART_NAN_F", "float"),
    ("CUDART_NAN", "double"), ("CUDART_SQRT_2PI", "double"), ("CUDART_SQRT_HALF_F", "float"),
];

/// Headers whose names the variable and function tables cover well enough that an
/// unknown identifier in a file including only these is a real error.
#[rustfmt::skip]
pub const KNOWN_HEADERS: &[&str] = &[
    "cstdio", "stdio.h", "cstdlib", "stdlib.h", "cmath", "math.h", "cstring", "string.h", "cassert",
    "assert.h", "cfloat", "float.h", "climits", "limits.h", "cstdint", "stdint.h", "cstddef",
    "stddef.h", "ctime", "time.h", "cerrno", "errno.h", "iostream", "fstream", "sstream", "iomanip",
    "vector", "array", "algorithm", "numeric", "string", "memory", "utility", "functional",
    "limits", "chrono", "random", "map", "unordered_map", "set", "tuple", "type_traits",
    "cuda_runtime.h", "cuda_runtime_api.h", "cuda.h", "device_launch_parameters.h",
    "math_constants.h", "device_functions.h", "sm_60_atomic_functions.h", "cuda_profiler_api.h",
];

/// Identifier prefixes of CUDA libraries and the compiler: never reported as undeclared.
#[rustfmt::skip]
pub const TOLERATED_PREFIXES: &[&str] = &[
    "__", "cuda", "CUDA", "cublas", "CUBLAS", "curand", "CURAND", "cufft", "CUFFT", "cusparse",
    "CUSPARSE", "cusolver", "CUSOLVER", "cudnn", "CUDNN", "nvtx", "NVTX", "FLT_", "DBL_", "LDBL_",
    "INT_", "INT8_", "INT16_", "INT32_", "INT64_", "INTMAX_", "INTPTR_", "UINT_", "UINT8_",
    "UINT16_", "UINT32_", "UINT64_", "UINTMAX_", "UINTPTR_", "LONG_", "ULONG_", "LLONG_",
    "ULLONG_", "SHRT_", "USHRT_", "SCHAR_", "UCHAR_", "CHAR_", "M_", "SIZE_", "PTRDIFF_",
];

/// CUDA vector types: name prefix, component type, and the widths that exist.
#[rustfmt::skip]
const VECTOR_FAMILIES: &[(&str, &str)] = &[
    ("char", "signed char"), ("uchar", "unsigned char"), ("short", "short"),
    ("ushort", "unsigned short"), ("int", "int"), ("uint", "unsigned"), ("long", "long"),
    ("ulong", "unsigned long"), ("longlong", "long long"), ("ulonglong", "unsigned long long"),
    ("float", "float"), ("double", "double"),
];

const COMPONENTS: [&str; 4] = ["x", "y", "z", "w"];

/// Component type and width of a CUDA vector type (`float3` -> float, 3; `dim3` -> unsigned, 3).
pub fn vector_type(name: &str) -> Option<(Ty, usize)> {
    match name {
        "dim3" => return Some((uint_ty(), 3)),
        "__half2" | "half2" => return Some((Ty::new(TyKind::Half), 2)),
        "__nv_bfloat162" | "nv_bfloat162" => return Some((Ty::new(TyKind::BFloat16), 2)),
        _ => {}
    }
    let digits = name.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let width: usize = digits.parse().ok().filter(|w| (1..=4).contains(w))?;
    let prefix = &name[..name.len() - digits.len()];
    let (_, elem) = VECTOR_FAMILIES.iter().find(|(p, _)| *p == prefix)?;
    Some((spec_type(elem), width))
}

/// Type of component `field` (`x`, `y`, `z`, `w`) of a CUDA vector type.
pub fn vector_component(name: &str, field: &str) -> Option<Ty> {
    let (elem, width) = vector_type(name)?;
    let index = COMPONENTS.iter().position(|c| *c == field)?;
    (index < width).then_some(elem)
}

/// Parses the type notation of the tables (`const char*`, `unsigned long long`, `float4`).
pub fn spec_type(spec: &str) -> Ty {
    let spec = spec.trim();
    if let Some(inner) = spec.strip_suffix('*') {
        return Ty::pointer_to(spec_type(inner));
    }
    if let Some(inner) = spec.strip_prefix("const ") {
        return spec_type(inner).with_const(true);
    }
    let int = |kind, signed| Ty::new(TyKind::Int { kind, signed });
    match spec {
        "void" => void_ty(),
        "bool" => bool_ty(),
        "float" => float_ty(),
        "double" => double_ty(),
        "half" => Ty::new(TyKind::Half),
        "bfloat16" => Ty::new(TyKind::BFloat16),
        "long double" => Ty::new(TyKind::LongDouble),
        "char" => char_ty(),
        "signed char" => int(IntKind::Char, Some(true)),
        "unsigned char" => int(IntKind::Char, Some(false)),
        "short" => int(IntKind::Short, Some(true)),
        "unsigned short" => int(IntKind::Short, Some(false)),
        "int" => int_ty(),
        "unsigned" => uint_ty(),
        "long" => long_ty(),
        "unsigned long" => ulong_ty(),
        "long long" => long_long_ty(),
        "unsigned long long" => int(IntKind::LongLong, Some(false)),
        other => Ty::named(other),
    }
}

fn function_table() -> &'static HashMap<String, RetRule> {
    static TABLE: OnceLock<HashMap<String, RetRule>> = OnceLock::new();
    TABLE.get_or_init(build_function_table)
}

fn build_function_table() -> HashMap<String, RetRule> {
    let mut t: HashMap<String, RetRule> = HashMap::new();
    for name in MATH_FAMILY {
        t.insert(name.to_string(), RetRule::Floating);
        t.insert(format!("{name}f"), RetRule::Fixed("float"));
        t.insert(format!("{name}l"), RetRule::Fixed("long double"));
    }
    for (name, ty) in FIXED {
        t.insert(name.to_string(), RetRule::Fixed(ty));
    }
    for (name, ty) in CURAND {
        t.insert(name.to_string(), RetRule::Fixed(ty));
    }
    for (name, rule) in RULES {
        t.insert(name.to_string(), *rule);
    }
    for name in ATOMICS {
        for suffix in ["", "_block", "_system"] {
            t.insert(format!("{name}{suffix}"), RetRule::Pointee(0));
        }
    }
    for name in FLOAT_ROUNDED {
        for mode in ["_rn", "_rz", "_ru", "_rd"] {
            t.insert(format!("{name}{mode}"), RetRule::Fixed("float"));
        }
    }
    for (prefix, _) in VECTOR_FAMILIES {
        for width in 1..=4 {
            // The table lives for the whole run; leaking the few names gives `&'static str`.
            let ty: &'static str = Box::leak(format!("{prefix}{width}").into_boxed_str());
            t.insert(format!("make_{prefix}{width}"), RetRule::Fixed(ty));
        }
    }
    t.insert("make_half2".into(), RetRule::Fixed("__half2"));
    t.insert("make_bfloat162".into(), RetRule::Fixed("__nv_bfloat162"));
    t.insert("dim3".into(), RetRule::Fixed("dim3"));
    t
}

/// Strips the namespaces the library functions may be spelled with (`std::sin`, `::sqrtf`).
fn library_name(name: &str) -> &str {
    let name = name.strip_prefix("::").unwrap_or(name);
    let name = name.strip_prefix("cuda::").unwrap_or(name);
    name.strip_prefix("std::").unwrap_or(name)
}

/// A CUDA atomic function (`atomicAdd`, `atomicMax_block`, ...), not a user function whose
/// name starts the same way (`atomic_add_vec`).
pub fn is_atomic(name: &str) -> bool {
    let name = library_name(name);
    let base = name
        .strip_suffix("_block")
        .or_else(|| name.strip_suffix("_system"))
        .unwrap_or(name);
    ATOMICS.contains(&base)
}

/// The return rule of a builtin function, if `name` is one.
pub fn function(name: &str) -> Option<RetRule> {
    let name = library_name(name);
    function_table().get(name).copied()
}

/// Type of a builtin variable or system-header constant.
pub fn variable(name: &str) -> Option<Ty> {
    static TABLE: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    let table = TABLE.get_or_init(|| VARIABLES.iter().copied().collect());
    let name = library_name(name);
    let spec = table.get(name).copied().or_else(|| {
        ENUM_FAMILIES
            .iter()
            .find(|(prefix, _)| name.starts_with(prefix))
            .map(|(_, t)| *t)
    })?;
    Some(spec_type(spec))
}

/// CUDA runtime enumerators recognised by prefix (`cudaErrorInvalidDevice`, `cudaDevAttr...`).
#[rustfmt::skip]
const ENUM_FAMILIES: &[(&str, &str)] = &[
    ("cudaError", "cudaError_t"), ("cudaDevAttr", "cudaDeviceAttr"),
    ("cudaMemcpy", "cudaMemcpyKind"), ("cudaFuncAttribute", "cudaFuncAttribute"),
    ("cudaFuncCache", "cudaFuncCache"), ("cudaLimit", "cudaLimit"),
    ("cudaSharedMem", "cudaSharedMemConfig"), ("cudaMemAdvise", "cudaMemoryAdvise"),
];

/// Methods of library containers (`std::vector`, `thrust::device_vector`...): return type
/// from the element type; `None` for other methods and non-containers.
pub fn container_method(container: &Ty, method: &str) -> Option<Ty> {
    let elem = container_element(container)?;
    Some(match method {
        "size" | "length" | "capacity" | "max_size" => ulong_ty(),
        "empty" => bool_ty(),
        "data" => Ty::pointer_to(elem),
        "front" | "back" | "at" | "operator[]" => elem,
        "push_back" | "emplace_back" | "pop_back" | "clear" | "resize" | "reserve" | "fill"
        | "swap" | "assign" => void_ty(),
        _ => return None,
    })
}

/// Library containers whose element type is their first template argument.
const CONTAINERS: &[&str] = &[
    "vector",
    "array",
    "device_vector",
    "host_vector",
    "valarray",
    "span",
    "unique_ptr",
];

/// `std::vector<T>` / `thrust::device_vector<T>` / `std::array<T, N>` element type.
pub fn container_element(ty: &Ty) -> Option<Ty> {
    let TyKind::Named { name, args } = &strip_refs(ty).kind else {
        return None;
    };
    let base = name.rsplit("::").next().unwrap_or(name);
    if !CONTAINERS.contains(&base) {
        return None;
    }
    match args.first()? {
        cuad_syntax::ast::TemplateArg::Type(t) => Some(t.clone()),
        cuad_syntax::ast::TemplateArg::Expr(_) => None,
    }
}

/// Return type of a builtin call given the argument types (`None` where unknown).
pub fn call_type(rule: RetRule, args: &[Option<Ty>]) -> Option<Ty> {
    let arg = |i: usize| args.get(i).cloned().flatten();
    match rule {
        RetRule::Fixed(spec) => Some(spec_type(spec)),
        RetRule::Arg(i) => arg(i).map(|t| promote(&t)),
        RetRule::Pointee(i) => arg(i).and_then(|t| pointee(&t).map(unqualified)),
        RetRule::Common => {
            let mut it = args.iter();
            let first = it.next()?.as_ref()?;
            let mut acc = promote(first);
            for a in it {
                let a = a.as_ref()?;
                acc = usual_arithmetic(&acc, a).unwrap_or(acc);
            }
            Some(acc)
        }
        RetRule::Floating => Some(widest_floating(args)),
        RetRule::Unknown => None,
    }
}

/// cmath overload choice: the widest floating argument (integers count as double only when no
/// argument is floating).
fn widest_floating(args: &[Option<Ty>]) -> Ty {
    let rank = |t: &Ty| match strip_refs(t).kind {
        TyKind::Half | TyKind::BFloat16 | TyKind::Float => 1,
        TyKind::Double => 2,
        TyKind::LongDouble => 3,
        _ => 0,
    };
    let best = args
        .iter()
        .flatten()
        .filter(|t| is_floating(t))
        .max_by_key(|t| rank(t));
    match best {
        Some(t) if matches!(strip_refs(t).kind, TyKind::Half | TyKind::BFloat16) => float_ty(),
        Some(t) => unqualified(t),
        None => double_ty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_have_no_duplicate_names() {
        let mut seen = std::collections::HashSet::new();
        for (name, _) in FIXED.iter().chain(VARIABLES).chain(CURAND) {
            assert!(seen.insert(*name), "{name} listed twice");
        }
        for (name, _) in RULES {
            assert!(
                !FIXED.iter().any(|(n, _)| n == name),
                "{name} has two rules"
            );
        }
    }

    #[test]
    fn spec_notation() {
        assert_eq!(
            spec_type("const char*"),
            Ty::pointer_to(char_ty().with_const(true))
        );
        assert_eq!(spec_type("unsigned long"), ulong_ty());
        assert_eq!(spec_type("cudaError_t"), Ty::named("cudaError_t"));
    }

    #[test]
    fn vector_components() {
        assert_eq!(vector_component("float4", "w"), Some(float_ty()));
        assert_eq!(vector_component("float3", "w"), None);
        assert_eq!(vector_component("double2", "y"), Some(double_ty()));
        assert_eq!(vector_component("int3", "z"), Some(int_ty()));
        assert_eq!(vector_component("uint3", "x"), Some(uint_ty()));
        assert_eq!(vector_component("dim3", "y"), Some(uint_ty()));
        assert_eq!(vector_component("floaty3", "x"), None);
        assert_eq!(vector_component("float", "x"), None);
    }

    #[test]
    fn table_lookups() {
        assert_eq!(function("sinf"), Some(RetRule::Fixed("float")));
        assert_eq!(function("std::sin"), Some(RetRule::Floating));
        assert_eq!(function("atomicAdd_block"), Some(RetRule::Pointee(0)));
        assert_eq!(function("__fmul_rn"), Some(RetRule::Fixed("float")));
        assert_eq!(function("make_float3"), Some(RetRule::Fixed("float3")));
        assert_eq!(function("not_a_builtin"), None);
        assert_eq!(variable("threadIdx"), Some(Ty::named("uint3")));
        assert_eq!(variable("M_PI"), Some(double_ty()));
    }

    #[test]
    fn floating_overloads() {
        let f = Some(float_ty());
        let d = Some(double_ty());
        let i = Some(int_ty());
        assert_eq!(
            call_type(RetRule::Floating, &[f.clone()][..]),
            Some(float_ty())
        );
        assert_eq!(
            call_type(RetRule::Floating, &[d.clone()][..]),
            Some(double_ty())
        );
        assert_eq!(
            call_type(RetRule::Floating, &[i.clone()][..]),
            Some(double_ty())
        );
        assert_eq!(
            call_type(RetRule::Floating, &[f.clone(), i.clone()]),
            Some(float_ty())
        );
        assert_eq!(
            call_type(RetRule::Floating, &[f.clone(), d]),
            Some(double_ty())
        );
        assert_eq!(
            call_type(RetRule::Common, &[f, i.clone()]),
            Some(float_ty())
        );
        assert_eq!(call_type(RetRule::Arg(0), &[i]), Some(int_ty()));
    }
}
