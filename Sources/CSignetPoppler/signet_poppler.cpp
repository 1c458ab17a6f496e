// What poppler resolves of a PDF, written in the reading format of docs/verify.md ("Two readings"):
// for each cut of the file, one line per object reachable from the trailer's /Root and /Info.
#include "signet_poppler.h"

#include <Error.h>
#include <GlobalParams.h>
#include <Object.h>
#include <PDFDoc.h>
#include <Stream.h>
#include <XRef.h>
#include <openssl/evp.h>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <functional>
#include <cstring>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>

namespace {

/// poppler reports what it repairs on stderr; the reading says what matters instead.
void quiet(ErrorCategory, Goffset, const char *) {}

/// The reading of one document, written as it is walked.
class Reader {
public:
    Reader(XRef *xref, bool encrypted, signet_poppler_sink sink, void *context)
        : xref(xref), encrypted(encrypted), sink(sink), context(context) {}

    /// The trailer line, then every object reachable from it, breadth first; false when `limit`
    /// objects were read and more remained.
    bool walk(long long limit) {
        Object *trailer = xref->getTrailerDict();
        std::string line = "trailer";
        for (const char *key : {"Root"}) {
            line += " /" + hex(key, std::strlen(key)) + " ";
            if (trailer->isDict() && !resolvesToNull(trailer->dictLookupNF(key))) {
                const Object &root = trailer->dictLookupNF(key);
                if (root.isRef()) { catalog = root.getRef(); }
                write(root, line);
            } else {
                line += "n";
            }
        }
        emit(line + "\n");
        long long count = 0;
        while (!queue.empty()) {
            if (count == limit) { return false; }
            Ref ref = queue.front();
            queue.pop_front();
            count += 1;
            std::string object = "obj " + std::to_string(ref.num) + " " + std::to_string(ref.gen) + " ";
            Object value = fetch(ref);
            write(value, object, ref == catalog);
            emit(object + "\n");
        }
        return true;
    }

private:
    XRef *xref;
    bool encrypted;
    signet_poppler_sink sink;
    void *context;
    std::deque<Ref> queue;
    std::set<std::pair<int, int>> seen;
    /// Objects fetched to see whether they are null, kept until the walk writes them (each is
    /// parsed once), and what is known of each object's being null.
    std::map<std::pair<int, int>, Object> fetched;
    std::map<std::pair<int, int>, bool> nulls;
    Ref catalog = Ref::INVALID();

    Object fetch(Ref ref) {
        auto kept = fetched.find({ref.num, ref.gen});
        if (kept != fetched.end()) {
            Object value = std::move(kept->second);
            fetched.erase(kept);
            return value;
        }
        Object value = xref->fetch(ref.num, ref.gen);
        nulls[{ref.num, ref.gen}] = value.isNull();
        return value;
    }

    void emit(const std::string &text) { sink(context, text.data(), text.size()); }

    static std::string hex(const char *bytes, size_t count) {
        static const char digits[] = "0123456789abcdef";
        std::string out;
        out.reserve(count * 2);
        for (size_t i = 0; i < count; i++) {
            unsigned char c = static_cast<unsigned char>(bytes[i]);
            out += digits[c >> 4];
            out += digits[c & 15];
        }
        return out;
    }

    static std::string number(double value) {
        char text[40];
        std::snprintf(text, sizeof text, "#%.17g", value);
        return text;
    }

    /// A reference to an object that does not exist reads as null; a dictionary then has no such entry.
    bool resolvesToNull(const Object &value) {
        if (!value.isRef()) { return value.isNull(); }
        Ref ref = value.getRef();
        if (ref.num < 0 || ref.num >= xref->getNumObjects()) { return true; }
        XRefEntry *entry = xref->getEntry(ref.num, false);
        if (entry == nullptr || entry->type == xrefEntryFree) { return true; }
        auto known = nulls.find({ref.num, ref.gen});
        if (known != nulls.end()) { return known->second; }
        Object object = xref->fetch(ref.num, ref.gen);
        bool null = object.isNull();
        nulls[{ref.num, ref.gen}] = null;
        if (!null && seen.count({ref.num, ref.gen}) == 0) {
            fetched.try_emplace(std::make_pair(ref.num, ref.gen), std::move(object));
        }
        return null;
    }

