//! The set of names known to denote types, used to tell declarations from expressions.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a: names are short, so this beats the default SipHash by a wide margin.
#[derive(Default)]
pub(crate) struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(crate) type NameSet = HashSet<String, BuildHasherDefault<Fnv>>;

/// Type names every CUDA translation unit can use without declaring them.
const BUILTIN_TYPE_NAMES: &[&str] = &[
    "size_t",
    "ssize_t",
    "ptrdiff_t",
    "intptr_t",
    "uintptr_t",
    "int8_t",
    "int16_t",
    "int32_t",
    "int64_t",
    "uint8_t",
    "uint16_t",
    "uint32_t",
    "uint64_t",
    "uint",
    "ushort",
    "ulong",
    "uchar",
    "dim3",
    "half",
    "__half",
    "half2",
    "__half2",
    "__nv_bfloat16",
    "__nv_bfloat162",
    "nv_bfloat16",
    "nv_bfloat162",
    "cudaError_t",
    "cudaError",
    "cudaStream_t",
    "cudaEvent_t",
    "cudaMemcpyKind",
    "cudaDeviceProp",
    "cudaArray",
    "cudaArray_t",
    "cudaTextureObject_t",
    "cudaSurfaceObject_t",
    "cudaGraph_t",
    "cudaGraphExec_t",
    "curandState",
    "curandState_t",
    "curandStatePhilox4_32_10_t",
    "curandStateXORWOW_t",
    "cublasHandle_t",
    "cublasStatus_t",
    "FILE",
    "clock_t",
    "time_t",
    "wchar_t",
    "char16_t",
    "char32_t",
    "char8_t",
    "std::size_t",
    "std::ptrdiff_t",
    "std::string",
    "std::vector",
    "std::array",
    "std::pair",
    "std::tuple",
    "std::complex",
    "std::function",
    "std::unique_ptr",
    "std::shared_ptr",
    "std::map",
    "std::unordered_map",
    "std::chrono::high_resolution_clock",
    "std::int32_t",
    "std::int64_t",
    "std::uint32_t",
    "std::uint64_t",
];

/// Prefixes of the CUDA vector types, each with suffixes 1 to 4 (`float4`, `uchar2`, ...).
const VECTOR_TYPE_PREFIXES: &[&str] = &[
    "char",
    "uchar",
    "short",
    "ushort",
    "int",
    "uint",
    "long",
    "ulong",
    "longlong",
    "ulonglong",
    "float",
    "double",
];

pub(crate) struct TypeNames {
    known: NameSet,
    /// Template type parameters currently in scope (a stack).
    scoped: Vec<String>,
    /// Type names redeclared as variables in the current top-level item (`int half = n / 2;`).
    shadowed: NameSet,
    /// Variables and parameters declared in the current top-level item.
    variables: NameSet,
}

impl TypeNames {
    pub fn new() -> TypeNames {
        let mut known: NameSet = BUILTIN_TYPE_NAMES.iter().map(|s| s.to_string()).collect();
        for prefix in VECTOR_TYPE_PREFIXES {
            for n in 1..=4 {
                known.insert(format!("{prefix}{n}"));
            }
        }
        TypeNames {
            known,
            scoped: Vec::new(),
            shadowed: NameSet::default(),
            variables: NameSet::default(),
        }
    }

    /// Whether `name` (possibly qualified) names a type. For a qualified name whose full
    /// spelling is unknown, the last component decides (`ns::Vec3`, `std::size_t`).
    pub fn is_type(&self, name: &str) -> bool {
        let name = name.strip_prefix("::").unwrap_or(name);
        if self.shadowed.contains(name) {
            return false;
        }
        if self.known_here(name) {
            return true;
        }
        if !name.contains(':') {
            return false;
        }
        match name.rsplit_once("::") {
            Some((_, last)) => self.known_here(last),
            None => false,
        }
    }

    fn known_here(&self, name: &str) -> bool {
        self.known.contains(name) || self.scoped.iter().any(|s| s == name)
    }

    pub fn add(&mut self, name: &str) {
        self.shadowed.remove(name);
        self.known.insert(name.to_string());
    }

    pub fn push_scoped(&mut self, name: &str) {
        self.scoped.push(name.to_string());
    }

    pub fn scope_len(&self) -> usize {
        self.scoped.len()
    }

    pub fn truncate_scope(&mut self, len: usize) {
        self.scoped.truncate(len);
    }

    /// Records a variable or parameter; one named like a type hides the type for the rest
    /// of the item.
    pub fn declare_variable(&mut self, name: &str) {
        if self.known_here(name) {
            self.shadowed.insert(name.to_string());
        }
        if !self.variables.contains(name) {
            self.variables.insert(name.to_string());
        }
    }

    pub fn is_variable(&self, name: &str) -> bool {
        self.variables.contains(name)
    }

    /// Forgets the variables of the previous top-level item.
    pub fn end_item(&mut self) {
        self.shadowed.clear();
        self.variables.clear();
    }
}
