#include "app/tensor_files/safetensors.h"

#include "core/arithmetic.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>

namespace fplab::tensorfiles {
namespace {

constexpr std::uint64_t kMaxHeader = 100'000'000;
constexpr std::size_t kChunk = 1 << 20; // elements converted between progress calls

struct DtypeName {
    std::string_view name;
    Dtype dtype;
    std::size_t bytes;
};
constexpr std::array<DtypeName, 17> kDtypes = {{
    {"F64", Dtype::F64, 8},
    {"F32", Dtype::F32, 4},
    {"F16", Dtype::F16, 2},
    {"BF16", Dtype::BF16, 2},
    {"F8_E4M3", Dtype::F8E4m3, 1},
    {"F8_E5M2", Dtype::F8E5m2, 1},
    {"I8", Dtype::I8, 1},
    {"U8", Dtype::U8, 1},
    {"BOOL", Dtype::Unsupported, 1},
    {"I16", Dtype::Unsupported, 2},
    {"U16", Dtype::Unsupported, 2},
    {"I32", Dtype::Unsupported, 4},
    {"U32", Dtype::Unsupported, 4},
    {"I64", Dtype::Unsupported, 8},
    {"U64", Dtype::Unsupported, 8},
    {"F8_E8M0", Dtype::Unsupported, 1},
    {"C64", Dtype::Unsupported, 8},
}};

std::string quotedName(std::string_view name) {
    std::string s = "'";
    for (char c : name.substr(0, 80)) s += (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) ? '?' : c;
    return s + (name.size() > 80 ? "...'" : "'");
}

// Reads one tensor's description; an error names the tensor and the field.
std::optional<std::string> readEntry(const std::string& name, const nlohmann::json& v, std::uint64_t dataSize,
                                     TensorEntry& t) {
    const std::string who = "tensor " + quotedName(name);
    if (!v.is_object()) return who + " is not a JSON object";
    const auto dtype = v.find("dtype");
    if (dtype == v.end() || !dtype->is_string()) return who + " has no \"dtype\" string";
    t.name = name;
    t.dtypeText = dtype->get<std::string>();
    const auto known = std::ranges::find(kDtypes, std::string_view(t.dtypeText), &DtypeName::name);
    if (known == kDtypes.end()) return who + " has an unknown dtype " + quotedName(t.dtypeText);
    t.dtype = known->dtype;
    t.elementBytes = known->bytes;
    const auto shape = v.find("shape");
    if (shape == v.end() || !shape->is_array()) return who + " has no \"shape\" array";
    t.elements = 1;
    for (const nlohmann::json& d : *shape) {
        if (!d.is_number_unsigned()) return who + "'s shape holds something other than a non-negative integer";
        const std::uint64_t n = d.get<std::uint64_t>();
        if (n != 0 && t.elements > UINT64_MAX / n) return who + "'s shape has more elements than 2^64";
        t.shape.push_back(n);
        t.elements *= n;
    }
    const auto offsets = v.find("data_offsets");
    if (offsets == v.end() || !offsets->is_array() || offsets->size() != 2 || !(*offsets)[0].is_number_unsigned() ||
        !(*offsets)[1].is_number_unsigned())
        return who + " has no \"data_offsets\" pair of non-negative integers";
    t.begin = (*offsets)[0].get<std::uint64_t>();
    t.end = (*offsets)[1].get<std::uint64_t>();
    if (t.begin > t.end)
        return who + " begins at byte " + std::to_string(t.begin) + " after its end " + std::to_string(t.end);
    if (t.end > dataSize)
        return who + " ends at byte " + std::to_string(t.end) + " of the data, which has " + std::to_string(dataSize) +
               " bytes";
    if (t.elements > UINT64_MAX / t.elementBytes || t.elements * t.elementBytes != t.end - t.begin)
        return who + " has " + std::to_string(t.end - t.begin) + " bytes of data, but its shape and dtype need " +
               (t.elements > UINT64_MAX / t.elementBytes ? std::string("more than 2^64")
                                                         : std::to_string(t.elements * t.elementBytes));
    return std::nullopt;
}

std::uint64_t littleEndian64(const std::uint8_t* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}

template <class T>
T load(const std::uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v); // little-endian host (x86-64, AArch64)
    return v;
}

float toFloat(Dtype d, const std::uint8_t* p) {
    switch (d) {
    case Dtype::F64:
        return std::bit_cast<float>(static_cast<std::uint32_t>(convert(kFp64, load<std::uint64_t>(p), kFp32).bits));
    case Dtype::F32: return std::bit_cast<float>(load<std::uint32_t>(p));
    case Dtype::F16:
        return std::bit_cast<float>(static_cast<std::uint32_t>(convert(kFp16, load<std::uint16_t>(p), kFp32).bits));
    case Dtype::BF16: return std::bit_cast<float>(static_cast<std::uint32_t>(load<std::uint16_t>(p)) << 16);
    case Dtype::F8E4m3: return std::bit_cast<float>(static_cast<std::uint32_t>(convert(kE4m3, *p, kFp32).bits));
    case Dtype::F8E5m2: return std::bit_cast<float>(static_cast<std::uint32_t>(convert(kE5m2, *p, kFp32).bits));
    case Dtype::I8: return static_cast<float>(static_cast<std::int8_t>(*p));
    case Dtype::U8: return static_cast<float>(*p);
    case Dtype::Unsupported: break;
    }
    return 0;
}

} // namespace

