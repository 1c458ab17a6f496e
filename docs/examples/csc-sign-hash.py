#!/usr/bin/env python3
"""An --external-signer for a remote signing service with the Cloud Signature Consortium API v2.

    CSC_ACCESS_TOKEN=... signet sign IN.pdf -o OUT.pdf --cert credential-cert.pem \\
        --external-signer 'docs/examples/csc-sign-hash.py https://signer.example/api CREDENTIAL-ID'

Reads the digest Signet writes on standard input, sends it to POST {BASE}/csc/v2/signatures/signHash
with the credential's ID, the hash and signature algorithm OIDs (and RSASSA-PSS parameters when asked),
and writes the first signature of the answer, raw, on standard output. The OAuth 2.0 access token
comes from the environment variable CSC_ACCESS_TOKEN (or the one --token-env names) and goes in the
Authorization header; Signature Activation Data, when the service wants it, from CSC_SAD (or --sad-env).
Neither ever goes on a command line. Plain http:// is refused except to this machine (127.0.0.1,
::1, localhost), so the token never crosses a network unencrypted. Standard library only.
"""

import argparse
import base64
import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request

HASH_OIDS = {"sha256": "2.16.840.1.101.3.4.2.1", "sha384": "2.16.840.1.101.3.4.2.2", "sha512": "2.16.840.1.101.3.4.2.3"}
ECDSA_OIDS = {"sha256": "1.2.840.10045.4.3.2", "sha384": "1.2.840.10045.4.3.3", "sha512": "1.2.840.10045.4.3.4"}
RSA_OID = "1.2.840.113549.1.1.1"
PSS_OID = "1.2.840.113549.1.1.10"


def der(tag, body):
    """One DER element (lengths below 128 bytes are all these parameters need)."""
    return bytes([tag, len(body)]) + body


def pss_parameters(digest_name):
    """DER RSASSA-PSS-params: the hash, MGF1 with the same hash, a salt as long as the digest (RFC 4055)."""
    oid = HASH_OIDS[digest_name]
    first, second, *rest = (int(part) for part in oid.split("."))
    encoded = bytes([40 * first + second])
    for number in rest:
        chunk = [number & 0x7F]
        number >>= 7
        while number:
            chunk.insert(0, 0x80 | (number & 0x7F))
            number >>= 7
        encoded += bytes(chunk)
    hash_algorithm = der(0x30, der(0x06, encoded) + b"\x05\x00")
    mgf1 = der(0x30, der(0x06, bytes.fromhex("2a864886f70d010108")) + hash_algorithm)
    salt = {"sha256": 32, "sha384": 48, "sha512": 64}[digest_name]
    return der(0x30, der(0xA0, hash_algorithm) + der(0xA1, mgf1) + der(0xA2, der(0x02, bytes([salt]))))


def fail(message):
    print(f"csc-sign-hash.py: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    parser = argparse.ArgumentParser(description="sign Signet's digest with a CSC API v2 service")
    parser.add_argument("base", help="the service's base URL; the request goes to BASE/csc/v2/signatures/signHash")
    parser.add_argument("credential", help="the credentialID of the signing key")
    parser.add_argument("--token-env", default="CSC_ACCESS_TOKEN", help="variable holding the OAuth access token")
    parser.add_argument("--sad-env", default="CSC_SAD", help="variable holding the Signature Activation Data")
    arguments = parser.parse_args()

    url = arguments.base.rstrip("/") + "/csc/v2/signatures/signHash"
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "https" and not (parts.scheme == "http" and parts.hostname in ("127.0.0.1", "::1", "localhost")):
        fail(f"{arguments.base} is not https://; the access token is only sent encrypted")
    token = os.environ.get(arguments.token_env)
    if not token:
        fail(f"no access token: set {arguments.token_env}")
    digest_name = os.environ.get("SIGNET_DIGEST_ALGORITHM", "")
    algorithm = os.environ.get("SIGNET_SIGNATURE_ALGORITHM", "")
    if digest_name not in HASH_OIDS:
        fail(f"unknown SIGNET_DIGEST_ALGORITHM '{digest_name}'")
    digest = sys.stdin.buffer.read()

    request = {
        "credentialID": arguments.credential,
        "hashes": [base64.b64encode(digest).decode()],
        "hashAlgorithmOID": HASH_OIDS[digest_name],
    }
    if algorithm == "rsa-pkcs1":
        request["signAlgo"] = RSA_OID
    elif algorithm == "rsa-pss":
        request["signAlgo"] = PSS_OID
        request["signAlgoParams"] = base64.b64encode(pss_parameters(digest_name)).decode()
    elif algorithm == "ecdsa":
        request["signAlgo"] = ECDSA_OIDS[digest_name]
    else:
        fail(f"unknown SIGNET_SIGNATURE_ALGORITHM '{algorithm}'")
    if os.environ.get(arguments.sad_env):
        request["SAD"] = os.environ[arguments.sad_env]

    call = urllib.request.Request(
        url,
        data=json.dumps(request).encode(),
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
        method="POST",
    )
    try:
        with urllib.request.urlopen(call, timeout=60) as response:
            answer = json.load(response)
    except urllib.error.HTTPError as error:
        detail = error.read().decode(errors="replace").strip().replace("\n", " ")[:300]
        fail(f"{url} answered HTTP {error.code}: {detail}")
    except (urllib.error.URLError, OSError, ValueError) as error:
        fail(f"{url}: {error}")
    signatures = answer.get("signatures") if isinstance(answer, dict) else None
    if not signatures:
        fail(f"{url} answered without signatures: {json.dumps(answer)[:300]}")
    sys.stdout.buffer.write(base64.b64decode(signatures[0]))


if __name__ == "__main__":
    main()
