#!/usr/bin/env python3
"""Adversarial corpus for `signet verify`: legitimate changes after a signature and attacks on it.

    python3 Tools/verify-corpus/make_corpus.py OUTDIR

Writes OUTDIR/root.pem (a throw-away root CA), one PDF per case and OUTDIR/manifest.json with, per
case, the expected `signet verify --ca root.pem --json FILE` values per signature
(`modification_level`, `permitted`, `valid`; null = not judged) and the expected exit code.

The base documents are written here byte by byte (three pages of text, an AcroForm text field and an
empty signature field), signed with pyHanko's library, and then attacked by appending raw incremental
updates written here (`append_update`, xref table or xref stream) or by editing bytes in place.
"""
import datetime
import hashlib
import json
import os
import re
import sys
from io import BytesIO

from asn1crypto import keys as asn1_keys, x509 as asn1_x509
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import rsa
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

from pyhanko.pdf_utils import generic
from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign import signers
from pyhanko.sign.fields import MDPPerm
from pyhanko.sign.signers import pdf_signer as _pdf_signer
from pyhanko.sign.timestamps.dummy_client import DummyTimeStamper
from pyhanko.sign.validation.dss import DocumentSecurityStore
from pyhanko_certvalidator.registry import SimpleCertificateStore

UTC = datetime.timezone.utc
SIGNING_TIME = datetime.datetime(2026, 1, 15, 12, 0, 0, tzinfo=UTC)
TIMESTAMP_TIME = datetime.datetime(2026, 1, 16, 12, 0, 0, tzinfo=UTC)


class _FixedClock(datetime.datetime):
    """pyHanko's signing session reads `datetime.now()`; every signature here claims SIGNING_TIME."""

    @classmethod
    def now(cls, tz=None):
        return SIGNING_TIME if tz is None else SIGNING_TIME.astimezone(tz)


_pdf_signer.datetime = _FixedClock

# ---------------------------------------------------------------------------------------------
# PKI: root CA → two signers (RSA-2048, digitalSignature + nonRepudiation) and a TSA.
# ---------------------------------------------------------------------------------------------


