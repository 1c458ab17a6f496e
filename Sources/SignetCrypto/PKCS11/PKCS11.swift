import CPKCS11

/// The one place SignetCrypto reads PKCS#11 return values. Every `CK_RV` goes through `check`,
/// which names the call and turns the codes users meet (a removed token, a mechanism the
/// token lacks, a key that may not sign) into a ``TokenError`` with a next step.
enum PKCS11 {
    /// Returns `rv` when it is `CKR_OK` or one of `accepting` (codes the caller handles itself);
    /// throws ``TokenError`` naming `call` otherwise.
    @discardableResult
    static func check(_ rv: CK_RV, _ call: String, context: String, accepting: [CK_RV] = []) throws -> CK_RV {
        guard rv != CKR_OK, !accepting.contains(rv) else { return rv }
        throw TokenError(context, .callFailed(call: call, code: UInt(rv), meaning: meaning(of: rv)))
    }

    /// A function of the module's `CK_FUNCTION_LIST`; a module that leaves it NULL cannot do the job.
    static func function<F>(_ pointer: F?, _ call: String, context: String) throws -> F {
        guard let pointer else {
            throw TokenError(
                context, .callFailed(call: call, code: UInt(CKR_FUNCTION_NOT_SUPPORTED), meaning: "not provided"))
        }
        return pointer
    }

    /// The name of a return value and what to do about it, for the codes users meet.
    static func meaning(of rv: CK_RV) -> String {
        switch rv {
        case CK_RV(CKR_DEVICE_REMOVED), CK_RV(CKR_TOKEN_NOT_PRESENT):
            return "CKR_DEVICE_REMOVED: the token was removed; insert it and try again"
        case CK_RV(CKR_DEVICE_ERROR), CK_RV(CKR_GENERAL_ERROR), CK_RV(CKR_FUNCTION_FAILED):
            return "\(name(of: rv)): the token failed; check that it is plugged in and works with the vendor's tools"
        case CK_RV(CKR_DEVICE_MEMORY), CK_RV(CKR_HOST_MEMORY):
            return "\(name(of: rv)): the token or its module ran out of memory"
        case CK_RV(CKR_MECHANISM_INVALID), CK_RV(CKR_MECHANISM_PARAM_INVALID):
            return "\(name(of: rv)): the token does not offer this signature mechanism for the key"
        case CK_RV(CKR_KEY_TYPE_INCONSISTENT):
            return "CKR_KEY_TYPE_INCONSISTENT: the key's type does not fit the signature mechanism"
        case CK_RV(CKR_KEY_FUNCTION_NOT_PERMITTED):
            return "CKR_KEY_FUNCTION_NOT_PERMITTED: the token does not allow this key to sign"
        case CK_RV(CKR_USER_NOT_LOGGED_IN):
            return "CKR_USER_NOT_LOGGED_IN: the session is not logged in (was the PIN given?)"
        case CK_RV(CKR_PIN_EXPIRED):
            return "CKR_PIN_EXPIRED: the PIN has expired; set a new one with the token's tools"
        case CK_RV(CKR_PIN_LEN_RANGE), CK_RV(CKR_PIN_INVALID):
            return "\(name(of: rv)): the PIN is too short, too long or has characters the token refuses"
        case CK_RV(CKR_SESSION_COUNT):
            return "CKR_SESSION_COUNT: the token has no free session; close other programs using it"
        case CK_RV(CKR_TOKEN_NOT_RECOGNIZED):
            return "CKR_TOKEN_NOT_RECOGNIZED: the module does not recognize the token"
        default:
            return name(of: rv)
        }
    }

    /// `CKR_…` names of the codes Signet can meet; others in hexadecimal.
    static func name(of rv: CK_RV) -> String {
        let names: [CK_RV: String] = [
            CK_RV(CKR_CANCEL): "CKR_CANCEL", CK_RV(CKR_HOST_MEMORY): "CKR_HOST_MEMORY",
            CK_RV(CKR_SLOT_ID_INVALID): "CKR_SLOT_ID_INVALID", CK_RV(CKR_GENERAL_ERROR): "CKR_GENERAL_ERROR",
            CK_RV(CKR_FUNCTION_FAILED): "CKR_FUNCTION_FAILED", CK_RV(CKR_ARGUMENTS_BAD): "CKR_ARGUMENTS_BAD",
            CK_RV(CKR_ATTRIBUTE_SENSITIVE): "CKR_ATTRIBUTE_SENSITIVE",
            CK_RV(CKR_ATTRIBUTE_TYPE_INVALID): "CKR_ATTRIBUTE_TYPE_INVALID",
            CK_RV(CKR_DATA_INVALID): "CKR_DATA_INVALID", CK_RV(CKR_DATA_LEN_RANGE): "CKR_DATA_LEN_RANGE",
            CK_RV(CKR_DEVICE_ERROR): "CKR_DEVICE_ERROR", CK_RV(CKR_DEVICE_MEMORY): "CKR_DEVICE_MEMORY",
            CK_RV(CKR_FUNCTION_NOT_SUPPORTED): "CKR_FUNCTION_NOT_SUPPORTED",
            CK_RV(CKR_KEY_HANDLE_INVALID): "CKR_KEY_HANDLE_INVALID", CK_RV(CKR_KEY_SIZE_RANGE): "CKR_KEY_SIZE_RANGE",
            CK_RV(CKR_MECHANISM_INVALID): "CKR_MECHANISM_INVALID",
            CK_RV(CKR_MECHANISM_PARAM_INVALID): "CKR_MECHANISM_PARAM_INVALID",
            CK_RV(CKR_OBJECT_HANDLE_INVALID): "CKR_OBJECT_HANDLE_INVALID",
            CK_RV(CKR_OPERATION_ACTIVE): "CKR_OPERATION_ACTIVE", CK_RV(CKR_PIN_INCORRECT): "CKR_PIN_INCORRECT",
            CK_RV(CKR_PIN_INVALID): "CKR_PIN_INVALID", CK_RV(CKR_PIN_LEN_RANGE): "CKR_PIN_LEN_RANGE",
            CK_RV(CKR_PIN_LOCKED): "CKR_PIN_LOCKED", CK_RV(CKR_SESSION_HANDLE_INVALID): "CKR_SESSION_HANDLE_INVALID",
            CK_RV(CKR_SIGNATURE_LEN_RANGE): "CKR_SIGNATURE_LEN_RANGE",
            CK_RV(CKR_TEMPLATE_INCONSISTENT): "CKR_TEMPLATE_INCONSISTENT",
            CK_RV(CKR_TOKEN_NOT_PRESENT): "CKR_TOKEN_NOT_PRESENT",
            CK_RV(CKR_USER_TYPE_INVALID): "CKR_USER_TYPE_INVALID",
            CK_RV(CKR_USER_PIN_NOT_INITIALIZED): "CKR_USER_PIN_NOT_INITIALIZED",
            CK_RV(CKR_BUFFER_TOO_SMALL): "CKR_BUFFER_TOO_SMALL",
            CK_RV(CKR_CRYPTOKI_NOT_INITIALIZED): "CKR_CRYPTOKI_NOT_INITIALIZED",
            CK_RV(CKR_CRYPTOKI_ALREADY_INITIALIZED): "CKR_CRYPTOKI_ALREADY_INITIALIZED",
            CK_RV(CKR_CANT_LOCK): "CKR_CANT_LOCK", CK_RV(CKR_NEED_TO_CREATE_THREADS): "CKR_NEED_TO_CREATE_THREADS",
        ]
        return names[rv] ?? "CK_RV 0x" + String(rv, radix: 16)
    }
}
