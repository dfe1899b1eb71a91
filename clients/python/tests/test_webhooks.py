"""Webhook deliveries from a live server, checked with seedpost.webhooks."""

import http.server
import queue
import threading
import time

import pytest

from seedpost.webhooks import SignatureError, parse_delivery, sign, verify

SECRET = "sixteen or more characters"


class Receiver(http.server.BaseHTTPRequestHandler):
    received: "queue.Queue" = queue.Queue()

    def do_POST(self):  # noqa: N802 - the stdlib's name
        body = self.rfile.read(int(self.headers["Content-Length"]))
        self.received.put((self.headers, body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args):
        pass


@pytest.fixture
def receiver():
    httpd = http.server.HTTPServer(("127.0.0.1", 0), Receiver)
    Receiver.received = queue.Queue()
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{httpd.server_port}/hook", Receiver.received
    httpd.shutdown()
    httpd.server_close()


def test_a_live_delivery_verifies_and_a_tampered_one_does_not(server, receiver):
    url, received = receiver
    a, alice = server.account("hooked")
    b, bob = server.account("sender")
    alice.create_webhook(url, SECRET)
    challenge = bob.create_challenge("modiar", opponent=a)
    headers, body = received.get(timeout=20)
    event = parse_delivery(SECRET, headers, body)
    assert event["type"] == "challenge" and event["challenge"]["id"] == challenge["id"]
    assert headers["Seedpost-Event"] == "challenge"
    signature = headers["Seedpost-Signature"]
    with pytest.raises(SignatureError):
        verify(SECRET, signature, body.replace(b"modiar", b"tihbat"))
    with pytest.raises(SignatureError):
        verify("another secret of some length", signature, body)
    t = int(signature.split(",")[0][2:])
    with pytest.raises(SignatureError):
        verify(SECRET, signature, body, now=t + 3600)
    with pytest.raises(SignatureError):
        verify(SECRET, None, body)
    with pytest.raises(SignatureError):
        verify(SECRET, "v1=abc", body)


def test_sign_and_verify_agree_and_take_text_or_bytes():
    t = int(time.time())
    header = sign(SECRET, '{"type":"move"}', t)
    verify(SECRET, header, b'{"type":"move"}')
    verify(SECRET, header, '{"type":"move"}')