class PKI:
    def __init__(self):
        self.root_key = rsa.generate_private_key(65537, 2048)
        self.root = self._cert("Signet Corpus Root CA", self.root_key, None, ca=True)
        self.signer1 = self._party("Alice Signer", "signer")
        self.signer2 = self._party("Bob Cosigner", "signer")
        self.tsa = self._party("Signet Corpus TSA", "tsa")

    def _party(self, name, role):
        key = rsa.generate_private_key(65537, 2048)
        return key, self._cert(name, key, self.root_key, role=role)

    def _cert(self, cn, key, issuer_key, ca=False, role=None):
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn),
                          x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Signet test corpus")])
        issuer = name if issuer_key is None else self.root.subject
        b = (x509.CertificateBuilder().subject_name(name).issuer_name(issuer).public_key(key.public_key())
             .serial_number(int.from_bytes(hashlib.sha256(cn.encode()).digest()[:8], "big"))
             .not_valid_before(datetime.datetime(2020, 1, 1, tzinfo=UTC))
             .not_valid_after(datetime.datetime(2040, 1, 1, tzinfo=UTC))
             .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False))
        if ca:
            b = (b.add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
                 .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False, key_encipherment=False,
                                              data_encipherment=False, key_agreement=False, key_cert_sign=True,
                                              crl_sign=True, encipher_only=False, decipher_only=False), critical=True))
        else:
            b = (b.add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                 .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(self.root_key.public_key()), critical=False)
                 .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=(role == "signer"),
                                              key_encipherment=False, data_encipherment=False, key_agreement=False,
                                              key_cert_sign=False, crl_sign=False, encipher_only=False,
                                              decipher_only=False), critical=True))
            if role == "tsa":
                b = b.add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.TIME_STAMPING]), critical=True)
        return b.sign(issuer_key or key, hashes.SHA256())

    @staticmethod
    def asn1_cert(cert):
        return asn1_x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER))

    @staticmethod
    def asn1_key(key):
        return asn1_keys.PrivateKeyInfo.load(key.private_bytes(
            serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

    def signer(self, which):
        key, cert = which
        registry = SimpleCertificateStore.from_certs([self.asn1_cert(self.root)])
        return signers.SimpleSigner(self.asn1_cert(cert), self.asn1_key(key), registry)

    def timestamper(self):
        key, cert = self.tsa
        return DummyTimeStamper(self.asn1_cert(cert), self.asn1_key(key),
                                certs_to_embed=SimpleCertificateStore.from_certs([self.asn1_cert(self.root)]),
                                fixed_dt=TIMESTAMP_TIME)


# ---------------------------------------------------------------------------------------------
# The base document, written byte by byte. Fixed object numbers, so the attacks can name them.
# ---------------------------------------------------------------------------------------------

CATALOG, PAGES, ACROFORM, PAGE1, PAGE2, PAGE3, FONT_F1, FONT_HELV, INFO = 1, 2, 3, 4, 5, 6, 7, 8, 9
TEXT_FIELD, SIG_FIELD, CONTENT1, TEXT_FIELD_AP, CONTENT2, CONTENT3, OCG, OCPROPERTIES = 10, 11, 12, 13, 14, 15, 16, 17
DANGLING = 900  # referenced by page 1's /Contents in the hide-and-replace base, defined by nobody

PAGE1_TEXT = b"BT /F1 24 Tf 72 730 Td (Purchase contract) Tj ET\nBT /F1 12 Tf 72 650 Td (The buyer pays 100 EUR.) Tj ET\n"
OVERLAY = b"1 1 1 rg 66 640 300 28 re f 0 g BT /F1 12 Tf 72 650 Td (The buyer pays 900 EUR.) Tj ET\n"


def stream(body: bytes, extra: bytes = b"") -> bytes:
    return b"<< " + extra + b" /Length %d >>\nstream\n" % len(body) + body + b"\nendstream"


def base_objects(overlay=False, dangling=False):
    page1_contents = b"[%d 0 R %d 0 R]" % (CONTENT1, DANGLING) if dangling else b"%d 0 R" % CONTENT1
    page1_text = PAGE1_TEXT + (b"/OC /oc1 BDC " + OVERLAY + b"EMC\n" if overlay else b"")
    properties = b" /Properties << /oc1 %d 0 R >>" % OCG if overlay else b""
    ocprops = b" /OCProperties %d 0 R" % OCPROPERTIES if overlay else b""
    resources = b"<< /Font << /F1 %d 0 R >>%s >>" % (FONT_F1, properties)
    page = lambda contents, annots=b"": (
        b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792] /Resources %s /Contents %s%s >>"
        % (PAGES, resources, contents, annots))
    objs = {
        CATALOG: b"<< /Type /Catalog /Pages %d 0 R /AcroForm %d 0 R%s >>" % (PAGES, ACROFORM, ocprops),
        PAGES: b"<< /Type /Pages /Kids [%d 0 R %d 0 R %d 0 R] /Count 3 >>" % (PAGE1, PAGE2, PAGE3),
        ACROFORM: b"<< /Fields [%d 0 R %d 0 R] /DR << /Font << /Helv %d 0 R >> >> /DA (/Helv 0 Tf 0 g) >>"
                  % (TEXT_FIELD, SIG_FIELD, FONT_HELV),
        PAGE1: page(page1_contents, b" /Annots [%d 0 R %d 0 R]" % (TEXT_FIELD, SIG_FIELD)),
        PAGE2: page(b"%d 0 R" % CONTENT2),
        PAGE3: page(b"%d 0 R" % CONTENT3),
        FONT_F1: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        FONT_HELV: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        INFO: b"<< /Title (Signet adversarial corpus) /Producer (make_corpus.py) >>",
        TEXT_FIELD: b"<< /FT /Tx /T (Buyer) /V () /DA (/Helv 10 Tf 0 g) /Type /Annot /Subtype /Widget "
                    b"/Rect [72 600 300 620] /F 4 /P %d 0 R /AP << /N %d 0 R >> >>" % (PAGE1, TEXT_FIELD_AP),
        SIG_FIELD: b"<< /FT /Sig /T (Signature1) /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 /P %d 0 R >>"
                   % PAGE1,
        CONTENT1: stream(page1_text),
        TEXT_FIELD_AP: stream(b"/Tx BMC EMC", b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] "
                                              b"/Resources << /Font << /Helv %d 0 R >> >>" % FONT_HELV),
        CONTENT2: stream(b"BT /F1 12 Tf 72 720 Td (Page 2: delivery within 30 days.) Tj ET"),
        CONTENT3: stream(b"BT /F1 12 Tf 72 720 Td (Page 3: governing law.) Tj ET"),
    }
    if overlay:
        objs[OCG] = b"<< /Type /OCG /Name (Overlay) >>"
        objs[OCPROPERTIES] = b"<< /OCGs [%d 0 R] /D << /Order [%d 0 R] /OFF [%d 0 R] >> >>" % (OCG, OCG, OCG)
    return objs


