//! Creators' monthly and annual rewards. `tax` holds every money rule of a statement.

pub mod tax;
