#include "app/cli/exec_summation_target.h"

#include "core/text/parse.h"
#include "core/text/print.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fplab::cli {

using reveal::TargetError;

namespace {

std::string lineName(long long line) { return "input line " + std::to_string(line); }

std::string exitText(int status) {
    if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
    if (WIFSIGNALED(status)) return "was killed by signal " + std::to_string(WTERMSIG(status));
    return "stopped";
}

} // namespace

ExecSummationTarget::ExecSummationTarget(std::string command, const Format& type, double timeoutSeconds, bool hexFloat)
    : m_command(std::move(command)), m_type(type), m_timeout(timeoutSeconds), m_hex(hexFloat) {
    // A program that exits while we write must give an error here, not kill fplab-cli.
    m_oldSigpipe = std::signal(SIGPIPE, SIG_IGN);
}

ExecSummationTarget::~ExecSummationTarget() {
    stop();
    std::signal(SIGPIPE, m_oldSigpipe);
}

void ExecSummationTarget::start() {
    int in[2], out[2];
    if (pipe(in) != 0) throw TargetError(std::string("cannot make a pipe: ") + std::strerror(errno));
    if (pipe(out) != 0) {
        close(in[0]);
        close(in[1]);
        throw TargetError(std::string("cannot make a pipe: ") + std::strerror(errno));
    }
    const pid_t pid = fork();
    if (pid < 0) throw TargetError(std::string("cannot start the program: ") + std::strerror(errno));
    if (pid == 0) {
        dup2(in[0], STDIN_FILENO);
        dup2(out[1], STDOUT_FILENO);
        close(in[0]);
        close(in[1]);
        close(out[0]);
        close(out[1]);
        std::signal(SIGPIPE, SIG_DFL);
        execl("/bin/sh", "sh", "-c", m_command.c_str(), static_cast<char*>(nullptr));
        _exit(127);
    }
    close(in[0]);
    close(out[1]);
    fcntl(in[1], F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    m_pid = pid;
    m_answered = 0;
    m_toChild = in[1];
    m_fromChild = out[0];
    m_pending.clear();
}

void ExecSummationTarget::stop() {
    if (m_toChild >= 0) close(m_toChild);
    if (m_fromChild >= 0) close(m_fromChild);
    m_toChild = m_fromChild = -1;
    if (m_pid > 0) {
        int status = 0;
        if (waitpid(m_pid, &status, WNOHANG) == 0) {
            kill(m_pid, SIGKILL);
            waitpid(m_pid, &status, 0);
        }
    }
    m_pid = -1;
}

std::string ExecSummationTarget::readLine(long long line) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::duration<double>(m_timeout);
    while (true) {
        const std::size_t newline = m_pending.find('\n');
        if (newline != std::string::npos) {
            std::string text = m_pending.substr(0, newline);
            m_pending.erase(0, newline + 1);
            if (!text.empty() && text.back() == '\r') text.pop_back();
            return text;
        }
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0)
            throw TargetError(lineName(line) + ": the program gave no answer within " + std::to_string(int(m_timeout)) +
                              " s (--timeout)");
        pollfd p{m_fromChild, POLLIN, 0};
        const int ready = poll(&p, 1, int(std::min<long long>(left, 1000)));
        if (ready < 0 && errno != EINTR)
            throw TargetError(std::string("cannot read the program's answer: ") + std::strerror(errno));
        if (ready <= 0) continue;
        char buf[4096];
        const ssize_t got = read(m_fromChild, buf, sizeof buf);
        if (got > 0) {
            m_pending.append(buf, std::size_t(got));
            continue;
        }
        if (got < 0 && errno == EINTR) continue;
        int status = 0;
        waitpid(m_pid, &status, 0);
        m_pid = -1;
        throw TargetError(lineName(line) + ": the program " + exitText(status) + " without answering");
    }
}

std::uint64_t ExecSummationTarget::sum(std::span<const std::uint64_t> terms) {
    // Restart a program that exited after its last answer (one that answers one line and quits).
    if (m_pid > 0) {
        int status = 0;
        if (waitpid(m_pid, &status, WNOHANG) == m_pid) {
            m_pid = -1;
            if (!m_pending.empty())
                throw TargetError(lineName(m_lines) + ": the program printed more than one line for it, then " +
                                  exitText(status));
            stop();
        }
    }
    if (m_pid <= 0) start();
    const long long line = ++m_lines;
    std::string text;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        if (i) text += ' ';
        text += m_hex ? hexFloat(m_type, terms[i]) : exactDecimal(m_type, terms[i]);
    }
    text += '\n';
    for (std::size_t done = 0; done < text.size();) {
        const ssize_t wrote = write(m_toChild, text.data() + done, text.size() - done);
        if (wrote < 0) {
            if (errno == EINTR) continue;
            throw TargetError(lineName(line) + ": the program stopped reading its input (" + std::strerror(errno) +
                              ")");
        }
        done += std::size_t(wrote);
    }
    std::string answer;
    try {
        answer = readLine(line);
    } catch (const TargetError&) {
        // A program that answers one line and exits may have taken this line as it closed: run it anew, once.
        if (m_pid > 0 || m_answered == 0) throw;
        m_answered = 0;
        stop();
        --m_lines;
        return sum(terms);
    }
    ++m_answered;
    const ParseOutcome parsed = parseValue(answer, m_type);
    if (!parsed.ok() || parsed.kind == InputKind::RawHex || parsed.kind == InputKind::RawBinary)
        throw TargetError(lineName(line) + ": the program printed '" + answer.substr(0, 80) +
                          "', which is not one number" + (parsed.ok() ? "" : " (" + parsed.error + ")"));
    return parsed.value->bits;
}

void ExecSummationTarget::finish() {
    if (m_pid <= 0) return;
    close(m_toChild);
    m_toChild = -1;
    m_timeout = std::min(m_timeout, 2.0); // a program still running after its input ended is not waited for long
    long long extra = 0;
    try {
        while (true) {
            readLine(m_lines + 1);
            ++extra;
        }
    } catch (const TargetError&) {
        // The program ended (or went quiet) after its last answer: what remains is counted below.
    }
    if (extra > 0)
        throw TargetError("the program printed " + std::to_string(m_lines + extra) + " lines for " +
                          std::to_string(m_lines) + " input lines: it must print exactly one line per input line");
}

} // namespace fplab::cli
