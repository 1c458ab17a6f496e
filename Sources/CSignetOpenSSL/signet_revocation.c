#include "signet_openssl.h"
#include <string.h>

/// The `index`-th access location of `method` in the authority information access extension.
static char *access_url(X509 *cert, int method, int index) {
    AUTHORITY_INFO_ACCESS *info = X509_get_ext_d2i(cert, NID_info_access, NULL, NULL);
    if (info == NULL) return NULL;
    char *found = NULL;
    int seen = 0;
    for (int i = 0; i < sk_ACCESS_DESCRIPTION_num(info) && found == NULL; i++) {
        ACCESS_DESCRIPTION *description = sk_ACCESS_DESCRIPTION_value(info, i);
        if (OBJ_obj2nid(description->method) != method) continue;
        GENERAL_NAME *name = description->location;
        if (name->type != GEN_URI) continue;
        if (seen++ == index) {
            ASN1_IA5STRING *uri = name->d.uniformResourceIdentifier;
            found = OPENSSL_strndup((const char *)ASN1_STRING_get0_data(uri), ASN1_STRING_length(uri));
        }
    }
    AUTHORITY_INFO_ACCESS_free(info);
    return found;
}

char *signet_X509_ocsp_url(X509 *cert, int index) { return access_url(cert, NID_ad_OCSP, index); }

char *signet_X509_ca_issuers_url(X509 *cert, int index) { return access_url(cert, NID_ad_ca_issuers, index); }

char *signet_X509_crl_url(X509 *cert, int index) {
    STACK_OF(DIST_POINT) *points = X509_get_ext_d2i(cert, NID_crl_distribution_points, NULL, NULL);
    if (points == NULL) return NULL;
    char *found = NULL;
    int seen = 0;
    for (int i = 0; i < sk_DIST_POINT_num(points) && found == NULL; i++) {
        DIST_POINT *point = sk_DIST_POINT_value(points, i);
        if (point->distpoint == NULL || point->distpoint->type != 0) continue;
        GENERAL_NAMES *names = point->distpoint->name.fullname;
        for (int j = 0; j < sk_GENERAL_NAME_num(names) && found == NULL; j++) {
            GENERAL_NAME *name = sk_GENERAL_NAME_value(names, j);
            if (name->type != GEN_URI) continue;
            if (seen++ == index) {
                ASN1_IA5STRING *uri = name->d.uniformResourceIdentifier;
                found = OPENSSL_strndup((const char *)ASN1_STRING_get0_data(uri), ASN1_STRING_length(uri));
            }
        }
    }
    sk_DIST_POINT_pop_free(points, DIST_POINT_free);
    return found;
}

int signet_sk_X509_CRL_num(const STACK_OF(X509_CRL) *stack) { return sk_X509_CRL_num(stack); }

X509_CRL *signet_sk_X509_CRL_value(const STACK_OF(X509_CRL) *stack, int index) {
    return sk_X509_CRL_value(stack, index);
}

void signet_sk_X509_CRL_free_all(STACK_OF(X509_CRL) *stack) { sk_X509_CRL_pop_free(stack, X509_CRL_free); }
