#!/usr/bin/env python3
"""Adversarial signatures, timestamps and revocation data for `signet verify`.

    python3 Tools/verify-corpus/cms_attacks.py OUTDIR SIGNET [CASE ...]

Writes OUTDIR/root.pem (a root made fresh each run; tagged keys in OUTDIR/keys/), one OUTDIR/<case>.pdf per
case, and runs `SIGNET verify FILE --ca OUTDIR/root.pem --json` (default offline revocation: the only
URLs in certificates point at 127.0.0.1 and are never fetched). Each case expects accept (exit 0) or
reject (exit 3); "doubtful" cases are printed but not judged. Prints one line per case and
`N as expected, M not`; exits 0 only when every judged case is as expected and every file was made.

Case families (prefix): cms- signed attributes, algorithms, keys, signer identification and the
certificate path; tr- signature timestamps, revocation in the DSS, twin chain certificates; dts-
document timestamps.
"""
import datetime
import os
import sys

from cryptography import x509
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID as EKU, NameOID, ObjectIdentifier

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cms_builder as cb  # noqa: E402
from cms_builder import attr, day, digest, ess_v2, ku, make_cert  # noqa: E402

CASES = {}  # name -> (expect, note, fn(ctx) -> pdf bytes)


def case(prefix, expect, note):
    def wrap(fn):
        CASES[prefix + "-" + fn.__name__] = (expect, note, fn)
        return fn
    return wrap


class Ctx:
    """What every case builds on: the run's keys, PKI and base document."""

    def __init__(self, outdir):
        self.keys = cb.Keys(outdir)
        self.p = cb.PKI(self.keys)
        self.base = cb.mc.write_base("table")
        self.now = cb.now()

    def key(self, tag=None, bits=2048):
        return self.keys.rsa(bits, tag)


# ================================================================================================ cms-
def sign_with_chain(x, key, leaf, chain):
    return cb.sign_pdf(x.base, lambda d: cb.signed_data([cb.signer_info(d, key, leaf)], [leaf] + chain))


def simple(x, **kw):
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, **kw))


def std_attrs(x, content, ess=None):
    return [attr("content_type", "data"), attr("message_digest", digest("sha256", content)),
            attr("signing_certificate_v2", ess or ess_v2(x.p.signer))]


def without(attr_name):
    return lambda al: [a for a in al if a["type"].native != attr_name]


@case("cms", "accept", "control: hand-made CMS")
def control(x):
    return simple(x)


@case("cms", "reject", "signed attributes without messageDigest")
def no_message_digest(x):
    return simple(x, attrs_fn=without("message_digest"))


@case("cms", "reject", "two messageDigest attributes: first wrong, second correct")
def two_md_first_wrong(x):
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, attrs=[attr("message_digest", b"\0" * 32)] + std_attrs(x, c)))


@case("cms", "reject", "two messageDigest attributes: first correct, second wrong (RFC 5652: MUST NOT repeat)")
def two_md_second_wrong(x):
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, attrs=std_attrs(x, c) + [attr("message_digest", b"\0" * 32)]))


@case("cms", "reject", "one messageDigest attribute with two values (correct, wrong)")
def md_two_values(x):
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, attrs=[
        attr("content_type", "data"), attr("message_digest", digest("sha256", c), b"\x11" * 32),
        attr("signing_certificate_v2", ess_v2(x.p.signer))]))


@case("cms", "reject", "signed attributes without content-type")
def no_content_type(x):
    return simple(x, attrs_fn=without("content_type"))


@case("cms", "reject", "two content-type attributes (data, then signedData)")
def two_content_types(x):
    return simple(x, attrs_fn=lambda a: a + [attr("content_type", "signed_data")])


@case("cms", "reject", "two signing-certificate-v2 attributes: the signer's, then the root's")
def two_ess_v2(x):
    return simple(x, attrs_fn=lambda a: a + [attr("signing_certificate_v2", ess_v2(x.p.root))])


@case("cms", "reject", "ESS v2 lists two certs: the root first, then the signer")
def ess_v2_root_first(x):
    v = ess_v2(x.p.root)
    v["certs"].append(ess_v2(x.p.signer)["certs"][0])
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, attrs=std_attrs(x, c, v)))


@case("cms", "reject", "ESS v2: the signer's hash but issuerSerial naming serial 9999")
def ess_v2_wrong_serial(x):
    v = ess_v2(x.p.signer)
    v["certs"][0]["issuer_serial"]["serial_number"] = 9999
    return cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p, attrs=std_attrs(x, c, v)))


@case("cms", "reject", "ESS v1 names the root, ESS v2 names the signer")
def ess_v1_other_v2_right(x):
    return simple(x, attrs_fn=lambda a: a + [attr("signing_certificate", cb.ess_v1(x.p.root))])


@case("cms", "reject", "SignerInfo digestAlgorithm sha256, messageDigest computed with sha512")
def md_other_alg(x):
    return simple(x, md_alg="sha512")


@case("cms", "reject", "digestAlgorithm sha512 (signature too) but messageDigest = sha256 of the content")
def digestalg_512_md256(x):
    return simple(x, digest_alg="sha512", md_alg="sha256", sig_hash="sha512")


@case("cms", "reject", "SHA-1 message digest")
def sha1_digest(x):
    return simple(x, digest_alg="sha1")


@case("cms", "reject", "MD5 message digest")
def md5_digest(x):
    return simple(x, digest_alg="md5")


@case("cms", "reject", "digest sha256 but the RSA signature over the attributes made with SHA-1")
def sig_hash_sha1(x):
    return simple(x, sig_hash="sha1")


