#!/bin/sh
# Draws the dynamics plots of docs/iso19794-7.md: two genuine signatures of one writer, and one of
# them against a skilled forgery of it.
#
# Inputs: SVC2004 Task 2 (the First International Signature Verification Competition's database,
# HKUST; per user, S1–S20 are genuine and S21–S40 skilled forgeries), user 1's U1S1.TXT and
# U1S2.TXT (genuine) and U1S21.TXT (forgery), as the shared corpus keeps them
# (../shared/corpus/strokes/svc2004, copied from snehalyelmati/Online-Signature-Verification
# @11bb6b7a, signature_data/). U1S1 goes through an ISO/IEC 19794-7 record on the way, so the
# plots show the record's reading too.
#
# Usage: Tools/make-evidence-plots.sh [SIGNET]   (default .build/debug/signet; run from the repo)
set -eu
signet=$(realpath "${1:-.build/debug/signet}")
docs=$(realpath docs)
svc=$(realpath "${CORPUS:-../shared/corpus}/strokes/svc2004")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$svc"
"$signet" evidence export U1S1.TXT -o "$work/U1S1.iso"
cp U1S2.TXT U1S21.TXT "$work/"
cd "$work"
"$signet" evidence plot U1S1.iso U1S2.TXT -o "$docs/iso19794-7-genuine.svg"
"$signet" evidence plot U1S1.iso U1S21.TXT -o "$docs/iso19794-7-forgery.svg"
