import CPKCS11
import SignetFiles

/// Owns one session on a token: `C_OpenSession` in `init`; `C_Logout` (when this session logged
/// in) and `C_CloseSession` in `deinit`. It keeps its module alive. One operation at a time:
/// ``TokenKey`` serializes its signatures.
final class PKCS11Session {
    let module: PKCS11Module
    let slot: CK_SLOT_ID
    let handle: CK_SESSION_HANDLE
    /// "token 'LABEL' of MODULE", for messages.
    let context: String
    private var loggedIn = false
    private var functions: CK_FUNCTION_LIST { module.functions.pointee }

    init(module: PKCS11Module, slot: CK_SLOT_ID, context: String) throws {
        self.module = module
        self.slot = slot
        self.context = context
        var handle: CK_SESSION_HANDLE = 0
        let open = try PKCS11.function(module.functions.pointee.C_OpenSession, "C_OpenSession", context: context)
        try PKCS11.check(open(slot, CK_FLAGS(CKF_SERIAL_SESSION), nil, nil, &handle), "C_OpenSession", context: context)
        self.handle = handle
    }

    deinit {
        if loggedIn { _ = functions.C_Logout?(handle) }
        _ = functions.C_CloseSession?(handle)
    }

    /// Logs the user in with `pin` (`nil` on a token with a PIN pad: it asks there). A wrong PIN
    /// throws ``TokenError`` with what the token then says about the tries left.
    func login(pin: Secret?, tokenFlags: CK_FLAGS) throws {
        let protectedPath = tokenFlags & CK_FLAGS(CKF_PROTECTED_AUTHENTICATION_PATH) != 0
        guard pin != nil || protectedPath else { throw TokenError(context, .pinNeeded) }
        if try login(CK_USER_TYPE(CKU_USER), pin: pin) == CKR_OK { loggedIn = true }
    }

    /// `C_Login` as `userType` (the user, or `CKU_CONTEXT_SPECIFIC` for a key that asks for the
    /// PIN before each signature); `CKR_USER_ALREADY_LOGGED_IN` is returned, PIN errors thrown.
    private func login(_ userType: CK_USER_TYPE, pin: Secret?) throws -> CK_RV {
        let login = try PKCS11.function(functions.C_Login, "C_Login", context: context)
        let accepted = [CKR_USER_ALREADY_LOGGED_IN, CKR_PIN_INCORRECT, CKR_PIN_LOCKED].map { CK_RV($0) }
        let rv: CK_RV
        if let pin {
            rv = try pin.withCString { text, count in
                try text.withMemoryRebound(to: UInt8.self, capacity: count) {
                    try PKCS11.check(
                        login(handle, userType, UnsafeMutablePointer(mutating: $0), CK_ULONG(count)),
                        "C_Login", context: context, accepting: accepted)
                }
            }
        } else {
            rv = try PKCS11.check(login(handle, userType, nil, 0), "C_Login", context: context, accepting: accepted)
        }
        switch rv {
        case CK_RV(CKR_PIN_LOCKED): throw TokenError(context, .pinLocked)
        case CK_RV(CKR_PIN_INCORRECT):
            let flags = try module.tokenInfo(slot).flags
            if flags & CK_FLAGS(CKF_USER_PIN_LOCKED) != 0 { throw TokenError(context, .pinLocked) }
            let tries: TokenReason.PINTries =
                flags & CK_FLAGS(CKF_USER_PIN_FINAL_TRY) != 0
                ? .finalTry : flags & CK_FLAGS(CKF_USER_PIN_COUNT_LOW) != 0 ? .low : .unknown
            throw TokenError(context, .wrongPIN(tries))
        default: return rv
        }
    }

    /// The objects matching every attribute of `template`.
    func find(_ template: [(CK_ATTRIBUTE_TYPE, [UInt8])]) throws -> [CK_OBJECT_HANDLE] {
        let initialize = try PKCS11.function(functions.C_FindObjectsInit, "C_FindObjectsInit", context: context)
        let next = try PKCS11.function(functions.C_FindObjects, "C_FindObjects", context: context)
        let final = try PKCS11.function(functions.C_FindObjectsFinal, "C_FindObjectsFinal", context: context)
        let rv = Self.withTemplate(template) { initialize(handle, $0, $1) }
        try PKCS11.check(rv, "C_FindObjectsInit", context: context)
        var found: [CK_OBJECT_HANDLE] = []
        var batch = [CK_OBJECT_HANDLE](repeating: 0, count: 32)
        var failure: Error?
        repeat {
            var count: CK_ULONG = 0
            do {
                try PKCS11.check(next(handle, &batch, CK_ULONG(batch.count), &count), "C_FindObjects", context: context)
            } catch {
                failure = error
                break
            }
            found += batch.prefix(Int(count))
            if count < batch.count { break }
        } while found.count < 10_000
        try PKCS11.check(final(handle), "C_FindObjectsFinal", context: context)
        if let failure { throw failure }
        return found
    }

