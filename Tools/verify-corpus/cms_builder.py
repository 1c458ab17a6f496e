"""Hand-made signatures for cms_attacks.py and pdf_attacks.py: certificates, CMS SignedData, RFC 3161
tokens, CRLs, OCSP responses, a /DSS, PDF signature placeholders on make_corpus.py's base document, and
the scripts' shared runner (`run_cases`).

Everything is built field by field (asn1crypto for the CMS, `cryptography` for certificates and
revocation data) so that a case can break exactly one rule that a signing library would never let
it break: two messageDigest attributes, a SHA-1 signature under a SHA-256 label, a twin certificate.
"""
import datetime
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402

from asn1crypto import cms, core, tsp, x509 as ax509  # noqa: E402
from cryptography import x509  # noqa: E402
from cryptography.hazmat.primitives import hashes, serialization  # noqa: E402
from cryptography.hazmat.primitives.asymmetric import dsa, ec, padding, rsa  # noqa: E402
from cryptography.x509 import ocsp as xocsp  # noqa: E402
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID  # noqa: E402

UTC = datetime.timezone.utc
HASHES = {"sha1": hashes.SHA1, "sha256": hashes.SHA256, "sha384": hashes.SHA384, "sha512": hashes.SHA512,
          "md5": hashes.MD5}


def now():
    return datetime.datetime.now(UTC).replace(microsecond=0)


def day(y, m, d):
    return datetime.datetime(y, m, d, tzinfo=UTC)


# ------------------------------------------------------------------------------------------------ keys
class Keys:
    """Fresh keys for one run. A tag gives the same key to every case that asks for it (an intermediate
    and its twin must share one); each tagged key is also written to OUTDIR/keys/ so that a failing
    file can be re-signed by hand."""

    def __init__(self, outdir):
        self.dir = os.path.join(outdir, "keys")
        os.makedirs(self.dir, exist_ok=True)
        self.cache = {}

    def rsa(self, bits=2048, tag=None):
        if tag is None:
            return rsa.generate_private_key(65537, bits)
        if (bits, tag) not in self.cache:
            key = rsa.generate_private_key(65537, bits)
            path = os.path.join(self.dir, "%s-%d.pem" % (re.sub(r"[^A-Za-z0-9_.-]", "_", tag), bits))
            with open(path, "wb") as f:
                f.write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                          serialization.NoEncryption()))
            self.cache[(bits, tag)] = key
        return self.cache[(bits, tag)]


# ------------------------------------------------------------------------------------------------ certificates
def name(cn, org="Signet attacks"):
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn), x509.NameAttribute(NameOID.ORGANIZATION_NAME, org)])


def ku(ds=False, nr=False, cert_sign=False, crl_sign=False):
    return x509.KeyUsage(digital_signature=ds, content_commitment=nr, key_encipherment=False, data_encipherment=False,
                         key_agreement=False, key_cert_sign=cert_sign, crl_sign=crl_sign, encipher_only=False,
                         decipher_only=False)


def make_cert(subject, key, issuer=None, issuer_key=None, *, ca=False, pathlen=None, bc=True, keyusage="default",
              eku=None, eku_critical=False, not_before=None, not_after=None, serial=None, hash_alg="sha256",
              ski=True, aki=True, subject_name=None, issuer_name=None, extra=()):
    """A certificate; issuer None = self-signed. keyusage: 'default', None (omitted) or a KeyUsage.
    extra: [(extension, critical)]."""
    subj = subject_name or name(subject)
    b = (x509.CertificateBuilder().subject_name(subj)
         .issuer_name(issuer_name or (issuer.subject if issuer is not None else subj))
         .public_key(key.public_key()).serial_number(serial or x509.random_serial_number())
         .not_valid_before(not_before or day(2020, 1, 1)).not_valid_after(not_after or day(2040, 1, 1)))
    if ski:
        b = b.add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
    if aki and issuer_key is not None:
        b = b.add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), False)
    if bc:
        b = b.add_extension(x509.BasicConstraints(ca=ca, path_length=pathlen), critical=True)
    if keyusage == "default":
        keyusage = ku(cert_sign=True, crl_sign=True) if ca else ku(ds=True, nr=True)
    if keyusage is not None:
        b = b.add_extension(keyusage, critical=True)
    if eku is not None:
        b = b.add_extension(x509.ExtendedKeyUsage(eku), critical=eku_critical)
    for ext, critical in extra:
        b = b.add_extension(ext, critical=critical)
    signing_key = issuer_key or key
    if hash_alg in ("sha1", "md5"):
        return resign(b.sign(signing_key, hashes.SHA256()), signing_key, hash_alg)
    return b.sign(signing_key, HASHES[hash_alg]())


