//! Clients, their media and the media's teams of creators.

pub mod teams;
