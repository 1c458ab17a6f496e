#!/usr/bin/env python3
"""The input of Tools/bench-verify.sh: a ~100 MB PDF with 20 incremental updates, 5 of them signatures.

    python3 Tools/verify-corpus/make_bench_pdf.py OUT.pdf ROOT.pem [SIZE_MB] [PAGES]

The base document has PAGES pages (default 300), each drawing one uncompressed random grayscale image
(incompressible, like a scan) so the file is about SIZE_MB (default 100), and an AcroForm with five
text fields. Then 20 updates: a pyHanko signature in a new field at updates 1, 5, 9, 13 and 17 (signers
alternate), and between them form fills (text /V and a new /AP) and /Info updates (with
BENCH_ANNOTATIONS=1 also /Text annotations), written as raw incremental updates by
make_corpus.append_update. ROOT.pem is the signers' root CA.
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ next to the sources
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import make_corpus as mc  # noqa: E402
from cryptography.hazmat.primitives import serialization  # noqa: E402

FIELDS = 5
# pyHanko's default policy stops a signature's difference analysis at the first annotation (it rates
# them OTHER), which would make its half of the benchmark cheaper: by default the updates between the
# signatures are form fills and /Info updates only, which both tools accept and analyse to the end.
ANNOTATIONS = os.environ.get("BENCH_ANNOTATIONS") == "1"


def base(size_mb: float, pages: int) -> bytes:
    rng = __import__("random").Random(20260115)
    per_page = int(size_mb * 1024 * 1024) // pages
    width = 1024
    height = max(1, per_page // width)
    # Object numbers: 1 catalog, 2 pages, 3 acroform, 4 font, 5 info, 6..10 text fields,
    # then per page i: page, content, image.
    first_page = 6 + FIELDS
    page_num = lambda i: first_page + 3 * i
    objs = {
        1: b"<< /Type /Catalog /Pages 2 0 R /AcroForm 3 0 R >>",
        2: b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % page_num(i) for i in range(pages)), pages),
        3: b"<< /Fields [%s] /DR << /Font << /Helv 4 0 R >> >> /DA (/Helv 0 Tf 0 g) >>"
           % b" ".join(b"%d 0 R" % (6 + k) for k in range(FIELDS)),
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        5: b"<< /Title (bench-verify input) /Producer (make_bench_pdf.py) >>",
    }
    for k in range(FIELDS):
        objs[6 + k] = (b"<< /FT /Tx /T (Field%d) /V () /DA (/Helv 10 Tf 0 g) /Type /Annot /Subtype /Widget "
                       b"/Rect [72 %d 300 %d] /F 4 /P %d 0 R >>" % (k + 1, 700 - 30 * k, 720 - 30 * k, page_num(0)))
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}

    def put(num, body):
        offsets[num] = len(out)
        out.extend(b"%d 0 obj\n" % num)
        out.extend(body)
        out.extend(b"\nendobj\n")

    for num in sorted(objs):
        put(num, objs[num])
    for i in range(pages):
        p = page_num(i)
        annots = b" /Annots [%s]" % b" ".join(b"%d 0 R" % (6 + k) for k in range(FIELDS)) if i == 0 else b""
        put(p, b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> "
               b"/XObject << /Im1 %d 0 R >> >> /Contents %d 0 R%s >>" % (p + 2, p + 1, annots))
        put(p + 1, mc.stream(b"q 468 0 0 600 72 120 cm /Im1 Do Q BT /F1 12 Tf 72 90 Td (Page %d) Tj ET" % (i + 1)))
        put(p + 2, mc.stream(rng.randbytes(width * height),
                             b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                             b"/BitsPerComponent 8" % (width, height)))
    size = page_num(pages)
    xref_at = len(out)
    out.extend(b"xref\n0 %d\n0000000000 65535 f\r\n" % size)
    for num in range(1, size):
        out.extend(b"%010d 00000 n\r\n" % offsets[num])
    out.extend(b"trailer\n<< /Size %d /Root 1 0 R /Info 5 0 R /ID [<00112233445566778899aabbccddeeff> "
               b"<00112233445566778899aabbccddeeff>] >>\nstartxref\n%d\n%%%%EOF\n" % (size, xref_at))
    return bytes(out), page_num


def main():
    out, root_pem = sys.argv[1], sys.argv[2]
    size_mb = float(sys.argv[3]) if len(sys.argv) > 3 else 100
    pages = int(sys.argv[4]) if len(sys.argv) > 4 else 300
    pki = mc.PKI()
    data, page_num = base(size_mb, pages)
    signatures = 0
    fills = annots = infos = 0
    for update in range(1, 21):
        if update % 4 == 1:
            signatures += 1
            who = pki.signer1 if signatures % 2 else pki.signer2
            data = mc.sign(data, pki, field=f"Signature{signatures}", who=who)
        elif update % 4 == 3 and ANNOTATIONS:
            annots += 1
            page = page_num(annots)  # pages 2, 3, ...
            n = mc.next_num(data)
            data = mc.append_update(data, {
                n: b"<< /Type /Annot /Subtype /Text /Rect [500 700 530 730] /Contents (Note %d) /Name /Comment /F 4 "
                   b"/P %d 0 R >>" % (annots, page),
                page: mc.annots_plus(data, page, n),
            })
        elif update % 4 == 3 or update % 8 == 0:
            infos += 1
            data = mc.append_update(data, {5: mc.with_entries(data, 5, Title=b"(bench-verify input, update %d)" % update)})
        else:
            fills += 1
            field = 6 + (fills - 1) % FIELDS
            n = mc.next_num(data)
            data = mc.append_update(data, {
                field: mc.with_entries(data, field, V=b"(Value %d)" % fills, AP=b"<< /N %d 0 R >>" % n),
                n: mc.stream(b"/Tx BMC BT /Helv 10 Tf 2 6 Td (Value %d) Tj ET EMC" % fills,
                             b"/Type /XObject /Subtype /Form /BBox [0 0 228 20] /Resources << /Font << /Helv 4 0 R >> >>"),
            })
    with open(out, "wb") as f:
        f.write(data)
    with open(root_pem, "wb") as f:
        f.write(pki.root.public_bytes(serialization.Encoding.PEM))
    print(f"{out}: {len(data) / 1e6:.1f} MB, {pages} pages, 20 updates: {signatures} signatures, {fills} form fills, "
          f"{annots} annotations, {infos} /Info updates")


if __name__ == "__main__":
    main()
