// `fplab-cli reveal --exec CMD`: any program as a summation target. CMD runs under /bin/sh once (and
// again only if it exits); each input is one line of N numbers separated by spaces, and the program
// answers each line with one line holding their sum as it computes it.
#pragma once

#include "core/reveal/summation_target.h"

#include <string>
#include <sys/types.h>

namespace fplab::cli {

class ExecSummationTarget final : public reveal::SummationTarget {
public:
    // timeoutSeconds: how long one answer may take; hexFloat: write the inputs as hex-floats instead of
    // exact decimals.
    ExecSummationTarget(std::string command, const Format& type, double timeoutSeconds, bool hexFloat);
    ~ExecSummationTarget() override;
    ExecSummationTarget(const ExecSummationTarget&) = delete;
    ExecSummationTarget& operator=(const ExecSummationTarget&) = delete;

    const Format& termFormat() const override { return m_type; }
    // Throws reveal::TargetError naming the input line when the program dies, hangs or prints no number.
    std::uint64_t sum(std::span<const std::uint64_t> terms) override;
    // Closes the program's input and checks it printed nothing more (one answer per line).
    void finish();

private:
    void start();
    void stop();
    std::string readLine(long long line);

    std::string m_command;
    Format m_type;
    double m_timeout;
    bool m_hex;
    pid_t m_pid = -1;
    int m_toChild = -1;
    int m_fromChild = -1;
    std::string m_pending;    // read but not yet taken
    long long m_lines = 0;    // input lines written so far
    long long m_answered = 0; // lines the running program has answered
    void (*m_oldSigpipe)(int) = nullptr;
};

} // namespace fplab::cli
