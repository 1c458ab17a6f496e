// OpenSSL's stack and memory helpers are macros over type-checking inline functions; Swift
// cannot import them, so each one used by SignetPDFSigning gets a plain function here.
#ifndef SIGNET_OPENSSL_H
#define SIGNET_OPENSSL_H
#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/crypto.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <openssl/ess.h>
#include <openssl/ts.h>
#include <openssl/ocsp.h>

// STACK_OF(X509)
STACK_OF(X509) *signet_sk_X509_new(void);
int signet_sk_X509_num(const STACK_OF(X509) *stack);
X509 *signet_sk_X509_value(const STACK_OF(X509) *stack, int index);
/// Pushes `cert` and takes a new reference to it; returns 0 on failure.
int signet_sk_X509_push_ref(STACK_OF(X509) *stack, X509 *cert);
/// Frees the stack and drops the reference it holds on every certificate.
void signet_sk_X509_free_all(STACK_OF(X509) *stack);

// STACK_OF(CMS_SignerInfo), borrowed from a CMS_ContentInfo.
int signet_sk_CMS_SignerInfo_num(const STACK_OF(CMS_SignerInfo) *stack);
CMS_SignerInfo *signet_sk_CMS_SignerInfo_value(const STACK_OF(CMS_SignerInfo) *stack, int index);

// STACK_OF(CMS_RecipientInfo) and STACK_OF(CMS_RecipientEncryptedKey), borrowed from an
// enveloped CMS_ContentInfo (sealed evidence).
int signet_sk_CMS_RecipientInfo_num(const STACK_OF(CMS_RecipientInfo) *stack);
CMS_RecipientInfo *signet_sk_CMS_RecipientInfo_value(const STACK_OF(CMS_RecipientInfo) *stack, int index);
int signet_sk_CMS_RecipientEncryptedKey_num(const STACK_OF(CMS_RecipientEncryptedKey) *stack);
CMS_RecipientEncryptedKey *signet_sk_CMS_RecipientEncryptedKey_value(
    const STACK_OF(CMS_RecipientEncryptedKey) *stack, int index);

// STACK_OF(ASN1_OBJECT), e.g. an EXTENDED_KEY_USAGE, borrowed.
int signet_sk_ASN1_OBJECT_num(const STACK_OF(ASN1_OBJECT) *stack);
ASN1_OBJECT *signet_sk_ASN1_OBJECT_value(const STACK_OF(ASN1_OBJECT) *stack, int index);
/// X509_get_ext_d2i(cert, NID_ext_key_usage): the EXTENDED_KEY_USAGE (owned by the caller, freed
/// with EXTENDED_KEY_USAGE_free) or NULL; `critical` is -1 when the certificate has none.
EXTENDED_KEY_USAGE *signet_X509_get_eku(X509 *cert, int *critical);

// Where a certificate says its revocation status and its issuer can be fetched (revocation.c).
// Each returns the `index`-th URI (a copy, freed with signet_openssl_free) or NULL past the last.
/// Authority information access, id-ad-ocsp.
char *signet_X509_ocsp_url(X509 *cert, int index);
/// Authority information access, id-ad-caIssuers.
char *signet_X509_ca_issuers_url(X509 *cert, int index);
/// CRL distribution points: full names that are URIs.
char *signet_X509_crl_url(X509 *cert, int index);

// STACK_OF(X509_CRL), as CMS_get1_crls hands it out.
int signet_sk_X509_CRL_num(const STACK_OF(X509_CRL) *stack);
X509_CRL *signet_sk_X509_CRL_value(const STACK_OF(X509_CRL) *stack, int index);
/// Frees the stack and every CRL in it.
void signet_sk_X509_CRL_free_all(STACK_OF(X509_CRL) *stack);

// What a CRL says of its own scope (signet_crl.c; RFC 5280 §5.2.5 issuingDistributionPoint).
enum {
    SIGNET_IDP_ONLY_USER = 2,
    SIGNET_IDP_ONLY_CA = 4,
    SIGNET_IDP_ONLY_ATTRIBUTE = 8,
    SIGNET_IDP_SOME_REASONS = 16,
    SIGNET_IDP_INDIRECT = 32,
    /// The IDP names a distribution point.
    SIGNET_IDP_NAMED = 64,
    /// The IDP is there but cannot be decoded (or appears twice).
    SIGNET_IDP_UNREADABLE = 128,
};
/// The SIGNET_IDP_* bits of the CRL's issuingDistributionPoint; 0 when it has none.
int signet_X509_CRL_idp_scope(X509_CRL *crl);
/// 1 when the IDP's distribution point full name shares a name with a full name of one of
/// `cert`'s CRL distribution points; 0 otherwise (no IDP name, a relative name, no CRLDP).
int signet_X509_CRL_idp_names_match(X509_CRL *crl, X509 *cert);
/// STACK_OF(X509_REVOKED), a CRL's entries (borrowed).
int signet_sk_X509_REVOKED_num(const STACK_OF(X509_REVOKED) *stack);
X509_REVOKED *signet_sk_X509_REVOKED_value(const STACK_OF(X509_REVOKED) *stack, int index);
/// The date of the ExpiredCertsOnCRL extension (2.5.29.60, X.509 §9.6.2.9), owned by the caller
/// (ASN1_GENERALIZEDTIME_free); NULL when the CRL has none or it cannot be read.
ASN1_GENERALIZEDTIME *signet_X509_CRL_expired_certs_on_crl(X509_CRL *crl);

/// OPENSSL_free.
void signet_openssl_free(void *pointer);
/// BIO_get_mem_data: the bytes written to a memory BIO so far (borrowed).
long signet_bio_mem_data(BIO *bio, char **data);
/// X509_NAME_print_ex with XN_FLAG_RFC2253, UTF-8 kept as is (flag macros too compound for Swift).
int signet_X509_NAME_print_rfc2253(BIO *bio, const X509_NAME *name);

// Password-derivation work a file asks for, read before any key is derived (signet_pbe.c).
// Costs are PBKDF2 / PKCS#12-KDF iterations (scrypt: 2·N·r·p), saturating at LLONG_MAX.
/// The cost of decrypting a PKCS#12 bundle's safes and shrouded keys with `pass` (NULL for none):
/// each encrypted safe is decrypted to look inside only while the sum stays within `cap`, so the
/// count itself never does more than `cap` work. The MAC is not included.
long long signet_pkcs12_decryption_cost(const PKCS12 *p12, const char *pass, long long cap);
/// The cost of decrypting the "ENCRYPTED PRIVATE KEY" PEM read from `pem`; 0 for any other PEM.
long long signet_pem_pkcs8_cost(BIO *pem);
#endif
