@_exported import SignetCapture
@_exported import SignetCodecs
@_exported import SignetCore
// `import Signet` gives every pipeline stage except the GPL-licensed preview.
@_exported import SignetCrypto
@_exported import SignetFiles
@_exported import SignetNet
@_exported import SignetPDF
@_exported import SignetPDFSigning
@_exported import SignetRaster
@_exported import SignetStrokes
@_exported import SignetVerify
