// Process start-up: wall time from posix_spawn to the exit of `EXE show 0.1` (stdout to /dev/null),
// one run per repetition and 51 repetitions (so the median is one run's time), for each executable
// named on the command line, e.g. a CUDA and a non-CUDA build of fplab-cli side by side. What it
// measures is mostly the dynamic loader: which shared libraries the executable maps and relocates
// before main(). The counter child_cpu_ms is the child's own CPU time, the steadier figure on a
// busy machine.
//   fplab_bench_startup [--benchmark_* flags] EXE... [-- ARGS...]   (ARGS default to: show 0.1)
#include <benchmark/benchmark.h>

#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern char** environ;

namespace {

constexpr int kRepetitions = 51;

std::vector<char*> argvOf(std::vector<std::string>& command) {
    std::vector<char*> argv;
    for (auto& word : command) argv.push_back(word.data());
    argv.push_back(nullptr);
    return argv;
}

// Runs the command once; returns its exit status, or -1 when it could not be started. cpuMs: the
// child's user + system CPU time, which waiting for a busy core does not inflate as it does wall time.
int runOnce(const std::vector<char*>& argv, double* cpuMs = nullptr) {
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) return -1;
    int status = 0;
    rusage usage{};
    if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status)) return -1;
    if (cpuMs)
        *cpuMs = 1e3 * double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                 1e-3 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
    return WEXITSTATUS(status);
}

void benchStart(benchmark::State& state, std::vector<std::string> command) {
    const std::vector<char*> argv = argvOf(command);
    double cpuMs = 0;
    for (auto _ : state) {
        if (const int status = runOnce(argv, &cpuMs); status != 0) {
            state.SkipWithError(("exit status " + std::to_string(status) + " from " + command[0]).c_str());
            break;
        }
    }
    state.counters["child_cpu_ms"] = cpuMs; // one iteration per repetition
}

} // namespace

int main(int argc, char** argv) {
    benchmark::Initialize(&argc, argv);
    std::vector<std::string> executables, args;
    bool inArgs = false;
    for (int i = 1; i < argc; ++i) {
        if (!inArgs && std::strcmp(argv[i], "--") == 0) {
            inArgs = true;
            continue;
        }
        (inArgs ? args : executables).push_back(argv[i]);
    }
    if (executables.empty()) {
        std::fprintf(stderr, "usage: %s [--benchmark_* flags] EXE... [-- ARGS...]  (ARGS default to: show 0.1)\n",
                     argv[0]);
        return 2;
    }
    if (args.empty()) args = {"show", "0.1"};
    for (const auto& exe : executables) {
        std::vector<std::string> command{exe};
        command.insert(command.end(), args.begin(), args.end());
        // Once untimed, so that every timed run finds the executable and its libraries in the page cache.
        if (runOnce(argvOf(command)) != 0) {
            std::fprintf(stderr, "%s: could not run or exited with an error\n", exe.c_str());
            return 1;
        }
        benchmark::RegisterBenchmark(exe.c_str(), benchStart, command)
            ->Iterations(1)
            ->Repetitions(kRepetitions)
            ->UseRealTime()
            ->Unit(benchmark::kMillisecond);
    }
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
