import CLCMS

/// Pixels converted from an embedded ICC profile's colour space to sRGB by Little CMS, in place:
/// the one owner of an lcms2 transform (created once per image, deleted in `deinit`). Perceptual
/// intent, the ICC default, which for the matrix profiles of cameras and editors (Adobe RGB,
/// Display P3, ProPhoto) is the colorimetric mapping and for CMYK press profiles their gamut mapping.
final class SRGBConversion {
    /// How the pixels handed to `apply` are laid out: always 4 bytes per pixel.
    enum Layout {
        /// R, G, B, A, alpha kept: converted from an RGB profile, or from a gray one reading R as
        /// the gray value (a gray image decoded to R = G = B).
        case rgba
        /// C, M, Y, K; `inverted` for Adobe's 0 = full ink. Becomes R, G, B, 255.
        case cmyk(inverted: Bool)
    }

    private let transform: cmsHTRANSFORM
    private let layout: Layout

    /// The conversion from `profile` for pixels laid out as `layout`; nil when Little CMS cannot
    /// read the profile, or its colour space is not the pixels' (an RGB profile on a CMYK file):
    /// such a profile is ignored, as browsers ignore it, and the pixels are taken as sRGB.
    init?(profile: [UInt8], layout: Layout) {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max),
            let source = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) })
        else { return nil }
        defer { cmsCloseProfile(source) }
        let space = cmsGetColorSpace(source)
        let format: cmsUInt32Number
        switch layout {
        case .rgba where space == cmsSigRgbData: format = SIGNET_LCMS_RGBA_8
        case .rgba where space == cmsSigGrayData: format = SIGNET_LCMS_GRAY_IN_RGBA_8
        case .cmyk(let inverted) where space == cmsSigCmykData:
            format = inverted ? SIGNET_LCMS_CMYK_8_REV : SIGNET_LCMS_CMYK_8
        default: return nil
        }
        guard let sRGB = cmsCreate_sRGBProfile() else { return nil }
        defer { cmsCloseProfile(sRGB) }
        // No cmsFLAGS_COPY_ALPHA: the extra bytes are not written, so in place they keep their alpha.
        guard
            let transform = cmsCreateTransform(
                source, format, sRGB, SIGNET_LCMS_RGBA_8, cmsUInt32Number(INTENT_PERCEPTUAL), 0)
        else { return nil }
        self.transform = transform
        self.layout = layout
    }

    deinit { cmsDeleteTransform(transform) }

    /// Whether converting RGB or gray pixels from `profile` changes them: false for a profile Little
    /// CMS ignores (above) and for an sRGB profile, whose conversion moves no colour of a 6×6×6 grid
    /// by more than one level — so a file tagged sRGB, as most editors tag their exports, is taken
    /// as it is and may be kept.
    static func changesColours(_ profile: [UInt8]) -> Bool {
        guard let conversion = SRGBConversion(profile: profile, layout: .rgba) else { return false }
        let levels: [UInt8] = [0, 51, 102, 153, 204, 255]
        var grid: [UInt8] = []
        for r in levels {
            for g in levels {
                for b in levels { grid += [r, g, b, 255] }
            }
        }
        var converted = grid
        conversion.apply(to: &converted)
        return zip(grid, converted).contains { abs(Int($0) - Int($1)) > 1 }
    }

    /// The number of colour channels of `profile` (1 gray, 3 RGB, 4 CMYK…); nil when Little CMS
    /// cannot read it.
    static func channels(of profile: [UInt8]) -> Int? {
        guard !profile.isEmpty, profile.count <= Int(UInt32.max),
            let opened = profile.withUnsafeBytes({ cmsOpenProfileFromMem($0.baseAddress, UInt32($0.count)) })
        else { return nil }
        defer { cmsCloseProfile(opened) }
        return Int(cmsChannelsOf(cmsGetColorSpace(opened)))
    }

    /// Converts `pixels` (4 bytes each) in place; CMYK pixels come out opaque.
    func apply(to pixels: inout [UInt8]) {
        let count = pixels.count / 4
        // lcms2 takes a 32-bit pixel count: large images go in slices.
        let slice = 1 << 24
        pixels.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var start = 0
            while start < count {
                let n = min(slice, count - start)
                let at = base + start * 4
                cmsDoTransform(transform, at, at, cmsUInt32Number(n))
                start += n
            }
            if case .cmyk = layout {
                for i in 0..<count { buffer[4 * i + 3] = 255 }
            }
        }
    }
}
