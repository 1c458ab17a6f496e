#include "signet_openssl.h"

int signet_X509_CRL_idp_scope(X509_CRL *crl) {
    int critical = -1;
    ISSUING_DIST_POINT *idp = X509_CRL_get_ext_d2i(crl, NID_issuing_distribution_point, &critical, NULL);
    if (idp == NULL) return critical == -1 ? 0 : SIGNET_IDP_UNREADABLE;
    int scope = 0;
    if (idp->onlyuser > 0) scope |= SIGNET_IDP_ONLY_USER;
    if (idp->onlyCA > 0) scope |= SIGNET_IDP_ONLY_CA;
    if (idp->onlyattr > 0) scope |= SIGNET_IDP_ONLY_ATTRIBUTE;
    if (idp->onlysomereasons != NULL) scope |= SIGNET_IDP_SOME_REASONS;
    if (idp->indirectCRL > 0) scope |= SIGNET_IDP_INDIRECT;
    if (idp->distpoint != NULL) scope |= SIGNET_IDP_NAMED;
    ISSUING_DIST_POINT_free(idp);
    return scope;
}

/// 1 when a full name in `names` equals one in `others`.
static int share_a_name(GENERAL_NAMES *names, GENERAL_NAMES *others) {
    for (int i = 0; i < sk_GENERAL_NAME_num(names); i++) {
        for (int j = 0; j < sk_GENERAL_NAME_num(others); j++) {
            if (GENERAL_NAME_cmp(sk_GENERAL_NAME_value(names, i), sk_GENERAL_NAME_value(others, j)) == 0) return 1;
        }
    }
    return 0;
}

int signet_X509_CRL_idp_names_match(X509_CRL *crl, X509 *cert) {
    ISSUING_DIST_POINT *idp = X509_CRL_get_ext_d2i(crl, NID_issuing_distribution_point, NULL, NULL);
    STACK_OF(DIST_POINT) *points = X509_get_ext_d2i(cert, NID_crl_distribution_points, NULL, NULL);
    int match = 0;
    if (idp != NULL && idp->distpoint != NULL && idp->distpoint->type == 0) {
        for (int i = 0; i < sk_DIST_POINT_num(points) && !match; i++) {
            DIST_POINT *point = sk_DIST_POINT_value(points, i);
            if (point->distpoint == NULL || point->distpoint->type != 0) continue;
            match = share_a_name(idp->distpoint->name.fullname, point->distpoint->name.fullname);
        }
    }
    ISSUING_DIST_POINT_free(idp);
    sk_DIST_POINT_pop_free(points, DIST_POINT_free);
    return match;
}

int signet_sk_X509_REVOKED_num(const STACK_OF(X509_REVOKED) *stack) { return sk_X509_REVOKED_num(stack); }

X509_REVOKED *signet_sk_X509_REVOKED_value(const STACK_OF(X509_REVOKED) *stack, int index) {
    return sk_X509_REVOKED_value(stack, index);
}

ASN1_GENERALIZEDTIME *signet_X509_CRL_expired_certs_on_crl(X509_CRL *crl) {
    ASN1_OBJECT *oid = OBJ_txt2obj("2.5.29.60", 1);
    int at = oid == NULL ? -1 : X509_CRL_get_ext_by_OBJ(crl, oid, -1);
    ASN1_OBJECT_free(oid);
    if (at < 0) return NULL;
    ASN1_OCTET_STRING *value = X509_EXTENSION_get_data(X509_CRL_get_ext(crl, at));
    const unsigned char *cursor = ASN1_STRING_get0_data(value);
    return d2i_ASN1_GENERALIZEDTIME(NULL, &cursor, ASN1_STRING_length(value));
}
