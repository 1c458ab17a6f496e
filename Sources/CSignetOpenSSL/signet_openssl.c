#include "signet_openssl.h"

STACK_OF(X509) *signet_sk_X509_new(void) { return sk_X509_new_null(); }

int signet_sk_X509_num(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }

X509 *signet_sk_X509_value(const STACK_OF(X509) *stack, int index) { return sk_X509_value(stack, index); }

int signet_sk_X509_push_ref(STACK_OF(X509) *stack, X509 *cert) {
    if (!X509_up_ref(cert)) return 0;
    if (sk_X509_push(stack, cert) <= 0) {
        X509_free(cert);
        return 0;
    }
    return 1;
}

void signet_sk_X509_free_all(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }

int signet_sk_CMS_SignerInfo_num(const STACK_OF(CMS_SignerInfo) *stack) { return sk_CMS_SignerInfo_num(stack); }

CMS_SignerInfo *signet_sk_CMS_SignerInfo_value(const STACK_OF(CMS_SignerInfo) *stack, int index) {
    return sk_CMS_SignerInfo_value(stack, index);
}

void signet_openssl_free(void *pointer) { OPENSSL_free(pointer); }

long signet_bio_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }

int signet_X509_NAME_print_rfc2253(BIO *bio, const X509_NAME *name) {
    return X509_NAME_print_ex(bio, name, 0, XN_FLAG_RFC2253 & ~ASN1_STRFLGS_ESC_MSB);
}

int signet_sk_ASN1_OBJECT_num(const STACK_OF(ASN1_OBJECT) *stack) { return sk_ASN1_OBJECT_num(stack); }

ASN1_OBJECT *signet_sk_ASN1_OBJECT_value(const STACK_OF(ASN1_OBJECT) *stack, int index) {
    return sk_ASN1_OBJECT_value(stack, index);
}

EXTENDED_KEY_USAGE *signet_X509_get_eku(X509 *cert, int *critical) {
    return X509_get_ext_d2i(cert, NID_ext_key_usage, critical, NULL);
}

int signet_sk_CMS_RecipientInfo_num(const STACK_OF(CMS_RecipientInfo) *stack) {
    return sk_CMS_RecipientInfo_num(stack);
}

CMS_RecipientInfo *signet_sk_CMS_RecipientInfo_value(const STACK_OF(CMS_RecipientInfo) *stack, int index) {
    return sk_CMS_RecipientInfo_value(stack, index);
}

int signet_sk_CMS_RecipientEncryptedKey_num(const STACK_OF(CMS_RecipientEncryptedKey) *stack) {
    return sk_CMS_RecipientEncryptedKey_num(stack);
}

CMS_RecipientEncryptedKey *signet_sk_CMS_RecipientEncryptedKey_value(
    const STACK_OF(CMS_RecipientEncryptedKey) *stack, int index) {
    return sk_CMS_RecipientEncryptedKey_value(stack, index);
}
