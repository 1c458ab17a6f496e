import CQPDF
import CSignetQPDF
import Glibc
import SignetFiles

/// A failure qpdf reported: its category and the message without the file name.
struct QPDFFailure: Error {
    var code: qpdf_error_code_e
    var detail: String
}

/// A warning qpdf issued while reading or writing (damage it worked around).
struct QPDFWarning: Sendable, Hashable {
    var isDamage: Bool
    var text: String
}

/// The kinds of PDF object, as qpdf resolves them.
enum QPDFKind {
    case null, boolean, integer, real, string, name, array, dictionary, stream, other
}

/// How a full rewrite is done.
struct QPDFWriteSettings {
    var generateObjectStreams = true
    var compressStreams = true
    var deterministicID = true
}

/// The qpdf C API boundary: the only place that calls `qpdf_*`. Owns one `qpdf_data` and
/// frees it in `deinit`. After every call the error state is checked (`qpdf_has_error`, turned
/// into a thrown `QPDFFailure`) and pending warnings are collected (`qpdf_more_warnings`, when
/// `warnings` is read or a call fails), so
/// nothing qpdf reports is lost or printed behind our back (`qpdf_silence_errors`, warnings
/// suppressed on stderr).
final class QPDF {
    private var data: qpdf_data?
    /// Every warning qpdf issued so far, in order (collected from qpdf when read, and whenever
    /// a call fails: asking qpdf after every call would copy its warning list each time).
    var warnings: [QPDFWarning] {
        collectWarnings()
        return collected
    }
    private var collected: [QPDFWarning] = []

    /// libqpdf, loaded when the first document is opened (a run that opens none never maps it, nor
    /// GnuTLS and the rest it pulls in): nil when ready, otherwise the loader's reason.
    private static let loadFailure: String? = signet_qpdf_load().map { String(cString: $0) }

    /// A qpdf handle; `PDFError.libraryMissing` (about `name`) when libqpdf cannot be loaded.
    init(for name: String) throws {
        if let failure = Self.loadFailure { throw PDFError(name, .libraryMissing(failure)) }
        data = qpdf_init()
        qpdf_silence_errors(data)
        qpdf_set_suppress_warnings(data, QPDF_TRUE)
    }

    /// No handle when `init` threw (libqpdf not loaded): nothing to free then.
    deinit { if data != nil { qpdf_cleanup(&data) } }

    // MARK: error checking

    /// Runs one qpdf call, then turns a pending error into a throw and collects warnings.
    private func call<T>(_ body: (qpdf_data?) -> T) throws -> T {
        let result = body(data)
        if qpdf_has_error(data) != 0 {
            let error = qpdf_get_error(data)
            let code = qpdf_get_error_code(data, error)
            let detail = String(cString: qpdf_get_error_message_detail(data, error))
            collectWarnings()
            throw QPDFFailure(code: code, detail: detail)
        }
        return result
    }

    private func collectWarnings() {
        while qpdf_more_warnings(data) != 0 {
            let warning = qpdf_next_warning(data)
            let code = qpdf_get_error_code(data, warning)
            let detail = String(cString: qpdf_get_error_message_detail(data, warning))
            collected.append(QPDFWarning(isDamage: code == qpdf_e_damaged_pdf, text: detail))
        }
    }

    /// `value` as the C `int` qpdf takes. Numbers such as the trailer's `/Size` come from the
    /// file, so one out of range is a failure to report, never a trap.
    private func cInt(_ value: Int, _ what: String) throws -> Int32 {
        guard let v = Int32(exactly: value) else {
            throw QPDFFailure(
                code: qpdf_e_object, detail: "\(what) \(value) is beyond the largest qpdf can address (\(Int32.max))")
        }
        return v
    }

    /// The text of the last returned string, including any NUL bytes.
    private func lastString(_ pointer: UnsafePointer<CChar>?) -> [UInt8] {
        guard let pointer else { return [] }
        let count = qpdf_get_last_string_length(data)
        return pointer.withMemoryRebound(to: UInt8.self, capacity: count) {
            Array(UnsafeBufferPointer(start: $0, count: count))
        }
    }

    // MARK: document

    /// Opens `path` lazily (qpdf reads the cross-reference table and resolves objects on demand).
    func read(path: String, password: Secret?) throws {
        let status: QPDF_ERROR_CODE
        if let password {
            status = try call { q in password.withCString { pw, _ in qpdf_read(q, path, pw) } }
        } else {
            status = try call { qpdf_read($0, path, nil) }
        }
        _ = status
    }

