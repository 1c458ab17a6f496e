#!/bin/sh
# An --external-signer for a key in AWS KMS (the AWS CLI v2 signs; the key never leaves KMS):
#   signet sign IN.pdf -o OUT.pdf --cert kms-key-cert.pem \
#       --external-signer 'docs/examples/aws-kms-sign.sh alias/my-signing-key'
# Signet writes the digest on standard input and names the algorithms in SIGNET_DIGEST_ALGORITHM
# and SIGNET_SIGNATURE_ALGORITHM; KMS signs the digest as it is (--message-type DIGEST) and this
# script writes the raw signature (KMS gives ECDSA as DER) on standard output. The AWS CLI finds
# its credentials itself (environment, profile, instance role): none go on a command line.
set -eu
key_id=${1:?usage: aws-kms-sign.sh KEY-ID-OR-ALIAS}
case "$SIGNET_DIGEST_ALGORITHM" in
  sha256) hash=SHA_256 ;;
  sha384) hash=SHA_384 ;;
  sha512) hash=SHA_512 ;;
  *) echo "aws-kms-sign.sh: digest $SIGNET_DIGEST_ALGORITHM is not one KMS signs" >&2; exit 2 ;;
esac
case "$SIGNET_SIGNATURE_ALGORITHM" in
  rsa-pkcs1) algorithm=RSASSA_PKCS1_V1_5_$hash ;;
  rsa-pss) algorithm=RSASSA_PSS_$hash ;;
  ecdsa) algorithm=ECDSA_$hash ;;
  *) echo "aws-kms-sign.sh: signature algorithm $SIGNET_SIGNATURE_ALGORITHM is not one KMS makes" >&2; exit 2 ;;
esac
digest=$(mktemp)
trap 'rm -f "$digest"' EXIT
cat > "$digest"
aws kms sign --key-id "$key_id" --message "fileb://$digest" --message-type DIGEST \
  --signing-algorithm "$algorithm" --output text --query Signature | base64 -d