@case("cms", "reject", "digest sha256, signatureAlgorithm sha1WithRSAEncryption, signature really sha256")
def sigalg_named_sha1(x):
    return simple(x, sig_alg_name="sha1_rsa")


@case("cms", "reject", "RSA key, signatureAlgorithm ecdsa-with-SHA256")
def sigalg_ecdsa_rsa_key(x):
    return simple(x, sig_alg_name="sha256_ecdsa")


@case("cms", "reject", "digest sha256, signatureAlgorithm sha512WithRSA, signature made with sha256: OpenSSL "
      "verifies with the digestAlgorithm, a reader of the signatureAlgorithm would not; two answers, so refused")
def sigalg_named_sha512(x):
    return simple(x, sig_alg_name="sha512_rsa")


def weak_signer(x, key):
    return sign_with_chain(x, key, make_cert("Weak Key Signer", key, x.p.root, x.p.root_key), [x.p.root])


@case("cms", "reject", "RSA-1024 signer")
def rsa1024(x):
    return weak_signer(x, x.key(bits=1024))


@case("cms", "reject", "RSA-2040 signer (just under 2048)")
def rsa2040(x):
    return weak_signer(x, x.key(bits=2040))


@case("cms", "reject", "EC P-224 signer")
def ec_p224(x):
    return weak_signer(x, ec.generate_private_key(ec.SECP224R1()))


# ---------------------------------------------------------------- signer identification / bags
def impostor(x):
    """An attacker's certificate with the real signer's issuer and serial, signed by nobody the root knows."""
    ak = x.key()
    return ak, make_cert(None, ak, subject_name=x.p.signer.subject, issuer_name=x.p.root.subject,
                         serial=x.p.signer.serial_number, aki=False)


@case("cms", "reject", "bag [impostor with the signer's issuer+serial, real signer]; signed by the impostor")
def same_issuer_serial_fake_first(x):
    ak, fake = impostor(x)
    return cb.sign_pdf(x.base, lambda d: cb.signed_data([cb.signer_info(d, ak, fake)], [fake, x.p.signer, x.p.root]))


@case("cms", "reject", "bag [real signer, impostor with the same issuer+serial]; signed by the impostor")
def same_issuer_serial_fake_second(x):
    ak, fake = impostor(x)
    return cb.sign_pdf(x.base, lambda d: cb.signed_data([cb.signer_info(d, ak, fake)], [x.p.signer, fake, x.p.root]))


def ski_twin(x, fake_first):
    ak = x.key()
    ski = x.p.signer.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    fake = make_cert("Mallory", ak, ski=False, extra=[(ski, False)])
    bag = [fake, x.p.signer] if fake_first else [x.p.signer, fake]
    return cb.sign_pdf(x.base, lambda d: cb.signed_data([cb.signer_info(d, ak, fake, sid="ski")], bag + [x.p.root]))


@case("cms", "reject", "sid = SKI; a self-signed cert carries the real signer's SKI; bag [real, fake]; signed by fake")
def ski_collision(x):
    return ski_twin(x, fake_first=False)


@case("cms", "reject", "sid = SKI; bag [fake, real]; signed by the fake")
def ski_collision_fake_first(x):
    return ski_twin(x, fake_first=True)


@case("cms", "reject", "two SignerInfos: the real signer's and a second by an untrusted self-signed key")
def two_signerinfos(x):
    ak = x.key()
    fake = make_cert("Mallory", ak)
    return cb.sign_pdf(x.base, lambda d: cb.signed_data(
        [cb.signer_info(d, x.p.signer_key, x.p.signer), cb.signer_info(d, ak, fake)], [x.p.signer, fake, x.p.root]))


@case("cms", "reject", "eContentType id-signedData with a matching content-type attribute")
def econtent_signeddata(x):
    return cb.sign_pdf(x.base, lambda d: cb.signed_data(
        [cb.signer_info(d, x.p.signer_key, x.p.signer, content_type="signed_data")], [x.p.signer, x.p.root],
        econtent_type="signed_data"))


@case("cms", "accept", "no signed attributes at all (signature over the content itself)")
def no_signed_attrs(x):
    return simple(x, signed_attrs=False)


@case("cms", "reject", "no signed attributes, digestAlgorithm sha256 but the signature's DigestInfo is sha1")
def no_signed_attrs_sha1(x):
    return simple(x, signed_attrs=False, sig_hash="sha1")


# ---------------------------------------------------------------- certificate path
def inter(x, cn, **kw):
    k = x.key("inter" + cn)
    return k, make_cert(cn, k, x.p.root, x.p.root_key, ca=kw.pop("ca", True), **kw)


def leaf_under(x, ik, ic, cn, **kw):
    k = x.key("leaf" + cn)
    return k, make_cert(cn, k, ic, ik, **kw)


def leaf(x, cn, **kw):
    return leaf_under(x, x.p.root_key, x.p.root, cn, **kw)


def twin_of(cn, key):
    """An expired self-signed certificate with an intermediate's name and key: a second issuer candidate
    that a chain builder without a time check takes for a root."""
    return make_cert(cn, key, ca=True, not_before=day(2019, 1, 1), not_after=day(2020, 1, 1), aki=False)


def chain_case(x, icn, lcn, leaf_kw=None, **inter_kw):
    ik, ic = inter(x, icn, **inter_kw)
    lk, lc = leaf_under(x, ik, ic, lcn, **(leaf_kw or {}))
    return sign_with_chain(x, lk, lc, [ic, x.p.root])


@case("cms", "accept", "control: root -> intermediate -> leaf")
def chain_control(x):
    return chain_case(x, "Attack Intermediate", "Leaf Signer")


@case("cms", "reject", "signer expired (notAfter 2025-06-01), no timestamp")
def signer_expired(x):
    k, c = leaf(x, "Expired 2025 Signer", not_after=day(2025, 6, 1))
    return sign_with_chain(x, k, c, [x.p.root])