    /// Opens `count` bytes at `base` (which must outlive this object) as a PDF called `name`.
    func read(memory base: UnsafeRawPointer, count: Int, name: String, password: Secret?) throws {
        let bytes = base.assumingMemoryBound(to: CChar.self)
        let status: QPDF_ERROR_CODE
        if let password {
            status = try call { q in
                password.withCString { pw, _ in qpdf_read_memory(q, name, bytes, UInt64(count), pw) }
            }
        } else {
            status = try call { qpdf_read_memory($0, name, bytes, UInt64(count), nil) }
        }
        _ = status
    }

    var pdfVersion: String { (try? call { String(cString: qpdf_get_pdf_version($0)) }) ?? "" }
    var isEncrypted: Bool { (try? call { qpdf_is_encrypted($0) != 0 }) ?? false }
    var isLinearized: Bool { (try? call { qpdf_is_linearized($0) != 0 }) ?? false }

    /// What an encrypted file lets the user do (as qpdf reads the permission bits).
    var permissions: (print: Bool, modify: Bool, extract: Bool, annotate: Bool, fillForms: Bool, assemble: Bool) {
        (
            (try? call { qpdf_allow_print_low_res($0) != 0 }) ?? false,
            (try? call { qpdf_allow_modify_other($0) != 0 }) ?? false,
            (try? call { qpdf_allow_extract_all($0) != 0 }) ?? false,
            (try? call { qpdf_allow_modify_annotation($0) != 0 }) ?? false,
            (try? call { qpdf_allow_modify_form($0) != 0 }) ?? false,
            (try? call { qpdf_allow_modify_assembly($0) != 0 }) ?? false
        )
    }

    func trailer() throws -> qpdf_oh { try call { qpdf_get_trailer($0) } }
    func root() throws -> qpdf_oh { try call { qpdf_get_root($0) } }

    /// Walks the page tree once (qpdf caches the list of page objects, not their contents).
    func pageCount() throws -> Int { Int(try call { qpdf_get_num_pages($0) }) }

    func page(at index: Int) throws -> qpdf_oh { try call { qpdf_get_page_n($0, index) } }

    // MARK: handles

    func release(_ oh: qpdf_oh) { qpdf_oh_release(data, oh) }

    func kind(_ oh: qpdf_oh) throws -> QPDFKind {
        switch try call({ qpdf_oh_get_type_code($0, oh) }) {
        case ot_null, ot_uninitialized: return .null
        case ot_boolean: return .boolean
        case ot_integer: return .integer
        case ot_real: return .real
        case ot_string: return .string
        case ot_name: return .name
        case ot_array: return .array
        case ot_dictionary: return .dictionary
        case ot_stream: return .stream
        default: return .other
        }
    }

    func isIndirect(_ oh: qpdf_oh) throws -> Bool { try call { qpdf_oh_is_indirect($0, oh) != 0 } }
    func objectNumber(_ oh: qpdf_oh) throws -> Int { Int(try call { qpdf_oh_get_object_id($0, oh) }) }
    func generation(_ oh: qpdf_oh) throws -> Int { Int(try call { qpdf_oh_get_generation($0, oh) }) }
    func object(number: Int, generation: Int) throws -> qpdf_oh {
        let (n, g) = (try cInt(number, "object number"), try cInt(generation, "generation"))
        return try call { qpdf_get_object_by_id($0, n, g) }
    }

    // MARK: scalars

    func bool(_ oh: qpdf_oh) throws -> Bool { try call { qpdf_oh_get_bool_value($0, oh) != 0 } }
    func integer(_ oh: qpdf_oh) throws -> Int { Int(try call { qpdf_oh_get_int_value($0, oh) }) }
    func number(_ oh: qpdf_oh) throws -> Double { try call { qpdf_oh_get_numeric_value($0, oh) } }
    func name(_ oh: qpdf_oh) throws -> String { try call { String(cString: qpdf_oh_get_name($0, oh)) } }
    /// A name's bytes with its leading `/`, `#xx` escapes decoded, as they are (no UTF-8 repair).
    func nameBytes(_ oh: qpdf_oh) throws -> [UInt8] { try call { Self.bytes(qpdf_oh_get_name($0, oh)) } }