def resign(cert, key, hash_alg):
    """The certificate signed again with a weak hash: `cryptography` refuses to sign with SHA-1 or MD5."""
    return resign_tbs(acert(cert)["tbs_certificate"], key, hash_alg)


def resign_tbs(tbs, key, hash_alg="sha256"):
    """A certificate from `tbs` (asn1crypto, possibly edited) signed with `key` (RSA) and `hash_alg`."""
    tbs["signature"] = {"algorithm": hash_alg + "_rsa"}
    sig = key.sign(tbs.dump(force=True), padding.PKCS1v15(), HASHES[hash_alg]())
    new = ax509.Certificate({"tbs_certificate": tbs, "signature_algorithm": {"algorithm": hash_alg + "_rsa"},
                             "signature_value": sig})
    return x509.load_der_x509_certificate(new.dump(force=True))


def lookalikes(root, count):
    """`count` certificates carrying `root`'s name, each a candidate issuer of anything `root` issued and
    the issuer of nothing: one RSA-1024 key of their own, signed with a throw-away EC key. A verifier that
    tries every candidate pays for each (cms_attacks.py's bag, costly_inputs.py's /DSS)."""
    sham = ec.generate_private_key(ec.SECP256R1())
    key = rsa.generate_private_key(65537, 1024).public_key()
    return [x509.CertificateBuilder().subject_name(root.subject).issuer_name(root.subject).public_key(key)
            .serial_number(100_000 + i).not_valid_before(day(2020, 1, 1)).not_valid_after(day(2040, 1, 1))
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(sham, hashes.SHA256()) for i in range(count)]


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def acert(cert):
    return cert if isinstance(cert, ax509.Certificate) else ax509.Certificate.load(der(cert))


def tsa_cert(cn, key, root, root_key, **kw):
    """A timestamp authority as RFC 3161 §2.3 wants it: EKU timeStamping only, critical."""
    kw.setdefault("eku", [ExtendedKeyUsageOID.TIME_STAMPING])
    kw.setdefault("eku_critical", True)
    return make_cert(cn, key, root, root_key, keyusage=ku(ds=True), **kw)


class PKI:
    """The run's root, a signer and a TSA under it."""

    def __init__(self, keys):
        self.keys = keys
        self.root_key = keys.rsa(tag="root")
        self.root = make_cert("Attack Root CA", self.root_key, ca=True, serial=1)
        self.signer_key = keys.rsa(tag="signer")
        self.signer = make_cert("Alice Attack", self.signer_key, self.root, self.root_key, serial=1001)
        self.tsa_key = keys.rsa(tag="tsa")
        self.tsa = tsa_cert("Attack TSA", self.tsa_key, self.root, self.root_key, serial=2001)

    def write_root(self, path):
        with open(path, "wb") as f:
            f.write(self.root.public_bytes(serialization.Encoding.PEM))
        return path


# ------------------------------------------------------------------------------------------------ CMS
def digest(alg, data):
    return hashlib.new(alg, data).digest()


def attr(type_, *values):
    return cms.CMSAttribute({"type": cms.CMSAttributeType(type_), "values": list(values)})


