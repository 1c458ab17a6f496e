import Foundation
import SignetTestSupport
import Testing

/// The `--external-signer` recipes of docs/cli.md (docs/examples/): AWS KMS through the `aws` CLI,
/// Google Cloud KMS through its REST API, and a CSC API v2 service through csc-sign-hash.py, each
/// against local stand-ins: `aws` and `gcloud` replaced on PATH, the HTTP services by
/// Tests/Fixtures/external/fake_signing_service.py on 127.0.0.1. All sign with openssl pkeyutl.
@Suite("CLI: external signer recipes against local stand-ins")
struct ExternalSignerRecipeTests {
    let pki = TestPKI.shared
    static let token = "ya29.signet-test-token"

    /// A recipe's key: the certificate to give and the options that make Signet ask for `algorithm`.
    struct KeyCase: Sendable, CustomTestStringConvertible {
        var rsa: Bool
        var pss = false
        var testDescription: String { rsa ? (pss ? "RSA-PSS" : "RSA PKCS#1 v1.5") : "ECDSA P-256" }
    }

    static let keys = [KeyCase(rsa: true), KeyCase(rsa: true, pss: true), KeyCase(rsa: false)]

    static func example(_ name: String) -> String {
        Corpus.packageRoot.appendingPathComponent("docs/examples/\(name)").path
    }

