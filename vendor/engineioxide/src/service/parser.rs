//! A Parser module to parse any `EngineIo` query

use std::{future::Future, sync::Arc};

use http::{Method, Request, Response};

use engineioxide_core::{ProtocolVersion, Sid, TransportType};

use crate::{
    body::ResponseBody,
    config::EngineIoConfig,
    engine::EngineIo,
    handler::EngineIoHandler,
    service::futures::ResponseFuture,
    transport::{polling, ws},
};

/// Dispatch a request according to the [`RequestInfo`] to the appropriate [`transport`](crate::transport).
pub fn dispatch_req<F, H, ReqBody, ResBody>(
    req: Request<ReqBody>,
    engine: Arc<EngineIo<H>>,
) -> ResponseFuture<F, ResBody>
where
    ReqBody: http_body::Body + Send + Unpin + 'static,
    ReqBody::Data: Send,
    ReqBody::Error: std::fmt::Debug,
    ResBody: Send + 'static,
    H: EngineIoHandler,
    F: Future,
{
    match RequestInfo::parse(&req, &engine.config) {
        Ok(RequestInfo {
            protocol,
            sid: None,
            transport: TransportType::Polling,
            method: Method::GET,
            b64,
        }) => ResponseFuture::ready(polling::open_req(engine, protocol, req, !b64)),
        Ok(RequestInfo {
            protocol,
            sid: Some(sid),
            transport: TransportType::Polling,
            method: Method::GET,
            ..
        }) => ResponseFuture::async_response(Box::pin(polling::polling_req(engine, protocol, sid))),
        Ok(RequestInfo {
            protocol,
            sid: Some(sid),
            transport: TransportType::Polling,
            method: Method::POST,
            ..
        }) => {
            ResponseFuture::async_response(Box::pin(polling::post_req(engine, protocol, sid, req)))
        }
        Ok(RequestInfo {
            protocol,
            sid,
            transport: TransportType::Websocket,
            method: Method::GET,
            ..
        }) => ResponseFuture::ready(ws::new_req(engine, protocol, sid, req)),
        Err(e) => {
            #[cfg(feature = "tracing")]
            tracing::debug!("error parsing request: {:?}", e);
            ResponseFuture::ready(Ok(e.into()))
        }
        _req => {
            #[cfg(feature = "tracing")]
            tracing::debug!("invalid request: {:?}", _req);
            ResponseFuture::empty_response(400)
        }
    }
}

#[derive(thiserror::Error, Debug)]
pub enum ParseError {
    #[error("transport unknown")]
    UnknownTransport,
    #[error("bad handshake method")]
    BadHandshakeMethod,
    #[error("transport mismatch")]
    TransportMismatch,
    #[error("unsupported protocol version")]
    UnsupportedProtocolVersion,
    #[error("unknown session id")]
    UnknownSessionId,
}

/// Convert an error into an http response
/// If it is a known error, return the appropriate http status code
/// Otherwise, return a 500
impl<B> From<ParseError> for Response<ResponseBody<B>> {
    fn from(err: ParseError) -> Self {
        use ParseError::*;
        let conn_err_resp = |message: &'static str| {
            Response::builder()
                .status(400)
                .header("Content-Type", "application/json")
                .body(ResponseBody::custom_response(message.into()))
                .unwrap()
        };
        match err {
            UnknownTransport => conn_err_resp("{\"code\":\"0\",\"message\":\"Transport unknown\"}"),
            BadHandshakeMethod => {
                conn_err_resp("{\"code\":\"2\",\"message\":\"Bad handshake method\"}")
            }
            TransportMismatch => conn_err_resp("{\"code\":\"3\",\"message\":\"Bad request\"}"),
            UnsupportedProtocolVersion => {
                conn_err_resp("{\"code\":\"5\",\"message\":\"Unsupported protocol version\"}")
            }
            UnknownSessionId => {
                conn_err_resp("{\"code\":\"1\",\"message\":\"Session ID unknown\"}")
            }
        }
    }
}

/// The request information extracted from the request URI.
#[derive(Debug)]
pub struct RequestInfo {
    /// The protocol version used by the client.
    pub protocol: ProtocolVersion,
    /// The socket id if present in the request.
    pub sid: Option<Sid>,
    /// The transport type used by the client.
    pub transport: TransportType,
    /// The request method.
    pub method: Method,
    /// If the client asked for base64 encoding only.
    pub b64: bool,
}

