#include "core/blockscale/npy.h"

#include "core/fast.h"

#include <bit>
#include <cstring>
#include <limits>

namespace fplab::blockscale {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr std::size_t kMaxDimensions = 32;

// A cursor over the header's Python literal.
class Literal {
public:
    explicit Literal(std::string_view text) : m_text(text) {}
    void skipSpace() {
        while (m_pos < m_text.size() && (m_text[m_pos] == ' ' || m_text[m_pos] == '\t')) ++m_pos;
    }
    bool accept(char c) {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return true;
        }
        return false;
    }
    std::optional<std::string> string() {
        skipSpace();
        if (m_pos >= m_text.size() || (m_text[m_pos] != '\'' && m_text[m_pos] != '"')) return std::nullopt;
        const char quote = m_text[m_pos++];
        const std::size_t end = m_text.find(quote, m_pos);
        if (end == std::string_view::npos) return std::nullopt;
        std::string s(m_text.substr(m_pos, end - m_pos));
        m_pos = end + 1;
        return s;
    }
    std::optional<bool> boolean() {
        skipSpace();
        for (const auto& [word, value] : {std::pair{std::string_view("True"), true}, {"False", false}})
            if (m_text.substr(m_pos, word.size()) == word) {
                m_pos += word.size();
                return value;
            }
        return std::nullopt;
    }
    std::optional<std::size_t> integer() {
        skipSpace();
        std::size_t value = 0;
        const std::size_t start = m_pos;
        while (m_pos < m_text.size() && m_text[m_pos] >= '0' && m_text[m_pos] <= '9') {
            const std::size_t digit = static_cast<std::size_t>(m_text[m_pos] - '0');
            if (value > (std::numeric_limits<std::size_t>::max() - digit) / 10) return std::nullopt;
            value = value * 10 + digit;
            ++m_pos;
        }
        if (m_pos < m_text.size() && m_text[m_pos] == 'L') ++m_pos; // Python 2 long
        return m_pos == start ? std::nullopt : std::optional(value);
    }
    bool atEnd() {
        skipSpace();
        while (m_pos < m_text.size() && (m_text[m_pos] == '\n' || m_text[m_pos] == ' ')) ++m_pos;
        return m_pos == m_text.size();
    }

private:
    std::string_view m_text;
    std::size_t m_pos = 0;
};

std::optional<std::vector<std::size_t>> parseShape(Literal& in) {
    if (!in.accept('(')) return std::nullopt;
    std::vector<std::size_t> shape;
    while (!in.accept(')')) {
        const std::optional<std::size_t> n = in.integer();
        if (!n || shape.size() == kMaxDimensions) return std::nullopt;
        shape.push_back(*n);
        if (!in.accept(',')) {
            if (!in.accept(')')) return std::nullopt;
            if (shape.size() == 1) return std::nullopt; // "(3)" is an int in Python, not a tuple
            return shape;
        }
    }
    return shape;
}

std::optional<NpyType> typeOf(std::string_view descr) {
    if (descr == "<f4") return NpyType::Float32;
    if (descr == "<f2") return NpyType::Float16;
    if (descr == "<V2" || descr == "|V2" || descr == "bfloat16") return NpyType::Bfloat16;
    return std::nullopt;
}

std::size_t itemSize(NpyType t) { return t == NpyType::Float32 ? 4 : 2; }

std::string describe(std::string_view s) {
    std::string out = "'";
    for (char c : s.substr(0, 40)) out += (c >= 32 && c < 127) ? c : '?';
    return out + (s.size() > 40 ? "...'" : "'");
}

NpyHeaderOutcome headerError(std::string message) { return {std::nullopt, "not a valid .npy file: " + message}; }

} // namespace

std::size_t NpyHeader::elementCount() const {
    std::size_t n = 1;
    for (std::size_t d : shape) n *= d;
    return n;
}

