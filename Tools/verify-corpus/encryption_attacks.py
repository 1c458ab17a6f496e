#!/usr/bin/env python3
"""Attacks through encryption on signed, encrypted PDFs: what `signet verify` must see.

    python3 Tools/verify-corpus/encryption_attacks.py OUTDIR [SIGNET] [--opinions] [CASE ...]

An encrypted document's objects mean what they decrypt to, and the file key is made from the
/Encrypt dictionary and (up to revision 4) the first /ID string. An incremental update can change
both without redefining a single signed object: every earlier string and stream then decrypts to
something else, while the objects' bytes, and so the signature, stay intact. Each case below
starts from a file qpdf encrypted (empty user password) and `signet sign` signed in place, then
appends raw bytes. It states the safe answer ("reject" = exit 3, "accept" = exit 0, "refuse" = no
verdict but exit 2, the file no longer opening with its password, or 3); the script
runs `signet verify --ca root.pem --json` on every file and prints a table with MISMATCH where the
answer differs (or a rejection names another reason); with --opinions, pdfsig's and pyHanko's
opinion beside it (for the record, not judged).
"""
import hashlib
import json
import os
import re
import subprocess
import sys
from io import BytesIO

CASES = []

PLAIN = b"""%PDF-1.7
1 0 obj << /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R] >> >> endobj
2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R
   /Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R] >> endobj
4 0 obj << /Length 60 >> stream
BT /F1 24 Tf 20 100 Td (The buyer pays 100 EUR.) Tj ET
endstream endobj
5 0 obj << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> endobj
6 0 obj << /Type /Annot /Subtype /Widget /FT /Tx /T (Note) /V (unsigned text) /Rect [20 20 200 40] /P 3 0 R >> endobj
trailer << /Root 1 0 R /Size 7 >>
%%EOF
"""

ENCRYPTIONS = {"rc4": ["40"], "rc4-128": ["128", "--use-aes=n"], "aes128": ["128", "--use-aes=y"],
               "aes256": ["256"]}


def case(expect, note, says=""):
    """`says`: for "reject", words the first signature's changes must contain (the reason)."""
    def wrap(fn):
        CASES.append((fn.__name__, expect, note, says, fn))
        return fn
    return wrap


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, **kw)


class Kit:
    """The signer (a self-signed certificate, trusted as root.pem) and the signet binary."""

    def __init__(self, outdir, signet):
        self.outdir, self.signet = outdir, signet
        self.key, self.cert, self.p12 = (os.path.join(outdir, n) for n in ("key.pem", "root.pem", "id.p12"))
        run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", self.key, "-out", self.cert,
             "-days", "30", "-subj", "/CN=Encryption Attack Signer",
             "-addext", "keyUsage=critical,digitalSignature,nonRepudiation,keyCertSign"], check=True)
        run(["openssl", "pkcs12", "-export", "-inkey", self.key, "-in", self.cert, "-out", self.p12,
             "-passout", "pass:attack"], check=True)
        self.cache = {}

    def signed(self, encryption="aes128"):
        """PLAIN encrypted by qpdf (empty user password) and signed in place by signet."""
        if encryption in self.cache:
            return self.cache[encryption]
        base = os.path.join(self.outdir, "base.pdf")
        with open(base + ".raw", "wb") as f:
            f.write(PLAIN)
        run(["qpdf", base + ".raw", base])  # fixes the offsets (warnings expected)
        src = base
        if encryption:
            src = os.path.join(self.outdir, f"enc-{encryption}.pdf")
            run(["qpdf", "--allow-weak-crypto", "--encrypt", "", "owner-secret"] + ENCRYPTIONS[encryption]
                + ["--", base, src], check=True)
        out = os.path.join(self.outdir, f"signed-{encryption or 'plain'}.pdf")
        r = run([self.signet, "sign", src, "-o", out, "--p12", self.p12, "--password-env", "ATTACK_PW",
                 "--name", "Signer"], env=dict(os.environ, ATTACK_PW="attack"))
        if r.returncode != 0:
            raise RuntimeError(r.stderr.decode(errors="replace"))
        with open(out, "rb") as f:
            self.cache[encryption] = f.read()
        return self.cache[encryption]


KIT = None