const TensorEntry* SafetensorsHeader::find(std::string_view name) const {
    for (const TensorEntry& t : tensors)
        if (t.name == name) return &t;
    return nullptr;
}

SafetensorsOutcome parseSafetensors(std::span<const std::uint8_t> file) {
    if (file.size() < 8)
        return {std::nullopt,
                "the file has " + std::to_string(file.size()) + " bytes, fewer than the 8 of the header length"};
    const std::uint64_t n = littleEndian64(file.data());
    if (n > kMaxHeader)
        return {std::nullopt, "the header length " + std::to_string(n) + " is above the limit of 100000000 bytes"};
    if (n > file.size() - 8)
        return {std::nullopt, "the header length " + std::to_string(n) + " runs past the end of the file (" +
                                  std::to_string(file.size()) + " bytes)"};
    const char* text = reinterpret_cast<const char*>(file.data() + 8);
    const nlohmann::json json = nlohmann::json::parse(text, text + n, nullptr, false);
    if (json.is_discarded()) return {std::nullopt, "the header is not valid JSON"};
    if (!json.is_object()) return {std::nullopt, "the header is not a JSON object"};
    SafetensorsHeader h;
    h.dataStart = 8 + n;
    const std::uint64_t dataSize = file.size() - h.dataStart;
    for (const auto& [name, value] : json.items()) {
        if (name == "__metadata__") {
            if (!value.is_object()) return {std::nullopt, "\"__metadata__\" is not a JSON object"};
            for (const auto& [key, entry] : value.items())
                if (!entry.is_string())
                    return {std::nullopt, "\"__metadata__\" value " + quotedName(key) + " is not a string"};
            continue;
        }
        TensorEntry t;
        if (const std::optional<std::string> error = readEntry(name, value, dataSize, t)) return {std::nullopt, *error};
        h.tensors.push_back(std::move(t));
    }
    std::ranges::sort(h.tensors, [](const TensorEntry& a, const TensorEntry& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
    });
    std::uint64_t at = 0;
    for (const TensorEntry& t : h.tensors) {
        if (t.begin != at)
            return {std::nullopt, "tensor " + quotedName(t.name) + " begins at byte " + std::to_string(t.begin) +
                                      " of the data, not at " + std::to_string(at) +
                                      (t.begin < at ? " (it overlaps the tensor before)" : " (a gap before it)")};
        at = t.end;
    }
    if (at != dataSize)
        return {std::nullopt, "the tensors end at byte " + std::to_string(at) + " of the data, which has " +
                                  std::to_string(dataSize) + " bytes"};
    for (TensorEntry& t : h.tensors) {
        t.begin += h.dataStart;
        t.end += h.dataStart;
    }
    return {std::move(h), {}};
}

std::optional<std::vector<float>> readAsFloat32(std::span<const std::uint8_t> file, const TensorEntry& t,
                                                const Progress& progress) {
    if (t.dtype == Dtype::Unsupported || t.end > file.size()) return std::nullopt;
    std::vector<float> out(t.elements);
    const std::uint8_t* p = file.data() + t.begin;
    for (std::uint64_t first = 0; first < t.elements; first += kChunk) {
        if (progress && !progress(first, t.elements)) return std::nullopt;
        const std::uint64_t last = std::min<std::uint64_t>(t.elements, first + kChunk);
        for (std::uint64_t i = first; i < last; ++i) out[i] = toFloat(t.dtype, p + i * t.elementBytes);
    }
    if (progress) progress(t.elements, t.elements);
    return out;
}

} // namespace fplab::tensorfiles
