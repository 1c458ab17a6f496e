/// How a trial JPEG is written besides its quality: chroma subsampling (ignored for gray) and
/// baseline or progressive scans. Progressive files hold the same quantized coefficients, so they
/// decode to exactly the same pixels; only their size differs (smaller at mid and high qualities,
/// larger at the lowest).
struct JPEGMode: Hashable, Sendable {
    var subsampling: ChromaSubsampling
    var progressive: Bool
}
