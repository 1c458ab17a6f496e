import Foundation

/// The Python (cryptography) helper `RevocationPKI.crl(_:in:)` and `expiredCertificate(in:)` run:
/// CRLs with an issuing distribution point, a delta CRL indicator, critical extensions nobody
/// knows and an ExpiredCertsOnCRL date; and a certificate that has expired.
enum CRLToolScript {
    static let source = #"""
        import argparse, datetime
        from cryptography import x509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import ec

        UTC = datetime.timezone.utc

        def load(a):
            ca = x509.load_pem_x509_certificate(open(a.ca_cert, 'rb').read())
            return ca, serialization.load_pem_private_key(open(a.ca_key, 'rb').read(), password=None)

        def when(seconds):
            return datetime.datetime.fromtimestamp(seconds, UTC)

        def unknown(oid):
            return x509.UnrecognizedExtension(x509.ObjectIdentifier(oid), b'\x05\x00')

        def crl(a):
            ca, key = load(a)
            this_update = when(a.this_update)
            b = (x509.CertificateRevocationListBuilder().issuer_name(ca.subject).last_update(this_update)
                 .next_update(this_update + datetime.timedelta(days=7)))
            for serial in a.revoke:
                entry = (x509.RevokedCertificateBuilder().serial_number(int(serial, 16))
                         .revocation_date(this_update - datetime.timedelta(days=1)))
                if a.entry_critical_unknown:
                    entry = entry.add_extension(unknown('1.3.6.1.4.1.55555.2'), critical=True)
                b = b.add_revoked_certificate(entry.build())
            b = b.add_extension(x509.CRLNumber(2), critical=False)
            if a.scope or a.idp_name or a.some_reasons or a.indirect:
                b = b.add_extension(x509.IssuingDistributionPoint(
                    full_name=[x509.UniformResourceIdentifier(a.idp_name)] if a.idp_name else None,
                    relative_name=None,
                    only_contains_user_certs=a.scope == 'user', only_contains_ca_certs=a.scope == 'ca',
                    only_some_reasons=frozenset([x509.ReasonFlags.key_compromise]) if a.some_reasons else None,
                    indirect_crl=a.indirect, only_contains_attribute_certs=a.scope == 'attribute'), critical=True)
            if a.delta:
                b = b.add_extension(x509.DeltaCRLIndicator(1), critical=True)
            if a.critical_unknown:
                b = b.add_extension(unknown('1.3.6.1.4.1.55555.1'), critical=True)
            if a.expired_certs_on_crl is not None:
                text = when(a.expired_certs_on_crl).strftime('%Y%m%d%H%M%SZ').encode()
                value = bytes([0x18, len(text)]) + text
                b = b.add_extension(x509.UnrecognizedExtension(x509.ObjectIdentifier('2.5.29.60'), value), critical=False)
            der = b.sign(key, hashes.SHA256()).public_bytes(serialization.Encoding.DER)
            open(a.out, 'wb').write(der)

        def cert(a):
            ca, ca_key = load(a)
            key = ec.generate_private_key(ec.SECP256R1())
            b = (x509.CertificateBuilder().subject_name(x509.Name.from_rfc4514_string(a.subject))
                 .issuer_name(ca.subject).public_key(key.public_key()).serial_number(int(a.serial, 16))
                 .not_valid_before(when(a.not_before)).not_valid_after(when(a.not_after))
                 .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
                 .add_extension(x509.CRLDistributionPoints([x509.DistributionPoint(
                     full_name=[x509.UniformResourceIdentifier(a.crl_url)], relative_name=None, reasons=None,
                     crl_issuer=None)]), critical=False))
            open(a.out, 'wb').write(b.sign(ca_key, hashes.SHA256()).public_bytes(serialization.Encoding.PEM))

        p = argparse.ArgumentParser()
        p.add_argument('command', choices=['crl', 'cert'])
        p.add_argument('--ca-cert', required=True)
        p.add_argument('--ca-key', required=True)
        p.add_argument('--out', required=True)
        p.add_argument('--this-update', type=float)
        p.add_argument('--revoke', action='append', default=[])
        p.add_argument('--scope', choices=['user', 'ca', 'attribute'])
        p.add_argument('--idp-name')
        p.add_argument('--some-reasons', action='store_true')
        p.add_argument('--indirect', action='store_true')
        p.add_argument('--delta', action='store_true')
        p.add_argument('--critical-unknown', action='store_true')
        p.add_argument('--entry-critical-unknown', action='store_true')
        p.add_argument('--expired-certs-on-crl', type=float)
        p.add_argument('--subject')
        p.add_argument('--serial')
        p.add_argument('--not-before', type=float)
        p.add_argument('--not-after', type=float)
        p.add_argument('--crl-url')
        a = p.parse_args()
        crl(a) if a.command == 'crl' else cert(a)
        """#
}
