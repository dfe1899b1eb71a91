//! A Web Push service stand-in on a loopback port: devices with their own P-256 keys
//! and auth secrets, whose endpoints check each request as a browser's push service
//! does and as the device would.
//!
//! Every request must carry a VAPID `Authorization` (RFC 8292) whose ES256 signature
//! verifies with the server's public key, whose `aud` is the endpoint's origin, whose
//! `exp` is in the future and at most 24 h ahead, and which names a `sub` contact; its
//! body is decrypted (RFC 8291, `aes128gcm`) with the device's private key and auth
//! secret by the code here, not by the crate the server encrypts with. Each device
//! answers the statuses it is told to, then 201.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use aes_gcm::aead::{Aead, KeyInit};
use aes_gcm::{Aes128Gcm, Nonce};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use hkdf::Hkdf;
use p256::ecdsa::signature::Verifier;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint;
use serde_json::Value;
use sha2::Sha256;

/// A notification as the device got it.
#[derive(Debug, Clone)]
pub struct Received {
    /// The decrypted payload.
    pub payload: Value,
    /// The `TTL` header.
    pub ttl: u64,
    /// The `Urgency` header.
    pub urgency: String,
    /// The `Topic` header, if any.
    pub topic: Option<String>,
}

/// One device: its keys, what it got, and what its endpoint answers next.
struct Device {
    secret: p256::SecretKey,
    auth: [u8; 16],
    answers: VecDeque<u16>,
    received: Vec<Received>,
    /// Requests, answered or not, including refused ones.
    requests: usize,
}

#[derive(Default)]
struct Inner {
    devices: HashMap<String, Device>,
    /// What failed a check: a test asserts it stays empty.
    errors: Vec<String>,
    /// The VAPID public key every request must be signed with.
    vapid_key: Option<String>,
}

/// The push service stand-in.
#[derive(Clone)]
pub struct PushService {
    /// `http://127.0.0.1:<port>`.
    pub origin: String,
    inner: Arc<Mutex<Inner>>,
}

/// base64url without padding.
pub fn b64(bytes: &[u8]) -> String {
    use base64ct::{Base64UrlUnpadded, Encoding};
    Base64UrlUnpadded::encode_string(bytes)
}

fn unb64(text: &str) -> Option<Vec<u8>> {
    use base64ct::{Base64UrlUnpadded, Encoding};
    Base64UrlUnpadded::decode_vec(text).ok()
}

impl PushService {
    /// Starts it on a loopback port; requests must be signed with `vapid_key` (the
    /// server's public key, base64url).
    pub async fn start(vapid_key: &str) -> PushService {
        let inner = Arc::new(Mutex::new(Inner {
            vapid_key: Some(vapid_key.to_owned()),
            ..Inner::default()
        }));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("port 0 binds");
        let origin = format!("http://{}", listener.local_addr().expect("an address"));
        let app = axum::Router::new()
            .route("/push/{device}", post(receive))
            .with_state((inner.clone(), origin.clone()));
        tokio::spawn(async move { axum::serve(listener, app).await });
        PushService { origin, inner }
    }

    /// A new device: its `PushSubscription` JSON, as a browser gives it.
    pub fn device(&self, name: &str) -> Value {
        let secret = p256::SecretKey::random(&mut p256::elliptic_curve::rand_core::OsRng);
        let mut auth = [0u8; 16];
        rand::fill(&mut auth);
        let json = serde_json::json!({
            "endpoint": format!("{}/push/{name}", self.origin),
            "expirationTime": null,
            "keys": {
                "p256dh": b64(secret.public_key().to_encoded_point(false).as_bytes()),
                "auth": b64(&auth),
            }
        });
        self.lock().devices.insert(
            name.to_owned(),
            Device {
                secret,
                auth,
                answers: VecDeque::new(),
                received: Vec::new(),
                requests: 0,
            },
        );
        json
    }

