#![warn(missing_docs)]
#![doc = include_str!("../README.md")]

mod packet;
mod protocol;
mod sid;
mod str;

pub use packet::{OpenPacket, Packet, PacketBuf, PacketParseError};
pub use protocol::{ProtocolVersion, TransportType, UnknownTransportError};
pub use sid::Sid;
pub use str::Str;
pub mod payload;