def ess_v2(cert, hash_alg="sha256"):
    c = acert(cert)
    return tsp.SigningCertificateV2({"certs": [{
        "hash_algorithm": {"algorithm": hash_alg}, "cert_hash": digest(hash_alg, c.dump()),
        "issuer_serial": {"issuer": [ax509.GeneralName({"directory_name": c.issuer})],
                          "serial_number": c.serial_number}}]})


def ess_v1(cert):
    return tsp.SigningCertificate({"certs": [{"cert_hash": digest("sha1", acert(cert).dump())}]})


def sign_raw(key, data, hash_alg="sha256"):
    h = HASHES[hash_alg]()
    if isinstance(key, rsa.RSAPrivateKey):
        return key.sign(data, padding.PKCS1v15(), h)
    if isinstance(key, dsa.DSAPrivateKey):
        return key.sign(data, h)
    return key.sign(data, ec.ECDSA(h))


def signer_info(content, key, cert, *, digest_alg="sha256", md_alg=None, sig_hash=None, sig_alg_name=None,
                attrs=None, attrs_fn=None, sid="iasn", content_type="data", signed_attrs=True):
    """One SignerInfo over `content` (the ByteRange bytes).
    digest_alg is what the SignerInfo names; md_alg the hash really used for messageDigest; sig_hash the
    hash really used in the signature; sig_alg_name the signatureAlgorithm it claims. attrs replaces the
    signed attributes, attrs_fn(list) -> list edits the default ones."""
    md_alg, sig_hash = md_alg or digest_alg, sig_hash or digest_alg
    c = acert(cert)
    if sid == "iasn":
        sidv = {"issuer_and_serial_number": {"issuer": c.issuer, "serial_number": c.serial_number}}
    else:
        sidv = {"subject_key_identifier": c.key_identifier}
    default_alg = ("rsassa_pkcs1v15" if isinstance(key, rsa.RSAPrivateKey)
                   else sig_hash + ("_dsa" if isinstance(key, dsa.DSAPrivateKey) else "_ecdsa"))
    si = {"version": "v1" if sid == "iasn" else "v3", "sid": cms.SignerIdentifier(sidv),
          "digest_algorithm": {"algorithm": digest_alg},
          "signature_algorithm": {"algorithm": sig_alg_name or default_alg}}
    to_sign = content
    if signed_attrs:
        al = attrs if attrs is not None else [attr("content_type", content_type),
                                              attr("message_digest", digest(md_alg, content)),
                                              attr("signing_certificate_v2", ess_v2(cert))]
        si["signed_attrs"] = cms.CMSAttributes(attrs_fn(al) if attrs_fn else al)
        # The signature covers the attributes as a universal SET OF, not with their [0] tag in the SignerInfo.
        to_sign = b"\x31" + si["signed_attrs"].dump(force=True)[1:]
    si["signature"] = sign_raw(key, to_sign, sig_hash)
    return cms.SignerInfo(si)


def signed_data(signer_infos, certs, *, econtent_type="data"):
    sd = cms.SignedData({
        "version": "v1", "digest_algorithms": [{"algorithm": si["digest_algorithm"]["algorithm"].native}
                                               for si in signer_infos],
        "encap_content_info": {"content_type": econtent_type, "content": None},
        "certificates": [acert(c) for c in certs], "signer_infos": signer_infos})
    return cms.ContentInfo({"content_type": "signed_data", "content": sd}).dump()


def simple_cms(content, pki, **kw):
    certs = kw.pop("certs", [pki.signer, pki.root])
    return signed_data([signer_info(content, pki.signer_key, pki.signer, **kw)], certs)


def signature_value(cms_der):
    return cms.ContentInfo.load(cms_der)["content"]["signer_infos"][0]["signature"].native