    /// Makes the device's endpoint answer `statuses` to its next requests (then 201).
    pub fn answer(&self, device: &str, statuses: &[u16]) {
        let mut inner = self.lock();
        let device = inner.devices.get_mut(device).expect("a device");
        device.answers.extend(statuses);
    }

    /// The notifications the device accepted (answered 201), in order.
    pub fn received(&self, device: &str) -> Vec<Received> {
        self.lock().devices[device].received.clone()
    }

    /// Requests the device's endpoint got, however answered.
    pub fn requests(&self, device: &str) -> usize {
        self.lock().devices[device].requests
    }

    /// Panics if any request failed a check.
    #[track_caller]
    pub fn assert_all_valid(&self) {
        let errors = self.lock().errors.clone();
        assert!(errors.is_empty(), "invalid push requests: {errors:?}");
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().expect("the push service's state")
    }
}

type Shared = (Arc<Mutex<Inner>>, String);

async fn receive(
    State((inner, origin)): State<Shared>,
    Path(name): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> StatusCode {
    let mut inner = inner.lock().expect("the push service's state");
    let vapid_key = inner.vapid_key.clone().unwrap_or_default();
    let Some(device) = inner.devices.get_mut(&name) else {
        return StatusCode::NOT_FOUND;
    };
    device.requests += 1;
    let checked = check(&headers, &body, &origin, &vapid_key, device);
    match checked {
        Err(error) => {
            inner.errors.push(format!("{name}: {error}"));
            StatusCode::BAD_REQUEST
        }
        Ok(received) => {
            let status = device.answers.pop_front().unwrap_or(201);
            if status == 201 {
                device.received.push(received);
            }
            StatusCode::from_u16(status).expect("a status")
        }
    }
}

fn header<'h>(headers: &'h HeaderMap, name: &str) -> Result<&'h str, String> {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .ok_or_else(|| format!("no {name} header"))
}

/// Checks a request to `device` as a push service and the device would.
fn check(
    headers: &HeaderMap,
    body: &[u8],
    origin: &str,
    vapid_key: &str,
    device: &Device,
) -> Result<Received, String> {
    check_vapid(header(headers, "authorization")?, origin, vapid_key)?;
    if header(headers, "content-encoding")? != "aes128gcm" {
        return Err("Content-Encoding is not aes128gcm".to_owned());
    }
    let ttl: u64 = header(headers, "ttl")?
        .parse()
        .map_err(|_| "TTL is not a number".to_owned())?;
    let urgency = header(headers, "urgency")?.to_owned();
    if !["very-low", "low", "normal", "high"].contains(&urgency.as_str()) {
        return Err(format!("Urgency {urgency}"));
    }
    let topic = headers
        .get("topic")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    if let Some(topic) = &topic
        && (topic.len() > 32 || unb64(topic).is_none())
    {
        return Err(format!(
            "Topic {topic} is not at most 32 base64url characters"
        ));
    }
    let plain = decrypt(body, &device.secret, &device.auth)?;
    let payload = serde_json::from_slice(&plain).map_err(|e| format!("payload: {e}"))?;
    Ok(Received {
        payload,
        ttl,
        urgency,
        topic,
    })
}