def trailer(data):
    """The last trailer's dictionary text (signet writes cross-reference tables)."""
    return re.findall(rb"trailer\s*<<(.*?)>>\s*startxref", data, re.S)[-1]


def startxref(data):
    return int(re.findall(rb"startxref\s+(\d+)", data)[-1])


def size(data):
    return int(re.search(rb"/Size (\d+)", trailer(data)).group(1))


def append_update(data, objects, trailer_edit=lambda t: t):
    """One incremental update: `objects` ({number: body}, written as they are: strings and streams
    in them must already be encrypted as the update's reader will decrypt them), an xref table, and
    the previous trailer passed through `trailer_edit` with /Size and /Prev set."""
    out = bytearray(data)
    if not out.endswith(b"\n"):
        out += b"\n"
    offsets = {}
    for num in sorted(objects):
        offsets[num] = len(out)
        out += b"%d 0 obj\n" % num + objects[num] + b"\nendobj\n"
    new_size = max([size(data)] + [n + 1 for n in objects])
    fields = trailer(data)
    fields = re.sub(rb"/Size \d+", b"/Size %d" % new_size, fields)
    fields = re.sub(rb"/Prev \d+", b"", fields) + b" /Prev %d " % startxref(data)
    fields = trailer_edit(fields)
    at = len(out)
    out += b"xref\n"
    for num in sorted(offsets):
        out += b"%d 1\n%010d 00000 n\r\n" % (num, offsets[num])
    if not offsets:
        out += b"0 1\n0000000000 65535 f\r\n"
    out += b"trailer\n<<" + fields + b">>\nstartxref\n%d\n%%%%EOF\n" % at
    return bytes(out)


def encrypt_ref(data):
    return int(re.search(rb"/Encrypt (\d+) 0 R", trailer(data)).group(1))


def encrypt_dict(data, number):
    """The body of object `number` (the /Encrypt dictionary: its strings are never encrypted)."""
    return re.findall(rb"\n%d 0 obj\s*(<<.*?>>)\s*endobj" % number, data, re.S)[-1]


def other_id(fields):
    return re.sub(rb"/ID\s*\[\s*<([0-9a-fA-F]+)>", lambda m: b"/ID [<" + b"0" * len(m.group(1)) + b">", fields)


# ---------------------------------------------------------------------------------------------
# The cases.
# ---------------------------------------------------------------------------------------------

@case("accept", "control: the signed AES-128 file as signet wrote it")
def control_signed_aes128():
    return KIT.signed("aes128")


@case("accept", "control: an empty update that repeats the trailer (the same /Encrypt and /ID)")
def control_empty_update():
    return append_update(KIT.signed("aes128"), {})


@case("accept", "control: the /Encrypt dictionary rewritten byte for byte in an update")
def control_same_encrypt_rewritten():
    data = KIT.signed("aes128")
    number = encrypt_ref(data)
    return append_update(data, {number: encrypt_dict(data, number)})


@case("accept", "control: pyHanko signs the encrypted, signed file again (another writer's encrypted update)")
def control_pyhanko_second_signature():
    from pyhanko.pdf_utils.incremental_writer import IncrementalPdfFileWriter
    from pyhanko.sign import signers
    from pyhanko.sign.fields import SigFieldSpec
    signer = signers.SimpleSigner.load(KIT.key, KIT.cert)
    writer = IncrementalPdfFileWriter(BytesIO(KIT.signed("aes128")))
    writer.encrypt(b"")
    out = BytesIO()
    signers.sign_pdf(writer, signers.PdfSignatureMetadata(field_name="Second"), signer=signer, output=out,
                     new_field_spec=SigFieldSpec("Second"))
    return out.getvalue()


@case("reject", "the /Encrypt dictionary redefined (same number) with /CFM /None: every signed stream and "
                "string now reads as its ciphertext",
      "the /Encrypt dictionary changed")
def encrypt_redefined_identity():
    data = KIT.signed("aes128")
    number = encrypt_ref(data)
    body = encrypt_dict(data, number).replace(b"/AESV2", b"/None")
    return append_update(data, {number: body})


@case("reject", "the trailer's /Encrypt repointed at a new dictionary whose crypt filters are /Identity",
      "the /Encrypt dictionary changed")
