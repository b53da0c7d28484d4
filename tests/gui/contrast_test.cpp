// WCAG 2 contrast of every text/background pair the light and dark palettes and the app's own highlight
// colours make (text on its window, base, button, selection and tooltip; warnings and good news on the window and
// the base; the Block tab's highlighted rows; the lessons' differing cells; the bit cells), at least 4.5:1 (WCAG
// AA for normal text). And two views that used to keep a colour of the other theme: a lesson checkpoint's feedback
// and the Block tab's highlighted block row, measured after a theme switch.
#include "app/gui/common/chart_style.h"
#include "app/gui/common/text_colour.h"
#include "app/gui/explorer/block_element_model.h"
#include "app/gui/explorer/block_view.h"
#include "app/gui/explorer/explorer_section.h"
#include "app/gui/lessons/checkpoint_widget.h"
#include "app/gui/shell/theme.h"
#include "contrast.h"
#include "gui_fixture.h"

#include <QApplication>
#include <QBrush>
#include <QLabel>
#include <QTabWidget>

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace fplab::gui {
namespace {

using testing::contrast;

constexpr double kAa = 4.5;

struct Pair {
    std::string name;
    QColor text, background;
};

std::vector<Pair> pairsOf(const QPalette& p) {
    using R = QPalette;
    std::vector<Pair> pairs = {
        {"window text on window", p.color(R::WindowText), p.color(R::Window)},
        {"text on base", p.color(R::Text), p.color(R::Base)},
        {"text on alternate base", p.color(R::Text), p.color(R::AlternateBase)},
        {"button text on button", p.color(R::ButtonText), p.color(R::Button)},
        {"selected text on selection", p.color(R::HighlightedText), p.color(R::Highlight)},
        {"tooltip text on tooltip", p.color(R::ToolTipText), p.color(R::ToolTipBase)},
        {"link on base", p.color(R::Link), p.color(R::Base)},
        {"link on window", p.color(R::Link), p.color(R::Window)},
        {"visited link on base", p.color(R::LinkVisited), p.color(R::Base)},
        {"placeholder on base", p.color(R::PlaceholderText), p.color(R::Base)},
        {"placeholder on window", p.color(R::PlaceholderText), p.color(R::Window)},
        {"warning on window", warningColor(p), p.color(R::Window)},
        {"warning on base", warningColor(p), p.color(R::Base)},
        {"warning on alternate base", warningColor(p), p.color(R::AlternateBase)},
        {"good news on window", okColor(p), p.color(R::Window)},
        {"good news on base", okColor(p), p.color(R::Base)},
        {"good news on alternate base", okColor(p), p.color(R::AlternateBase)},
        {"a lesson's differing cell (base on warning)", p.color(R::Base), warningColor(p)},
    };
    for (const bool strong : {false, true}) {
        setHighContrastCharts(strong);
        pairs.push_back({std::string("highlighted block row") + (strong ? " (high-contrast charts)" : ""),
                         p.color(R::Text), highlightedRowColor(p)});
    }
    setHighContrastCharts(false);
    const std::pair<BitRole, const char*> roles[] = {{BitRole::Sign, "sign"},         {BitRole::Exponent, "exponent"},
                                                     {BitRole::Mantissa, "mantissa"}, {BitRole::Implicit, "implicit"},
                                                     {BitRole::Guard, "guard"},       {BitRole::Round, "round"},
                                                     {BitRole::Sticky, "sticky"},     {BitRole::Discarded, "discarded"},
                                                     {BitRole::Integer, "integer"},   {BitRole::Plain, "plain"}};
    for (const auto& [role, name] : roles)
        pairs.push_back({std::string(name) + " bit", bitTextColor(role, p), bitFillColor(role, p)});
    return pairs;
}

void expectReadable(const QPalette& p, const char* theme) {
    for (const Pair& pair : pairsOf(p))
        EXPECT_GE(contrast(pair.text, pair.background), kAa)
            << theme << ": " << pair.name << ", " << pair.text.name().toStdString() << " on "
            << pair.background.name().toStdString() << " is " << contrast(pair.text, pair.background) << ":1";
}

TEST(Contrast, TheFormulaMatchesWcagsExamples) {
    EXPECT_NEAR(contrast(Qt::black, Qt::white), 21.0, 1e-9);
    EXPECT_NEAR(contrast(QColor(0x77, 0x77, 0x77), Qt::white), 4.48, 0.01); // WebAIM: #777 on white fails AA
    EXPECT_NEAR(contrast(QColor(0x76, 0x76, 0x76), Qt::white), 4.54, 0.01); // #767676 passes
}

TEST(Contrast, EveryPairOfTheLightThemeReadsAtAaLevel) { expectReadable(ThemeManager::lightPalette(), "light"); }

TEST(Contrast, EveryPairOfTheDarkThemeReadsAtAaLevel) { expectReadable(ThemeManager::darkPalette(), "dark"); }

// The highlighted block's rows in the dark theme, as the table draws them: the model's background, the view's text.
TEST(Contrast, TheBlockTabsHighlightedRowReadsInBothThemes) {
    testing::GuiHarness h;
    auto* explorer = h.section<ExplorerSection>(QStringLiteral("explorer"));
    ASSERT_NE(explorer, nullptr);
    BlockView* view = explorer->blockView();
    h.window().showSection(QStringLiteral("explorer"));
    explorer->tabs()->setCurrentWidget(view);
    view->generate(BlockView::Source::Outlier, 64, 1);
    ASSERT_TRUE(view->quantized());
    for (const ThemeMode mode : {ThemeMode::Light, ThemeMode::Dark}) {
        h.theme().apply(mode);
        QApplication::processEvents();
        QVariant background;
        for (int row = 0; row < view->elementModel()->rowCount() && !background.isValid(); ++row)
            background = view->elementModel()->index(row, 0).data(Qt::BackgroundRole);
        ASSERT_TRUE(background.isValid()) << "no highlighted row";
        const QColor text = QApplication::palette().color(QPalette::Text);
        EXPECT_GE(contrast(text, background.value<QBrush>().color()), kAa)
            << themeModeName(mode).toStdString() << ": " << text.name().toStdString() << " on "
            << background.value<QBrush>().color().name().toStdString();
    }
}

// A checkpoint answered in the light theme, then read in the dark one (and the other way round).
TEST(Contrast, CheckpointFeedbackFollowsTheTheme) {
    testing::GuiHarness h;
    lessons::Checkpoint checkpoint;
    checkpoint.question = "In FP16, what is 32768 + 16?";
    checkpoint.options = {{"32784", "Not an FP16 number.", false}, {"32768", "Yes.", true}};
    for (const int choice : {0, 1})
        for (const ThemeMode first : {ThemeMode::Light, ThemeMode::Dark}) {
            h.theme().apply(first);
            CheckpointWidget widget(
                checkpoint, [](const std::string& s) { return QString::fromStdString(s); }, lessons::Language::English);
            widget.show();
            widget.choose(choice);
            const ThemeMode then = first == ThemeMode::Light ? ThemeMode::Dark : ThemeMode::Light;
            h.theme().apply(then);
            QApplication::processEvents();
            const QLabel* feedback = nullptr;
            for (const QLabel* l : widget.findChildren<QLabel*>())
                if (l->text() == widget.feedbackText()) feedback = l;
            ASSERT_NE(feedback, nullptr);
            const double ratio = contrast(textColourOf(feedback), feedback->palette().color(QPalette::Window));
            EXPECT_GE(ratio, kAa) << "choice " << choice << ", answered in " << themeModeName(first).toStdString()
                                  << ", read in " << themeModeName(then).toStdString() << ": "
                                  << textColourOf(feedback).name().toStdString();
        }
}

} // namespace
} // namespace fplab::gui
