#include "core/tensor_core/fingerprint/probes.h"

#include "core/arithmetic.h"
#include "core/classify.h"

#include <bit>
#include <cmath>
#include <optional>
#include <random>
#include <utility>

namespace fplab::tc::fingerprint {

namespace {

using u64 = std::uint64_t;

const Format& unitFormatOf(InputType t) {
    const Format* f = floatInputFormat(t);
    return f ? *f : kFp32;
}

// Probes are built from values; a value counts only if the unit and the given encoding hold it exactly.
struct Encoder {
    InputType input;
    AccumType accum;
    const Format& unit() const { return unitFormatOf(input); }
    const Format& given() const { return input == InputType::Tf32 ? kFp32 : unit(); }
    const Format& acc() const { return accum == AccumType::Fp16 ? kFp16 : kFp32; }

    static std::optional<u64> exact(const Format& f, double v) {
        const Result r = convert(kFp64, std::bit_cast<u64>(v), f);
        if (r.flags != 0 || !isFinite(classify(f, r.bits))) return std::nullopt;
        return r.bits;
    }
    std::optional<u64> operand(double v) const {
        if (!exact(unit(), v)) return std::nullopt;
        return exact(given(), v);
    }
    // value = a * b with a = sig * 2^ea, b = 2^eb, both exact operands.
    std::optional<std::pair<u64, u64>> product(double value) const {
        if (value == 0) return std::pair<u64, u64>{0, 0};
        int e = 0;
        const double sig = std::frexp(value, &e); // value = sig * 2^e, 0.5 <= |sig| < 1
        for (int ea = -160; ea <= 160; ++ea) {
            const auto a = operand(std::ldexp(sig, ea));
            const auto b = operand(std::ldexp(1.0, e - ea));
            if (a && b) return std::pair<u64, u64>{*a, *b};
        }
        return std::nullopt;
    }
};

struct Term {
    int k;
    double value;
};

// A single-cell tile: the terms at their k, c at (0, 0); nullopt when a value cannot be made exactly.
std::optional<ProbeTile> designed(const Encoder& enc, int k, std::string name, std::string purpose,
                                  const std::vector<Term>& terms, double c) {
    ProbeTile t;
    t.name = std::move(name);
    t.purpose = std::move(purpose);
    t.singleCell = true;
    t.a.assign(std::size_t(kTileM) * std::size_t(k), 0);
    t.b.assign(std::size_t(k) * kTileN, 0);
    t.c.assign(std::size_t(kTileM) * kTileN, 0);
    for (const Term& term : terms) {
        if (term.k >= k) return std::nullopt;
        const auto ab = enc.product(term.value);
        if (!ab) return std::nullopt;
        t.a[std::size_t(term.k)] = ab->first;           // A(0, k)
        t.b[std::size_t(term.k) * kTileN] = ab->second; // B(k, 0)
    }
    const auto cb = Encoder::exact(enc.acc(), c);
    if (!cb) return std::nullopt;
    t.c[0] = *cb;
    return t;
}

// Tries scales 2^s, s = 0, 1, -1, 2, -2, ... until every value of the probe exists in the formats.
template <class Make>
void addScaled(std::vector<ProbeTile>& out, Make make) {
    for (int i = 0; i < 80; ++i) {
        const int s = (i % 2 ? 1 : -1) * ((i + 1) / 2);
        if (auto t = make(s)) {
            out.push_back(std::move(*t));
            return;
        }
    }
}

u64 randomFinite(const Format& f, std::mt19937_64& rng) {
    for (;;) {
        const u64 x = rng() & f.bitMask();
        if (isFinite(classify(f, x))) return x;
    }
}

// Near 1: exponent within two of the bias, any significand.
u64 randomNarrow(const Format& f, std::mt19937_64& rng) {
    const u64 sign = rng() & 1 ? f.signMask() : 0;
    const u64 e = u64(f.bias - 2 + int(rng() % 5));
    return sign | (e << f.mantissaBits) | (rng() & f.mantissaMask());
}

} // namespace

std::vector<ProbeTile> fingerprintTiles(InputType input, AccumType accum, int k, int randomTiles, std::uint64_t seed) {
    std::vector<ProbeTile> out;
    const Encoder enc{input, accum};
    const int p = enc.acc().mantissaBits; // 23 for fp32, 10 for fp16
    const double ulpScale = std::ldexp(1.0, -p);

    // Final rounding: c plus 1.5 ulp of c, both signs (rz keeps +1 ulp, rne +2, rd/ru split by sign).
    for (int sign : {1, -1})
        addScaled(out, [&](int s) {
            const double c = std::ldexp(1.0, s);
            return designed(enc, k, sign > 0 ? "rounding+" : "rounding-",
                            "c plus 1.5 ulp of c: which way the block sum is rounded", {{0, sign * 1.5 * c * ulpScale}},
                            sign * c);
        });
    // Extra alignment bits: c = 2^f and 2^(f-p) products of 1, together one ulp of c, each f bits below c.
    for (int f = p + 1; f <= p + 5; ++f) {
        const int count = 1 << (f - p);
        if (count > k) break;
        std::vector<Term> terms;
        for (int i = 0; i < count; ++i) terms.push_back({i, 1.0});
        if (auto t = designed(enc, k, "alignment-" + std::to_string(f),
                              std::to_string(count) + " products each " + std::to_string(f) +
                                  " bits below c: kept only if F >= " + std::to_string(f),
                              terms, std::ldexp(1.0, f)))
            out.push_back(std::move(*t));
    }
    // Alignment bits below the output: c = 2^s plus half an ulp (a tie) plus 2^(s-f); a nearest rounding goes
    // up only if the last term survives the cut (F >= f). Directed roundings ignore it (the probes above decide).
    for (int f = p + 2; f <= 28; ++f)
        addScaled(out, [&](int s) {
            const double c = std::ldexp(1.0, s);
            return designed(enc, k, "tie-" + std::to_string(f),
                            "a tie plus a term " + std::to_string(f) +
                                " bits below c: rounds up under RNE only if F >= " + std::to_string(f),
                            {{0, 0.5 * c * ulpScale}, {1, std::ldexp(c, -f)}}, c);
        });
    // Block size: a small term at k = n is lost if it starts a new block, kept inside a block of more than n.
    for (int n : {4, 8, 16})
        if (n < k)
            addScaled(out, [&](int s) {
                const double big = std::ldexp(1.0, s);
                return designed(enc, k, "block-" + std::to_string(n),
                                "a small term at k = " + std::to_string(n) +
                                    ": kept only if the block holds more than " + std::to_string(n) + " products",
                                {{0, big}, {n, big * ulpScale}}, big * (1 + ulpScale));
            });
    // Normalisation: a product in [2, 4) on top; small terms worth one ulp sit one bit lower if it is normalised.
    {
        int m = 1;
        while (m * 2 <= 8 && m * 2 <= k - 1) m *= 2;
        if (k > 1)
            addScaled(out, [&](int s) {
                const double top = 2.25 * std::ldexp(1.0, s);
                const double small = std::ldexp(1.0, s + 1 - p) / m;
                std::vector<Term> terms{{0, top}};
                for (int i = 1; i <= m; ++i) terms.push_back({i, small});
                return designed(enc, k, "normalisation",
                                "1.5 x 1.5 on top and small terms: normalising the product moves the cut by one bit",
                                terms, 0.0);
            });
    }
    // Subnormals: an input, c, and an output.
    {
        const Format& u = enc.unit();
        const double tinyIn = std::ldexp(1.0, u.minExponent() - u.mantissaBits);
        const double lift = std::ldexp(1.0, std::min(u.maxExponent(), 14));
        ProbeTile t;
        if (auto made = designed(enc, k, "subnormal-input", "the smallest subnormal input times a power of two", {},
                                 0.0)) {
            t = std::move(*made);
            const auto a = enc.operand(tinyIn);
            const auto b = enc.operand(lift);
            if (a && b) {
                t.a[0] = *a;
                t.b[0] = *b;
                out.push_back(std::move(t));
            }
        }
        const Format& acc = enc.acc();
        if (auto made = designed(enc, k, "subnormal-c", "c the smallest subnormal and no products", {},
                                 std::ldexp(1.0, acc.minExponent() - acc.mantissaBits)))
            out.push_back(std::move(*made));
        if (auto made = designed(enc, k, "subnormal-output", "one product in the output's subnormal range",
                                 {{0, std::ldexp(1.0, acc.minExponent() - 2)}}, 0.0))
            out.push_back(std::move(*made));
        // The open edge case: four tiny products and c = 0 (MMA-Sim and Khattak-Mikaitis differ).
        const double tiny = std::ldexp(1.0, acc.minExponent() - p - 2);
        if (k >= 4)
            if (auto made = designed(enc, k, "tiny-sum", "four products below the smallest subnormal, c = 0",
                                     {{0, tiny}, {1, tiny}, {2, tiny}, {3, tiny}}, 0.0))
                out.push_back(std::move(*made));
    }

    std::mt19937_64 rng(seed);
    const Format& given = enc.given();
    const Format& acc = enc.acc();
    for (int i = 0; i < randomTiles; ++i) {
        const int kind = i % 4; // 0: random codes, c = 0; 1: random codes and c; 2: near 1, random c; 3: near 1, c = 0
        ProbeTile t;
        t.name = "random-" + std::to_string(i);
        t.purpose = kind == 0   ? "random finite codes, c = 0"
                    : kind == 1 ? "random finite codes, random c"
                    : kind == 2 ? "exponents near 1, random c"
                                : "exponents near 1, c = 0";
        auto code = [&] { return kind >= 2 ? randomNarrow(given, rng) : randomFinite(given, rng); };
        for (int j = 0; j < kTileM * k; ++j) t.a.push_back(code());
        for (int j = 0; j < k * kTileN; ++j) t.b.push_back(code());
        for (int j = 0; j < kTileM * kTileN; ++j) {
            if (kind == 0 || kind == 3) {
                t.c.push_back(0);
                continue;
            }
            const double mag = std::ldexp(1.0 + double(rng() % 1000000) / 1e6, int(rng() % 24) - (kind == 2 ? 4 : 12));
            const Result r = convert(kFp64, std::bit_cast<u64>(rng() & 1 ? -mag : mag), acc);
            t.c.push_back(r.bits);
        }
        out.push_back(std::move(t));
    }
    return out;
}

std::vector<Cell> cellsOfTile(const ProbeTile& t, int k, const std::vector<std::uint64_t>& d) {
    std::vector<Cell> out;
    const int rows = t.singleCell ? 1 : kTileM, cols = t.singleCell ? 1 : kTileN;
    for (int i = 0; i < rows; ++i)
        for (int j = 0; j < cols; ++j) {
            Cell c;
            for (int kk = 0; kk < k; ++kk) {
                c.a.push_back(t.a[std::size_t(i) * std::size_t(k) + std::size_t(kk)]);
                c.b.push_back(t.b[std::size_t(kk) * kTileN + std::size_t(j)]);
            }
            c.c = t.c[std::size_t(i) * kTileN + std::size_t(j)];
            c.d = d.at(std::size_t(i) * kTileN + std::size_t(j));
            c.probe = t.singleCell ? t.name : t.name + "(" + std::to_string(i) + "," + std::to_string(j) + ")";
            out.push_back(std::move(c));
        }
    return out;
}

} // namespace fplab::tc::fingerprint
