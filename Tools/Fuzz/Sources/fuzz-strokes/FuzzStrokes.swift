import FuzzSupport

/// Every stroke reader (see `StrokeFuzz`).
@_cdecl("fuzz_strokes_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    Fuzz.run(argc, argv) { data, size in
        StrokeFuzz.test(Fuzz.bytes(data, size))
        return 0
    }
}