    void write(const Object &value, std::string &out, bool isCatalog = false) {
        switch (value.getType()) {
        case objNull: out += "n"; break;
        case objBool: out += value.getBool() ? "t" : "f"; break;
        case objInt: out += "#" + std::to_string(value.getInt()); break;
        case objInt64: out += "#" + std::to_string(value.getInt64()); break;
        case objReal: out += number(value.getReal()); break;
        case objString:
        case objHexString: {
            const GooString *s = value.getString();
            out += "(" + hex(s->c_str(), s->getLength()) + ")";
            break;
        }
        case objName: out += "/" + hex(value.getName(), std::strlen(value.getName())); break;
        case objArray: {
            out += "[";
            Array *array = value.getArray();
            for (int i = 0; i < array->getLength(); i++) {
                out += " ";
                write(array->getNF(i), out);
            }
            out += " ]";
            break;
        }
        case objDict: writeDict(value.getDict(), out, isCatalog); break;
        case objStream: {
            Stream *stream = value.getStream();
            writeDict(stream->getDict(), out);
            writeData(stream, out);
            break;
        }
        case objRef: {
            Ref ref = value.getRef();
            out += "@" + std::to_string(ref.num) + "." + std::to_string(ref.gen);
            if (seen.insert({ref.num, ref.gen}).second) { queue.push_back(ref); }
            break;
        }
        default: out += "?"; break;
        }
    }

    /// `<<` and each distinct key, sorted by its bytes, with the value poppler's lookup gives it
    /// (with duplicate keys, the one poppler uses), `>>`. Null entries are absent ones. A signature
    /// dictionary's /Contents is `x`: not displayed, checked as CMS, and not decrypted alike by
    /// readers; so is /Metadata (XMP, never drawn).
    void writeDict(Dict *dict, std::string &out, bool isCatalog = false) {
        static const std::set<std::string> shown = {"AcroForm", "OCProperties", "Pages"};
        std::set<std::string> keys;
        for (int i = 0; i < dict->getLength(); i++) {
            if (!isCatalog || shown.count(dict->getKey(i)) > 0) { keys.insert(dict->getKey(i)); }
        }
        bool signature = keys.count("ByteRange") > 0;
        out += "<<";
        for (const std::string &key : keys) {
            const Object &value = dict->lookupNF(key.c_str());
            if (resolvesToNull(value)) { continue; }
            out += " /" + hex(key.data(), key.size()) + " ";
            if ((signature && key == "Contents") || key == "Metadata") {
                out += "x";
            } else {
                write(value, out);
            }
        }
        out += " >>";
    }

    /// `~START.LENGTH`: the stream's bytes in the file, not decoded; encrypted, `~hSHA256.LENGTH` of
    /// its bytes decrypted and not decoded; and when poppler reads another length than /Length says
    /// (a damaged file, whose end each reader finds its own way), `~rSHA256.LENGTH` of those bytes
    /// up to the first `endstream` in them, without the white space that ends them. Nothing is
    /// decoded: a bomb costs no more than its bytes.
    void writeData(Stream *stream, std::string &out) {
        BaseStream *base = stream->getBaseStream();
        Object declared = stream->getDict()->lookup("Length");
        bool recovered = !declared.isNum() || declared.getNum() != static_cast<double>(base->getLength());
        if (!encrypted && !recovered) {
            out += " ~" + std::to_string(base->getStart()) + "." + std::to_string(base->getLength());
            return;
        }
        std::string bytes;
        Stream *raw = stream->getUndecodedStream();
        raw->reset();
        char buffer[65536];
        int n;
        while ((n = raw->doGetChars(sizeof buffer, reinterpret_cast<unsigned char *>(buffer))) > 0) {
            bytes.append(buffer, static_cast<size_t>(n));
        }
        raw->close();
        if (recovered) {
            size_t keyword = bytes.find("endstream");
            if (keyword != std::string::npos) { bytes.resize(keyword); }
            while (!bytes.empty() && isWhite(static_cast<unsigned char>(bytes.back()))) { bytes.pop_back(); }
        }
        out += recovered ? " ~r" : " ~h";
        out += digest(bytes);
    }

