// `import Signet` gives every pipeline stage except the GPL-licensed preview.
@_exported import SignetCMS
@_exported import SignetCodecs
@_exported import SignetCore
@_exported import SignetFiles
@_exported import SignetNet
@_exported import SignetPDF
@_exported import SignetRaster
@_exported import SignetSign
@_exported import SignetStrokes
