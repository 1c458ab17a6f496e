// The PKCS#11 (Cryptoki 2.40) types, constants and CK_FUNCTION_LIST from p11-kit's header.
// Nothing is linked: the module (a .so named by the caller) is dlopen'ed at run time.
#include <p11-kit-1/p11-kit/pkcs11.h>