def encrypt_repointed_identity():
    data = KIT.signed("aes128")
    body = encrypt_dict(data, encrypt_ref(data))
    body = body.replace(b"/StmF /StdCF", b"/StmF /Identity").replace(b"/StrF /StdCF", b"/StrF /Identity")
    new = size(data)
    return append_update(data, {new: body}, lambda t: re.sub(rb"/Encrypt \d+ 0 R", b"/Encrypt %d 0 R" % new, t))


@case("refuse", "RC4 (R2): an update changes /P in the /Encrypt dictionary, which goes into the file key: the "
                "empty user password no longer opens the file")
def encrypt_p_changed_rc4():
    data = KIT.signed("rc4")
    number = encrypt_ref(data)
    body = re.sub(rb"/P -?\d+", b"/P -3900", encrypt_dict(data, number))
    return append_update(data, {number: body})


@case("refuse", "RC4 128-bit (R3): an update changes the first /ID string, from which the file key is made: the "
                "empty user password no longer opens the file")
def first_id_changed_rc4():
    return append_update(KIT.signed("rc4-128"), {}, other_id)


PAD = bytes.fromhex("28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a")


def rc4(key, data):
    box, j = list(range(256)), 0
    for i in range(256):
        j = (j + box[i] + key[i % len(key)]) % 256
        box[i], box[j] = box[j], box[i]
    out, i, j = bytearray(), 0, 0
    for byte in data:
        i = (i + 1) % 256
        j = (j + box[i]) % 256
        box[i], box[j] = box[j], box[i]
        out.append(byte ^ box[(box[i] + box[j]) % 256])
    return bytes(out)


def user_entry_r3(owner, p, first_id, length=16):
    """/U of revision 3 for the empty user password (ISO 32000-2 algorithms 2 and 5)."""
    key = hashlib.md5(PAD + owner + (p & 0xFFFFFFFF).to_bytes(4, "little") + first_id).digest()
    for _ in range(50):
        key = hashlib.md5(key[:length]).digest()
    key = key[:length]
    value = rc4(key, hashlib.md5(PAD + first_id).digest())
    for i in range(1, 20):
        value = rc4(bytes(b ^ i for b in key), value)
    return value + bytes(16)


@case("reject", "RC4 128-bit (R3): an update changes the first /ID string and writes the /U that makes the empty "
                "user password open the file again: every signed string and stream decrypts to noise",
      "the first /ID string of the encrypted document changed")
def first_id_changed_rc4_reopened():
    data = KIT.signed("rc4-128")
    number = encrypt_ref(data)
    body = encrypt_dict(data, number)
    owner = bytes.fromhex(re.search(rb"/O <([0-9a-fA-F]+)>", body).group(1).decode())
    p = int(re.search(rb"/P (-?\d+)", body).group(1))
    first_id = bytes(16)
    user = user_entry_r3(owner, p, first_id)
    body = re.sub(rb"/U <[0-9a-fA-F]+>", b"/U <" + user.hex().encode() + b">", body)
    return append_update(data, {number: body}, other_id)


@case("reject", "AES-256 (R6): an update changes the first /ID string (no part of the key, but it is the "
                "document's permanent identifier)", "the first /ID string of the encrypted document changed")
def first_id_changed_aes256():
    return append_update(KIT.signed("aes256"), {}, other_id)


@case("accept", "AES-256 (R6): an update changes only the second /ID string, as every save may")
def second_id_changed_aes256():
    return append_update(KIT.signed("aes256"), {}, lambda t: re.sub(
        rb"(/ID\s*\[\s*<[0-9a-fA-F]+>\s*<)([0-9a-fA-F]+)>", lambda m: m.group(1) + b"1" * len(m.group(2)) + b">", t))


@case("reject", "an update drops /Encrypt from the trailer: the signed ciphertext is read as plain text", "the encryption of the document changed")
def encrypt_removed():
    return append_update(KIT.signed("aes128"), {}, lambda t: re.sub(rb"/Encrypt \d+ 0 R", b"", t))


@case("reject", "an unencrypted signed file gets /Encrypt in an update: its signed plain text is now decrypted",
      "the encryption of the document changed")