# ------------------------------------------------------------------------------------------------ RFC 3161
def tst_token(imprint_data, tsa_key, tsa_crt, gen_time, *, certs=None, ess_cert=None):
    """A timeStampToken over sha256(imprint_data), signed by tsa_key, dated gen_time."""
    econtent = tsp.TSTInfo({
        "version": 1, "policy": "1.2.3.4.5",
        "message_imprint": {"hash_algorithm": {"algorithm": "sha256"},
                            "hashed_message": digest("sha256", imprint_data)},
        "serial_number": int.from_bytes(os.urandom(8), "big"), "gen_time": gen_time}).dump()
    attrs = [attr("content_type", "tst_info"), attr("message_digest", digest("sha256", econtent)),
             attr("signing_certificate_v2", ess_v2(ess_cert or tsa_crt))]
    sd = cms.SignedData({"version": "v3", "digest_algorithms": [{"algorithm": "sha256"}],
                         "encap_content_info": {"content_type": "tst_info",
                                                "content": core.ParsableOctetString(econtent)},
                         "certificates": [acert(c) for c in (certs if certs is not None else [tsa_crt])],
                         "signer_infos": [signer_info(econtent, tsa_key, tsa_crt, attrs=attrs)]})
    return cms.ContentInfo({"content_type": "signed_data", "content": sd})


def with_sig_timestamp(cms_der, token):
    """The CMS with `token` as the signatureTimeStampToken of its only SignerInfo."""
    # Parsed from DER and dumped without force: asn1crypto then re-encodes only the changed path;
    # dump(force=True) re-encodes every nested value again at every level (minutes per file).
    token = cms.ContentInfo.load(token.dump())
    ci = cms.ContentInfo.load(cms_der)
    ci["content"]["signer_infos"][0]["unsigned_attrs"] = cms.CMSAttributes([attr("signature_time_stamp_token", token)])
    return ci.dump()


