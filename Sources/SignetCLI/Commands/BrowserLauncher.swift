import Glibc

/// Opens the signing page for `signet capture --open` without putting its one-time token on any
/// command line (every local user can read `/proc/PID/cmdline`): the tokenised address goes into a
/// small page in a fresh folder of mode 0700, the file itself 0600, and `xdg-open` is given only the
/// `file://` address of that page, which forwards the browser to the real one (as Jupyter opens
/// its notebook server). The page is removed when the capture ends.
struct BrowserLauncher {
    let folder: String
    let page: String

    /// Writes the forwarding page and starts `xdg-open` on it without waiting, its environment
    /// without the variables `secrets` names (`Subprocess`); nil (after a warning) when either
    /// step fails, in which case the signer opens the printed address by hand.
    static func launch(_ url: String, withholding secrets: Set<String>, warn: (String) -> Void) -> BrowserLauncher? {
        guard let launcher = writePage(forwardingTo: url) else {
            warn("could not write the page that opens the browser; open the address yourself")
            return nil
        }
        let rc = Subprocess.start("xdg-open", ["file://" + launcher.page], withholding: secrets)
        if rc != 0 {
            warn("could not run xdg-open (\(String(cString: strerror(rc)))); open the address yourself")
        }
        return launcher
    }

    /// The page: a meta refresh and a script both forward, so it works with scripts off too.
    static func pageText(forwardingTo url: String) -> String {
        """
        <!doctype html>
        <meta charset="utf-8">
        <meta http-equiv="refresh" content="0;url=\(url)">
        <title>Signet signature pad</title>
        <script>location.replace(\("\"" + url + "\""));</script>
        <p><a href="\(url)">Open the signature pad</a></p>

        """
    }

    private static func writePage(forwardingTo url: String) -> BrowserLauncher? {
        let base = ProcessEnvironment.runtimeFolder
        var template = Array((base + "/signet-capture-XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        let folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let page = folder + "/open.html"
        let fd = Glibc.open(page, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            rmdir(folder)
            return nil
        }
        let bytes = Array(pageText(forwardingTo: url).utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let launcher = BrowserLauncher(folder: folder, page: page)
        guard written == bytes.count else {
            launcher.removePage()
            return nil
        }
        return launcher
    }

    /// Removes the page and its folder.
    func removePage() {
        unlink(page)
        rmdir(folder)
    }
}

/// Where private run-time files go: `$XDG_RUNTIME_DIR` (per user, 0700) when set, else `$TMPDIR` or /tmp.
enum ProcessEnvironment {
    static var runtimeFolder: String {
        for name in ["XDG_RUNTIME_DIR", "TMPDIR"] {
            if let value = getenv(name), value.pointee != 0 { return String(cString: value) }
        }
        return "/tmp"
    }
}