def write_base(kind, **options) -> bytes:
    """A complete PDF of the base objects, with an xref table (`table`) or an xref stream (`stream`)."""
    objs = base_objects(**options)
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for num in sorted(objs):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objs[num] + b"\nendobj\n"
    doc_id = hashlib.md5(repr(sorted(options.items())).encode() + kind.encode()).hexdigest().encode()
    trailer = b"/Root %d 0 R /Info %d 0 R /ID [<%s> <%s>]" % (CATALOG, INFO, doc_id, doc_id)
    size = max(objs) + 1
    if kind == "table":
        xref_at = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f\r\n" % size
        for num in range(1, size):
            out += b"%010d 00000 n\r\n" % offsets[num] if num in offsets else b"0000000000 00001 f\r\n"
        out += b"trailer\n<< /Size %d %s >>\n" % (size, trailer)
    else:
        xref_at = len(out)
        offsets[size] = xref_at
        rows = b"".join(_xref_row(("n", offsets[n], 0)) if n in offsets else _xref_row(("f", 0, 0 if n == 0 else 1))
                        for n in range(size + 1))
        out += b"%d 0 obj\n" % size + stream(rows, b"/Type /XRef /Size %d /W [1 4 2] %s" % (size + 1, trailer)) + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


# ---------------------------------------------------------------------------------------------
# Incremental updates, written by hand.
# ---------------------------------------------------------------------------------------------


def _xref_row(entry):
    kind, offset, gen = entry
    return bytes([1 if kind == "n" else 0]) + offset.to_bytes(4, "big") + gen.to_bytes(2, "big")


def _runs(nums):
    runs, start, prev = [], None, None
    for n in sorted(nums):
        if start is None or n != prev + 1:
            if start is not None:
                runs.append((start, prev - start + 1))
            start = n
        prev = n
    if start is not None:
        runs.append((start, prev - start + 1))
    return runs


def reader(data: bytes) -> PdfFileReader:
    return PdfFileReader(BytesIO(data), strict=False)


def last_startxref(data: bytes) -> int:
    return int(re.findall(rb"startxref\s+(\d+)", data)[-1])


def append_update(data: bytes, objects: dict, *, xref=None, freed=(), root=None, prev=True,
                  redirect=None, all_objects=False) -> bytes:
    """Appends `objects` ({number: body bytes}) as an incremental update with its own xref section.

    xref: "table" or "stream" (default: the kind the file's last section uses). freed: object numbers
    marked free (generation + 1). root: a new /Root number. prev=False: no /Prev in the trailer.
    redirect: {number: other} makes the xref entry of `number` point at where object `other` is written.
    all_objects: list every object of the file in this section (used with prev=False so it stays readable).
    """
    r = reader(data)
    trailer = r.trailer
    kind = xref or ("stream" if r.has_xref_stream else "table")
    size = int(trailer["/Size"])
    root_num = root if root is not None else trailer.raw_get("/Root").idnum
    info = trailer.raw_get("/Info") if "/Info" in trailer else None
    ids = trailer["/ID"]
    out = bytearray(data if data.endswith(b"\n") else data + b"\n")
    entries = {}
    if all_objects:
        for m in re.finditer(rb"(?:^|[\r\n])(\d+) 0 obj\b", data):
            entries[int(m.group(1))] = ("n", m.start(1), 0)
    offsets = {}
    for num, body in objects.items():
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + body + b"\nendobj\n"
        entries[num] = ("n", offsets[num], 0)
    for num, other in (redirect or {}).items():
        entries[num] = ("n", offsets[other], 0)
        entries.pop(other)  # the object is only reachable through the wrong entry
    for num in freed:
        entries[num] = ("f", 0, 1)
    new_size = max([size] + [n + 1 for n in entries])
    id_text = b"[%s <%s>]" % (ser(ids[0]), hashlib.md5(bytes(out)).hexdigest().encode())
    fields = b"/Root %d 0 R" % root_num
    if info is not None:
        fields += b" /Info %d 0 R" % info.idnum
    fields += b" /ID " + id_text
    if prev:
        fields += b" /Prev %d" % last_startxref(data)
    xref_at = len(out)
    if kind == "table":
        out += b"xref\n"
        for start, count in _runs(entries):
            out += b"%d %d\n" % (start, count)
            for n in range(start, start + count):
                k, off, gen = entries[n]
                out += b"%010d %05d %s\r\n" % (off, gen, k.encode())
        out += b"trailer\n<< /Size %d %s >>\n" % (new_size, fields)
    else:
        xref_num = new_size
        entries[xref_num] = ("n", xref_at, 0)
        runs = _runs(entries)
        index = b" ".join(b"%d %d" % run for run in runs)
        rows = b"".join(_xref_row(entries[n]) for start, count in runs for n in range(start, start + count))
        body = stream(rows, b"/Type /XRef /Size %d /W [1 4 2] /Index [%s] %s" % (xref_num + 1, index, fields))
        out += b"%d 0 obj\n" % xref_num + body + b"\nendobj\n"
    out += b"startxref\n%d\n%%%%EOF\n" % xref_at
    return bytes(out)