def encrypt_added():
    plain = KIT.signed(None)
    enc = KIT.signed("rc4")
    body = encrypt_dict(enc, encrypt_ref(enc))
    ids = re.search(rb"/ID\s*\[[^\]]*\]", trailer(enc)).group(0)
    new = size(plain)

    def edit(t):
        t = re.sub(rb"/ID\s*\[[^\]]*\]", b"", t)
        return t + b" /Encrypt %d 0 R %s " % (new, ids)
    return append_update(plain, {new: body}, edit)


def signed_with_object_streams(encryption="aes128"):
    """PLAIN with its objects in object streams, encrypted by qpdf, signed by signet (which then
    writes cross-reference streams)."""
    base = os.path.join(KIT.outdir, f"objstm-{encryption}.pdf")
    KIT.signed(None)  # writes base.pdf
    run(["qpdf", "--object-streams=generate", "--allow-weak-crypto", "--encrypt", "", "owner-secret"]
        + ENCRYPTIONS[encryption] + ["--", os.path.join(KIT.outdir, "base.pdf"), base], check=True)
    out = os.path.join(KIT.outdir, f"signed-objstm-{encryption}.pdf")
    r = run([KIT.signet, "sign", base, "-o", out, "--p12", KIT.p12, "--password-env", "ATTACK_PW", "--name", "S"],
            env=dict(os.environ, ATTACK_PW="attack"))
    if r.returncode != 0:
        raise RuntimeError(r.stderr.decode(errors="replace"))
    xref = run(["qpdf", "--show-xref", base], check=True).stdout.decode()
    compressed = {int(m[0]): (int(m[1]), int(m[2]))
                  for m in re.findall(r"(\d+)/0: compressed; stream = (\d+), index = (\d+)", xref)}
    with open(out, "rb") as f:
        return f.read(), compressed


def append_xref_stream_update(data, rows):
    """An update of one cross-reference stream (never encrypted) with `rows` ({number: (type, field 2,
    field 3)}), the trailer entries of the last one, /Prev set."""
    last = re.findall(rb"<<\s*/Type /XRef(.*?)>>\s*stream", data, re.S)[-1]
    keep = b" ".join(m.group(0) for m in re.finditer(rb"/(Root|Encrypt|Info) \d+ 0 R|/ID\s*\[[^\]]*\]", last))
    out = bytearray(data)
    number = int(re.search(rb"/Size (\d+)", last).group(1))
    at = len(out)
    rows = dict(rows)
    rows[number] = (1, at, 0)
    body = b"".join(bytes([t]) + f2.to_bytes(4, "big") + f3.to_bytes(2, "big") for _, (t, f2, f3) in sorted(rows.items()))
    index = b" ".join(b"%d 1" % n for n in sorted(rows))
    out += b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Index [%s] %s /Prev %d /Length %d >>\nstream\n" % (
        number, number + 1, index, keep, startxref(data), len(body))
    out += body + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % at
    return bytes(out)


@case("accept", "control: object streams encrypted (AES-128), signed, then signed again (two encrypted updates)")
def control_object_streams_signed_twice():
    data, _ = signed_with_object_streams()
    first = os.path.join(KIT.outdir, "objstm-signed-once.pdf")
    with open(first, "wb") as f:
        f.write(data)
    out = os.path.join(KIT.outdir, "objstm-signed-twice.pdf")
    r = run([KIT.signet, "sign", first, "-o", out, "--p12", KIT.p12, "--password-env", "ATTACK_PW", "--name", "T"],
            env=dict(os.environ, ATTACK_PW="attack"))
    if r.returncode != 0:
        raise RuntimeError(r.stderr.decode(errors="replace"))
    with open(out, "rb") as f:
        return f.read()


@case("reject", "object streams encrypted: an update points a compressed entry at another index of the same "
                "signed object stream, whose (encrypted) header lists another object there (qpdf finds objects "
                "by number, pdf.js by index)", "names index")
def objstm_entry_moved_encrypted(encryption="aes128"):
    data, compressed = signed_with_object_streams(encryption)
    (a, (stream_a, index_a)), (b, (stream_b, index_b)) = sorted(compressed.items())[:2]
    assert stream_a == stream_b
    return append_xref_stream_update(data, {a: (2, stream_a, index_b)})


