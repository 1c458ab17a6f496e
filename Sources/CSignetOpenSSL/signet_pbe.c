// How much password-derivation work a PKCS#12 bundle or an encrypted PKCS#8 key asks for, read
// from its algorithm parameters before any key is derived. OpenSSL derives keys with whatever
// iteration count a file states (up to 2^31 for PBKDF2), so a tiny crafted file could keep a
// signing run busy for hours; Swift refuses such files by this count. The parameter structures
// are reached through ASN1_ITEM macros that Swift cannot import, hence C.
#include "signet_openssl.h"
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>

/// Adds `cost` to `*total` without overflowing (the sum saturates at LLONG_MAX).
static void add_cost(long long *total, long long cost) {
    *total = cost > LLONG_MAX - *total ? LLONG_MAX : *total + cost;
}

static long long integer_cost(const ASN1_INTEGER *value) {
    uint64_t n = 0;
    if (value == NULL || ASN1_INTEGER_get_uint64(&n, value) != 1) return -1;
    return n > (uint64_t)LLONG_MAX ? LLONG_MAX : (long long)n;
}

/// scrypt's work in PBKDF2-iteration-sized units: 2·N·r·p block mixes.
static long long scrypt_cost(const ASN1_TYPE *parameter) {
    SCRYPT_PARAMS *params = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(SCRYPT_PARAMS), parameter);
    if (params == NULL) return -1;
    long long n = integer_cost(params->costParameter), r = integer_cost(params->blockSize),
              p = integer_cost(params->parallelizationParameter), cost = -1;
    if (n >= 0 && r >= 0 && p >= 0) {
        cost = 2;
        long long factors[3] = {n, r, p};
        for (int i = 0; i < 3; i++) cost = factors[i] != 0 && cost > LLONG_MAX / factors[i] ? LLONG_MAX : cost * factors[i];
    }
    SCRYPT_PARAMS_free(params);
    return cost;
}

static long long pbe_cost(const X509_ALGOR *algorithm) {
    const ASN1_OBJECT *oid = NULL;
    int type = 0;
    const void *value = NULL;
    if (algorithm == NULL) return -1;
    X509_ALGOR_get0(&oid, &type, &value, algorithm);
    if (type != V_ASN1_SEQUENCE) return -1;
    if (OBJ_obj2nid(oid) != NID_pbes2) {
        // PKCS#5 v1.5 and PKCS#12 password-based encryption: salt and iteration count.
        PBEPARAM *pbe = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBEPARAM), algorithm->parameter);
        if (pbe == NULL) return -1;
        long long cost = integer_cost(pbe->iter);
        PBEPARAM_free(pbe);
        return cost;
    }
    PBE2PARAM *pbes2 = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBE2PARAM), algorithm->parameter);
    if (pbes2 == NULL) return -1;
    long long cost = -1;
    switch (OBJ_obj2nid(pbes2->keyfunc->algorithm)) {
    case NID_id_pbkdf2: {
        PBKDF2PARAM *kdf = ASN1_TYPE_unpack_sequence(ASN1_ITEM_rptr(PBKDF2PARAM), pbes2->keyfunc->parameter);
        if (kdf != NULL) cost = integer_cost(kdf->iter);
        PBKDF2PARAM_free(kdf);
        break;
    }
    case NID_id_scrypt:
        cost = scrypt_cost(pbes2->keyfunc->parameter);
        break;
    }
    PBE2PARAM_free(pbes2);
    return cost;
}

/// Adds the cost of every shrouded key bag in `bags` (and in nested safe-contents bags) to `*total`.
static void bags_cost(const STACK_OF(PKCS12_SAFEBAG) *bags, long long *total, int depth) {
    for (int i = 0; i < sk_PKCS12_SAFEBAG_num(bags) && depth < 8; i++) {
        const PKCS12_SAFEBAG *bag = sk_PKCS12_SAFEBAG_value(bags, i);
        switch (PKCS12_SAFEBAG_get_nid(bag)) {
        case NID_pkcs8ShroudedKeyBag: {
            const X509_ALGOR *algorithm = NULL;
            X509_SIG_get0(PKCS12_SAFEBAG_get0_pkcs8(bag), &algorithm, NULL);
            long long cost = pbe_cost(algorithm);
            add_cost(total, cost < 0 ? 0 : cost);
            break;
        }
        case NID_safeContentsBag:
            bags_cost(PKCS12_SAFEBAG_get0_safes(bag), total, depth + 1);
            break;
        }
    }
}

long long signet_pkcs12_decryption_cost(const PKCS12 *p12, const char *pass, long long cap) {
    STACK_OF(PKCS7) *safes = PKCS12_unpack_authsafes(p12);
    if (safes == NULL) {
        ERR_clear_error();
        return 0;
    }
    long long total = 0;
    for (int i = 0; i < sk_PKCS7_num(safes) && total <= cap; i++) {
        PKCS7 *safe = sk_PKCS7_value(safes, i);
        STACK_OF(PKCS12_SAFEBAG) *bags = NULL;
        switch (OBJ_obj2nid(safe->type)) {
        case NID_pkcs7_data:
            bags = PKCS12_unpack_p7data(safe);
            break;
        case NID_pkcs7_encrypted: {
            const X509_ALGOR *algorithm = safe->d.encrypted ? safe->d.encrypted->enc_data->algorithm : NULL;
            long long cost = pbe_cost(algorithm);
            add_cost(&total, cost < 0 ? 0 : cost);
            // Decrypted (to see the key bags inside) only once its own cost is known to fit.
            if (total <= cap) bags = PKCS12_unpack_p7encdata(safe, pass, pass ? -1 : 0);
            break;
        }
        }
        if (bags != NULL) bags_cost(bags, &total, 0);
        sk_PKCS12_SAFEBAG_pop_free(bags, PKCS12_SAFEBAG_free);
    }
    sk_PKCS7_pop_free(safes, PKCS7_free);
    ERR_clear_error();
    return total;
}

long long signet_pem_pkcs8_cost(BIO *pem) {
    X509_SIG *sig = PEM_read_bio_PKCS8(pem, NULL, NULL, NULL);
    if (sig == NULL) {
        ERR_clear_error();
        return 0;
    }
    const X509_ALGOR *algorithm = NULL;
    X509_SIG_get0(sig, &algorithm, NULL);
    long long cost = pbe_cost(algorithm);
    X509_SIG_free(sig);
    return cost < 0 ? 0 : cost;
}
