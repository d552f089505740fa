#!/usr/bin/env python3
"""A scripted HTTP server on 127.0.0.1 for the http plugin's end-to-end tests.

Usage: server.py [--token TOKEN] [--samples DIR] [--tls-cert PEM --tls-key PEM]
Listens on a free port and prints it on stdout once ready. Each path plays one scenario;
hits are counted per path for this server's life (one server per test), readable at
/hits/NAME. It never echoes request headers back.
"""
import argparse
import json
import math
import sys
import threading
import time
from email.utils import formatdate
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

def envelope(name, count, status=200, message="ok"):
    transactions = [
        {"type": n % 2, "vendor": f"Vendor {n}", "amount": 10 + n, "date": f"2021-09-{n % 28 + 1:02d} 10:00:00"}
        for n in range(count)
    ]
    return json.dumps({"status": status, "message": message,
                       "body": {"name": name, "currentBalance": 100, "currency": "USD", "transactions": transactions}})

OK = envelope("HTTP Checking", 3).encode()
BIG = envelope("Big Account", 400).encode()      # ~30 KB, valid: only max-bytes may stop it
DRIP = envelope("Dripped Account", 4).encode()

def http_date(when, name):
    """The three HTTP-date forms of RFC 9110 5.6.7, picked by the path's suffix."""
    t = time.gmtime(when)
    if name.endswith("-rfc850"):
        return time.strftime("%A, %d-%b-%y %H:%M:%S GMT", t)
    if name.endswith("-asctime"):
        return time.strftime("%a %b ", t) + f"{t.tm_mday:2d}" + time.strftime(" %H:%M:%S %Y", t)
    return formatdate(when, usegmt=True)

hits = {}
hits_lock = threading.Lock()