    private static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
    }

    /// The bytes of a string object (decrypted when the file is encrypted).
    func stringBytes(_ oh: qpdf_oh) throws -> [UInt8] {
        var length = 0
        let pointer = try call { qpdf_oh_get_binary_string_value($0, oh, &length) }
        guard let pointer else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// A text string as UTF-8 (PDFDocEncoding and UTF-16 decoded by qpdf).
    func text(_ oh: qpdf_oh) throws -> String {
        var length = 0
        let pointer = try call { qpdf_oh_get_binary_utf8_value($0, oh, &length) }
        guard let pointer else { return "" }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    // MARK: containers

    func count(_ array: qpdf_oh) throws -> Int { Int(try call { qpdf_oh_get_array_n_items($0, array) }) }
    func item(_ array: qpdf_oh, _ index: Int) throws -> qpdf_oh {
        let i = try cInt(index, "array index")
        return try call { qpdf_oh_get_array_item($0, array, i) }
    }
    func hasKey(_ dict: qpdf_oh, _ key: String) throws -> Bool { try call { qpdf_oh_has_key($0, dict, key) != 0 } }
    func value(_ dict: qpdf_oh, _ key: String) throws -> qpdf_oh { try call { qpdf_oh_get_key($0, dict, key) } }

    func keys(_ dict: qpdf_oh) throws -> [String] {
        try call { qpdf_oh_begin_dict_key_iter($0, dict) }
        var keys: [String] = []
        while try call({ qpdf_oh_dict_more_keys($0) != 0 }) {
            keys.append(try call { String(cString: qpdf_oh_dict_next_key($0)) })
        }
        return keys
    }

    /// The keys' bytes, each with its leading `/` (no UTF-8 repair).
    func keyBytes(_ dict: qpdf_oh) throws -> [[UInt8]] {
        try call { qpdf_oh_begin_dict_key_iter($0, dict) }
        var keys: [[UInt8]] = []
        while try call({ qpdf_oh_dict_more_keys($0) != 0 }) {
            keys.append(try call { Self.bytes(qpdf_oh_dict_next_key($0)) })
        }
        return keys
    }

    /// The value under a key given as bytes (with its leading `/`).
    func value(_ dict: qpdf_oh, keyBytes key: [UInt8]) throws -> qpdf_oh {
        try call { data in
            (key + [0]).withUnsafeBufferPointer {
                qpdf_oh_get_key(
                    data, dict, $0.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) })
            }
        }
    }

    func setValue(_ dict: qpdf_oh, _ key: String, _ value: qpdf_oh) throws {
        try call { qpdf_oh_replace_key($0, dict, key, value) }
    }
    func removeKey(_ dict: qpdf_oh, _ key: String) throws { try call { qpdf_oh_remove_key($0, dict, key) } }
    func append(_ array: qpdf_oh, _ value: qpdf_oh) throws { try call { qpdf_oh_append_item($0, array, value) } }

    // MARK: new objects

    func newNull() throws -> qpdf_oh { try call { qpdf_oh_new_null($0) } }
    func newBool(_ v: Bool) throws -> qpdf_oh { try call { qpdf_oh_new_bool($0, v ? QPDF_TRUE : QPDF_FALSE) } }
    func newInteger(_ v: Int) throws -> qpdf_oh { try call { qpdf_oh_new_integer($0, Int64(v)) } }
    func newReal(_ text: String) throws -> qpdf_oh { try call { qpdf_oh_new_real_from_string($0, text) } }
    func newName(_ name: String) throws -> qpdf_oh { try call { qpdf_oh_new_name($0, name) } }
    func newArray() throws -> qpdf_oh { try call { qpdf_oh_new_array($0) } }
    func newDictionary() throws -> qpdf_oh { try call { qpdf_oh_new_dictionary($0) } }

    func newString(_ bytes: [UInt8]) throws -> qpdf_oh {
        try call { q in
            bytes.withUnsafeBufferPointer { buf in
                buf.withMemoryRebound(to: CChar.self) { qpdf_oh_new_binary_string(q, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Puts `oh` (a direct object) at `number generation`, making it that indirect object. Unlike
    /// qpdf's own numbering (`qpdf_make_indirect_object`, `qpdf_oh_new_stream`), this does not
    /// parse every object of the file first.
    func replaceObject(number: Int, generation: Int, with oh: qpdf_oh) throws {
        let (n, g) = (try cInt(number, "object number"), try cInt(generation, "generation"))
        try call { qpdf_replace_object($0, n, g, oh) }
    }

    /// A new (indirect) stream holding `bytes` as its raw data, already encoded with `filter`.
    /// qpdf numbers it after the highest object number, which makes it parse every object of
    /// the file once.
    func newStream(_ bytes: [UInt8], filter: String?) throws -> qpdf_oh {
        var stream: qpdf_oh = 0
        var message = [CChar](repeating: 0, count: 256)
        guard try call({ signet_qpdf_new_stream($0, &stream, &message, message.count) }) == 1 else {
            throw QPDFFailure(
                code: qpdf_e_object,
                detail: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        let filterHandle = try filter.map(newName) ?? newNull()
        let parms = try newNull()
        try call { q in
            bytes.withUnsafeBufferPointer {
                qpdf_oh_replace_stream_data(q, stream, $0.baseAddress, $0.count, filterHandle, parms)
            }
        }
        release(filterHandle)
        release(parms)
        return stream
    }

    func streamDictionary(_ stream: qpdf_oh) throws -> qpdf_oh { try call { qpdf_oh_get_dict($0, stream) } }

    /// The stream's data: raw (`decoded: false`, as stored in the file) or with its general
    /// filters decoded (a failure when qpdf cannot decode them all). The buffer qpdf allocates
    /// is copied and freed here.
    func streamData(_ stream: qpdf_oh, decoded: Bool) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<UInt8>?
        var length = 0
        var filtered: QPDF_BOOL = QPDF_FALSE
        _ = try call {
            qpdf_oh_get_stream_data(
                $0, stream, decoded ? qpdf_dl_generalized : qpdf_dl_none, &filtered, &buffer, &length)
        }
        defer { free(buffer) }
        if decoded, filtered == QPDF_FALSE {
            throw QPDFFailure(code: qpdf_e_unsupported, detail: "the stream's filters cannot be decoded")
        }
        guard let buffer else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }

    // MARK: serialization

    /// The object's own value even when it is indirect (references inside stay `N G R`);
    /// strings are written with escapes or in hex, so the text is plain ASCII.
    func unparseResolved(_ oh: qpdf_oh) throws -> [UInt8] { lastString(try call { qpdf_oh_unparse_resolved($0, oh) }) }

    // MARK: writing

    /// Writes the whole document to `path` (or to memory when `path` is nil), reporting progress
    /// in percent. Encryption is preserved as read.
    func write(path: String?, settings: QPDFWriteSettings, progress: ((Int) -> Void)?) throws -> [UInt8] {
        guard let path else {
            _ = try call { qpdf_init_write_memory($0) }
            return try write(settings: settings, progress: progress, toMemory: true)
        }
        // qpdf's writer keeps the file name pointer until the write is over (it reads it again
        // while writing an encrypted file), so the C string must outlive `qpdf_write`.
        return try path.withCString { name in
            _ = try call { qpdf_init_write($0, name) }
            return try write(settings: settings, progress: progress, toMemory: false)
        }
    }

    /// The part of `write` after `qpdf_init_write…`: settings, progress, the write itself.
    private func write(settings: QPDFWriteSettings, progress: ((Int) -> Void)?, toMemory: Bool) throws -> [UInt8] {
        try call { q in
            qpdf_set_object_stream_mode(q, settings.generateObjectStreams ? qpdf_o_generate : qpdf_o_preserve)
            qpdf_set_compress_streams(q, settings.compressStreams ? QPDF_TRUE : QPDF_FALSE)
            qpdf_set_preserve_encryption(q, QPDF_TRUE)
            qpdf_set_deterministic_ID(q, settings.deterministicID ? QPDF_TRUE : QPDF_FALSE)
        }
        let box = ProgressBox(progress)
        let context = Unmanaged.passRetained(box)
        defer { context.release() }
        if progress != nil {
            try call {
                qpdf_register_progress_reporter(
                    $0,
                    { percent, context in
                        guard let context else { return }
                        Unmanaged<ProgressBox>.fromOpaque(context).takeUnretainedValue().report?(Int(percent))
                    }, context.toOpaque())
            }
        }
        _ = try call { qpdf_write($0) }
        guard toMemory else { return [] }
        let length = try call { qpdf_get_buffer_length($0) }
        guard let buffer = try call({ qpdf_get_buffer($0) }) else { return [] }
        return Array(UnsafeBufferPointer(start: buffer, count: length))
    }
}

/// Carries a Swift progress closure through qpdf's C callback.
private final class ProgressBox {
    let report: ((Int) -> Void)?
    init(_ report: ((Int) -> Void)?) { self.report = report }
}
