import CPKCS11
import Glibc
import Synchronization

/// Owns one `dlopen`ed PKCS#11 module and its `CK_FUNCTION_LIST`: `C_Initialize` (with OS
/// locking, so sessions may be used from several threads) when loaded, `C_Finalize` and
/// `dlclose` in `deinit`. A module is initialized once per process, so loads of the same path
/// share one instance while it is alive.
final class PKCS11Module: @unchecked Sendable {
    /// The path given, as messages name it.
    let path: String
    /// The module's functions (owned by the module, valid until `dlclose`).
    let functions: UnsafeMutablePointer<CK_FUNCTION_LIST>
    private let handle: UnsafeMutableRawPointer
    /// False when something else in the process had initialized the module: it finalizes it too.
    private let finalizes: Bool

    private struct Entry { weak var module: PKCS11Module? }
    /// Live modules by path; also serializes `C_Initialize` against `C_Finalize` of the same module.
    private static let loaded = Mutex<[String: Entry]>([:])

    /// The module at `path`, loading and initializing it unless it is already.
    static func load(_ path: String) throws -> PKCS11Module {
        try loaded.withLock { table in
            if let module = table[path]?.module { return module }
            let module = try PKCS11Module(path: path)
            table[path] = Entry(module: module)
            return module
        }
    }

    private init(path: String) throws {
        self.path = path
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw TokenError(path, .moduleNotLoadable(dlerror().map { String(cString: $0) } ?? "dlopen failed"))
        }
        guard let symbol = dlsym(handle, "C_GetFunctionList") else {
            dlclose(handle)
            throw TokenError(path, .moduleNotLoadable("it has no C_GetFunctionList"))
        }
        typealias GetFunctionList =
            @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<CK_FUNCTION_LIST>?>?) -> CK_RV
        var list: UnsafeMutablePointer<CK_FUNCTION_LIST>?
        do {
            try PKCS11.check(unsafeBitCast(symbol, to: GetFunctionList.self)(&list), "C_GetFunctionList", context: path)
            guard let list else { throw TokenError(path, .moduleNotLoadable("C_GetFunctionList gave no functions")) }
            var arguments = CK_C_INITIALIZE_ARGS(
                CreateMutex: nil, DestroyMutex: nil, LockMutex: nil, UnlockMutex: nil,
                flags: CK_FLAGS(CKF_OS_LOCKING_OK),
                pReserved: nil)
            let initialize = try PKCS11.function(list.pointee.C_Initialize, "C_Initialize", context: path)
            let rv = try PKCS11.check(
                initialize(&arguments), "C_Initialize", context: path,
                accepting: [CK_RV(CKR_CRYPTOKI_ALREADY_INITIALIZED)])
            finalizes = rv == CKR_OK
            functions = list
            self.handle = handle
        } catch {
            dlclose(handle)
            throw error
        }
    }

    deinit {
        Self.loaded.withLock { _ in
            if finalizes { _ = functions.pointee.C_Finalize?(nil) }
            dlclose(handle)
        }
    }

    /// The slot of the token labelled `label`; throws ``TokenError`` listing the labels present otherwise.
    func slot(labelled label: String) throws -> (slot: CK_SLOT_ID, info: CK_TOKEN_INFO) {
        let getSlots = try PKCS11.function(functions.pointee.C_GetSlotList, "C_GetSlotList", context: path)
        var count: CK_ULONG = 0
        try PKCS11.check(getSlots(CK_BBOOL(CK_TRUE), nil, &count), "C_GetSlotList", context: path)
        var slots = [CK_SLOT_ID](repeating: 0, count: Int(count))
        try PKCS11.check(getSlots(CK_BBOOL(CK_TRUE), &slots, &count), "C_GetSlotList", context: path)
        var labels: [String] = []
        for slot in slots.prefix(Int(count)) {
            let info = try tokenInfo(slot)
            let found = Self.text(info.label)
            // A free slot (SoftHSM2 keeps one) holds no token yet: not worth listing.
            guard info.flags & CK_FLAGS(CKF_TOKEN_INITIALIZED) != 0 else { continue }
            if found == label { return (slot, info) }
            labels.append(found)
        }
        throw TokenError(path, .noToken(label: label, available: labels))
    }

    /// The token's information now (its flags change after a wrong PIN).
    func tokenInfo(_ slot: CK_SLOT_ID) throws -> CK_TOKEN_INFO {
        var info = CK_TOKEN_INFO()
        let get = try PKCS11.function(functions.pointee.C_GetTokenInfo, "C_GetTokenInfo", context: path)
        try PKCS11.check(get(slot, &info), "C_GetTokenInfo", context: path)
        return info
    }

    /// A blank-padded PKCS#11 text field (a token label) without its padding.
    static func text<Field>(_ field: Field) -> String {
        withUnsafeBytes(of: field) { bytes in
            var chars = Array(bytes)
            while let last = chars.last, last == 0x20 || last == 0 { chars.removeLast() }
            return String(decoding: chars, as: UTF8.self)
        }
    }
}