class Handler(BaseHTTPRequestHandler):
    token = None
    samples = None

    def log_message(self, *args):  # quiet: the test's output is the CLI's
        pass

    def send(self, status, body, content_type="application/json", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        name = path.strip("/").split("/", 1)[0]
        with hits_lock:
            hits[name] = hits.get(name, 0) + 1
            count = hits[name]

        if name == "hits":
            seen = hits.get(path.strip("/").split("/", 1)[1], 0)
            return self.send(200, json.dumps({"hits": seen}).encode())
        if name == "ok":
            return self.send(200, OK)
        if name == "envelope-failure":
            return self.send(200, json.dumps({"status": 500, "message": "account locked by the bank", "body": None}).encode())
        if name == "flaky":  # 503, 503, then 200
            return self.send(200, OK) if count >= 3 else self.send(503, b"busy", "text/plain")
        if name == "down":
            return self.send(503, b"down", "text/plain")
        if name == "throttled":  # 429 asking for 1 s, then 200
            if count == 1:
                return self.send(429, b"slow down", "text/plain", [("Retry-After", "1")])
            return self.send(200, OK)
        if name.startswith("throttled-until"):  # 503 until an HTTP-date 3-4 s ahead, then 200
            if count == 1:
                # The next whole second and 3 more: 3 to 4 s ahead when sent, never more.
                until = math.ceil(time.time()) + 3
                return self.send(503, b"maintenance", "text/plain", [("Retry-After", http_date(until, name))])
            return self.send(200, OK)
        if name == "throttled-long":  # asks for an hour, as an HTTP-date
            return self.send(503, b"maintenance", "text/plain", [("Retry-After", formatdate(time.time() + 3600, usegmt=True))])
        if name == "throttled-forever":  # a Retry-After no integer holds
            return self.send(503, b"maintenance", "text/plain", [("Retry-After", "99999999999999999999")])
        if name == "versioned":  # only its own media type, read as a server reads it: the first Accept
            if self.headers.get("Accept") == "application/vnd.bank.v2+json":
                return self.send(200, OK)
            return self.send(406, b"not acceptable", "text/plain")
        if name == "missing":
            return self.send(404, b"no such account", "text/plain")
        if name == "odd-status":  # a status outside HTTP's 100-599
            return self.send(600, b"odd", "text/plain")
        if name == "slow":
            time.sleep(60)
            return self.send(200, OK)
        if name.startswith("quick"):
            return self.send(200, OK)
        if name == "hold-for-quick":  # /hold-for-quick/N: answers once N quick-* requests came
            want = int(path.strip("/").split("/")[1])
            deadline = time.time() + 20
            while True:
                with hits_lock:
                    seen = sum(v for k, v in hits.items() if k.startswith("quick"))
                if seen >= want:
                    return self.send(200, OK)
                if time.time() > deadline:
                    message = f"only {seen} of {want} quick sources were asked while this one was held"
                    return self.send(200, json.dumps({"status": 500, "message": message, "body": None}).encode())
                time.sleep(0.02)
        if name == "secret":
            if Handler.token is not None and self.headers.get("Authorization") == Handler.token:
                return self.send(200, OK)
            return self.send(401, b"unauthorized", "text/plain", [("WWW-Authenticate", "Bearer")])
        if name == "truncated":  # promises 1000 bytes, sends 100, hangs up
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", "1000")
            self.end_headers()
            self.wfile.write(OK[:100])
            self.wfile.flush()
            self.close_connection = True
            return
        if name == "trailer":  # chunked JSON whose trailer names another type: not the header's
            self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
                             b"Trailer: Content-Type\r\nConnection: close\r\n\r\n")
            self.wfile.write(b"%x\r\n%s\r\n0\r\nContent-Type: text/html\r\n\r\n" % (len(OK), OK))
            self.wfile.flush()
            self.close_connection = True
            return
        if name == "html":
            return self.send(200, b"<!DOCTYPE html><html><body>Please log in</body></html>", "text/html; charset=utf-8")
        if name == "big":
            return self.send(200, BIG)
        if name == "big-stream":  # no Content-Length: the body ends when the connection closes
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            for start in range(0, len(BIG), 1024):
                self.wfile.write(BIG[start:start + 1024])
            self.close_connection = True
            return
        if name in ("lines", "lines-stream"):  # NDJSON; -stream without Content-Length, ended by closing
            body = (OK + b"\n" + DRIP + b"\n")
            if name == "lines":
                return self.send(200, body, "application/x-ndjson")
            self.send_response(200)
            self.send_header("Content-Type", "application/x-ndjson")
            self.end_headers()
            self.wfile.write(body)
            self.close_connection = True
            return
        if name == "drip":  # a slow link: ~60 small pieces 60 ms apart, over ~3.6 s
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(DRIP)))
            self.end_headers()
            step = max(1, len(DRIP) // 60)
            for start in range(0, len(DRIP), step):
                self.wfile.write(DRIP[start:start + step])
                self.wfile.flush()
                time.sleep(0.06)
            return
        if name == "redirect-home":  # same origin: configured headers go along
            return self.send(302, b"", "text/plain", [("Location", "/auth-seen")])
        if name == "redirect-away":  # another origin (localhost, not 127.0.0.1): they must not
            port = self.server.server_address[1]
            return self.send(302, b"", "text/plain", [("Location", f"http://localhost:{port}/auth-seen")])
        if name == "auth-seen":  # says whether an Authorization header came, never what it was
            seen = "present" if self.headers.get("Authorization") else "absent"
            return self.send(200, envelope("auth " + seen, 1).encode())
        if name == "users":  # the account is named after the raw path, to check encoding
            return self.send(200, envelope(path, 1).encode())
        if name == "accounts" and Handler.samples and ".." not in path:
            try:
                with open(Handler.samples + path, "rb") as f:
                    return self.send(200, f.read())
            except OSError:
                pass
        return self.send(404, b"unknown path", "text/plain")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--token")
    parser.add_argument("--samples")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    args = parser.parse_args()
    Handler.token = args.token
    Handler.samples = args.samples
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    if args.tls_cert:  # HTTPS with a self-signed certificate: clients must refuse it
        import ssl
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(args.tls_cert, args.tls_key)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    print(server.server_address[1], flush=True)
    server.serve_forever()

if __name__ == "__main__":
    main()