    /// PDF white space: NUL, tab, line feed, form feed, carriage return, space.
    static bool isWhite(unsigned char c) { return c == 0 || c == 9 || c == 10 || c == 12 || c == 13 || c == 32; }

    /// SHA-256 (hex) of `bytes`, a dot, and their length.
    static std::string digest(const std::string &bytes) {
        unsigned char value[EVP_MAX_MD_SIZE];
        unsigned int size = 0;
        if (EVP_Digest(bytes.data(), bytes.size(), value, &size, EVP_sha256(), nullptr) != 1) { return "?"; }
        return hex(reinterpret_cast<const char *>(value), size) + "." + std::to_string(bytes.size());
    }
};

void say(char *message, size_t size, const std::string &text) {
    if (size > 0) { std::snprintf(message, size, "%s", text.c_str()); }
}

} // namespace

int signet_poppler_read_objects(
    const char *path, const char *password, size_t password_length, const long long *ends, int end_count,
    long long max_objects, signet_poppler_sink sink, void *context, char *message, size_t message_size) {
    setErrorCallback(quiet);
    if (!globalParams) { globalParams = std::make_unique<GlobalParams>(); }
    // Mapped, and each document a MemStream over its first bytes: a FileStream cut short still
    // seeks startxref from the end of the whole file.
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    struct stat info;
    if (fd < 0 || fstat(fd, &info) != 0 || info.st_size <= 0) {
        if (fd >= 0) { close(fd); }
        say(message, message_size, "cannot open the file");
        return 0;
    }
    const Goffset size = info.st_size;
    void *mapping = mmap(nullptr, static_cast<size_t>(size), PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (mapping == MAP_FAILED) {
        say(message, message_size, "cannot map the file");
        return 0;
    }
    std::unique_ptr<void, std::function<void(void *)>> mapped(
        mapping, [size](void *p) { munmap(p, static_cast<size_t>(size)); });
    std::optional<GooString> secret;
    if (password != nullptr) { secret.emplace(password, password_length); }
    for (int i = 0; i < end_count; i++) {
        const Goffset end = ends[i] > 0 && ends[i] < size ? ends[i] : size;
        bool rebuilt = false;
        auto stream = new MemStream(static_cast<const char *>(mapping), 0, end, Object(objNull));
        PDFDoc document(stream, secret, secret, nullptr, [&rebuilt]() { rebuilt = true; });
        std::string head = "reading " + std::to_string(ends[i]) + "\n";
        sink(context, head.data(), head.size());
        if (!document.isOk()) {
            std::string line = "failed " + std::to_string(document.getErrorCode()) + "\nend\n";
            sink(context, line.data(), line.size());
            continue;
        }
        // The document's own pages are read first: a reader rebuilds a damaged table while doing so.
        document.getNumPages();
        XRef *xref = document.getXRef();
        Reader reader(xref, xref->isEncrypted(), sink, context);
        bool complete = reader.walk(max_objects);
        // A table rebuilt by scanning (while opening or while walking) lets the last definition of each object win.
        std::string tail = std::string(rebuilt ? "rebuilt\n" : "") +
                           (complete ? "" : "bound " + std::to_string(max_objects) + "\n") + "end\n";
        sink(context, tail.data(), tail.size());
    }
    return 1;
}