# ------------------------------------------------------------------------------------------------ revocation
def make_crl(issuer_cert, issuer_key, revoked=(), this_update=None, issuer_name=None):
    """A DER CRL. revoked: [(serial, date)] or [(serial, date, x509.ReasonFlags)]; without a reason the
    entry carries no reasonCode extension (RFC 5280: reason unspecified)."""
    tu = this_update or (now() - datetime.timedelta(days=1))
    b = (x509.CertificateRevocationListBuilder().issuer_name(issuer_name or issuer_cert.subject)
         .last_update(tu).next_update(tu + datetime.timedelta(days=60))
         .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), False)
         .add_extension(x509.CRLNumber(1), False))
    for serial, when, *reason in revoked:
        entry = x509.RevokedCertificateBuilder().serial_number(serial).revocation_date(when)
        if reason:
            entry = entry.add_extension(x509.CRLReason(reason[0]), critical=False)
        b = b.add_revoked_certificate(entry.build())
    return b.sign(issuer_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def make_ocsp(cert, issuer_cert, responder_cert, responder_key, status="good", revoked_at=None,
              reason=x509.ReasonFlags.key_compromise):
    """A DER OCSP response for `cert`, signed by the responder (the issuer itself or a delegate)."""
    tu = now() - datetime.timedelta(hours=1)
    st = {"good": xocsp.OCSPCertStatus.GOOD, "revoked": xocsp.OCSPCertStatus.REVOKED}[status]
    b = xocsp.OCSPResponseBuilder().add_response(
        cert=cert, issuer=issuer_cert, algorithm=hashes.SHA1(), cert_status=st, this_update=tu,
        next_update=tu + datetime.timedelta(days=7), revocation_time=revoked_at if status == "revoked" else None,
        revocation_reason=reason if status == "revoked" else None)
    b = b.responder_id(xocsp.OCSPResponderEncoding.HASH, responder_cert)
    if responder_cert is not issuer_cert:
        b = b.certificates([responder_cert])
    return b.sign(responder_key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)


def add_dss(data, ocsps=(), crls=(), certs=()):
    """Appends an update with a /DSS holding the given revocation data and certificates."""
    n = mc.next_num(data)
    objs, refs = {}, {}
    for key, blobs in (("OCSPs", ocsps), ("CRLs", crls), ("Certs", [der(c) for c in certs])):
        for blob in blobs:
            objs[n] = mc.stream(blob)
            refs.setdefault(key, []).append(n)
            n += 1
    objs[n] = b"<< " + b" ".join(b"/%s %s" % (k.encode(), mc.refs(v)) for k, v in refs.items()) + b" >>"
    objs[mc.CATALOG] = mc.with_entries(data, mc.CATALOG, DSS=b"%d 0 R" % n)
    return mc.append_update(data, objs)


# ------------------------------------------------------------------------------------------------ PDF
PLACEHOLDER_BR = b"/ByteRange [0 0000000000 0000000000 0000000000]"


def _finish_placeholder(out, start):
    """Writes the real /ByteRange over the placeholder of the signature dictionary starting at `start`.
    Returns (pdf, cs, ce) with [cs, ce) the '<...>' of /Contents."""
    cs = out.index(b"/Contents <", start) + len(b"/Contents ")
    ce = out.index(b">", cs) + 1
    text = b"/ByteRange [%d %d %d %d]" % (0, cs, ce, len(out) - ce)
    bs = out.index(PLACEHOLDER_BR, start)
    out = out[:bs] + text.ljust(len(PLACEHOLDER_BR)) + out[bs + len(PLACEHOLDER_BR):]
    return out, cs, ce


def _sigdict(sig_type, subfilter, reserve, extra=b""):
    return (b"<< /Type " + sig_type + b" /Filter /Adobe.PPKLite /SubFilter " + subfilter + b" " + PLACEHOLDER_BR +
            b" /Contents <" + b"0" * (2 * reserve) + b">" + extra + b" >>")


def prepare(data, reserve=24000, extra=b"", objects=None):
    """An update that fills the base document's empty signature field with a placeholder dictionary.
    extra: more entries of that dictionary (raw bytes); objects(num) -> {number: body}: more objects for the
    same update, given the dictionary's number (a certification's catalog /Perms names it)."""
    num = mc.next_num(data)
    objs = {num: _sigdict(b"/Sig", b"/ETSI.CAdES.detached", reserve, b" /M (D:20261201120000Z)" + extra),
            mc.SIG_FIELD: mc.with_entries(data, mc.SIG_FIELD, V=b"%d 0 R" % num),
            mc.ACROFORM: mc.with_entries(data, mc.ACROFORM, SigFlags=b"3")}
    objs.update(objects(num) if objects else {})
    out = mc.append_update(data, objs)
    return _finish_placeholder(out, len(data) + re.search(rb"%d 0 obj\s*<< /Type " % num, out[len(data):]).start())


def prepare_new_field(data, name=b"DocTS", reserve=12000, sig_type=b"/DocTimeStamp", subfilter=b"/ETSI.RFC3161"):
    """An update that adds a new invisible signature field whose /V is a placeholder dictionary."""
    fnum = mc.next_num(data)
    snum = fnum + 1
    fields = mc.raw_refs(mc.latest(data, mc.ACROFORM).raw_get("/Fields")) + [fnum]
    objs = {fnum: b"<< /FT /Sig /T (" + name + b") /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 "
                  b"/P %d 0 R /V %d 0 R >>" % (mc.PAGE1, snum),
            snum: _sigdict(sig_type, subfilter, reserve),
            mc.ACROFORM: mc.with_entries(data, mc.ACROFORM, Fields=mc.refs(fields), SigFlags=b"3"),
            mc.PAGE1: mc.annots_plus(data, mc.PAGE1, fnum)}
    out = mc.append_update(data, objs)
    return _finish_placeholder(out, len(data) + re.search(rb"%d 0 obj\s*<< /Type " % snum, out[len(data):]).start())


def signed_bytes(pdf, cs, ce):
    return pdf[:cs] + pdf[ce:]


def fill(pdf, cs, ce, blob):
    h = blob.hex().encode()
    room = ce - cs - 2
    if len(h) > room:
        raise ValueError("signature of %d hex digits does not fit in %d" % (len(h), room))
    return pdf[:cs + 1] + h + b"0" * (room - len(h)) + pdf[ce - 1:]


def sign_pdf(data, make_cms, **prepare_options):
    """make_cms(signed bytes) -> DER; returns the signed PDF."""
    pdf, cs, ce = prepare(data, **prepare_options)
    return fill(pdf, cs, ce, make_cms(signed_bytes(pdf, cs, ce)))


# ------------------------------------------------------------------------------------------------ runner
EXIT = {"accept": 0, "reject": 3}


def verify(signet, path, ca):
    """`signet verify --json`: its exit code ("TIMEOUT" after 2 minutes) and the report's first signature
    ({} when there is none)."""
    try:
        p = subprocess.run([signet, "verify", path, "--ca", ca, "--json"], capture_output=True, timeout=120)
    except subprocess.TimeoutExpired:
        return "TIMEOUT", {}
    try:
        return p.returncode, (json.loads(p.stdout).get("signatures") or [{}])[0]
    except ValueError:
        return p.returncode, {}


def run_cases(cases, argv, usage, make_ctx):
    """The attack scripts' main, `OUTDIR SIGNET [CASE ...]` in argv.
    cases: {name: (expect, note, fn(ctx) -> PDF bytes[, says])}; expect is "accept" (exit 0), "reject"
    (exit 3) or "doubtful" (printed, not judged); says: {key: value} the report's first signature must
    show as well. make_ctx(outdir): what every case builds on, its .p the run's PKI (written to
    OUTDIR/root.pem). Prints one line per case, MISMATCH or GEN-ERR on the wrong ones, and
    `N as expected, M not`; returns 0 when every judged case is as expected and every file was made."""
    if len(argv) < 2:
        sys.exit(usage)
    outdir, signet, wanted = argv[0], os.path.abspath(argv[1]), argv[2:]
    short = lambda n: n.split("-", 1)[-1]  # a case can be named without its family prefix
    unknown = [w for w in wanted if not any(w in (n, short(n)) for n in cases)]
    if unknown:
        sys.exit("unknown case(s): " + " ".join(unknown))
    names = [n for n in cases if not wanted or n in wanted or short(n) in wanted]
    os.makedirs(outdir, exist_ok=True)
    started = time.monotonic()
    x = make_ctx(outdir)
    ca = x.p.write_root(os.path.join(outdir, "root.pem"))
    # Files are made in this thread while signet checks the ones already written (2 at a time).
    pending = {}
    with ThreadPoolExecutor(max_workers=2) as pool:
        for n in names:
            try:
                path = os.path.join(outdir, n + ".pdf")
                with open(path, "wb") as f:
                    f.write(cases[n][2](x))
                pending[n] = pool.submit(verify, signet, path, ca)
            except Exception as e:  # a broken generator is reported, not fatal for the others
                pending[n] = "GEN-ERR %s: %s" % (type(e).__name__, e)
        good = bad = 0
        for n in names:
            expect, says = cases[n][0], (cases[n][3:] or ({},))[0]
            if isinstance(pending[n], str):
                print(f"{n:48s} {expect:8s} -  {pending[n]}")
                bad += 1
                continue
            code, sig = pending[n].result()
            if expect == "doubtful":
                print(f"{n:48s} {expect:8s} {code}  (not judged)")
                continue
            wrong = [f"{k}={sig.get(k)!r}, not {v!r}" for k, v in says.items() if sig.get(k) != v]
            ok = code == EXIT[expect] and not wrong
            good, bad = good + ok, bad + (not ok)
            print(f"{n:48s} {expect:8s} {code}" + ("" if ok else "  MISMATCH" + "".join("; " + w for w in wrong)))
    print(f"# {len(names)} cases in {time.monotonic() - started:.1f} s", file=sys.stderr)
    print(f"{good} as expected, {bad} not")
    return 0 if bad == 0 else 1