impl RequestInfo {
    /// Parse the request URI to extract the [`TransportType`](crate::service::TransportType) and the socket id.
    pub(crate) fn parse<B>(req: &Request<B>, config: &EngineIoConfig) -> Result<Self, ParseError> {
        use ParseError::*;
        let query = req.uri().query().ok_or(UnknownTransport)?;

        let protocol: ProtocolVersion = query
            .split('&')
            .find(|s| s.starts_with("EIO="))
            .and_then(|s| s.split('=').nth(1))
            .and_then(|t| t.parse().ok())
            .ok_or(UnsupportedProtocolVersion)?;

        // A sid that can't be parsed can't match any session. It must
        // not be handled like a request without sid, which opens a new session.
        let sid = query
            .split('&')
            .find_map(|s| s.strip_prefix("sid="))
            .map(|s| s.parse().map_err(|_| UnknownSessionId))
            .transpose()?;

        let transport: TransportType = query
            .split('&')
            .find(|s| s.starts_with("transport="))
            .and_then(|s| s.split('=').nth(1))
            .and_then(|t| t.parse().ok())
            .ok_or(UnknownTransport)?;

        if !config.allowed_transport(transport) {
            return Err(TransportMismatch);
        }

        #[cfg(feature = "v3")]
        let b64: bool = query
            .split('&')
            .find_map(|s| s.strip_prefix("b64="))
            .map(|v| v == "1" || v == "true")
            .unwrap_or_default();

        #[cfg(not(feature = "v3"))]
        let b64: bool = false;

        let method = req.method().clone();
        if !matches!(method, Method::GET) && sid.is_none() {
            Err(BadHandshakeMethod)
        } else {
            Ok(RequestInfo {
                protocol,
                sid,
                transport,
                method,
                b64,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build_request(path: &str) -> Request<()> {
        Request::get(path).body(()).unwrap()
    }

    #[test]
    fn request_info_invalid_sid() {
        for sid in [
            "garbage",
            "",
            "AAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAA!",
            "é",
        ] {
            let req = build_request(&format!(
                "http://localhost:3000/socket.io/?EIO=4&transport=polling&sid={sid}"
            ));
            let err = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap_err();
            assert!(
                matches!(err, ParseError::UnknownSessionId),
                "{sid}: {err:?}"
            );
        }
    }

    #[test]
    fn request_info_valid_sid() {
        let sid = Sid::new();
        let req = build_request(&format!(
            "http://localhost:3000/socket.io/?EIO=4&transport=polling&sid={sid}"
        ));
        let info = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert_eq!(info.sid, Some(sid));
    }

    #[test]
    fn request_info_polling() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=4&transport=polling");
        let info = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert_eq!(info.sid, None);
        assert_eq!(info.transport, TransportType::Polling);
        assert_eq!(info.protocol, ProtocolVersion::V4);
        assert_eq!(info.method, Method::GET);
    }

    #[test]
    fn request_info_websocket() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=4&transport=websocket");
        let info = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert_eq!(info.sid, None);
        assert_eq!(info.transport, TransportType::Websocket);
        assert_eq!(info.protocol, ProtocolVersion::V4);
        assert_eq!(info.method, Method::GET);
    }

    #[test]
    #[cfg(feature = "v3")]
    fn request_info_polling_with_sid() {
        let req = build_request(
            "http://localhost:3000/socket.io/?EIO=3&transport=polling&sid=AAAAAAAAAAAAAAHs",
        );
        let info = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert_eq!(info.sid, Some("AAAAAAAAAAAAAAHs".parse().unwrap()));
        assert_eq!(info.transport, TransportType::Polling);
        assert_eq!(info.protocol, ProtocolVersion::V3);
        assert_eq!(info.method, Method::GET);
    }

    #[test]
    fn request_info_websocket_with_sid() {
        let req = build_request(
            "http://localhost:3000/socket.io/?EIO=4&transport=websocket&sid=AAAAAAAAAAAAAAHs",
        );
        let info = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert_eq!(info.sid, Some("AAAAAAAAAAAAAAHs".parse().unwrap()));
        assert_eq!(info.transport, TransportType::Websocket);
        assert_eq!(info.protocol, ProtocolVersion::V4);
        assert_eq!(info.method, Method::GET);
    }

    #[test]
    #[cfg(feature = "v3")]
    fn request_info_polling_with_bin_by_default() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=3&transport=polling");
        let req = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert!(!req.b64);
    }

    #[test]
    #[cfg(feature = "v3")]
    fn request_info_polling_withb64() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=3&transport=polling&b64=1");
        let req = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap();
        assert!(req.b64);
    }

    #[test]
    fn transport_unknown_err() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=4&transport=grpc");
        let err = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap_err();
        assert!(matches!(err, ParseError::UnknownTransport));
    }
    #[test]
    fn unsupported_protocol_version() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=2&transport=polling");
        let err = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap_err();
        assert!(matches!(err, ParseError::UnsupportedProtocolVersion));
    }
    #[test]
    fn bad_handshake_method() {
        let req = Request::post("http://localhost:3000/socket.io/?EIO=4&transport=polling")
            .body(())
            .unwrap();
        let err = RequestInfo::parse(&req, &EngineIoConfig::default()).unwrap_err();
        assert!(matches!(err, ParseError::BadHandshakeMethod));
    }

    #[test]
    fn unsupported_transport() {
        let req = build_request("http://localhost:3000/socket.io/?EIO=4&transport=polling");
        let err = RequestInfo::parse(
            &req,
            &EngineIoConfig::builder()
                .transports([TransportType::Websocket])
                .build(),
        )
        .unwrap_err();

        assert!(matches!(err, ParseError::TransportMismatch));

        let req = build_request("http://localhost:3000/socket.io/?EIO=4&transport=websocket");
        let err = RequestInfo::parse(
            &req,
            &EngineIoConfig::builder()
                .transports([TransportType::Polling])
                .build(),
        )
        .unwrap_err();

        assert!(matches!(err, ParseError::TransportMismatch))
    }
}