/// Checks `vapid t=<JWT>, k=<key>` (RFC 8292).
fn check_vapid(authorization: &str, origin: &str, vapid_key: &str) -> Result<(), String> {
    let rest = authorization
        .strip_prefix("vapid ")
        .ok_or("not a vapid authorization")?;
    let mut token = None;
    let mut key = None;
    for part in rest.split(',') {
        let part = part.trim();
        if let Some(t) = part.strip_prefix("t=") {
            token = Some(t);
        } else if let Some(k) = part.strip_prefix("k=") {
            key = Some(k);
        }
    }
    let (token, key) = token.zip(key).ok_or("no t= or k=")?;
    if key != vapid_key {
        return Err("k is not the server's VAPID public key".to_owned());
    }
    let verifying = VerifyingKey::from_sec1_bytes(&unb64(key).ok_or("k is not base64url")?)
        .map_err(|e| format!("k: {e}"))?;
    let mut parts = token.split('.');
    let (Some(head_text), Some(claims), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err("the token is not a JWS".to_owned());
    };
    let head: Value = serde_json::from_slice(&unb64(head_text).ok_or("header")?)
        .map_err(|e| format!("header: {e}"))?;
    if head["alg"] != "ES256" {
        return Err(format!("alg {}", head["alg"]));
    }
    let signature = Signature::from_slice(&unb64(signature).ok_or("signature")?)
        .map_err(|e| format!("signature: {e}"))?;
    verifying
        .verify(format!("{head_text}.{claims}").as_bytes(), &signature)
        .map_err(|_| "the ES256 signature does not verify".to_owned())?;
    let claims: Value = serde_json::from_slice(&unb64(claims).ok_or("claims")?)
        .map_err(|e| format!("claims: {e}"))?;
    if claims["aud"] != origin {
        return Err(format!("aud {} is not {origin}", claims["aud"]));
    }
    let now = chrono::Utc::now().timestamp();
    let exp = claims["exp"].as_i64().ok_or("no exp")?;
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp {exp} is not within 24 h of {now}"));
    }
    if claims["sub"].as_str().is_none_or(str::is_empty) {
        return Err("no sub".to_owned());
    }
    Ok(())
}

/// RFC 8291 / RFC 8188 decryption of one `aes128gcm` record.
fn decrypt(body: &[u8], secret: &p256::SecretKey, auth: &[u8; 16]) -> Result<Vec<u8>, String> {
    // Header: salt (16), record size (4), key id length (1), key id (the sender's
    // public key, 65).
    if body.len() < 21 {
        return Err("body shorter than its header".to_owned());
    }
    let salt = &body[..16];
    let id_len = usize::from(body[20]);
    if id_len != 65 || body.len() < 21 + id_len {
        return Err(format!("key id of {id_len} bytes"));
    }
    let sender = p256::PublicKey::from_sec1_bytes(&body[21..21 + id_len])
        .map_err(|e| format!("key id: {e}"))?;
    let record = &body[21 + id_len..];
    let shared = p256::ecdh::diffie_hellman(secret.to_nonzero_scalar(), sender.as_affine());
    // IKM = HKDF(auth, ecdh, "WebPush: info" 0x00 ua_public as_public, 32).
    let mut info = b"WebPush: info\0".to_vec();
    info.extend_from_slice(secret.public_key().to_encoded_point(false).as_bytes());
    info.extend_from_slice(sender.to_encoded_point(false).as_bytes());
    let mut ikm = [0u8; 32];
    Hkdf::<Sha256>::new(Some(auth), shared.raw_secret_bytes())
        .expand(&info, &mut ikm)
        .map_err(|e| e.to_string())?;
    let prk = Hkdf::<Sha256>::new(Some(salt), &ikm);
    let mut cek = [0u8; 16];
    prk.expand(b"Content-Encoding: aes128gcm\0", &mut cek)
        .map_err(|e| e.to_string())?;
    let mut nonce = [0u8; 12];
    prk.expand(b"Content-Encoding: nonce\0", &mut nonce)
        .map_err(|e| e.to_string())?;
    let plain = Aes128Gcm::new_from_slice(&cek)
        .map_err(|e| e.to_string())?
        .decrypt(Nonce::from_slice(&nonce), record)
        .map_err(|_| "the record does not decrypt".to_owned())?;
    // The last record ends in 0x02 and zero padding.
    let end = plain
        .iter()
        .rposition(|b| *b != 0)
        .ok_or("no padding delimiter")?;
    if plain[end] != 2 {
        return Err(format!("padding delimiter {}", plain[end]));
    }
    Ok(plain[..end].to_vec())
}
