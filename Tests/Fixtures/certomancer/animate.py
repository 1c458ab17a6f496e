#!/usr/bin/env python3
"""Serves Signet's test PKI (certomancer.yml) with Certomancer's Animator on 127.0.0.1.

    animate.py OUT_DIR [--port N]

Binds 127.0.0.1 (a free port unless --port), loads the config with the external URL prefix
http://127.0.0.1:PORT (so the certificates' AIA OCSP and CRL URLs point here), writes the PKI's
certificates and the signers' keys into OUT_DIR (PEM, and PKCS#12 with the password in
$SIGNET_FIXTURE_P12_PASSWORD), prints one line `{"port": N, "url": ...}` and serves until its standard input ends (the test
process that started it exited, however it exited) or it is killed.

Besides the Animator's own paths (/signet/tsa/tsa, /signet/ocsp/interm, /signet/crls/root/latest.crl…)
it serves misbehaving timestamp authorities for the tests of what Signet refuses:
    /fake/bad-nonce      a granted reply whose nonce is not the request's
    /fake/bad-imprint    a granted reply over another imprint
    /fake/rejection      status rejection, failure unacceptedPolicy
    /fake/http-500       an HTTP 500
    /fake/wrong-type     a reply sent as text/html
    /fake/no-eku         a token signed by a certificate without the timeStamping EKU
    /fake/basic-auth     the real TSA behind HTTP basic auth (user signet, password in
                         $SIGNET_FIXTURE_TSA_PASSWORD); 401 without it
    /fake/bearer         the same behind a bearer token ($SIGNET_FIXTURE_TSA_PASSWORD)
    /fake/slow           answers after 5 seconds
    /fake/redirect-loop  redirects to itself, forever
"""
import base64
import json
import os
import sys
import threading
import time

from asn1crypto import core, tsp
from certomancer.integrations.animator import Animator, AnimatorArchStore
from certomancer.registry import CertLabel, CertomancerConfig, KeyLabel, ServiceLabel
from cryptography.hazmat.primitives.serialization import load_der_private_key
from werkzeug.serving import make_server
from werkzeug.wrappers import Request, Response

HERE = os.path.dirname(os.path.abspath(__file__))
ARCH = "signet"


def export(arch, out_dir, p12_password):
    """The PKI's files for the tests: certificates, chains, signer keys and bundles."""

    def write(name, data):
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(data)

    def pem(label):
        return arch.get_cert(CertLabel(label)).dump()

    from cryptography import x509
    from cryptography.hazmat.primitives import serialization

    def pem_text(label):
        return x509.load_der_x509_certificate(pem(label)).public_bytes(serialization.Encoding.PEM)

    for label in ["root", "interm", "signer", "revoked", "tsa", "ocsp", "tsa-noeku"]:
        write(f"{label}.pem", pem_text(label))
    write("chain.pem", pem_text("interm") + pem_text("root"))
    for label in ["signer", "revoked"]:
        key = load_der_private_key(arch.key_set.get_private_key(KeyLabel(label)).dump(), password=None)
        write(
            f"{label}.key",
            key.private_bytes(
                serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
            ),
        )
        write(f"{label}.p12", arch.package_pkcs12(CertLabel(label), password=p12_password.encode()))


class FakeAuthorities:
    """Misbehaving TSAs in front of the Animator; every other path goes to the Animator."""

    def __init__(self, animator, arch, password):
        self.animator = animator
        self.arch = arch
        self.password = password

    def stamp(self, request, label="tsa", edit=None):
        req = tsp.TimeStampReq.load(request.get_data())
        if edit:
            edit(req)
        tsa = self.arch.service_registry.summon_timestamper(ServiceLabel(label), self.animator.at_time(request))
        return tsa.request_tsa_response(req)

    def reply(self, response, mimetype="application/timestamp-reply"):
        return Response(response.dump(), mimetype=mimetype)

    def __call__(self, environ, start_response):
        request = Request(environ)
        path = request.path
        if not path.startswith("/fake/"):
            return self.animator(environ, start_response)
        response = self.fake(request, path[len("/fake/"):])
        return response(environ, start_response)

    def fake(self, request, name):
        if name == "slow":
            time.sleep(5)
            return self.reply(self.stamp(request))
        if name == "redirect-loop":
            return Response("", status=307, headers={"Location": "/fake/redirect-loop"})
        if name == "http-500":
            return Response("the TSA is down", status=500)
        if name == "rejection":
            status = tsp.PKIStatusInfo(
                {"status": tsp.PKIStatus("rejection"), "fail_info": tsp.PKIFailureInfo({"unaccepted_policy"})}
            ).dump()
            # asn1crypto insists on a token in a TimeStampResp: the SEQUENCE is framed by hand.
            return Response(bytes([0x30, len(status)]) + status, mimetype="application/timestamp-reply")
        if name == "bad-nonce":

            def other_nonce(req):
                req["nonce"] = core.Integer(int(req["nonce"].native or 0) + 1)

            return self.reply(self.stamp(request, edit=other_nonce))
        if name == "bad-imprint":

            def other_imprint(req):
                imprint = req["message_imprint"]
                hashed = bytes(b ^ 0xFF for b in imprint["hashed_message"].native)
                req["message_imprint"] = tsp.MessageImprint(
                    {"hash_algorithm": imprint["hash_algorithm"], "hashed_message": hashed}
                )

            return self.reply(self.stamp(request, edit=other_imprint))
        if name == "wrong-type":
            return self.reply(self.stamp(request), mimetype="text/html")
        if name == "no-eku":
            return self.reply(self.stamp(request, label="tsa-noeku"))
        if name in ("basic-auth", "bearer"):
            given = request.headers.get("Authorization", "")
            if name == "basic-auth":
                expected = "Basic " + base64.b64encode(f"signet:{self.password}".encode()).decode()
            else:
                expected = f"Bearer {self.password}"
            if given != expected:
                return Response("credentials needed", status=401, headers={"WWW-Authenticate": "Basic"})
            return self.reply(self.stamp(request))
        return Response("no such fake", status=404)


class Late:
    """The WSGI app is known only once the port is: the server is bound first."""

    app = None

    def __call__(self, environ, start_response):
        return self.app(environ, start_response)


def main():
    out_dir = sys.argv[1]
    port = int(sys.argv[sys.argv.index("--port") + 1]) if "--port" in sys.argv else 0
    late = Late()
    server = make_server("127.0.0.1", port, late, threaded=True)
    prefix = f"http://127.0.0.1:{server.server_port}"
    config = CertomancerConfig.from_file(
        os.path.join(HERE, "certomancer.yml"), key_search_dir=HERE, external_url_prefix=prefix
    )
    arch = config.pki_archs[ARCH]
    export(arch, out_dir, os.environ.get("SIGNET_FIXTURE_P12_PASSWORD", "signet"))
    animator = Animator(AnimatorArchStore(config.pki_archs), with_web_ui=False)
    late.app = FakeAuthorities(animator, arch, os.environ.get("SIGNET_FIXTURE_TSA_PASSWORD", "signet"))
    print(json.dumps({"port": server.server_port, "url": prefix}), flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.buffer.read()
    os._exit(0)


if __name__ == "__main__":
    main()