def next_num(data: bytes, skip=0) -> int:
    """The first unused object number of the file (plus `skip`)."""
    return int(reader(data).trailer["/Size"]) + skip


def ser(obj) -> bytes:
    buf = BytesIO()
    obj.write_to_stream(buf, None)
    return buf.getvalue()


def latest(data: bytes, num: int):
    """Object `num` as the file's newest revision defines it (a pyHanko generic object)."""
    return reader(data).get_object(generic.Reference(num, 0))


def with_entries(data: bytes, num: int, **changes) -> bytes:
    """The newest dictionary of object `num` with some entries replaced (value bytes are raw PDF)."""
    d = latest(data, num)
    # Re-serialise the dictionary without the changed keys, then append their raw values.
    kept = generic.DictionaryObject({k: d.raw_get(k) for k in d if k[1:] not in changes})
    text = ser(kept).rstrip()[:-2].rstrip()
    for key, value in changes.items():
        if value is not None:
            text += b" /" + key.encode() + b" " + value
    return text + b" >>"


def refs(nums) -> bytes:
    return b"[" + b" ".join(b"%d 0 R" % n for n in nums) + b"]"


def raw_refs(array) -> list:
    return [x.idnum for x in array]


def annots_plus(data: bytes, page: int, *new) -> bytes:
    d = latest(data, page)
    existing = raw_refs(d.raw_get("/Annots")) if "/Annots" in d else []
    return with_entries(data, page, Annots=refs(existing + list(new)))


def fields_plus(data: bytes, *new) -> bytes:
    form = latest(data, ACROFORM)
    return with_entries(data, ACROFORM, Fields=refs(raw_refs(form.raw_get("/Fields")) + list(new)))


def signature_dict_num(data: bytes, field=SIG_FIELD) -> int:
    return latest(data, field).raw_get("/V").idnum


def byte_range(data: bytes):
    """(start, end, [a, b, c, d]) of the first /ByteRange array in the file (with pyHanko's padding)."""
    m = re.search(rb"/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\] *", data)
    return m.start(), m.end(), [int(x) for x in m.groups()]


def replace_same_width(data: bytes, start: int, end: int, new: bytes) -> bytes:
    assert len(new) <= end - start, (new, end - start)
    return data[:start] + new + b" " * (end - start - len(new)) + data[end:]


def set_byte_range(data: bytes, values) -> bytes:
    start, end, _ = byte_range(data)
    return replace_same_width(data, start, end, b"/ByteRange [" + b" ".join(b"%d" % v for v in values) + b"]")


# ---------------------------------------------------------------------------------------------
# Signing with pyHanko.
# ---------------------------------------------------------------------------------------------


def sign(data: bytes, pki: PKI, field="Signature1", who=None, certify=False, perm=MDPPerm.FILL_FORMS,
         ignore_docmdp=False) -> bytes:
    meta = signers.PdfSignatureMetadata(field_name=field, certify=certify, docmdp_permissions=perm,
                                        md_algorithm="sha256", reason="corpus")
    signer = signers.PdfSigner(meta, pki.signer(who or pki.signer1))
    if ignore_docmdp:  # pyHanko refuses to sign a P=1 document; the corpus wants the file anyway
        signer._enforce_certification_constraints = lambda reader: None
    return signer.sign_pdf(IncrementalPdfFileWriter(BytesIO(data))).getvalue()


def doc_timestamp(data: bytes, pki: PKI) -> bytes:
    w = IncrementalPdfFileWriter(BytesIO(data))
    return signers.PdfTimeStamper(pki.timestamper()).timestamp_pdf(w, "sha256").getvalue()


# ---------------------------------------------------------------------------------------------
# Cases. Each returns (bytes, expectation). `sig(level, permitted, valid)` is one signature's row.
# ---------------------------------------------------------------------------------------------


def sig(level, permitted, valid, **more):
    return dict(modification_level=level, permitted=permitted, valid=valid, **more)


OK = sig("none", True, True)


