import Foundation

/// An `--external-signer` command for tests: a shell script that signs the digest on its standard
/// input with a PEM key through `openssl pkeyutl`, as `SIGNET_SIGNATURE_ALGORITHM` asks, and
/// appends one line ("sha256 rsa-pkcs1") to its log per run, so a test can count the runs.
package struct ExternalSignerStandIn: Sendable {
    /// The script; give it to `--external-signer` as it is.
    package let command: String
    /// The run log: one line per signature asked for.
    package let log: String

    /// Writes the script into `dir`. With `rawECDSA` an ECDSA answer is r‖s (32-byte halves: a
    /// P-256 key), as PKCS#11 and some services give it, instead of DER.
    package init(in dir: TemporaryDirectory, key: String, name: String = "signer", rawECDSA: Bool = false) {
        log = dir.path("\(name).log")
        let filter = rawECDSA ? " | python3 '\(Self.derToRaw(in: dir))'" : ""
        let script = dir.write(
            "\(name).sh",
            """
            #!/bin/sh
            set -eu
            echo "$SIGNET_DIGEST_ALGORITHM $SIGNET_SIGNATURE_ALGORITHM" >> '\(log)'
            case "$SIGNET_SIGNATURE_ALGORITHM" in
              rsa-pss) set -- -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:digest ;;
              *) set -- ;;
            esac
            openssl pkeyutl -sign -inkey '\(key)' -pkeyopt "digest:$SIGNET_DIGEST_ALGORITHM" "$@"\(filter)

            """)
        chmod(script, 0o755)
        command = "'\(script)'"
    }

    /// The lines of the log (empty when the command never ran).
    package var runs: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// A Python filter from a DER ECDSA-Sig-Value on standard input to r‖s of 32-byte halves.
    private static func derToRaw(in dir: TemporaryDirectory) -> String {
        dir.write(
            "der-to-raw.py",
            """
            import sys
            der = sys.stdin.buffer.read()
            def item(data, at):
                length, at = data[at + 1], at + 2
                if length & 0x80:
                    count = length & 0x7F
                    length, at = int.from_bytes(data[at:at + count], "big"), at + count
                return data[at:at + length], at + length
            body, _ = item(der, 0)
            r, after = item(body, 0)
            s, _ = item(body, after)
            sys.stdout.buffer.write(int.from_bytes(r, "big").to_bytes(32, "big") + int.from_bytes(s, "big").to_bytes(32, "big"))

            """)
    }
}
