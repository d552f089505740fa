#!/usr/bin/env python3
"""A hostile HTTP server on 127.0.0.1 for the http plugin's limit tests.

Usage: hostile.py
Listens on a free port and prints it on stdout once ready. Each path plays one attack; what
the server managed to do is readable at /report/NAME as JSON: how many requests came
("hits"), the Accept-Encoding the last one asked for ("accept_encoding"), how many body bytes
the client accepted ("sent") and whether the client hung up before the whole body was sent
("cut").

  /gzip-bomb       200, Content-Encoding: gzip, no Content-Length: a few MB of gzip that
                   inflate to 4 GiB of spaces, compressed while sent (so a client that stops
                   reading costs the server nothing more)
  /gzip-envelope   200, Content-Encoding: gzip whatever was asked: a valid envelope of 2
                   transactions, compressed (the honest case)
  /huge-length     200 with a Content-Length of 1 GiB, then that many bytes for as long as the
                   client takes them
  /huge-header     200 with one header line of 200 KB
  /bare-status     "HTTP/1.1 200" without a reason phrase: valid, to be read
  /bad-status      a status line that is no HTTP status line ("HTTP/1.1 OK 200")
"""
import gzip
import json
import socket
import sys
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

BOMB_SIZE = 4 << 30     # inflated
HUGE_LENGTH = 1 << 30   # promised and, if taken, sent
CHUNK = 1 << 20

reports = {}


def empty():
    return {"hits": 0, "sent": 0, "cut": False, "accept_encoding": None}


reports_lock = threading.Lock()


def report(name, **changes):
    with reports_lock:
        entry = reports.setdefault(name, empty())
        for key, value in changes.items():
            entry[key] = entry[key] + value if key in ("hits", "sent") else value


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):  # quiet: the test's output is the CLI's
        pass

    def body(self, name, pieces):
        """Writes each piece, counting what the client took, until the pieces end or it hangs up."""
        try:
            for piece in pieces:
                self.wfile.write(piece)
                report(name, sent=len(piece))
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, socket.timeout):
            report(name, cut=True)
        self.close_connection = True

    def do_GET(self):
        name = self.path.split("?", 1)[0].strip("/").split("/", 1)[0]
        if name == "report":
            wanted = self.path.strip("/").split("/", 1)[1]
            with reports_lock:
                text = json.dumps(reports.get(wanted, empty())).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            self.wfile.write(text)
            return
        report(name, hits=1, accept_encoding=self.headers.get("Accept-Encoding"))
        if name == "gzip-bomb":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Connection", "close")
            self.end_headers()

            def pieces():
                deflate = zlib.compressobj(9, zlib.DEFLATED, 31)  # 31: a gzip header and trailer
                spaces = b" " * CHUNK
                for _ in range(BOMB_SIZE // CHUNK):
                    piece = deflate.compress(spaces)
                    if piece:
                        yield piece
                yield deflate.flush()
            return self.body(name, pieces())
        if name == "gzip-envelope":
            text = gzip.compress(json.dumps({"status": 200, "body": {"name": "Zipped", "transactions": [
                {"type": 1, "vendor": "Z1", "amount": 1.5, "date": "2021-01-01 10:00:00"},
                {"type": 0, "vendor": "Z2", "amount": 2, "date": "2021-01-02 10:00:00"}]}}).encode())
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            return self.body(name, [text])
        if name == "huge-length":
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(HUGE_LENGTH))
            self.end_headers()
            spaces = b" " * CHUNK
            return self.body(name, (spaces for _ in range(HUGE_LENGTH // CHUNK)))
        if name == "huge-header":
            text = b'{"status":200,"body":{"name":"Padded","transactions":[]}}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("X-Padding", "a" * 200_000)
            self.send_header("Content-Length", str(len(text)))
            self.end_headers()
            return self.body(name, [text])
        if name == "bare-status":
            text = b'{"status":200,"body":{"name":"Bare","transactions":[]}}'
            head = b"HTTP/1.1 200\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(text)
            return self.body(name, [head + text])
        if name == "bad-status":
            text = b'{"status":200,"body":{"name":"Odd","transactions":[]}}'
            head = b"HTTP/1.1 OK 200\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n" % len(text)
            return self.body(name, [head + text])
        self.send_response(404)
        self.send_header("Content-Length", "0")
        self.end_headers()


def main():
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
