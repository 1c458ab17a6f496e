#!/usr/bin/env python3
"""Writes a valid one-page PDF of about SIZE_MB megabytes: the bulk is one uncompressed
grayscale image stream of random bytes (incompressible, like a scan), drawn on the page.

usage: make-large-pdf.py OUT.pdf SIZE_MB
"""
import os
import sys


def main() -> None:
    out, size_mb = sys.argv[1], float(sys.argv[2])
    width = 4096
    height = max(1, int(size_mb * 1024 * 1024) // width)
    content = b"q 500 0 0 700 56 46 cm /Im1 Do Q\n"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
        b"<< /Length %d >>\nstream\n" % len(content) + content + b"\nendstream",
        None,  # the image, streamed below
    ]
    offsets = []
    with open(out, "wb") as f:
        f.write(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
        for number, body in enumerate(objects, start=1):
            offsets.append(f.tell())
            f.write(b"%d 0 obj\n" % number)
            if body is not None:
                f.write(body + b"\nendobj\n")
                continue
            length = width * height
            f.write(b"<< /Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray"
                    b" /BitsPerComponent 8 /Length %d >>\nstream\n" % (width, height, length))
            remaining = length
            while remaining:
                chunk = min(remaining, 1 << 22)
                f.write(os.urandom(chunk))
                remaining -= chunk
            f.write(b"\nendstream\nendobj\n")
        xref = f.tell()
        f.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
        for offset in offsets:
            f.write(b"%010d 00000 n \n" % offset)
        f.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref))


if __name__ == "__main__":
    main()
