//! Tests on hand-built ASTs (independent of the parser).

mod build;
mod check_tests;
mod program_tests;
mod type_of_tests;
