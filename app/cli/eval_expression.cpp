// A recursive-descent evaluator for `fplab-cli eval`: it computes while it parses,
// so the steps come out in the order a person would do them.
#include "app/cli/eval_expression.h"

#include "app/cli/cli_options.h"
#include "core/arithmetic.h"
#include "core/classify.h"

#include <cctype>

namespace fplab::cli {
namespace {

constexpr int kMaxDepth = 200;

struct EvalError {
    std::size_t column;
    std::string message;
};

bool isIdentStart(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool isIdentChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '='; }

class Evaluator {
public:
    Evaluator(std::string_view text, const Env& env, bool trace, EvalOutcome& out)
        : m_text(text), m_env(env), m_trace(trace), m_out(out) {}

    EvalValue run() {
        skipSpace();
        if (m_pos == m_text.size()) fail(0, "empty expression: try fp16(1) + fp16(2^-11)");
        EvalValue v = expression();
        skipSpace();
        if (m_pos != m_text.size())
            fail(m_pos, "unexpected " + quoted(m_text.substr(m_pos, 1)) + " after a complete expression");
        return v;
    }

private:
    [[noreturn]] void fail(std::size_t column, std::string message) { throw EvalError{column, std::move(message)}; }

    void skipSpace() {
        while (m_pos < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_pos]))) ++m_pos;
    }
    bool accept(std::string_view token) {
        skipSpace();
        if (m_text.substr(m_pos, token.size()) != token) return false;
        m_pos += token.size();
        return true;
    }
    void expect(char c, std::string_view what) {
        skipSpace();
        if (m_pos < m_text.size() && m_text[m_pos] == c) {
            ++m_pos;
            return;
        }
        const std::string found = m_pos < m_text.size() ? quoted(m_text.substr(m_pos, 1)) : "the end";
        fail(m_pos, std::string("expected ") + c + " " + std::string(what) + ", found " + found);
    }

    // A name: letters, digits, '_', '=' and '-' when a letter follows ("e5m10-nosub", "e5m10-bias=14").
    std::string_view identifier() {
        const std::size_t start = m_pos;
        while (m_pos < m_text.size()) {
            const char c = m_text[m_pos];
            if (isIdentChar(c)) ++m_pos;
            else if (c == '-' && m_pos + 1 < m_text.size() &&
                     std::isalpha(static_cast<unsigned char>(m_text[m_pos + 1])))
                ++m_pos;
            else break;
        }
        return m_text.substr(start, m_pos - start);
    }

    struct Depth {
        explicit Depth(Evaluator& e) : m_e(e) {
            if (++m_e.m_depth > kMaxDepth) m_e.fail(m_e.m_pos, "expression nested too deeply");
        }
        ~Depth() { --m_e.m_depth; }
        Evaluator& m_e;
    };

    EvalValue expression() {
        Depth guard(*this);
        EvalValue v = additive();
        while (true) {
            skipSpace();
            const std::size_t at = m_pos;
            if (!accept("->")) return v;
            skipSpace();
            const std::size_t nameAt = m_pos;
            const std::string_view name = identifier();
            if (name.empty()) fail(nameAt, "expected a format name after '->'");
            v = convertTo(v, name, at, nameAt);
        }
    }

    EvalValue additive() {
        EvalValue v = term();
        while (true) {
            skipSpace();
            const std::size_t at = m_pos;
            if (m_text.substr(m_pos, 2) == "->") return v;
            if (accept("+")) v = binary("add", v, term(), at);
            else if (accept("-")) v = binary("sub", v, term(), at);
            else return v;
        }
    }

    EvalValue term() {
        EvalValue v = unary();
        while (true) {
            skipSpace();
            const std::size_t at = m_pos;
            if (accept("*")) v = binary("mul", v, unary(), at);
            else if (accept("/")) v = binary("div", v, unary(), at);
            else return v;
        }
    }

    EvalValue unary() {
        Depth guard(*this);
        skipSpace();
        const std::size_t at = m_pos;
        if (m_text.substr(m_pos, 2) != "->" && accept("-")) return signChange("negate", unary(), at);
        if (accept("+")) return unary();
        return primary();
    }

    EvalValue primary() {
        skipSpace();
        const std::size_t at = m_pos;
        if (m_pos == m_text.size()) fail(at, "expected a value such as fp32(1.5), found the end");
        const char c = m_text[m_pos];
        if (c == '(') {
            ++m_pos;
            EvalValue v = expression();
            expect(')', "to close the '('");
            return v;
        }
        if (std::isdigit(static_cast<unsigned char>(c)) || c == '.') {
            std::size_t end = m_pos;
            while (end < m_text.size() && !std::isspace(static_cast<unsigned char>(m_text[end])) &&
                   std::string_view("+*/(),").find(m_text[end]) == std::string_view::npos)
                ++end;
            const std::string number(m_text.substr(m_pos, end - m_pos));
            fail(at, "the number " + quoted(number) + " needs a format: write it as fp32(" + number + ") or similar");
        }
        if (!isIdentStart(c)) fail(at, "expected a value such as fp32(1.5), found " + quoted(m_text.substr(m_pos, 1)));
        const std::string_view name = identifier();
        skipSpace();
        if (m_pos == m_text.size() || m_text[m_pos] != '(')
            fail(at, quoted(name) + " must be followed by '(': write " + std::string(name) + "(...)");
        ++m_pos;
        if (name == "sqrt" || name == "abs") {
            EvalValue x = expression();
            expect(')', "to close " + std::string(name) + "(");
            return name == "sqrt" ? operation("sqrt", {x}, at) : signChange("abs", x, at);
        }
        if (name == "fma") {
            EvalValue a = expression();
            expect(',', "between the arguments of fma(a, b, c)");
            EvalValue b = expression();
            expect(',', "between the arguments of fma(a, b, c)");
            EvalValue c3 = expression();
            expect(')', "to close fma(");
            return operation("fma", {a, b, c3}, at);
        }
        if (lookupIntFormat(name))
            fail(at, quoted(name) + " is an integer format: integers can only be produced with '-> " +
                         std::string(name) + "'");
        std::string formatError;
        const std::optional<Format> format = lookupFormat(name, formatError);
        if (!format) fail(at, formatError + "; functions are sqrt fma abs");
        return literal(*format, at);
    }

    // FORMAT( NUMBER ): the text up to ')' is one number, rounded into the format.
    EvalValue literal(const Format& format, std::size_t at) {
        const std::size_t start = m_pos;
        const std::size_t close = m_text.find(')', start);
        const std::size_t open = m_text.find('(', start);
        if (close == std::string_view::npos) fail(start, "missing ')' after " + std::string(format.name()) + "(");
        if (open < close)
            fail(open,
                 std::string(format.name()) + "(...) holds one number, not an expression; to convert a value use '->'");
        const std::string_view text = m_text.substr(start, close - start);
        LiteralOrError lit = readLiteral(text, format, m_env);
        if (!lit.literal) fail(start, lit.error.empty() ? "bad number" : lit.error);
        m_pos = close + 1;
        EvalStep step;
        step.kind = EvalStep::Kind::Literal;
        step.text = std::string(m_text.substr(at, m_pos - at));
        step.operandFormat = format;
        step.result = {format, std::nullopt, lit.literal->stored.bits};
        step.flags = lit.literal->stored.flags;
        step.literal = std::move(lit.literal);
        m_out.steps.push_back(std::move(step));
        return m_out.steps.back().result;
    }

    void requireFloat(const EvalValue& v, std::string_view op, std::size_t at) {
        if (v.integer)
            fail(at, std::string(op) + " needs float operands, but one is an " + std::string(v.integer->name) +
                         " value (integers can only be the final result)");
    }

    EvalValue binary(std::string_view op, const EvalValue& a, const EvalValue& b, std::size_t at) {
        return operation(op, {a, b}, at);
    }

    EvalValue operation(std::string_view op, std::initializer_list<EvalValue> args, std::size_t at) {
        const EvalValue* first = args.begin();
        for (const EvalValue& v : args) requireFloat(v, op, at);
        for (const EvalValue& v : args)
            if (!(v.format == first->format))
                fail(at, "cannot " + std::string(op) + " " + std::string(first->format.name()) + " and " +
                             std::string(v.format.name()) +
                             " values: the operands must have one format (convert with '->', e.g. (x -> " +
                             std::string(first->format.name()) + "))");
        const Format& f = first->format;
        EvalStep step;
        step.kind = EvalStep::Kind::Operation;
        step.text = std::string(op);
        step.operandFormat = f;
        OperationTrace* tr = m_trace ? &step.trace : nullptr;
        std::uint64_t bits[3] = {};
        std::size_t i = 0;
        for (const EvalValue& x : args) bits[i++] = x.bits;
        Result r;
        if (op == "add") r = add(f, bits[0], bits[1], m_env, tr);
        else if (op == "sub") r = sub(f, bits[0], bits[1], m_env, tr);
        else if (op == "mul") r = mul(f, bits[0], bits[1], m_env, tr);
        else if (op == "div") r = div(f, bits[0], bits[1], m_env, tr);
        else if (op == "sqrt") r = sqrt(f, bits[0], m_env, tr);
        else r = fma(f, bits[0], bits[1], bits[2], m_env, tr);
        step.result = {f, std::nullopt, r.bits};
        step.flags = r.flags;
        m_out.flags |= r.flags;
        m_out.steps.push_back(std::move(step));
        return m_out.steps.back().result;
    }

    EvalValue signChange(std::string_view op, const EvalValue& x, std::size_t at) {
        requireFloat(x, op, at);
        const Format& f = x.format;
        if (!f.hasSign && op == "negate")
            fail(at, std::string(f.name()) + " has no sign bit: its values cannot be negated");
        EvalStep step;
        step.kind = EvalStep::Kind::SignChange;
        step.text = std::string(op);
        step.operandFormat = f;
        step.result = {f, std::nullopt, op == "negate" ? negate(f, x.bits) : absolute(f, x.bits)};
        step.trace.operands.push_back({x.bits, unpack(f, x.bits)});
        m_out.steps.push_back(std::move(step));
        return m_out.steps.back().result;
    }

    EvalValue convertTo(const EvalValue& x, std::string_view name, std::size_t at, std::size_t nameAt) {
        requireFloat(x, "'->'", at);
        EvalStep step;
        step.operandFormat = x.format;
        step.trace.operands.push_back({x.bits, unpack(x.format, x.bits)});
        if (const std::optional<IntFormat> t = lookupIntFormat(name)) {
            const Result r = floatToInt(x.format, x.bits, *t, Overflow::Saturate, m_env);
            step.kind = EvalStep::Kind::IntConversion;
            step.text = "convert " + std::string(x.format.name()) + " -> " + std::string(t->name) + " (saturating)";
            step.result = {x.format, *t, r.bits};
            step.flags = r.flags;
        } else {
            std::string formatError;
            const std::optional<Format> to = lookupFormat(name, formatError);
            if (!to) fail(nameAt, formatError);
            step.kind = EvalStep::Kind::Operation;
            step.text = "convert " + std::string(x.format.name()) + " -> " + std::string(to->name());
            const Result r = convert(x.format, x.bits, *to, m_env, m_trace ? &step.trace : nullptr);
            step.result = {*to, std::nullopt, r.bits};
            step.flags = r.flags;
        }
        m_out.flags |= step.flags;
        m_out.steps.push_back(std::move(step));
        return m_out.steps.back().result;
    }

    std::string_view m_text;
    Env m_env;
    bool m_trace;
    EvalOutcome& m_out;
    std::size_t m_pos = 0;
    int m_depth = 0;
};

} // namespace

EvalOutcome evaluateExpression(std::string_view expression, const Env& env, bool traceOperations) {
    EvalOutcome out;
    if (expression.size() > kMaxExpressionLength) {
        out.error = "expression too long (" + std::to_string(expression.size()) + " characters, at most " +
                    std::to_string(kMaxExpressionLength) + ")";
        return out;
    }
    try {
        Evaluator e(expression, env, traceOperations, out);
        out.value = e.run();
    } catch (const EvalError& error) {
        out.error = error.message;
        out.errorColumn = error.column;
        out.steps.clear();
    }
    return out;
}

} // namespace fplab::cli
