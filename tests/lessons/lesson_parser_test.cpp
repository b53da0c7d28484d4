// The lesson file parser and validator: good files parse, and every kind of mistake is
// reported with its file and line instead of stopping the program.
#include "lessons/lesson_parser.h"

#include <gtest/gtest.h>

#include <string>

namespace fplab::lessons {
namespace {

const char* kGood = R"(---
id: demo
order: 9
title: Demo
summary: A small lesson.
---

## First

Some narration with {{sum.fp16}}.

```python
## not a step: inside a code block
x = 1
```

```experiment add_small id=sum formats=fp16,fp32
a: 1
# a comment
b = 2^-24
```

```checkpoint
question: Pick one.
option: no
feedback: wrong
answer: yes
feedback: right
  and a continued line
explanation: because.
```

## Second

```experiment format_fields
```
)";

ParsedLesson parse(const std::string& text) { return parseAndValidateLesson(text, "demo.en.md", Language::English); }

::testing::AssertionResult startsWith(const std::string& text, const std::string& prefix) {
    if (text.compare(0, prefix.size(), prefix) == 0) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "'" << text << "' does not start with '" << prefix << "'";
}

// The first error, as "file:line: message".
std::string firstError(const std::string& text) {
    const ParsedLesson p = parse(text);
    return p.errors.empty() ? std::string("(no error)") : p.errors.front().toString();
}

TEST(LessonParser, ReadsAGoodLesson) {
    const ParsedLesson p = parse(kGood);
    ASSERT_TRUE(p.lesson) << (p.errors.empty() ? "" : p.errors.front().toString());
    const Lesson& l = *p.lesson;
    EXPECT_EQ(l.id, "demo");
    EXPECT_EQ(l.order, 9);
    EXPECT_EQ(l.title, "Demo");
    EXPECT_EQ(l.summary, "A small lesson.");
    ASSERT_EQ(l.steps.size(), 2u);
    EXPECT_EQ(l.steps[0].title, "First");
    EXPECT_EQ(l.steps[0].line, 8);
    ASSERT_EQ(l.steps[0].blocks.size(), 3u); // narration (with the python block), experiment, checkpoint
    const auto& narration = std::get<Narration>(l.steps[0].blocks[0]);
    EXPECT_EQ(narration.line, 10);
    EXPECT_NE(narration.markdown.find("## not a step"), std::string::npos);
    const auto& call = std::get<ExperimentCall>(l.steps[0].blocks[1]);
    EXPECT_EQ(call.id, "sum");
    EXPECT_EQ(call.name, "add_small");
    EXPECT_EQ(call.line, 17);
    ASSERT_EQ(call.params.size(), 3u);
    EXPECT_EQ(call.params[0], (std::pair<std::string, std::string>{"formats", "fp16,fp32"}));
    EXPECT_EQ(call.params[2], (std::pair<std::string, std::string>{"b", "2^-24"}));
    const auto& cp = std::get<Checkpoint>(l.steps[0].blocks[2]);
    EXPECT_EQ(cp.question, "Pick one.");
    ASSERT_EQ(cp.options.size(), 2u);
    EXPECT_FALSE(cp.options[0].correct);
    EXPECT_TRUE(cp.options[1].correct);
    EXPECT_EQ(cp.options[1].feedback, "right and a continued line");
    EXPECT_EQ(cp.explanation, "because.");
    EXPECT_EQ(std::get<ExperimentCall>(l.steps[1].blocks[0]).id, "format_fields"); // id defaults to the name
}

TEST(LessonParser, AcceptsWindowsLineEndingsAndAByteOrderMark) {
    std::string text = "\xEF\xBB\xBF";
    for (char c : std::string(kGood)) {
        if (c == '\n') text += '\r';
        text += c;
    }
    const ParsedLesson p = parse(text);
    ASSERT_TRUE(p.lesson) << (p.errors.empty() ? "" : p.errors.front().toString());
    EXPECT_EQ(p.lesson->steps.size(), 2u);
}

TEST(LessonParser, QuotedFrontMatterValuesLoseTheirQuotes) {
    std::string text(kGood);
    const std::size_t title = text.find("title:");
    ASSERT_NE(title, std::string::npos);
    const std::size_t end = text.find('\n', title);
    text.replace(title, end - title, "title: \"Microscaling: how FP4 gets away with it\"");
    text.replace(text.find("summary:"), text.find('\n', text.find("summary:")) - text.find("summary:"),
                 "summary: 'It's quoted'");
    const ParsedLesson p = parse(text);
    ASSERT_TRUE(p.lesson) << (p.errors.empty() ? "" : p.errors.front().toString());
    EXPECT_EQ(p.lesson->title, "Microscaling: how FP4 gets away with it");
    EXPECT_EQ(p.lesson->summary, "It's quoted");
}

TEST(LessonParser, ReportsMistakesWithFileAndLine) {
    const std::string head = "---\nid: x\norder: 1\ntitle: X\n---\n"; // lines 1-5
    EXPECT_EQ(firstError("# no front matter\n"),
              "demo.en.md:1: a lesson file starts with front matter: a '---' line, then id:, order:, title:, summary:, "
              "then '---'");
    EXPECT_EQ(firstError("---\nid: x\ntitel: X\n---\n## S\ntext\n"),
              "demo.en.md:3: unknown front matter key 'titel' (known: id order title summary)");
    EXPECT_EQ(firstError("---\nid: x\norder: 1\n---\n## S\ntext\n"), "demo.en.md:1: the front matter has no 'title:'");
    EXPECT_EQ(firstError("---\nid: x\norder: one\ntitle: X\n---\n## S\ntext\n"),
              "demo.en.md:3: order must be a whole number (got 'one')");
    EXPECT_EQ(firstError(head + "text before\n## S\ntext\n"),
              "demo.en.md:6: text before the first step; a step starts with a '## ' heading");
    EXPECT_EQ(firstError(head + "## S\n\n```experiment add_small\na: 1\n"),
              "demo.en.md:8: this ``` block is never closed");
    EXPECT_TRUE(startsWith(firstError(head + "## S\n```experiment no_such_thing\n```\n"),
                           "demo.en.md:7: unknown experiment 'no_such_thing' (known: format_fields"));
    EXPECT_EQ(firstError(head + "## S\n```experiment sum_copies\ncount: lots\n```\n"),
              "demo.en.md:7: experiment 'sum_copies': count='lots': 'lots' is not a whole number");
    EXPECT_EQ(firstError(head + "## S\n```experiment sum_copies\ncount: 0\n```\n"),
              "demo.en.md:7: experiment 'sum_copies': count='0': must be between 1 and 1000000");
    EXPECT_TRUE(startsWith(firstError(head + "## S\n```experiment sum_copies\nformat: fp17\n```\n"),
                           "demo.en.md:7: experiment 'sum_copies': format='fp17': unknown format 'fp17'"));
    EXPECT_EQ(
        firstError(head + "## S\n```experiment sum_copies\ncolour: red\n```\n"),
        "demo.en.md:7: experiment 'sum_copies' has no parameter 'colour' (it has: format value count accumulator)");
    EXPECT_EQ(firstError(head + "## S\n```experiment sum_copies\njust words\n```\n"),
              "demo.en.md:8: experiment parameters are 'name: value' lines");
    EXPECT_EQ(firstError(head + "## S\n```experiment sum_copies\n```\n```experiment sum_copies\n```\n"),
              "demo.en.md:9: experiment id 'sum_copies' is already used on line 7; give this block its own id=...");
    EXPECT_EQ(firstError(head + "## S\n```checkpoint\nquestion: Q?\noption: a\noption: b\n```\n"),
              "demo.en.md:7: a checkpoint needs exactly one 'answer:' line (the right choice), found 0");
    EXPECT_EQ(firstError(head + "## S\n```checkpoint\nquestion: Q?\nfeedback: f\nanswer: a\noption: b\n```\n"),
              "demo.en.md:9: 'feedback:' belongs to the option or answer line above it");
    EXPECT_EQ(firstError(head + "## S\n\nSee {{nothing.here}}.\n"),
              "demo.en.md:8: {{nothing.here}} names no experiment block: no block has id 'nothing'");
    EXPECT_EQ(firstError(head + "## S\nline\n\nSee {{broken}}.\n"),
              "demo.en.md:9: '{{broken}}' is not {{experiment-id.key}}");
    EXPECT_EQ(firstError(head + "## Empty\n## S\ntext\n"), "demo.en.md:6: step 'Empty' is empty");
    EXPECT_EQ(firstError(head), "demo.en.md:5: the lesson has no steps (a step starts with a '## ' heading)");
}

TEST(LessonParser, CollectsEveryErrorOfAFile) {
    const std::string text = "---\nid: x\norder: 1\ntitle: X\n---\n## S\n```experiment nope\n```\n```experiment "
                             "sum_copies\ncount: -1\n```\n";
    const ParsedLesson p = parse(text);
    EXPECT_FALSE(p.lesson);
    ASSERT_EQ(p.errors.size(), 2u);
    EXPECT_EQ(p.errors[0].line, 7);
    EXPECT_EQ(p.errors[1].line, 9);
}

TEST(LessonParser, FindsPlaceholdersAndTheirViews) {
    const std::vector<Placeholder> ps = findPlaceholders("a {{x.y}} b {{ p.q : bits }} {{bad}} {{x.y:colour}}");
    ASSERT_EQ(ps.size(), 4u);
    EXPECT_EQ(ps[0].id, "x");
    EXPECT_EQ(ps[0].key, "y");
    EXPECT_EQ(ps[1].view, "bits");
    EXPECT_FALSE(ps[2].error.empty());
    EXPECT_FALSE(ps[3].error.empty());
}

} // namespace
} // namespace fplab::lessons
