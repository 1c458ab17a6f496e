#!/bin/sh
# An --external-signer for a key in Google Cloud KMS:
#   signet sign IN.pdf -o OUT.pdf --cert kms-key-cert.pem --external-signer \
#       'docs/examples/gcp-kms-sign.sh projects/P/locations/L/keyRings/R/cryptoKeys/K/cryptoKeyVersions/1'
# 'gcloud kms asymmetric-sign' hashes the file it is given, so it cannot sign a digest made
# elsewhere; this script calls the KMS REST method asymmetricSign with the digest instead, with an
# access token from 'gcloud auth print-access-token' sent in a header read from standard input
# (never on curl's command line). The key's algorithm (chosen when the key was made) must be the
# one SIGNET_SIGNATURE_ALGORITHM names: RSA_SIGN_PKCS1_*, RSA_SIGN_PSS_* or EC_SIGN_P256_SHA256.
set -eu
version=${1:?usage: gcp-kms-sign.sh projects/…/cryptoKeyVersions/N}
endpoint=${GCP_KMS_ENDPOINT:-https://cloudkms.googleapis.com}
digest=$(base64 | tr -d '\n')
token=$(gcloud auth print-access-token)
response=$(printf 'Authorization: Bearer %s\n' "$token" |
  curl --fail-with-body --silent --show-error -H @- -H 'Content-Type: application/json' \
    --data "{\"digest\":{\"$SIGNET_DIGEST_ALGORITHM\":\"$digest\"}}" "$endpoint/v1/$version:asymmetricSign")
printf '%s' "$response" |
  python3 -c 'import base64, json, sys; sys.stdout.buffer.write(base64.b64decode(json.load(sys.stdin)["signature"]))'
