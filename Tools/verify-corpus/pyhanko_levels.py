#!/usr/bin/env python3
"""pyHanko's own judgement of every file of a make_corpus.py output folder, as JSON lines.

    python3 Tools/verify-corpus/pyhanko_levels.py OUTDIR

One line per manifest case: {"file", "error", "signatures": [{"field", "kind", "level", "intact", "valid",
"trusted", "docmdp_ok", "coverage", "ok"}], "agrees", "claimed"}. `level` is pyHanko's ModificationLevel
(DEFAULT_DIFF_POLICY) in Signet's spelling (none, lta-updates, form-filling, annotations, other); `ok` is
intact and valid and trusted and docmdp_ok. `agrees` is whether pyHanko's result matches the case's Signet
expectation: the same number of signatures and, per signature, the same level (where the manifest names
one) and ok == the expected `valid`. `claimed` is the manifest's `pyhanko.agrees`, so a line with
agrees != claimed is a broken claim.
"""
import json
import os
import sys
import warnings

from asn1crypto import pem, x509
from pyhanko.pdf_utils.reader import PdfFileReader
from pyhanko.sign.diff_analysis import DEFAULT_DIFF_POLICY, ModificationLevel
from pyhanko.sign.validation import validate_pdf_signature, validate_pdf_timestamp
from pyhanko_certvalidator import ValidationContext

LEVELS = {
    ModificationLevel.NONE: "none",
    ModificationLevel.LTA_UPDATES: "lta-updates",
    ModificationLevel.FORM_FILLING: "form-filling",
    ModificationLevel.ANNOTATIONS: "annotations",
    ModificationLevel.OTHER: "other",
}


def load_root(path):
    with open(path, "rb") as f:
        data = f.read()
    if pem.detect(data):
        _, _, data = pem.unarmor(data)
    return x509.Certificate.load(data)


def judge(path, root):
    context = lambda: ValidationContext(trust_roots=[root], allow_fetching=False, revocation_mode="soft-fail")
    with open(path, "rb") as f:
        r = PdfFileReader(f)
        rows = []
        for s in r.embedded_signatures:
            timestamp = s.sig_object_type == "/DocTimeStamp"
            if timestamp:
                st = validate_pdf_timestamp(s, validation_context=context())
            else:
                st = validate_pdf_signature(s, context(), diff_policy=DEFAULT_DIFF_POLICY)
            level = getattr(st, "modification_level", None)
            docmdp_ok = getattr(st, "docmdp_ok", None)
            rows.append(dict(
                field=s.field_name, kind="document-timestamp" if timestamp else "signature",
                level=LEVELS.get(level), intact=bool(st.intact), valid=bool(st.valid), trusted=bool(st.trusted),
                docmdp_ok=docmdp_ok, coverage=st.coverage.name if st.coverage is not None else None,
                ok=bool(st.intact and st.valid and st.trusted and docmdp_ok is not False)))
        return rows


def agrees(expected, rows):
    if rows is None or len(rows) != len(expected):
        return False
    for want, got in zip(expected, rows):
        if want.get("modification_level") is not None and want["modification_level"] != got["level"]:
            return False
        if want.get("valid") is not None and want["valid"] != got["ok"]:
            return False
    return True


def main(outdir):
    with open(os.path.join(outdir, "manifest.json")) as f:
        manifest = json.load(f)
    root = load_root(os.path.join(outdir, manifest["ca"]))
    for case in manifest["cases"]:
        error, rows = None, None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            try:
                rows = judge(os.path.join(outdir, case["file"]), root)
            except Exception as e:  # pyHanko refuses some malformed files outright
                error = f"{type(e).__name__}: {e}".splitlines()[0][:300]
        print(json.dumps(dict(file=case["file"], error=error, signatures=rows,
                              agrees=agrees(case["signatures"], rows), claimed=case["pyhanko"]["agrees"])),
              flush=True)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: pyhanko_levels.py OUTDIR")
    main(sys.argv[1])