NpyHeaderOutcome parseNpyHeader(std::span<const std::uint8_t> file) {
    if (file.size() < 10 || std::memcmp(file.data(), kMagic.data(), kMagic.size()) != 0)
        return headerError("it does not start with the magic string \\x93NUMPY");
    const int major = file[6];
    std::size_t headerLength = 0;
    std::size_t prefix = 0;
    if (major == 1) {
        headerLength = file[8] | (std::size_t{file[9]} << 8);
        prefix = 10;
    } else if (major == 2 || major == 3) {
        if (file.size() < 12) return headerError("the file ends inside the header length");
        headerLength = file[8] | (std::size_t{file[9]} << 8) | (std::size_t{file[10]} << 16) |
                       (std::size_t{file[11]} << 24);
        prefix = 12;
    } else {
        return headerError("format version " + std::to_string(major) + " is unknown (1, 2 and 3 are read)");
    }
    if (headerLength > file.size() - prefix) return headerError("the file ends inside the header");
    const std::string_view text(reinterpret_cast<const char*>(file.data() + prefix), headerLength);

    Literal in(text);
    NpyHeader h;
    h.dataOffset = prefix + headerLength;
    bool haveDescr = false, haveOrder = false, haveShape = false;
    if (!in.accept('{')) return headerError("the header is not a dict: " + describe(text));
    while (!in.accept('}')) {
        const std::optional<std::string> key = in.string();
        if (!key || !in.accept(':')) return headerError("the header dict is malformed: " + describe(text));
        if (*key == "descr" && !haveDescr) {
            const std::optional<std::string> d = in.string();
            if (!d) return headerError("'descr' is not a string (structured arrays are not read)");
            h.descr = *d;
            haveDescr = true;
        } else if (*key == "fortran_order" && !haveOrder) {
            const std::optional<bool> b = in.boolean();
            if (!b) return headerError("'fortran_order' is not True or False");
            h.fortranOrder = *b;
            haveOrder = true;
        } else if (*key == "shape" && !haveShape) {
            std::optional<std::vector<std::size_t>> s = parseShape(in);
            if (!s) return headerError("'shape' is not a tuple of non-negative integers");
            h.shape = std::move(*s);
            haveShape = true;
        } else {
            return headerError("the header has an unknown or repeated key " + describe(*key));
        }
        if (!in.accept(',')) {
            if (!in.accept('}')) return headerError("the header dict is malformed: " + describe(text));
            break;
        }
    }
    if (!in.atEnd()) return headerError("text follows the header dict");
    if (!haveDescr || !haveOrder || !haveShape)
        return headerError("the header lacks one of 'descr', 'fortran_order', 'shape'");
    const std::optional<NpyType> type = typeOf(h.descr);
    if (!type)
        return {std::nullopt, "the .npy data type " + describe(h.descr) +
                                  " is not read (float32 '<f4', float16 '<f2', bfloat16 '<V2' or 'bfloat16')"};
    h.type = *type;
    std::size_t count = 1;
    for (std::size_t d : h.shape) {
        if (d != 0 && count > std::numeric_limits<std::size_t>::max() / 4 / d)
            return headerError("the shape is too large");
        count *= d;
    }
    return {std::move(h), {}};
}

NpyOutcome parseNpy(std::span<const std::uint8_t> file) {
    NpyHeaderOutcome parsed = parseNpyHeader(file);
    if (!parsed.header) return {std::nullopt, parsed.error};
    NpyArray a{std::move(*parsed.header), {}};
    const std::size_t count = a.header.elementCount();
    const std::size_t size = itemSize(a.header.type);
    const std::size_t available = file.size() - a.header.dataOffset;
    if (available != count * size)
        return {std::nullopt, "not a valid .npy file: the shape needs " + std::to_string(count * size) +
                                  " bytes of data, the file has " + std::to_string(available)};
    a.values.resize(count);
    const std::uint8_t* p = file.data() + a.header.dataOffset;
    for (std::size_t i = 0; i < count; ++i, p += size) {
        std::uint32_t bits = 0;
        if (a.header.type == NpyType::Float32)
            bits = p[0] | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) | (std::uint32_t{p[3]} << 24);
        else if (a.header.type == NpyType::Bfloat16) bits = (p[0] | (std::uint32_t{p[1]} << 8)) << 16;
        else bits = static_cast<std::uint32_t>(fast::convert<kFp16, kFp32>(p[0] | (std::uint32_t{p[1]} << 8)).bits);
        a.values[i] = std::bit_cast<float>(bits);
    }
    if (a.header.fortranOrder && a.header.shape.size() >= 2) { // column-major: reverse the axes
        std::vector<std::size_t> dims = a.header.shape;
        std::vector<float> c(count);
        std::vector<std::size_t> index(dims.size(), 0);
        for (std::size_t k = 0; k < count; ++k) { // k walks the file, first axis fastest
            std::size_t offset = 0;
            for (std::size_t d = 0; d < dims.size(); ++d) offset = offset * dims[d] + index[d];
            c[offset] = a.values[k];
            for (std::size_t d = 0; d < dims.size() && ++index[d] == dims[d]; ++d) index[d] = 0;
        }
        a.values = std::move(c);
    }
    return {std::move(a), {}};
}

std::vector<std::uint8_t> npyFloat32(std::span<const float> values, std::span<const std::size_t> shape) {
    std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (";
    for (std::size_t d : shape) dict += std::to_string(d) + (shape.size() == 1 ? ",)" : ", ");
    if (shape.size() != 1) {
        if (!shape.empty()) dict.resize(dict.size() - 2);
        dict += ")";
    }
    dict += ", }";
    const std::size_t unpadded = 10 + dict.size() + 1;
    dict.append((64 - unpadded % 64) % 64, ' ');
    dict += '\n';
    std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
    out.push_back(1);
    out.push_back(0);
    out.push_back(static_cast<std::uint8_t>(dict.size() & 0xFF));
    out.push_back(static_cast<std::uint8_t>(dict.size() >> 8));
    out.insert(out.end(), dict.begin(), dict.end());
    for (float v : values) {
        const std::uint32_t bits = std::bit_cast<std::uint32_t>(v);
        for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(bits >> (8 * b)));
    }
    return out;
}

} // namespace fplab::blockscale
