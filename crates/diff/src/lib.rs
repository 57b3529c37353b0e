//! Differentiation: analyses and reverse mode.