@case("reject", "the same with RC4 128-bit (R3) object streams", "names index")
def objstm_entry_moved_rc4():
    return objstm_entry_moved_encrypted("rc4-128")


@case("reject", "the same with AES-256 (R6) object streams", "names index")
def objstm_entry_moved_aes256():
    return objstm_entry_moved_encrypted("aes256")


def file_key_r2(data):
    """The RC4 40-bit file key (revision 2) of an encrypted file with an empty user password."""
    body = encrypt_dict(data, encrypt_ref(data))
    owner = bytes.fromhex(re.search(rb"/O <([0-9a-fA-F]+)>", body).group(1).decode())
    p = int(re.search(rb"/P (-?\d+)", body).group(1))
    first_id = bytes.fromhex(re.search(rb"/ID\s*\[\s*<([0-9a-fA-F]+)>", trailer(data)).group(1).decode())
    return hashlib.md5(PAD + owner + (p & 0xFFFFFFFF).to_bytes(4, "little") + first_id).digest()[:5]


def handmade_signature(encryption, gap_in_dictionary):
    """PLAIN (encrypted with `encryption`, or not) with a signature field whose signature this script
    makes itself: the signature dictionary (`/Type /Sig`) holds /Contents, and the /ByteRange gap is
    either that string (an honest layout) or the hex string of another object, while the dictionary's
    own /Contents is zeros inside the signed bytes. A verifier must sign off only on the CMS that the
    dictionary's /Contents holds, the one every viewer reads; else the gap's trailing padding,
    which the CMS ignores, can be rewritten after signing without the signature noticing."""
    KIT.signed(encryption)  # writes the encrypted, unsigned enc-<encryption>.pdf (or base.pdf)
    src = os.path.join(KIT.outdir, f"enc-{encryption}.pdf" if encryption else "base.pdf")
    with open(src, "rb") as f:
        data = f.read()
    name = b"Handmade"
    if encryption:
        assert encryption == "rc4", "strings are written RC4-encrypted (any length, no IV)"
        key = file_key_r2(data)
        name = rc4(hashlib.md5(key + (10).to_bytes(3, "little") + bytes(2)).digest()[:10], name)
    reserve = 8192
    zeros = b"<" + b"0" * (2 * reserve) + b">"
    placeholder = b"[" + b" ".join([b"0" * 10] * 4) + b"]"
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [6 0 R 10 0 R] /SigFlags 3 >> >>",
        3: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R "
           b"/Resources << /Font << /F1 5 0 R >> >> /Annots [6 0 R 10 0 R] >>",
        10: b"<< /Type /Annot /Subtype /Widget /FT /Sig /T <" + name.hex().encode() + b"> /V 11 0 R "
            b"/Rect [0 0 0 0] /F 132 /P 3 0 R >>",
        11: b"<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /ByteRange " + placeholder
            + b" /Contents " + zeros + b" >>",
    }
    if not gap_in_dictionary:
        objects[12] = zeros
    out = bytearray(append_update(data, objects))
    anchor = out.rindex(b"12 0 obj\n" if not gap_in_dictionary else b"/Contents <")
    start = out.index(b"<", anchor)
    end = start + len(zeros)
    ranges = [0, start, end, len(out) - end]
    filled = b"[" + b" ".join(b"%010d" % v for v in ranges) + b"]"
    at = out.rindex(placeholder)
    out[at:at + len(placeholder)] = filled
    signed = os.path.join(KIT.outdir, "handmade-ranges.bin")
    with open(signed, "wb") as f:
        f.write(bytes(out[:start]) + bytes(out[end:]))
    der = os.path.join(KIT.outdir, "handmade.der")
    run(["openssl", "cms", "-sign", "-binary", "-in", signed, "-signer", KIT.cert, "-inkey", KIT.key, "-md",
         "sha256", "-nosmimecap", "-outform", "DER", "-out", der], check=True)
    with open(der, "rb") as f:
        cms = f.read().hex().encode()
    out[start + 1:start + 1 + len(cms)] = cms
    return bytes(out)


@case("accept", "control: an RC4-encrypted file signed by this script, the /ByteRange gap being the signature "
                "dictionary's /Contents (the layout the checks below break)")
def control_handmade_signature_rc4():
    return handmade_signature("rc4", gap_in_dictionary=True)