class Corpus:
    def __init__(self, pki: PKI):
        self.pki = pki
        self._cache = {}
        self.cases = []

    def base(self, kind, **options):
        return self._memo(("base", kind, tuple(sorted(options.items()))), lambda: write_base(kind, **options))

    def signed(self, kind, **options):
        return self._memo(("signed", kind, tuple(sorted(options.items()))),
                          lambda: sign(self.base(kind, **options), self.pki))

    def certified(self, kind, perm):
        return self._memo(("certified", kind, perm), lambda: sign(self.base(kind), self.pki, certify=True, perm=perm))

    def _memo(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    def add(self, name, description, data, signatures, exit_code, *, category, xref, pyhanko_agrees=True,
            pyhanko_note=None, note=None):
        self.cases.append(dict(file=name + ".pdf", description=description, category=category, xref=xref,
                               exit=exit_code, signatures=signatures, note=note,
                               pyhanko=dict(agrees=pyhanko_agrees, note=pyhanko_note), data=data))


ANNOT_NOTE = ("pyHanko's default diff policy has no rule for annotations: it rates any annotation change OTHER "
              "(not permitted), where the PDF spec and Signet allow markup annotations under P=3 / no certification")


def legitimate_cases(c: Corpus):
    p = c.pki
    for kind in ("table", "stream"):
        c.add(f"legit-signed-once-{kind}", f"one approval signature, nothing after it (xref {kind})",
              c.signed(kind), [OK], 0, category="legitimate", xref=kind)

    twice = sign(c.signed("table"), p, field="Signature2", who=p.signer2)
    c.add("legit-signed-twice", "approval signature, then a second signature in a new field",
          twice, [sig("form-filling", True, True), OK], 0, category="legitimate", xref="table")

    data = c.certified("stream", MDPPerm.FILL_FORMS)
    ap = next_num(data)
    filled = append_update(data, {
        TEXT_FIELD: with_entries(data, TEXT_FIELD, V=b"(Alice Example)", AP=b"<< /N %d 0 R >>" % ap),
        ap: stream(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (Alice Example) Tj ET EMC",
                   b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv %d 0 R >> >>"
                   % FONT_HELV),
    })
    c.add("legit-certified-p2-form-filled", "certified P=2, then the text field filled (/V and a new /AP)",
          filled, [sig("form-filling", True, True)], 0, category="legitimate", xref="stream")

    second = sign(c.certified("table", MDPPerm.FILL_FORMS), p, field="Signature2", who=p.signer2)
    c.add("legit-certified-p2-second-signature", "certified P=2, then an approval signature in a new field",
          second, [sig("form-filling", True, True), OK], 0, category="legitimate", xref="table")

    locked = sign(c.certified("table", MDPPerm.NO_CHANGES), p, field="Signature2", who=p.signer2, ignore_docmdp=True)
    c.add("certified-p1-second-signature", "certified P=1 (no changes), then a second signature: not permitted",
          locked, [sig("form-filling", False, False), OK], 3, category="legitimate", xref="table",
          note="a legitimate workflow the certification forbids")

    for kind, subtype in (("table", "Text"), ("stream", "Stamp")):
        data = c.signed(kind)
        n = next_num(data)
        annot = (b"<< /Type /Annot /Subtype /%s /Rect [400 700 430 730] /Contents (Reviewed) /F 4 /P %d 0 R%s >>"
                 % (subtype.encode(), PAGE1, b" /Name /Approved" if subtype == "Stamp" else b" /Name /Comment"))
        c.add(f"legit-approval-then-{subtype.lower()}-annotation",
              f"approval signature, then a /{subtype} markup annotation added to page 1",
              append_update(data, {n: annot, PAGE1: annots_plus(data, PAGE1, n)}),
              [sig("annotations", True, True)], 0, category="legitimate", xref=kind,
              pyhanko_agrees=False, pyhanko_note=ANNOT_NOTE)

    data = c.certified("table", MDPPerm.FILL_FORMS)
    n = next_num(data)
    annot = b"<< /Type /Annot /Subtype /FreeText /Rect [400 700 560 730] /Contents (Looks fine) /DA (/Helv 10 Tf 0 g) /F 4 /P %d 0 R >>" % PAGE1
    c.add("certified-p2-then-annotation", "certified P=2, then a /FreeText annotation: beyond what P=2 permits",
          append_update(data, {n: annot, PAGE1: annots_plus(data, PAGE1, n)}),
          [sig("annotations", False, False)], 3, category="legitimate", xref="table",
          pyhanko_agrees=False, pyhanko_note=ANNOT_NOTE + " (both reject the file; the level differs)")

    data = c.signed("table")
    out = BytesIO(data)
    out.seek(0, os.SEEK_END)
    contents = reader(data).embedded_signatures[0].pkcs7_content
    DocumentSecurityStore.add_dss(out, contents, certs=[p.asn1_cert(p.signer1[1]), p.asn1_cert(p.root)])
    c.add("legit-signed-then-dss-pyhanko", "approval signature, then a /DSS with /Certs and /VRI (pyHanko add_dss)",
          out.getvalue(), [sig("lta-updates", True, True)], 0, category="legitimate", xref="table")

    data = c.signed("stream")
    n = next_num(data)
    cert_der = p.root.public_bytes(serialization.Encoding.DER)
    signer_der = p.signer1[1].public_bytes(serialization.Encoding.DER)
    c.add("legit-signed-then-dss-raw", "approval signature, then a raw /DSS << /Certs [..] >> added to the catalog",
          append_update(data, {
              n: b"<< /Certs [%d 0 R %d 0 R] >>" % (n + 1, n + 2),
              n + 1: stream(signer_der), n + 2: stream(cert_der),
              CATALOG: with_entries(data, CATALOG, DSS=b"%d 0 R" % n),
          }), [sig("lta-updates", True, True)], 0, category="legitimate", xref="stream")

    c.add("legit-signed-then-doc-timestamp", "approval signature, then a document timestamp (RFC 3161, local TSA)",
          doc_timestamp(c.signed("table"), p), [sig("lta-updates", True, True), sig("none", True, True, kind="document-timestamp")],
          0, category="legitimate", xref="table")

    data = c.signed("table")
    c.add("legit-info-title-changed", "approval signature, then /Info /Title redefined",
          append_update(data, {INFO: with_entries(data, INFO, Title=b"(Renamed after signing)")}),
          [sig("lta-updates", True, True)], 0, category="legitimate", xref="table")


NEW_TEXT = stream(b"BT /F1 24 Tf 72 730 Td (Purchase contract) Tj ET\nBT /F1 12 Tf 72 650 Td (The buyer pays 900 EUR.) Tj ET")
ATTACK = sig("other", False, False)
STRICT_NOTE = "pyHanko (strict mode, as its CLI) refuses the file outright with a read error instead of judging it"


def main_attacks(c: Corpus, kind: str):
    data = c.signed(kind)
    a = dict(category="attack", xref=kind)
    c.add(f"attack-content-replaced-{kind}", "page 1 content stream redefined under its own object number",
          append_update(data, {CONTENT1: NEW_TEXT}), [ATTACK], 3, **a)

    n = next_num(data)
    c.add(f"attack-contents-appended-{kind}", "a new content stream appended to page 1's /Contents array",
          append_update(data, {n: stream(OVERLAY), PAGE1: with_entries(data, PAGE1, Contents=refs([CONTENT1, n]))}),
          [ATTACK], 3, **a)

    cat, pages, page1 = n, n + 1, n + 2
    new_catalog = with_entries(data, CATALOG, Pages=b"%d 0 R" % pages)  # keeps /AcroForm and /Perms
    pagedict = lambda num, contents: with_entries(data, num, Parent=b"%d 0 R" % pages, Contents=contents)
    c.add(f"attack-new-catalog-{kind}",
          "a new catalog under a new object number (same /AcroForm, /Perms) and a new page tree; /Root repointed",
          append_update(data, {
              cat: new_catalog,
              pages: b"<< /Type /Pages /Kids [%d 0 R %d 0 R %d 0 R] /Count 3 >>" % (page1, n + 3, n + 4),
              page1: pagedict(PAGE1, b"%d 0 R" % (n + 5)), n + 3: pagedict(PAGE2, b"%d 0 R" % CONTENT2),
              n + 4: pagedict(PAGE3, b"%d 0 R" % CONTENT3), n + 5: NEW_TEXT,
          }, root=cat), [ATTACK], 3, **a)

    c.add(f"attack-page-tree-replaced-{kind}", "the page tree redefined: page 1 swapped for a new page object",
          append_update(data, {
              PAGES: b"<< /Type /Pages /Kids [%d 0 R %d 0 R %d 0 R] /Count 3 >>" % (n, PAGE2, PAGE3),
              n: with_entries(data, PAGE1, Contents=b"%d 0 R" % (n + 1)), n + 1: NEW_TEXT,
          }), [ATTACK], 3, **a)

    c.add(f"attack-xref-wrong-object-{kind}",
          "the xref entry of object 12 (page 1 content) points at an object numbered otherwise",
          append_update(data, {n: NEW_TEXT}, redirect={CONTENT1: n}), [ATTACK], 3, **a,
          pyhanko_agrees=False, pyhanko_note=STRICT_NOTE)

    c.add(f"attack-no-prev-{kind}",
          "an update whose trailer has no /Prev (its xref lists every object); only /Info changed",
          append_update(data, {INFO: with_entries(data, INFO, Title=b"(No Prev)")}, prev=False, all_objects=True),
          [ATTACK], 3, **a, note="the change itself is harmless: the missing /Prev is the problem")

    js = b"<< /S /JavaScript /JS (app.alert\\('pwned'\\);) >>"
    c.add(f"attack-openaction-js-{kind}", "/OpenAction JavaScript added to the catalog",
          append_update(data, {CATALOG: with_entries(data, CATALOG, OpenAction=js)}), [ATTACK], 3, **a)

    c.add(f"attack-freed-object-{kind}", "page 3's content stream (object 15) marked free in the update",
          append_update(data, {}, freed=[CONTENT3]), [ATTACK], 3, **a)


def other_attacks(c: Corpus):
    p = c.pki
    a = dict(category="attack")

    data = c.certified("stream", MDPPerm.FILL_FORMS)
    c.add("attack-certified-p2-content-replaced", "certified P=2, then page 1 content stream redefined",
          append_update(data, {CONTENT1: NEW_TEXT}), [ATTACK], 3, **a, xref="stream")

    data = c.signed("table")
    tail = b"%d 0 obj\n%s\nendobj\n" % (CONTENT1, NEW_TEXT)
    c.add("attack-incomplete-update", "page 1 content redefined after %%EOF with no xref section or trailer",
          data + tail, [ATTACK], 3, **a, xref="table",
          pyhanko_agrees=False, pyhanko_note="pyHanko reads the file from its last startxref and ignores the trailing "
                                              "objects without an xref: it sees no change and calls the signature valid")

    data = c.signed("table", overlay=True)
    c.add("attack-shadow-hide", "shadow hide: an optional-content overlay (OFF when signed) switched ON",
          append_update(data, {OCPROPERTIES: b"<< /OCGs [%d 0 R] /D << /Order [%d 0 R] /ON [%d 0 R] >> >>"
                                              % (OCG, OCG, OCG)}),
          [ATTACK], 3, **a, xref="table")

    data = c.signed("stream")
    font = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding " \
           b"/BaseEncoding /WinAnsiEncoding /Differences [49 /nine] >> >>"
    c.add("attack-shadow-replace-font", "shadow replace: the page font redefined so '1' draws as '9'",
          append_update(data, {FONT_F1: font}), [ATTACK], 3, **a, xref="stream")

    data = c.signed("table", dangling=True)
    c.add("attack-shadow-hide-and-replace",
          "shadow hide-and-replace: page 1 /Contents names object 900, undefined when signed, defined after",
          append_update(data, {DANGLING: stream(OVERLAY)}), [ATTACK], 3, **a, xref="table",
          pyhanko_agrees=False, pyhanko_note=STRICT_NOTE + " (the reference to the undefined object 900)")

    for label, data, expected, exit_code in (
            ("approval", c.signed("table"), sig("other", False, False), 3),
            ("certified-p2", c.certified("table", MDPPerm.FILL_FORMS), sig("annotations", False, False), 3)):
        n = next_num(data)
        appearance = stream(OVERLAY.replace(b"66 640", b"0 0").replace(b"72 650", b"6 10"),
                            b"/Type /XObject /Subtype /Form /BBox [0 0 300 28] /Resources << /Font << /F1 %d 0 R >> >>"
                            % FONT_F1)
        widget = (b"<< /FT /Sig /T (Approval) /Type /Annot /Subtype /Widget /Rect [66 640 366 668] /F 4 /P %d 0 R "
                  b"/AP << /N %d 0 R >> >>" % (PAGE1, n + 1))
        c.add(f"attack-unsigned-sigfield-visible-{label}",
              f"{label}: a new unsigned signature field whose visible appearance paints over the price",
              append_update(data, {n: widget, n + 1: appearance, ACROFORM: fields_plus(data, n),
                                   PAGE1: annots_plus(data, PAGE1, n)}),
              [expected], exit_code, **a, xref="table",
              note="an unsigned signature field with a visible appearance is annotations-level: beyond P=2; under an "
                   "approval signature it would be permitted, but its appearance hides the signed price, and signed "
                   "content no overlay may hide (the overlay check makes that change 'other').",
              pyhanko_agrees=False,
              pyhanko_note="pyHanko rates the new unsigned signature field FORM_FILLING for an approval signature (it "
                           "permits it; Signet rejects the overlay) and OTHER under P=2 (both reject it)")

    data = c.signed("table")
    n = next_num(data)
    freetext = (b"<< /Type /Annot /Subtype /FreeText /FT /Sig /T (Signature2) /Rect [350 60 560 100] "
                b"/Contents (Digitally signed by the CEO) /DA (/Helv 10 Tf 0 g) /F 4 /P %d 0 R /AP << /N %d 0 R >> >>"
                % (PAGE1, n + 1))
    ap = stream(b"BT /F1 10 Tf 4 20 Td (Digitally signed by the CEO) Tj ET",
                b"/Type /XObject /Subtype /Form /BBox [0 0 210 40] /Resources << /Font << /F1 %d 0 R >> >>" % FONT_F1)
    c.add("attack-freetext-tagged-sig", "a /FreeText annotation tagged /FT /Sig (looks like a signature, is not one)",
          append_update(data, {n: freetext, n + 1: ap, PAGE1: annots_plus(data, PAGE1, n)}),
          [sig("annotations", True, True)], 0, **a, xref="table",
          note="annotations-level and unsigned: permitted for an approval signature, and not counted as a signature",
          pyhanko_agrees=False, pyhanko_note=ANNOT_NOTE)

    for label, xref in (("reference", "table"), ("copy", "stream")):
        data = c.signed(xref)
        n = next_num(data)
        sd = signature_dict_num(data)
        objs = {}
        if label == "copy":
            m = re.search(rb"(?:^|\n)%d 0 obj\s*(.*?)\s*endobj" % sd, data, re.S)
            objs[n + 1] = m.group(1)
            value = n + 1
        else:
            value = sd
        objs[n] = (b"<< /FT /Sig /T (Signature2) /V %d 0 R /Type /Annot /Subtype /Widget /Rect [0 0 0 0] /F 132 "
                   b"/P %d 0 R >>" % (value, PAGE1))
        objs[ACROFORM] = fields_plus(data, n)
        objs[PAGE1] = annots_plus(data, PAGE1, n)
        c.add(f"attack-forged-field-{label}",
              f"a new field Signature2 whose /V is {'the existing signature dictionary' if label == 'reference' else 'a byte copy of the existing signature dictionary'}",
              append_update(data, objs), [ATTACK, sig(None, None, False)], 3, **a, xref=xref,
              note="the /V's ByteRange does not cover the revision that added the field: a forgery, not a second "
                   "signature; it is reported too (INVALID, a structure problem), so every signature field is accounted for",
              pyhanko_agrees=label != "copy",
              pyhanko_note="pyHanko, like Signet, counts the forged field as a second signature (judged OTHER, so it "
                           "rejects the file too)"
                           + ("; it rates Signature1's update FORM_FILLING" if label == "copy" else ""))

    data = c.signed("table")
    start, end, (z, a1, b1, d1) = byte_range(data)
    c.add("attack-wrap-byterange-edited", "signature wrapping: /ByteRange edited so the gap also hides 16 bytes before /Contents",
          set_byte_range(data, [0, a1 - 16, b1, d1]), [sig(None, None, False, integrity="broken")], 3, **a, xref="table")

    malicious = b"%d 0 obj\n%s\nendobj\n" % (CONTENT1, NEW_TEXT)
    moved = set_byte_range(data, [0, a1, len(data) + len(malicious), d1])
    moved = moved + malicious + data[b1:b1 + d1]
    c.add("attack-wrap-contents-moved",
          "signature wrapping: the second signed range relocated to the end of the file, malicious objects in between",
          moved, [sig(None, None, False, integrity="broken")], 3, **a, xref="table",
          note="the signed bytes still hash correctly (the ByteRange follows /Contents, so it lies in the relocated copy): "
               "only the layout check catches it",
          pyhanko_note="pyHanko says intact (the digest matches) but coverage UNCLEAR and level OTHER: not valid")

    hex_start = data.index(b"<", a1 - 1)
    c.add("attack-usf-contents-empty", "universal signature forgery: /Contents <> (the hex string blanked in place)",
          replace_same_width(data, hex_start, b1, b"<>"), [sig(None, None, False)], 3, **a, xref="table",
          pyhanko_agrees=False, pyhanko_note=STRICT_NOTE + " (empty /Contents)")
    c.add("attack-usf-byterange-missing", "universal signature forgery: /ByteRange removed (blanked in place)",
          replace_same_width(data, start, end, b""), [sig(None, None, False)], 3, **a, xref="table",
          pyhanko_agrees=False, pyhanko_note=STRICT_NOTE + " (no /ByteRange)")
    c.add("attack-usf-byterange-zero", "universal signature forgery: /ByteRange [0 0 0 0]",
          set_byte_range(data, [0, 0, 0, 0]), [sig(None, None, False)], 3, **a, xref="table")


def build(outdir: str):
    os.makedirs(outdir, exist_ok=True)
    pki = PKI()
    with open(os.path.join(outdir, "root.pem"), "wb") as f:
        f.write(pki.root.public_bytes(serialization.Encoding.PEM))
    c = Corpus(pki)
    legitimate_cases(c)
    for kind in ("table", "stream"):
        main_attacks(c, kind)
    other_attacks(c)
    for case in c.cases:
        with open(os.path.join(outdir, case["file"]), "wb") as f:
            f.write(case.pop("data"))
        case["require_changes"] = any(s.get("permitted") is False for s in case["signatures"])
    manifest = dict(ca="root.pem", command="signet verify --ca root.pem --json FILE",
                    fields="per signature, in report order; null = not judged", cases=c.cases)
    with open(os.path.join(outdir, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=2)
    return c.cases


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: make_corpus.py OUTDIR")
    cases = build(sys.argv[1])
    print(f"{len(cases)} cases → {sys.argv[1]}")