    /// The value of one attribute; `nil` when the object has none or keeps it secret.
    func attribute(_ type: CK_ATTRIBUTE_TYPE, of object: CK_OBJECT_HANDLE) throws -> [UInt8]? {
        let get = try PKCS11.function(functions.C_GetAttributeValue, "C_GetAttributeValue", context: context)
        let absent = [CKR_ATTRIBUTE_TYPE_INVALID, CKR_ATTRIBUTE_SENSITIVE].map { CK_RV($0) }
        var query = CK_ATTRIBUTE(type: type, pValue: nil, ulValueLen: 0)
        guard
            try PKCS11.check(get(handle, object, &query, 1), "C_GetAttributeValue", context: context, accepting: absent)
                == CKR_OK, query.ulValueLen != CK_ULONG.max
        else { return nil }
        var value = [UInt8](repeating: 0, count: Int(query.ulValueLen))
        let rv = try value.withUnsafeMutableBytes { buffer in
            var attribute = CK_ATTRIBUTE(type: type, pValue: buffer.baseAddress, ulValueLen: CK_ULONG(buffer.count))
            defer { query.ulValueLen = attribute.ulValueLen }
            return try PKCS11.check(
                get(handle, object, &attribute, 1), "C_GetAttributeValue", context: context, accepting: absent)
        }
        return rv == CKR_OK ? Array(value.prefix(Int(query.ulValueLen))) : nil
    }

    /// An unsigned long attribute (`CKA_KEY_TYPE`, `CKA_CLASS`).
    func number(_ type: CK_ATTRIBUTE_TYPE, of object: CK_OBJECT_HANDLE) throws -> CK_ULONG? {
        guard let bytes = try attribute(type, of: object), bytes.count == MemoryLayout<CK_ULONG>.size else {
            return nil
        }
        return bytes.withUnsafeBytes { $0.loadUnaligned(as: CK_ULONG.self) }
    }

    /// `C_SignInit` then `C_Sign` of `data` (length query, then the signature). A key with
    /// `CKA_ALWAYS_AUTHENTICATE` gets `contextPIN` (a context-specific login) between the two.
    func sign(
        _ data: [UInt8], with mechanism: inout CK_MECHANISM, key: CK_OBJECT_HANDLE, contextPIN: Secret?? = nil
    ) throws -> [UInt8] {
        let initialize = try PKCS11.function(functions.C_SignInit, "C_SignInit", context: context)
        let sign = try PKCS11.function(functions.C_Sign, "C_Sign", context: context)
        try PKCS11.check(initialize(handle, &mechanism, key), "C_SignInit", context: context)
        if let contextPIN { _ = try login(CK_USER_TYPE(CKU_CONTEXT_SPECIFIC), pin: contextPIN) }
        var input = data
        var length: CK_ULONG = 0
        try PKCS11.check(sign(handle, &input, CK_ULONG(input.count), nil, &length), "C_Sign", context: context)
        var signature = [UInt8](repeating: 0, count: Int(length))
        try PKCS11.check(sign(handle, &input, CK_ULONG(input.count), &signature, &length), "C_Sign", context: context)
        return Array(signature.prefix(Int(length)))
    }

    /// An attribute value for a template: an unsigned long in the machine's byte order.
    static func value(_ number: CK_ULONG) -> [UInt8] { withUnsafeBytes(of: number) { Array($0) } }

    /// Runs `body` with `template` as a `CK_ATTRIBUTE` array whose values stay in place meanwhile.
    private static func withTemplate<R>(
        _ template: [(CK_ATTRIBUTE_TYPE, [UInt8])], _ body: (UnsafeMutablePointer<CK_ATTRIBUTE>, CK_ULONG) throws -> R
    ) rethrows -> R {
        let storage = UnsafeMutableRawBufferPointer.allocate(
            byteCount: max(template.reduce(0) { $0 + $1.1.count }, 1), alignment: 8)
        defer { storage.deallocate() }
        var attributes: [CK_ATTRIBUTE] = []
        var offset = 0
        for (type, bytes) in template {
            let start = storage.baseAddress! + offset
            start.copyMemory(from: bytes, byteCount: bytes.count)
            attributes.append(CK_ATTRIBUTE(type: type, pValue: start, ulValueLen: CK_ULONG(bytes.count)))
            offset += bytes.count
        }
        return try attributes.withUnsafeMutableBufferPointer { try body($0.baseAddress!, CK_ULONG($0.count)) }
    }
}