@case("cms", "reject", "signer not yet valid (notBefore 2027-06-01)")
def signer_not_yet_valid(x):
    k, c = leaf(x, "Future Signer 2027", not_before=day(2027, 6, 1))
    return sign_with_chain(x, k, c, [x.p.root])


@case("cms", "reject", "intermediate expired, leaf valid")
def inter_expired(x):
    return chain_case(x, "Expired Intermediate", "Leaf Under Expired", not_after=day(2025, 6, 1))


@case("cms", "reject", "intermediate with basicConstraints CA:false issues the signer")
def inter_ca_false(x):
    return chain_case(x, "NonCA Intermediate", "Leaf Under NonCA", ca=False, keyusage=ku(ds=True, cert_sign=True))


@case("cms", "reject", "intermediate with no basicConstraints at all")
def inter_no_bc(x):
    return chain_case(x, "NoBC Intermediate", "Leaf Under NoBC", bc=False)


@case("cms", "reject", "intermediate CA:true but keyUsage without keyCertSign")
def inter_no_certsign(x):
    return chain_case(x, "NoCertSign Intermediate", "Leaf Under NoCertSign", keyusage=ku(ds=True, crl_sign=True))


@case("cms", "reject", "pathLen: intermediate 1 pathLen 0 -> intermediate 2 -> leaf")
def pathlen_violated(x):
    i1k, i1c = inter(x, "PathLen0 Intermediate", pathlen=0)
    i2k = x.key("i2")
    i2c = make_cert("Sub Intermediate", i2k, i1c, i1k, ca=True)
    lk, lc = leaf_under(x, i2k, i2c, "Leaf Under PathLen")
    return sign_with_chain(x, lk, lc, [i2c, i1c, x.p.root])


@case("cms", "reject", "signer EKU = codeSigning only")
def eku_codesigning(x):
    k, c = leaf(x, "Code Signer", eku=[EKU.CODE_SIGNING])
    return sign_with_chain(x, k, c, [x.p.root])


@case("cms", "doubtful", "intermediate EKU = serverAuth only (EKU chaining), leaf without EKU: no rule "
      "everybody applies")
def inter_eku_server(x):
    return chain_case(x, "TLS-only Intermediate", "Leaf Under TLS CA", eku=[EKU.SERVER_AUTH])


@case("cms", "reject", "self-signed leaf carrying the root's exact name (and serial)")
def selfsigned_root_name(x):
    k = x.key()
    c = make_cert(None, k, subject_name=x.p.root.subject, serial=x.p.root.serial_number, ca=True,
                  keyusage=ku(ds=True, nr=True, cert_sign=True))
    return sign_with_chain(x, k, c, [])


@case("cms", "reject", "leaf names the root as issuer but is signed by another key (name-only chaining)")
def name_only_chaining(x):
    k = x.key()
    c = make_cert("Alice Attack", k, issuer_name=x.p.root.subject, issuer_key=x.key())
    return sign_with_chain(x, k, c, [x.p.root])


@case("cms", "reject", "leaf with an unknown critical extension")
def unknown_critical_ext(x):
    ext = x509.UnrecognizedExtension(ObjectIdentifier("1.3.6.1.4.1.99999.1"), b"\x05\x00")
    k, c = leaf(x, "Critical Ext Signer", extra=[(ext, True)])
    return sign_with_chain(x, k, c, [x.p.root])


