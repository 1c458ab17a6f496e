"""A stand-in remote signing service for Signet's external-signer tests, on 127.0.0.1.

    python3 fake_signing_service.py RSA-KEY.pem EC-KEY.pem TOKEN LOG

Serves the two requests the recipes in docs/cli.md make, signing with openssl pkeyutl:
  POST /csc/v2/signatures/signHash         (Cloud Signature Consortium API v2)
  POST /v1/{key version}:asymmetricSign    (Google Cloud KMS REST, the key is RSA PKCS#1)
Each checks the bearer token and the request's fields, answers 400/401 with a JSON error when they
are wrong, and appends one line per request to LOG. Prints its port on standard output once
it listens; stops when standard input closes.
"""

import base64
import http.server
import json
import subprocess
import sys
import threading

RSA_KEY, EC_KEY, TOKEN, LOG = sys.argv[1:5]
SHA256 = "2.16.840.1.101.3.4.2.1"
PSS_PARAMETERS = bytes.fromhex(
    "3034a00f300d06096086480165030402010500a11c301a06092a864886f70d010108300d06096086480165030402010500a203020120"
)
CSC_ALGORITHMS = {
    "1.2.840.113549.1.1.1": (RSA_KEY, []),
    "1.2.840.113549.1.1.10": (RSA_KEY, ["-pkeyopt", "rsa_padding_mode:pss", "-pkeyopt", "rsa_pss_saltlen:digest"]),
    "1.2.840.10045.4.3.2": (EC_KEY, []),
}


def sign(key, options, digest):
    command = ["openssl", "pkeyutl", "-sign", "-inkey", key, "-pkeyopt", "digest:sha256"] + options
    return subprocess.run(command, input=digest, capture_output=True, check=True).stdout


class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self, status, body):
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def refuse(self, status, why):
        self.answer(status, {"error": "invalid_request", "error_description": why})

    def do_POST(self):
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", "0"))) or b"{}")
        with open(LOG, "a") as log:
            log.write(f"{self.path} {json.dumps(body, sort_keys=True)}\n")
        if self.headers.get("Authorization") != f"Bearer {TOKEN}":
            return self.refuse(401, "the access token is missing or wrong")
        if self.path == "/csc/v2/signatures/signHash":
            return self.sign_hash(body)
        if self.path.startswith("/v1/projects/") and self.path.endswith(":asymmetricSign"):
            digest = base64.b64decode(body.get("digest", {}).get("sha256", ""))
            if len(digest) != 32:
                return self.refuse(400, "digest.sha256 must be 32 bytes")
            signature = sign(RSA_KEY, [], digest)
            return self.answer(200, {"signature": base64.b64encode(signature).decode(), "name": self.path[4:-15]})
        self.refuse(404, f"no such method {self.path}")

    def sign_hash(self, body):
        if body.get("credentialID") != "signet-credential":
            return self.refuse(400, "unknown credentialID")
        if body.get("hashAlgorithmOID") != SHA256:
            return self.refuse(400, "hashAlgorithmOID must be SHA-256")
        algorithm = CSC_ALGORITHMS.get(body.get("signAlgo"))
        if algorithm is None:
            return self.refuse(400, "unsupported signAlgo")
        if body["signAlgo"] == "1.2.840.113549.1.1.10" and base64.b64decode(body.get("signAlgoParams", "")) != PSS_PARAMETERS:
            return self.refuse(400, "signAlgoParams must be RSASSA-PSS with SHA-256, MGF1-SHA-256, salt 32")
        hashes = [base64.b64decode(value) for value in body.get("hashes", [])]
        if not hashes or any(len(value) != 32 for value in hashes):
            return self.refuse(400, "hashes must be base64 SHA-256 digests")
        signatures = [base64.b64encode(sign(algorithm[0], algorithm[1], value)).decode() for value in hashes]
        self.answer(200, {"signatures": signatures})

    def log_message(self, *arguments):
        pass


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
threading.Thread(target=server.serve_forever, daemon=True).start()
print(server.server_address[1], flush=True)
sys.stdin.read()
server.shutdown()
