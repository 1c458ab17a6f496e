#!/usr/bin/env bash
# <signet-pad> benchmark in headless Chromium (Tools/bench-capture.py): samples recorded by the pad
# beside a plain pointermove listener in the same 240 Hz replay, frame work per frame (p95), and
# toJSON() of 10,000 samples. Prints the machine load before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -c "import playwright" 2>/dev/null || { echo "needs playwright: make test-deps" >&2; exit 1; }
echo "load before: $(uptime | sed 's/.*load average: //')"
python3 Tools/bench-capture.py
echo "load after:  $(uptime | sed 's/.*load average: //')"