@case("reject", "unencrypted: the /ByteRange gap is the hex string of another object, holding a valid CMS, while "
                "the signature dictionary's /Contents (signed, what viewers read) is zeros")
def gap_elsewhere_plain():
    return handmade_signature(None, gap_in_dictionary=False)


@case("reject", "RC4-encrypted: the same; qpdf keeps /Contents of a /Type /Sig dictionary raw, so the gap is "
                "compared with it as the file stores it (before, an encrypted file's gap only had to be hex)")
def gap_elsewhere_rc4():
    return handmade_signature("rc4", gap_in_dictionary=False)


# ---------------------------------------------------------------------------------------------

def opinions(path, root):
    """pdfsig's and pyHanko's one-word view of the first signature (informative)."""
    views = []
    r = run(["pdfsig", path])
    text = r.stdout.decode(errors="replace")
    views.append("pdfsig:" + ("valid" if "Signature is Valid" in text else "invalid" if "Signature" in text else "?"))
    script = ("import sys\nfrom pyhanko.pdf_utils.reader import PdfFileReader\n"
              "from pyhanko.sign.validation import validate_pdf_signature\n"
              "from pyhanko_certvalidator import ValidationContext\nfrom pyhanko.keys import load_cert_from_pemder\n"
              "r = PdfFileReader(open(sys.argv[1], 'rb'))\nr.decrypt(b'')\n"
              "vc = ValidationContext(trust_roots=[load_cert_from_pemder(sys.argv[2])])\n"
              "s = validate_pdf_signature(r.embedded_signatures[0], vc)\n"
              "print(('intact' if s.intact else 'broken'), s.modification_level.name if s.modification_level else '-')\n")
    r = run(["python3", "-c", script, path, root], timeout=60)
    out = r.stdout.decode(errors="replace").strip()
    views.append("pyhanko:" + (out.replace(" ", "/") if r.returncode == 0 and out else "error"))
    return " ".join(views)


def main(outdir, signet):
    global KIT
    os.makedirs(outdir, exist_ok=True)
    KIT = Kit(outdir, signet)
    extra = sys.argv[3:]
    with_opinions = "--opinions" in extra
    only = set(extra) - {"--opinions"}
    rows = []
    for name, expect, note, says, fn in CASES:
        if only and name not in only:
            continue
        path = os.path.join(outdir, name + ".pdf")
        try:
            data = fn()
        except Exception as e:
            rows.append((name, expect, "GEN-ERR", f"{type(e).__name__}: {e}"[:150], ""))
            continue
        with open(path, "wb") as f:
            f.write(data)
        try:
            p = run([signet, "verify", "--ca", KIT.cert, "--json", path], timeout=60)
            code, out = p.returncode, p.stdout.decode(errors="replace")
        except subprocess.TimeoutExpired:
            code, out = "TIMEOUT", ""
        try:
            first = json.loads(out)["signatures"][0]
            said = f"{first.get('modification_level')}: " + " | ".join(c["what"] for c in first["changes"])
        except Exception:
            said = p.stderr.decode(errors="replace").strip()[:140] if code != "TIMEOUT" else ""
        ok = code in (2, 3) if expect == "refuse" else code in (0, 3) and (code == 0) == (expect == "accept")
        ok = ok and (says in said if expect == "reject" else True)
        views = opinions(path, KIT.cert) if with_opinions else ""
        rows.append((name, expect, str(code) + ("" if ok else " MISMATCH"), said[:200], views))
    w = max(len(r[0]) for r in rows)
    for r in rows:
        print(f"{r[0]:<{w}}  {r[1]:<6}  exit={r[2]:<13}  {r[4] + '  ' if r[4] else ''}{r[3]}")
    failed = sum(1 for r in rows if "MISMATCH" in r[2] or r[2] == "GEN-ERR")
    print(f"encryption attacks: {len(rows) - failed} as expected, {failed} not")
    return failed


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit("usage: encryption_attacks.py OUTDIR [SIGNET] [CASE ...]")
    here = os.path.dirname(os.path.abspath(__file__))
    default = os.path.join(here, "..", "..", ".build", "debug", "signet")
    sys.exit(1 if main(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else default) else 0)
