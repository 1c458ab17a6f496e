import SignetCore
import SignetFiles

/// What a change to an encrypted document needs its permissions (ISO 32000-2 Table 22) to allow.
package enum EncryptedChange: Sendable, Hashable {
    /// Drawing into page content (bit 4).
    case modifyContent
    /// Adding annotations (bit 6).
    case annotate
    /// Filling in and signing form fields (bit 9, or bit 6 which implies it).
    case fillAndSign

    var permission: String {
        switch self {
        case .modifyContent: "changing the document's content"
        case .annotate: "adding annotations"
        case .fillAndSign: "filling in form fields and signing"
        }
    }

    func isAllowed(by parameters: SecurityParameters) -> Bool {
        switch self {
        case .modifyContent: parameters.allows(bit: 4)
        case .annotate: parameters.allows(bit: 6)
        case .fillAndSign: parameters.allows(bit: 6) || (parameters.revision >= 3 && parameters.allows(bit: 9))
        }
    }
}

extension PDFDocument {
    /// Readies an encrypted document for an incremental update in place: reads its `/Encrypt`
    /// dictionary, computes the file key from the password it was opened with (or the empty user
    /// password), and checks that its permissions allow `change` unless that was the owner
    /// password. Does nothing for an unencrypted document.
    package func prepareEncryptedUpdates(for change: EncryptedChange, using ciphers: any CipherPrimitives) throws {
        guard isEncrypted else { return }
        let cipher = try objectCipher ?? makeCipher(ciphers)
        objectCipher = cipher
        guard cipher.key.isOwner || change.isAllowed(by: cipher.parameters) else {
            let how =
                openedPassword.map { $0.count == 0 ? "the empty user password" : "the user password" }
                ?? "no password (its user password is empty)"
            throw error(.notPermitted(permission: change.permission, openedWith: how))
        }
    }

    /// The cipher of an encrypted document, for reading its bytes without qpdf (no permission is
    /// needed to read); `nil` when it is not encrypted.
    package func readingCipher(using ciphers: any CipherPrimitives) throws -> ObjectCipher? {
        guard isEncrypted else { return nil }
        return try objectCipher ?? makeCipher(ciphers)
    }

    private func makeCipher(_ ciphers: any CipherPrimitives) throws -> ObjectCipher {
        guard let parameters = try SecurityParameters.read(self) else {
            throw error(.unsupportedEncryption("qpdf reports it encrypted, but its trailer has no /Encrypt dictionary"))
        }
        guard let key = try FileKey.derive(parameters, password: openedPassword ?? Secret(""), using: ciphers) else {
            throw error(.unsupportedEncryption("the password it opened with does not match its /Encrypt dictionary"))
        }
        return ObjectCipher(parameters: parameters, key: key, ciphers: ciphers)
    }
}
