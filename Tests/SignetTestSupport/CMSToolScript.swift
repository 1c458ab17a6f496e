import Foundation

/// The Python (asn1crypto + cryptography) helper PolicyPKI runs: CMS signatures built field by
/// field (Ed25519, a wrong content-type or signing-certificate attribute, encapsulated content),
/// an expired certificate, and a timestamp token attached as an unsigned attribute.
enum CMSToolScript {
    static let source = #"""
        import sys, argparse, hashlib, datetime
        from asn1crypto import cms, x509, core, tsp, algos
        from cryptography import x509 as cx509
        from cryptography.hazmat.primitives import hashes, serialization
        from cryptography.hazmat.primitives.asymmetric import rsa, ec, ed25519, padding

        def load_cert(path):
            data = open(path, 'rb').read()
            return cx509.load_pem_x509_certificate(data)

        def load_key(path):
            return serialization.load_pem_private_key(open(path, 'rb').read(), password=None)

        def a1(cert):
            return x509.Certificate.load(cert.public_bytes(serialization.Encoding.DER))

        def expired_cert(a):
            ca, ca_key = load_cert(a.ca_cert), load_key(a.ca_key)
            key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
            name = cx509.Name.from_rfc4514_string(a.subject)
            b = (cx509.CertificateBuilder().subject_name(name).issuer_name(ca.subject).public_key(key.public_key())
                 .serial_number(a.serial).not_valid_before(datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc))
                 .not_valid_after(datetime.datetime(2021, 1, 1, tzinfo=datetime.timezone.utc))
                 .add_extension(cx509.BasicConstraints(ca=False, path_length=None), critical=True)
                 .add_extension(cx509.KeyUsage(True, True, False, False, False, False, False, False, False), critical=True))
            cert = b.sign(ca_key, hashes.SHA256())
            open(a.out_cert, 'wb').write(cert.public_bytes(serialization.Encoding.PEM))
            open(a.out_key, 'wb').write(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

        def crl_by(cert, key, number):
            # An empty CRL under the signer's own name, signed by its key: distinct bytes for each number.
            from asn1crypto import crl as acrl
            from cryptography import x509
            import datetime
            start = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
            made = (x509.CertificateRevocationListBuilder().issuer_name(cert.subject).last_update(start)
                    .next_update(start + datetime.timedelta(days=30)).add_extension(x509.CRLNumber(number), False)
                    .sign(key, hashes.SHA256()))
            return acrl.CertificateList.load(made.public_bytes(serialization.Encoding.DER))

        def sign(a):
            cert, key = load_cert(a.cert), load_key(a.key)
            data = open(a.data, 'rb').read()
            ed = isinstance(key, ed25519.Ed25519PrivateKey)
            md = 'sha512' if ed else a.md
            digest = hashlib.new(md, data).digest()
            named = [load_cert(a.ess_cert) if a.ess_cert else cert] + [load_cert(p) for p in (a.ess_extra or [])]
            ess = tsp.SigningCertificateV2({'certs': [{'cert_hash': hashlib.sha256(c.public_bytes(serialization.Encoding.DER)).digest()} for c in named]})
            attrs = cms.CMSAttributes([
                cms.CMSAttribute({'type': 'content_type', 'values': [a.content_type]}),
                cms.CMSAttribute({'type': 'message_digest', 'values': [digest]}),
                cms.CMSAttribute({'type': 'signing_certificate_v2', 'values': [ess]}),
            ])
            tbs = attrs.dump()
            tbs = b'\x31' + tbs[1:]
            # --unsorted: the attributes signed (and sent) in reverse DER order, the SET OF unsorted.
            parts = [c.dump() for c in attrs]
            unsorted = b''.join(reversed(parts))
            if a.unsorted:
                tbs = tbs[:len(tbs) - len(unsorted)] + unsorted
            if ed:
                signature, sig_alg = key.sign(tbs), 'ed25519'
            elif isinstance(key, rsa.RSAPrivateKey):
                signature, sig_alg = key.sign(tbs, padding.PKCS1v15(), getattr(hashes, md.upper())()), 'rsassa_pkcs1v15'
            else:
                signature, sig_alg = key.sign(tbs, ec.ECDSA(getattr(hashes, md.upper())())), md + '_ecdsa'
            ac = a1(cert)
            certs = [ac] + [a1(c) for c in ([load_cert(p) for p in a.chain] if a.chain else [])]
            si = cms.SignerInfo({
                'version': 'v1',
                'sid': cms.SignerIdentifier({'issuer_and_serial_number': cms.IssuerAndSerialNumber({'issuer': ac.issuer, 'serial_number': ac.serial_number})}),
                'digest_algorithm': {'algorithm': md},
                'signed_attrs': attrs,
                'signature_algorithm': {'algorithm': sig_alg},
                'signature': signature,
            })
            encap = {'content_type': 'data'}
            if a.embed:
                encap['content'] = data
            fields = {'version': 'v1', 'digest_algorithms': [{'algorithm': md}], 'encap_content_info': encap,
                      'certificates': certs, 'signer_infos': [si]}
            if a.crls:
                fields['crls'] = [crl_by(cert, key, number) for number in range(1, a.crls + 1)]
            sd = cms.SignedData(fields)
            out = cms.ContentInfo({'content_type': 'signed_data', 'content': sd}).dump()
            if a.unsorted:
                out = out.replace(b''.join(parts), unsorted, 1)
            open(a.out, 'wb').write(out)

        def sigvalue(a):
            ci = cms.ContentInfo.load(open(a.inp, 'rb').read())
            open(a.out, 'wb').write(ci['content']['signer_infos'][0]['signature'].native)

        def add_token(a):
            ci = cms.ContentInfo.load(open(a.inp, 'rb').read())
            token = cms.ContentInfo.load(open(a.token, 'rb').read())
            si = ci['content']['signer_infos'][0]
            si['unsigned_attrs'] = cms.CMSAttributes([cms.CMSAttribute({'type': 'signature_time_stamp_token', 'values': [token]})])
            open(a.out, 'wb').write(ci.dump(force=False))

        p = argparse.ArgumentParser()
        sub = p.add_subparsers(dest='cmd', required=True)
        e = sub.add_parser('expired-cert'); e.add_argument('--ca-cert'); e.add_argument('--ca-key'); e.add_argument('--subject')
        e.add_argument('--serial', type=int); e.add_argument('--out-cert'); e.add_argument('--out-key')
        s = sub.add_parser('sign'); s.add_argument('--cert'); s.add_argument('--key'); s.add_argument('--data'); s.add_argument('--out')
        s.add_argument('--md', default='sha256'); s.add_argument('--content-type', default='data'); s.add_argument('--ess-cert')
        s.add_argument('--embed', action='store_true'); s.add_argument('--chain', action='append')
        s.add_argument('--crls', type=int, default=0); s.add_argument('--ess-extra', action='append')
        s.add_argument('--unsorted', action='store_true')
        v = sub.add_parser('sigvalue'); v.add_argument('--in', dest='inp'); v.add_argument('--out')
        t = sub.add_parser('add-token'); t.add_argument('--in', dest='inp'); t.add_argument('--token'); t.add_argument('--out')
        a = p.parse_args()
        {'expired-cert': expired_cert, 'sign': sign, 'sigvalue': sigvalue, 'add-token': add_token}[a.cmd](a)
        """#
}