    /// Signs a test PDF with `command` and the key's certificate; returns the result and the output.
    func sign(
        _ command: String, _ key: KeyCase, in dir: TemporaryDirectory, environment: [String: String]
    ) throws
        -> (ProcessResult, String)
    {
        let input = try TestPDF.write(to: dir.path("in.pdf"))
        let out = dir.path("signed.pdf")
        let result = try ProcessRunner.signet(
            [
                "sign", input, "-o", out, "--external-signer", command, "--cert", key.rsa ? pki.rsaCert : pki.ecCert,
                "--chain", pki.chain,
            ] + (key.pss ? ["--pss"] : []),
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        return (result, out)
    }

    func expectValid(_ pdf: String) throws {
        let verified = try ProcessRunner.signet(["verify", pdf, "--ca", pki.rootCert])
        #expect(verified.status == 0, "\(verified.stdoutText)")
        let pdfsig = try SignatureCheckers.pdfsig(pdf)
        #expect(pdfsig.first?.validation == "Signature is Valid.", "\(pdfsig)")
    }

    @Test("AWS KMS: aws kms sign --message-type DIGEST with the algorithm the key asks for", arguments: keys)
    func aws(_ key: KeyCase) throws {
        let dir = TemporaryDirectory("recipe-aws")
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let log = dir.path("aws.log")
        let aws = dir.write(
            "bin/aws",
            """
            #!/bin/sh
            # Stand-in for the AWS CLI v2: checks the arguments of 'aws kms sign' and signs with openssl.
            set -eu
            [ "$1 $2" = "kms sign" ] || { echo "aws: unexpected command $*" >&2; exit 252; }
            shift 2
            while [ $# -gt 0 ]; do
              case "$1" in
                --key-id) key=$2 ;; --message) message=$2 ;; --message-type) type=$2 ;;
                --signing-algorithm) algorithm=$2 ;; --output) output=$2 ;; --query) query=$2 ;;
                *) echo "aws: unknown option $1" >&2; exit 252 ;;
              esac
              shift 2
            done
            [ "$key $type $output $query" = "alias/signet-test DIGEST text Signature" ] || { echo "aws: wrong arguments" >&2; exit 252; }
            file=${message#fileb://}
            [ "$(wc -c < "$file")" -eq 32 ] || { echo "aws: the message is not a SHA-256 digest" >&2; exit 252; }
            case "$algorithm" in
              RSASSA_PKCS1_V1_5_SHA_256) set -- '\(pki.rsaKey)' ;;
              RSASSA_PSS_SHA_256) set -- '\(pki.rsaKey)' -pkeyopt rsa_padding_mode:pss -pkeyopt rsa_pss_saltlen:digest ;;
              ECDSA_SHA_256) set -- '\(pki.ecKey)' ;;
              *) echo "aws: unknown signing algorithm $algorithm" >&2; exit 252 ;;
            esac
            echo "$algorithm" >> '\(log)'
            key=$1; shift
            openssl pkeyutl -sign -inkey "$key" -pkeyopt digest:sha256 "$@" -in "$file" | base64

            """)
        chmod(aws, 0o755)
        let path = "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
        let (result, out) = try sign(
            "'\(Self.example("aws-kms-sign.sh"))' alias/signet-test", key, in: dir, environment: ["PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        let expected = key.rsa ? (key.pss ? "RSASSA_PSS_SHA_256" : "RSASSA_PKCS1_V1_5_SHA_256") : "ECDSA_SHA_256"
        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(calls == expected + "\n", "one aws call with \(expected): \(calls)")
        try expectValid(out)
    }

    @Test("CSC API v2 signHash with a bearer token from the environment", arguments: keys)
    func csc(_ key: KeyCase) throws {
        let dir = TemporaryDirectory("recipe-csc")
        let service = try FakeSigningService(in: dir, pki: pki)
        defer { service.stop() }
        let command = "'\(Self.example("csc-sign-hash.py"))' http://127.0.0.1:\(service.port) signet-credential"
        let (result, out) = try sign(command, key, in: dir, environment: ["CSC_ACCESS_TOKEN": Self.token])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(service.requests.count == 1 && service.requests[0].hasPrefix("/csc/v2/signatures/signHash "))
        #expect(!result.stderr.contains(Self.token) && !result.stdoutText.contains(Self.token))
        try expectValid(out)
    }

    @Test("CSC: a wrong token is one sentence with the service's answer; nothing is written")
    func cscWrongToken() throws {
        let dir = TemporaryDirectory("recipe-csc-token")
        let service = try FakeSigningService(in: dir, pki: pki)
        defer { service.stop() }
        let command = "'\(Self.example("csc-sign-hash.py"))' http://127.0.0.1:\(service.port) signet-credential"
        let (result, out) = try sign(command, KeyCase(rsa: true), in: dir, environment: ["CSC_ACCESS_TOKEN": "stale"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stderr.contains("exited with status 1 after writing") && !result.stderr.contains("stale"),
            "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("Google Cloud KMS: asymmetricSign with the digest, token from gcloud auth print-access-token")
    func googleCloud() throws {
        let dir = TemporaryDirectory("recipe-gcp")
        let service = try FakeSigningService(in: dir, pki: pki)
        defer { service.stop() }
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let gcloud = dir.write(
            "bin/gcloud",
            """
            #!/bin/sh
            [ "$*" = "auth print-access-token" ] || { echo "gcloud: unexpected command $*" >&2; exit 2; }
            echo '\(Self.token)'

            """)
        chmod(gcloud, 0o755)
        let version = "projects/p/locations/global/keyRings/r/cryptoKeys/k/cryptoKeyVersions/1"
        let (result, out) = try sign(
            "'\(Self.example("gcp-kms-sign.sh"))' \(version)", KeyCase(rsa: true), in: dir,
            environment: [
                "PATH": "\(bin):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")",
                "GCP_KMS_ENDPOINT": "http://127.0.0.1:\(service.port)",
            ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(service.requests.count == 1 && service.requests[0].hasPrefix("/v1/\(version):asymmetricSign "))
        try expectValid(out)
    }
}

/// Tests/Fixtures/external/fake_signing_service.py running on 127.0.0.1 until `stop()`.
struct FakeSigningService {
    let process = Process()
    let input = Pipe()
    let port: Int
    let log: String

    init(in dir: TemporaryDirectory, pki: TestPKI) throws {
        log = dir.path("service.log")
        let script = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/external/fake_signing_service.py").path
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, pki.rsaKey, pki.ecKey, ExternalSignerRecipeTests.token, log]
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        var line = Data()
        while !line.contains(0x0A) {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line += chunk
        }
        guard let port = Int(String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        else {
            throw ToolFailure(
                "fake_signing_service.py did not print its port: '\(String(decoding: line, as: UTF8.self))'")
        }
        self.port = port
    }

    /// One line per request the service got: its path, then its JSON body.
    var requests: [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
