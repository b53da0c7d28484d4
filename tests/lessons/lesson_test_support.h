// Shared by the lesson tests: the shipped lessons loaded once, their runs, and
// look-ups of one result by block id and key.
#pragma once

#include "lessons/lesson_library.h"
#include "lessons/lesson_runner.h"
#include "lessons/value_text.h"
#include "core/values.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>

namespace fplab::lessons::test {

inline const LessonLibrary& shippedLibrary() {
    static const LessonLibrary library = LessonLibrary::loadDirectory(FPLAB_TEST_LESSONS_DIR);
    return library;
}

// The run of a shipped lesson with its own parameters (cached: the tests only read it).
inline const LessonRun& shippedRun(const std::string& id, Language language = Language::English) {
    static std::map<std::pair<std::string, Language>, std::unique_ptr<LessonRun>> runs;
    auto& slot = runs[{id, language}];
    if (!slot) {
        const LessonEntry* entry = shippedLibrary().find(id);
        if (!entry) throw std::runtime_error("no shipped lesson " + id);
        const auto it = entry->versions.find(language);
        if (it == entry->versions.end()) throw std::runtime_error("lesson " + id + " has no such language");
        slot = std::make_unique<LessonRun>(runLesson(it->second));
    }
    return *slot;
}

// Result `key` of experiment block `block` of a shipped lesson; fails the test when absent.
inline const Quantity& result(const std::string& lesson, const std::string& block, const std::string& key) {
    const ExperimentRun* run = shippedRun(lesson).find(block);
    if (!run) throw std::runtime_error(lesson + ": no block " + block);
    if (!run->result) throw std::runtime_error(lesson + "/" + block + " failed: " + run->error);
    const Quantity* q = run->result->find(key);
    if (!q) throw std::runtime_error(lesson + "/" + block + " has no result " + key);
    return *q;
}

// The value of a quantity as Python prints it, and a float quantity's value as a double.
inline std::string valueText(const Quantity& q) { return quantityText(q, Language::English); }
inline double toValue(const Quantity& q) {
    if (q.kind != QuantityKind::Float) throw std::runtime_error(q.key + " is not a float");
    return toDouble(q.format, q.bits);
}

inline std::uint32_t bitsOf(float f) { return std::bit_cast<std::uint32_t>(f); }
inline std::uint64_t bitsOf(double d) { return std::bit_cast<std::uint64_t>(d); }

} // namespace fplab::lessons::test