@case("cms", "reject", "intermediate with name constraints (permitted O=Other Org) issues a leaf outside them")
def name_constraints(x):
    nc = x509.NameConstraints(permitted_subtrees=[x509.DirectoryName(x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Other Org")]))], excluded_subtrees=None)
    return chain_case(x, "NC Intermediate", "Leaf Outside NC", extra=[(nc, True)])


@case("cms", "reject", "intermediate certificate signed with SHA-1 by the root")
def inter_sha1(x):
    return chain_case(x, "SHA1 Intermediate", "Leaf Under SHA1", hash_alg="sha1")


@case("cms", "reject", "former defect: the SHA-1 intermediate hidden behind an EXPIRED self-signed twin (same name "
      "and key) placed first in the bag; trust takes the real one, so must the algorithm policy")
def inter_sha1_hidden_by_twin(x):
    ik, ic = inter(x, "SHA1 Intermediate", hash_alg="sha1")
    lk, lc = leaf_under(x, ik, ic, "Leaf Under SHA1")
    return sign_with_chain(x, lk, lc, [twin_of("SHA1 Intermediate", ik), ic, x.p.root])


@case("cms", "accept", "control for the twin: twin + SHA-256 intermediate")
def twin_control(x):
    ik, ic = inter(x, "Good Intermediate")
    lk, lc = leaf_under(x, ik, ic, "Leaf Under Good")
    return sign_with_chain(x, lk, lc, [twin_of("Good Intermediate", ik), ic, x.p.root])


# Keys whose signatures prove nothing, however large: OpenSSL verifies with them.
P256 = dict(p=0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff,
            b=0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b,
            gx=0x6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296,
            gy=0x4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5,
            n=0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551)


def with_key_info(x, cn, spki, ca=False):
    """A certificate for `cn` from the root whose subjectPublicKeyInfo is `spki` (asn1crypto), which
    `cryptography` would not build."""
    tbs = cb.acert(make_cert(cn, x.key("stand-in"), x.p.root, x.p.root_key, ca=ca, ski=False))["tbs_certificate"]
    tbs["subject_public_key_info"] = spki
    return cb.resign_tbs(tbs, x.p.root_key)


def dsa_generator_one():
    """A 2048-bit DSA key with g = 1, so y = 1: (r, s) = (1, 1) verifies on every message."""
    from asn1crypto import keys as akeys
    from cryptography.hazmat.primitives.asymmetric import dsa
    n = dsa.generate_parameters(2048).parameter_numbers()
    return akeys.PublicKeyInfo({"algorithm": {"algorithm": "dsa", "parameters": {"p": n.p, "q": n.q, "g": 1}},
                                "public_key": cb.core.Integer(1)})


def forged_by_one():
    """The DSA signature (1, 1)."""
    from asn1crypto import algos
    return algos.DSASignature({"r": 1, "s": 1}).dump()


@case("cms", "reject", "a signer's DSA key with generator 1 (public value 1), certified by the root: the "
      "signature (1, 1) verifies on any message; 2048 bits passed the size rule")
def dsa_generator_one_signer(x):
    cert = with_key_info(x, "Degenerate DSA Signer", dsa_generator_one())

    def cms_of(content):
        si = cb.signer_info(content, x.key("stand-in"), cert)
        si["signature_algorithm"] = {"algorithm": "sha256_dsa"}
        si["signature"] = forged_by_one()
        return cb.signed_data([si], [cert, x.p.root])
    return cb.sign_pdf(x.base, cms_of)


@case("cms", "reject", "a signer's valid DSA-2048 key: DSA keys are refused (withdrawn in FIPS 186-5), since a "
      "composite p built as q²·m passes every cheap check and gives the private key away, and testing p costs most "
      "of a second per key")
def dsa_signer(x):
    from cryptography.hazmat.primitives.asymmetric import dsa
    key = dsa.generate_private_key(2048)
    cert = make_cert("Valid DSA Signer", key, x.p.root, x.p.root_key)
    return sign_with_chain(x, key, cert, [x.p.root])


@case("cms", "reject", "an intermediate CA's DSA key with generator 1: anyone mints a leaf under it, 'signed' "
      "(1, 1), for a key of their own")
def dsa_generator_one_ca(x):
    from asn1crypto import x509 as ax509
    ca = with_key_info(x, "Degenerate DSA CA", dsa_generator_one(), ca=True)
    mk = x.key("minted")
    tbs = cb.acert(make_cert("Minted Under Degenerate", mk, ca, None, aki=False))["tbs_certificate"]
    tbs["signature"] = {"algorithm": "sha256_dsa"}
    minted = cb.x509.load_der_x509_certificate(ax509.Certificate({
        "tbs_certificate": tbs, "signature_algorithm": {"algorithm": "sha256_dsa"},
        "signature_value": forged_by_one()}).dump())
    return sign_with_chain(x, mk, minted, [ca, x.p.root])


@case("cms", "reject", "a signer's Ed25519 key that is the identity point: R = B, s = 1 verifies on every message")
def ed25519_identity_signer(x):
    from asn1crypto import keys as akeys
    spki = akeys.PublicKeyInfo({"algorithm": {"algorithm": "ed25519"}, "public_key": b"\x01" + bytes(31)})
    cert = with_key_info(x, "Identity Ed25519 Signer", spki)
    base_point = bytes.fromhex("58" + "66" * 31)

    def cms_of(content):
        si = cb.signer_info(content, x.key("stand-in"), cert)
        si["signature_algorithm"] = {"algorithm": "ed25519"}
        si["signature"] = base_point + b"\x01" + bytes(31)
        return cb.signed_data([si], [cert, x.p.root])
    return cb.sign_pdf(x.base, cms_of)


@case("cms", "reject", "a signer's RSA key whose 2048-bit modulus is prime: anyone computes d = e⁻¹ mod (n − 1)")
def rsa_prime_modulus_signer(x):
    import hashlib
    from asn1crypto import keys as akeys
    from cryptography.hazmat.primitives.asymmetric import rsa
    n = 0
    while n.bit_length() != 2048:
        n = rsa.generate_private_key(65537, 4096).private_numbers().p
    d = pow(65537, -1, n - 1)
    spki = akeys.PublicKeyInfo({"algorithm": {"algorithm": "rsa"},
                                "public_key": akeys.RSAPublicKey({"modulus": n, "public_exponent": 65537})})
    cert = with_key_info(x, "Prime Modulus Signer", spki)

    def cms_of(content):
        si = cb.signer_info(content, x.key("stand-in"), cert)
        info = bytes.fromhex("3031300d060960864801650304020105000420")
        info += hashlib.sha256(b"\x31" + si["signed_attrs"].dump(force=True)[1:]).digest()
        block = b"\x00\x01" + b"\xff" * (256 - len(info) - 3) + b"\x00" + info
        si["signature"] = pow(int.from_bytes(block, "big"), d, n).to_bytes(256, "big")
        return cb.signed_data([si], [cert, x.p.root])
    return cb.sign_pdf(x.base, cms_of)


def rsa_with_exponent(e_bits):
    """An RSA-3072 private key whose public exponent has `e_bits` bits (OpenSSL accepts up to 3,070
    for this modulus, and each check with a long one costs milliseconds)."""
    import math
    import random
    from cryptography.hazmat.primitives.asymmetric import rsa
    base = rsa.generate_private_key(65537, 3072).private_numbers()
    p, q = base.p, base.q
    phi, rng = (p - 1) * (q - 1), random.Random(e_bits)
    while True:
        e = rng.getrandbits(e_bits) | 1 | (1 << (e_bits - 1))
        if math.gcd(e, phi) == 1:
            break
    d = pow(e, -1, phi)
    numbers = rsa.RSAPrivateNumbers(p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p),
                                    rsa.RSAPublicNumbers(e, p * q))
    return numbers.private_key(unsafe_skip_rsa_key_validation=True)


@case("cms", "reject", "an intermediate CA whose RSA key has a 64-bit public exponent: over 32 bits is refused "
      "(3,070 bits made each check of a junk CRL under its name cost 6 ms, 1,000 of them 6.7 s)")
def rsa_long_exponent_ca(x):
    ik = rsa_with_exponent(64)
    ic = make_cert("Long Exponent CA", ik, x.p.root, x.p.root_key, ca=True)
    lk, lc = leaf_under(x, ik, ic, "Leaf Under Long Exponent")
    return sign_with_chain(x, lk, lc, [ic, x.p.root])


@case("cms", "accept", "control: a signer's RSA key with public exponent 3 (old, still allowed)")
def rsa_exponent_three(x):
    from cryptography.hazmat.primitives.asymmetric import rsa
    key = rsa.generate_private_key(3, 2048)
    cert = make_cert("Exponent Three Signer", key, x.p.root, x.p.root_key)
    return sign_with_chain(x, key, cert, [x.p.root])


@case("cms", "reject", "a signer's P-256 key written with explicit curve parameters instead of the curve's name "
      "(the same curve here; explicit parameters may describe a weak or singular one). OpenSSL's path building refuses "
      "it too, but only where trust is asked for; the key rule holds under --no-trust as well")
def ec_explicit_curve(x):
    from asn1crypto import keys as akeys
    key = ec.generate_private_key(ec.SECP256R1())
    point = key.public_key().public_numbers()
    c, width = P256, 32
    domain = {"version": "ecdpVer1", "field_id": {"field_type": "prime_field", "parameters": c["p"]},
              "curve": {"a": (c["p"] - 3).to_bytes(width, "big"), "b": c["b"].to_bytes(width, "big")},
              "base": b"\x04" + c["gx"].to_bytes(width, "big") + c["gy"].to_bytes(width, "big"),
              "order": c["n"], "cofactor": 1}
    spki = akeys.PublicKeyInfo({
        "algorithm": {"algorithm": "ec", "parameters": akeys.ECDomainParameters("specified", domain)},
        "public_key": b"\x04" + point.x.to_bytes(width, "big") + point.y.to_bytes(width, "big")})
    cert = with_key_info(x, "Explicit Curve Signer", spki)
    return sign_with_chain(x, key, cert, [x.p.root])


def lookalike_bag(x, count):
    """A signature whose bag carries `count` look-alikes of the root (`cb.lookalikes`) between the
    signer's certificate and the root."""
    bag = cb.lookalikes(x.p.root, count)
    reserve = sum(len(cb.der(c)) for c in bag) + 24000
    return cb.sign_pdf(x.base, lambda d: cb.signed_data([cb.signer_info(d, x.p.signer_key, x.p.signer)],
                                                        [x.p.signer] + bag + [x.p.root]), reserve=reserve)


@case("cms", "reject", "a bag of 2,000 look-alikes of the root: each is a candidate issuer, so path building costs "
      "time in proportion (20,000: 4.7 s and 218 MB, VALID, before the limit); over 256 certificates the signature "
      "is refused from its framing")
def lookalike_bag_over_limit(x):
    return lookalike_bag(x, 2_000)


@case("cms", "accept", "control: 254 look-alikes, with the signer and the root 256 certificates, are judged")
def lookalike_bag_at_limit(x):
    return lookalike_bag(x, 254)


# ================================================================================================ tr-
EXPIRED = dict(not_before=day(2024, 1, 1), not_after=day(2026, 3, 1))  # the token's 2026-02-01 is inside
DUAL_USE = dict(keyusage=ku(ds=True, nr=True), eku=[EKU.TIME_STAMPING, EKU.EMAIL_PROTECTION], eku_critical=True)
# A CRL distribution point makes a certificate "expect" revocation data (pyHanko looks only then); the
# address is 127.0.0.1 port 9 (discard) and signet never fetches it in the default offline mode.
CDP = [(x509.CRLDistributionPoints([x509.DistributionPoint(
    full_name=[x509.UniformResourceIdentifier("http://127.0.0.1:9/attack.crl")], relative_name=None, reasons=None,
    crl_issuer=None)]), False)]
REASON = x509.ReasonFlags


def ts_signed(x, key, cert, chain, token_fn=None):
    """A signature; token_fn(signature value, signed bytes) -> token to attach as its timestamp."""
    def mk(content):
        der = cb.signed_data([cb.signer_info(content, key, cert)], [cert] + chain)
        return cb.with_sig_timestamp(der, token_fn(cb.signature_value(der), content)) if token_fn else der
    return cb.sign_pdf(x.base, mk)


def token(x, data, gen_time, tk=None, tc=None, chain=None, **kw):
    tk, tc = tk or x.p.tsa_key, tc or x.p.tsa
    return cb.tst_token(data, tk, tc, gen_time, certs=[tc] + (chain if chain is not None else [x.p.root]), **kw)


def expired_signer(x, cn="Expired Signer", **kw):
    return leaf(x, cn, **EXPIRED, **kw)


def stamped_expired(x, tsa=(None, None), gen_time=day(2026, 2, 1), **kw):
    """A signer that expired 2026-03-01, saved only by a timestamp at gen_time."""
    k, c = expired_signer(x)
    return ts_signed(x, k, c, [x.p.root], lambda s, _: token(x, s, gen_time, *tsa, **kw))


def other_tsa(x, cn, **kw):
    k = x.key("tsa" + cn)
    return k, cb.tsa_cert(cn, k, x.p.root, x.p.root_key, **kw)


def root_crl(x, *entries):
    return cb.make_crl(x.p.root, x.p.root_key, entries)


@case("tr", "reject", "eight undecodable 3-byte streams (/Filter /Bogus) head the /DSS /Certs, a CRL revoking the "
      "signer follows: an undecodable value inflated nothing and counts nothing toward the 128 MiB (charging it the "
      "16 MiB limit hid the CRL)")
def undecodable_then_revoking_crl(x):
    signed = cb.sign_pdf(x.base, lambda c: cb.simple_cms(c, x.p))
    revoking = cb.make_crl(x.p.root, x.p.root_key, revoked=[(x.p.signer.serial_number, day(2026, 11, 1))])
    n = cb.mc.next_num(signed)
    objs = {n + i: cb.mc.stream(b"x%d" % i, b"/Filter /Bogus") for i in range(8)}
    objs[n + 8] = cb.mc.stream(revoking)
    objs[n + 9] = b"<< /Certs " + cb.mc.refs(list(range(n, n + 8))) + b" /CRLs " + cb.mc.refs([n + 8]) + b" >>"
    objs[cb.mc.CATALOG] = cb.mc.with_entries(signed, cb.mc.CATALOG, DSS=b"%d 0 R" % (n + 9))
    return cb.mc.append_update(signed, objs)


@case("tr", "accept", "control: signer expired 2026-03-01, timestamp from the trusted TSA at 2026-02-01 (B-T)")
def ts_control_expired_signer(x):
    return stamped_expired(x)


@case("tr", "reject", "signer expired; timestamp imprint over the document content instead of the signature value")
def ts_imprint_over_content(x):
    k, c = expired_signer(x)
    return ts_signed(x, k, c, [x.p.root], lambda s, content: token(x, content, day(2026, 2, 1)))


@case("tr", "reject", "signer expired; TSA certificate without any EKU")
def ts_tsa_no_eku(x):
    tk = x.key("tsa-noeku")
    tc = make_cert("TSA no EKU", tk, x.p.root, x.p.root_key, keyusage=ku(ds=True))
    return stamped_expired(x, (tk, tc))


@case("tr", "reject", "signer expired; TSA EKU timeStamping NOT critical (RFC 3161 requires critical)")
def ts_tsa_eku_noncritical(x):
    return stamped_expired(x, other_tsa(x, "TSA noncrit", eku_critical=False))


@case("tr", "reject", "signer not yet valid (notBefore now+30min); token genTime now+2h")
def ts_future_gentime(x):
    k, c = leaf(x, "Future Signer", not_before=x.now + datetime.timedelta(minutes=30))
    return ts_signed(x, k, c, [x.p.root], lambda s, _: token(x, s, x.now + datetime.timedelta(hours=2)))


@case("tr", "reject", "signer expired; TSA cert expired 2026-04-01 (genTime 2026-02-01 inside its validity)")
def ts_tsa_expired(x):
    return stamped_expired(x, other_tsa(x, "TSA expired", not_before=day(2024, 1, 1), not_after=day(2026, 4, 1)))


@case("tr", "reject", "signer expired; TSA self-signed (untrusted)")
def ts_tsa_untrusted(x):
    tk = x.key("tsa-self")
    tc = make_cert("Rogue TSA", tk, keyusage=ku(ds=True), eku=[EKU.TIME_STAMPING], eku_critical=True)
    return stamped_expired(x, (tk, tc), chain=[])


@case("tr", "reject", "signer expired; the token's ESS signing-certificate-v2 names the root, not the TSA")
def ts_ess_other(x):
    return stamped_expired(x, ess_cert=x.p.root)


@case("tr", "reject", "former defect: a signer whose cert has EKU [timeStamping, emailProtection] (critical) "
      "timestamps its own signature at 2026-01-10; revoked 2026-06-01 (root CRL in the DSS)")
def ts_self_timestamp_revoked_signer(x):
    k, c = leaf(x, "Dual Use Signer", **DUAL_USE)
    pdf = ts_signed(x, k, c, [x.p.root], lambda s, _: token(x, s, day(2026, 1, 10), k, c))
    return cb.add_dss(pdf, crls=[root_crl(x, (c.serial_number, day(2026, 6, 1)))])


@case("tr", "reject", "control: the same dual-use signer revoked 2026-06-01, no timestamp")
def ts_self_timestamp_control_no_token(x):
    k, c = leaf(x, "Dual Use Signer", **DUAL_USE)
    return cb.add_dss(ts_signed(x, k, c, [x.p.root]), crls=[root_crl(x, (c.serial_number, day(2026, 6, 1)))])


def revoked_tsa_case(x, cn, crl_entry_tail=(), ocsp_reason=None, cdp=False):
    """The TSA is revoked 2026-06-01 (root CRL entry with the given reason tail, or a root OCSP response
    with ocsp_reason); its token dated 2026-02-01 covers a signer that expired 2026-03-01. Whether the
    token stands depends on the reason alone."""
    extra = CDP if cdp else []
    tk, tc = other_tsa(x, cn, extra=extra)
    k, c = expired_signer(x, "Expired Signer CDP" if cdp else "Expired Signer", extra=extra)
    pdf = ts_signed(x, k, c, [x.p.root], lambda s, _: token(x, s, day(2026, 2, 1), tk, tc))
    if ocsp_reason is not None:
        return cb.add_dss(pdf, ocsps=[cb.make_ocsp(tc, x.p.root, x.p.root, x.p.root_key, "revoked", day(2026, 6, 1),
                                                   reason=ocsp_reason)])
    return cb.add_dss(pdf, crls=[root_crl(x, (tc.serial_number, day(2026, 6, 1)) + tuple(crl_entry_tail))])


@case("tr", "reject", "former defect: TSA revoked 2026-06-01 with no reason (root CRL in the DSS); token dated "
      "2026-02-01 covers a signer that expired 2026-03-01")
def ts_revoked_tsa_backdated(x):
    return revoked_tsa_case(x, "Compromised TSA")


@case("tr", "reject", "former defect: ts_revoked_tsa_backdated with CRL distribution points (127.0.0.1) in the TSA "
      "and signer certificates")
def ts_revoked_tsa_backdated_cdp(x):
    return revoked_tsa_case(x, "Compromised TSA CDP", cdp=True)


@case("tr", "reject", "TSA revoked 2026-06-01, root CRL entry with reasonCode keyCompromise; token dated 2026-02-01")
def ts_revoked_tsa_crl_keycompromise(x):
    return revoked_tsa_case(x, "Compromised TSA KC", (REASON.key_compromise,))


@case("tr", "accept", "control: TSA revoked 2026-06-01, root CRL entry with reasonCode superseded; a token dated "
      "2026-02-01 stands (a benign reason keeps earlier tokens)")
def ts_revoked_tsa_superseded_crl(x):
    return revoked_tsa_case(x, "Superseded TSA", (REASON.superseded,))


@case("tr", "accept", "control: TSA revoked 2026-06-01, root OCSP response revoked with reason superseded; token "
      "dated 2026-02-01 stands")
def ts_revoked_tsa_superseded_ocsp(x):
    return revoked_tsa_case(x, "Superseded TSA OCSP", ocsp_reason=REASON.superseded)


@case("tr", "reject", "former defect: TSA revoked 2026-06-01 (root OCSP, keyCompromise), signer revoked "
      "2026-07-01 too; token dated 2026-02-01")
def ts_revoked_tsa_and_signer_ocsp(x):
    tk, tc = other_tsa(x, "Compromised TSA 2")
    k, c = leaf(x, "Revoked Signer")
    pdf = ts_signed(x, k, c, [x.p.root], lambda s, _: token(x, s, day(2026, 2, 1), tk, tc))
    return cb.add_dss(pdf, ocsps=[cb.make_ocsp(tc, x.p.root, x.p.root, x.p.root_key, "revoked", day(2026, 6, 1)),
                                  cb.make_ocsp(c, x.p.root, x.p.root, x.p.root_key, "revoked", day(2026, 7, 1))])


# ---------------------------------------------------------------- revocation in the DSS
def plain_signed(x):
    return ts_signed(x, x.p.signer_key, x.p.signer, [x.p.root])


def signer_revoked_crl(x, **kw):
    return cb.make_crl(x.p.root, x.p.root_key, [(x.p.signer.serial_number, day(2026, 6, 1))], **kw)


def rogue_responder(x):
    rk = x.key("rogue-resp")
    return rk, make_cert("Rogue Responder", rk, keyusage=ku(ds=True), eku=[EKU.OCSP_SIGNING])


@case("tr", "accept", "control: signer, DSS with a root CRL that does not list it")
def rev_control(x):
    return cb.add_dss(plain_signed(x), crls=[root_crl(x)])


@case("tr", "reject", "signer revoked 2026-06-01 by the root's CRL in the DSS")
def rev_crl_revoked(x):
    return cb.add_dss(plain_signed(x), crls=[signer_revoked_crl(x)])


@case("tr", "reject", "signer revoked by a root-signed OCSP response in the DSS")
def rev_ocsp_revoked(x):
    return cb.add_dss(plain_signed(x), ocsps=[
        cb.make_ocsp(x.p.signer, x.p.root, x.p.root, x.p.root_key, "revoked", day(2026, 6, 1))])


@case("tr", "reject", "root CRL says revoked + an OCSP 'good' from an unauthorized (self-signed) responder")
def rev_crl_revoked_rogue_ocsp_good(x):
    rk, rc = rogue_responder(x)
    return cb.add_dss(plain_signed(x), crls=[signer_revoked_crl(x)],
                      ocsps=[cb.make_ocsp(x.p.signer, x.p.root, rc, rk, "good")])


@case("tr", "reject", "root CRL says revoked + an OCSP 'good' from an OCSPSigning responder issued by ANOTHER CA "
      "with the root's name (different key)")
def rev_crl_revoked_namesake_responder(x):
    ok = x.key("other-root")
    other_root = make_cert(None, ok, subject_name=x.p.root.subject, ca=True)
    rk = x.key("ns-resp")
    rc = make_cert("Namesake Responder", rk, other_root, ok, keyusage=ku(ds=True), eku=[EKU.OCSP_SIGNING])
    return cb.add_dss(plain_signed(x), crls=[signer_revoked_crl(x)],
                      ocsps=[cb.make_ocsp(x.p.signer, x.p.root, rc, rk, "good")], certs=[other_root])


@case("tr", "reject", "root CRL says revoked + a root-signed OCSP 'good' produced later (conflicting authentic data)")
def rev_crl_revoked_root_ocsp_good(x):
    return cb.add_dss(plain_signed(x), crls=[signer_revoked_crl(x, this_update=x.now - datetime.timedelta(days=3))],
                      ocsps=[cb.make_ocsp(x.p.signer, x.p.root, x.p.root, x.p.root_key, "good")])


@case("tr", "reject", "root CRL says revoked + a CRL under the root's name by ANOTHER key listing nothing")
def rev_crl_revoked_plus_forged_crl(x):
    forged = cb.make_crl(x.p.root, x.key("forger"), [], issuer_name=x.p.root.subject)
    return cb.add_dss(plain_signed(x), crls=[forged, signer_revoked_crl(x)])


@case("tr", "doubtful", "OCSP 'good' for ANOTHER certificate only: valid either way, only the level (not B-LT) "
      "would be wrong")
def rev_ocsp_other_cert(x):
    ok, oc = leaf(x, "Other Person")
    return cb.add_dss(plain_signed(x), ocsps=[cb.make_ocsp(oc, x.p.root, x.p.root, x.p.root_key, "good")])


@case("tr", "accept", "an OCSP 'revoked' signed by a rogue responder, nothing else: ignored (a note), valid")
def rev_rogue_ocsp_revoked(x):
    rk, rc = rogue_responder(x)
    return cb.add_dss(plain_signed(x), ocsps=[cb.make_ocsp(x.p.signer, x.p.root, rc, rk, "revoked", day(2026, 6, 1))])


# ---------------------------------------------------------------- chain twins
def revoked_inter_case(x, cn, twin, extra=()):
    """An intermediate revoked 2026-06-01 by the root's CRL in the DSS; with `twin`, the CMS bag first holds an
    expired self-signed twin of it, which a chain builder without a time check takes for the root."""
    ik, ic = inter(x, cn, extra=list(extra))
    lk, lc = leaf_under(x, ik, ic, "Leaf Under " + cn, extra=list(extra))
    pdf = sign_with_chain(x, lk, lc, ([twin_of(cn, ik)] if twin else []) + [ic, x.p.root])
    return cb.add_dss(pdf, crls=[root_crl(x, (ic.serial_number, day(2026, 6, 1))), cb.make_crl(ic, ik, [])])


@case("tr", "reject", "control: intermediate revoked 2026-06-01 by the root CRL in the DSS")
def twin_revoked_inter_control(x):
    return revoked_inter_case(x, "Revoked Intermediate", twin=False)


@case("tr", "reject", "former defect: the revoked intermediate, with an EXPIRED self-signed twin before it in the bag")
def twin_revoked_inter_hidden(x):
    return revoked_inter_case(x, "Revoked Intermediate", twin=True)


@case("tr", "reject", "former defect: twin_revoked_inter_hidden with CRL distribution points in intermediate and leaf")
def twin_revoked_inter_hidden_cdp(x):
    return revoked_inter_case(x, "Revoked Intermediate CDP", twin=True, extra=CDP)


# ================================================================================================ dts-
def approve(x, data=None):
    return cb.sign_pdf(data or x.base, lambda c: cb.simple_cms(c, x.p))


def doc_ts(x, data, tk=None, tc=None, gen_time=None, imprint_fn=None):
    """Adds a document timestamp field whose token covers the new revision (or imprint_fn(bytes))."""
    pdf, cs, ce = cb.prepare_new_field(data)
    content = cb.signed_bytes(pdf, cs, ce)
    tok = token(x, imprint_fn(content) if imprint_fn else content,
                gen_time or (x.now - datetime.timedelta(minutes=1)), tk, tc)
    return cb.fill(pdf, cs, ce, tok.dump())


@case("dts", "accept", "control: approval signature, then a document timestamp by the trusted TSA")
def dts_control(x):
    return doc_ts(x, approve(x))


@case("dts", "reject", "document timestamp whose imprint is the hash of the first revision only")
def dts_imprint_other(x):
    return doc_ts(x, approve(x), imprint_fn=lambda content: x.base)


@case("dts", "reject", "document timestamp signed with the signer's ordinary certificate (no timeStamping EKU)")
def dts_by_signer_cert(x):
    return doc_ts(x, approve(x), x.p.signer_key, x.p.signer)


def dts_revoked_tsa(x, cn, *reason):
    tk, tc = other_tsa(x, cn)
    pdf = cb.add_dss(approve(x), crls=[root_crl(x, (tc.serial_number, day(2026, 6, 1)) + reason)])
    return doc_ts(x, pdf, tk, tc, gen_time=day(2026, 5, 1))


@case("dts", "reject", "former defect: document timestamp dated 2026-05-01 by a TSA revoked 2026-06-01 without a "
      "reason (root CRL in a DSS written before the timestamp)")
def dts_revoked_tsa_backdated(x):
    return dts_revoked_tsa(x, "Compromised Doc TSA")


@case("dts", "accept", "control: the same with the CRL entry's reasonCode superseded: the earlier token stands")
def dts_revoked_tsa_superseded(x):
    return dts_revoked_tsa(x, "Superseded Doc TSA", REASON.superseded)


@case("dts", "reject", "an approval /Type /Sig dictionary with /SubFilter /ETSI.RFC3161 whose /Contents is an "
      "ordinary signature CMS (id-data), not a token")
def dts_subfilter_with_plain_cms(x):
    pdf, cs, ce = cb.prepare_new_field(approve(x), sig_type=b"/Sig")
    return cb.fill(pdf, cs, ce, cb.simple_cms(cb.signed_bytes(pdf, cs, ce), x.p))


@case("dts", "reject", "adbe.pkcs7.detached signature whose /Contents is a valid RFC 3161 token over the ByteRange")
def sig_with_token_contents(x):
    pdf, cs, ce = cb.prepare_new_field(approve(x), sig_type=b"/Sig", subfilter=b"/adbe.pkcs7.detached")
    tok = token(x, cb.signed_bytes(pdf, cs, ce), x.now - datetime.timedelta(minutes=1))
    return cb.fill(pdf, cs, ce, tok.dump())


@case("dts", "reject", "document timestamp genTime 2 hours in the future")
def dts_future(x):
    return doc_ts(x, approve(x), gen_time=x.now + datetime.timedelta(hours=2))


@case("dts", "reject", "former defect: document timestamp by a dual-use certificate (EKU timeStamping + "
      "emailProtection, critical): the signer timestamps its own document")
def dts_dual_use(x):
    k, c = leaf(x, "Dual Use Signer", **DUAL_USE)
    return doc_ts(x, approve(x), k, c)


# ================================================================================================ runner
def main(argv):
    return cb.run_cases(CASES, argv, __doc__, Ctx)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
