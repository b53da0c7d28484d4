#include "app/gui/summation/summation_section.h"

#include "app/gui/common/file_dialogs.h"
#include "app/gui/common/job_runner.h"
#include "app/gui/common/number_text.h"
#include "app/gui/common/save_file.h"
#include "app/gui/shell/app_settings.h"
#include "app/gui/shell/glyph_icon.h"
#include "app/gui/summation/probe_table_model.h"
#include "app/gui/summation/sum_tree_view.h"
#include "app/gui/summation/target_text.h"
#include "core/format_names.h"
#include "core/reveal/validation.h"
#include "core/text/parse.h"
#include "core/text/print.h"

#include <QAction>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <cmath>

namespace fplab::gui {

namespace {

constexpr int kTrials = 100;
const char* const kTypes[] = {"fp32", "fp64", "fp16", "bf16"};

QString nameOf(const summation_targets::Target& t) { return qs(std::string(summation_targets::targetName(t))); }

// One reveal and its check, on the worker thread.
SummationSection::Revealed revealOne(const summation_targets::Target& target, int terms, std::optional<Format> type,
                                     const JobControl& control, double share, double offset) {
    auto box = summation_targets::makeTarget(target, terms, type);
    reveal::RevealOptions options;
    options.terms = terms;
    options.keepProbes = true;
    // About n·log2(n)/2 probes for a balanced tree, n for a chain: progress is an estimate, cancel is exact.
    const double expected = std::max(1.0, terms * std::max(1.0, std::log2(double(terms))) / 2);
    options.progress = [&](long long probes) {
        control.report(offset + share * 0.9 * std::min(1.0, double(probes) / expected));
        return !control.isCancelled();
    };
    SummationSection::Revealed out;
    out.target = target;
    out.termFormat = box->termFormat();
    reveal::RevealResult r;
    try {
        r = reveal::revealOrder(*box, options);
    } catch (const reveal::RevealCancelled&) {
        throw JobCancelled();
    }
    out.tree = r.tree.canonical();
    out.probes = r.probes;
    out.probeLog = std::move(r.probeLog);
    out.rules = reveal::replayRulesFor(*box);
    const auto check = [&](const reveal::ReplayRules& rules) {
        return reveal::validateOrder(*box, out.tree, rules, kTrials, 1,
                                     [&](long long) { return !control.isCancelled(); });
    };
    try {
        auto v = check(out.rules);
        if (!v.allAgreed() && out.rules.accumulator.precision() < kFp64.precision()) {
            reveal::ReplayRules wide = out.rules;
            wide.accumulator = kFp64;
            if (check(wide).allAgreed()) {
                out.rules = wide;
                out.widened = kFp64;
                v = {};
                v.trials = kTrials;
            }
        }
        out.validated = v.allAgreed();
        out.trials = v.trials;
    } catch (const reveal::RevealCancelled&) {
        throw JobCancelled();
    }
    control.report(offset + share);
    return out;
}

} // namespace

SummationSection::SummationSection(SectionContext context, QWidget* parent)
    : Section(context, parent), m_jobs(new JobRunner(this)), m_probeModel(new ProbeTableModel(this)) {
    buildUi();
    buildActions();
    fillTargets();
    retranslateUi();
}

SummationSection::~SummationSection() = default;

QString SummationSection::title() const { return tr("Summation order"); }

QString SummationSection::toolTipText() const {
    return tr(
        "Reveal the order in which a library, a compiler or a tensor core adds its terms, and see why sums differ");
}

QIcon SummationSection::icon() const { return glyphIcon(QStringLiteral("Σ"), QColor(0x3b, 0x6e, 0x8f)); }

QWidget* SummationSection::primaryInput() const { return m_terms; }

void SummationSection::buildUi() {
    auto* form = new QGridLayout;
    for (int side = 0; side < 2; ++side) {
        m_targetLabels[std::size_t(side)] = new QLabel(this);
        m_targetBoxes[std::size_t(side)] = new QComboBox(this);
        m_targetLabels[std::size_t(side)]->setBuddy(m_targetBoxes[std::size_t(side)]);
        form->addWidget(m_targetLabels[std::size_t(side)], side, 0);
        form->addWidget(m_targetBoxes[std::size_t(side)], side, 1);
    }
    m_termsLabel = new QLabel(this);
    m_terms = new QSpinBox(this);
    m_terms->setRange(2, 4096);
    m_termsLabel->setBuddy(m_terms);
    m_typeLabel = new QLabel(this);
    m_type = new QComboBox(this);
    for (const char* t : kTypes) m_type->addItem(QString::fromLatin1(t), QString::fromLatin1(t));
    m_typeLabel->setBuddy(m_type);
    form->addWidget(m_termsLabel, 0, 2);
    form->addWidget(m_terms, 0, 3);
    form->addWidget(m_typeLabel, 1, 2);
    form->addWidget(m_type, 1, 3);
    m_revealButton = new QPushButton(this);
    m_cancelButton = new QPushButton(this);
    m_cancelButton->setEnabled(false);
    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(false);
    form->addWidget(m_revealButton, 0, 4);
    form->addWidget(m_cancelButton, 1, 4);
    form->addWidget(m_progress, 0, 5);
    form->setColumnStretch(1, 2);
    form->setColumnStretch(5, 1);
    m_targetHelp = new QLabel(this);
    m_targetHelp->setWordWrap(true);

    auto* trees = new QSplitter(Qt::Horizontal, this);
    for (int side = 0; side < 2; ++side) {
        auto* pane = new QWidget(trees);
        auto* v = new QVBoxLayout(pane);
        v->setContentsMargins(0, 0, 0, 0);
        m_captions[std::size_t(side)] = new QLabel(pane);
        m_captions[std::size_t(side)]->setWordWrap(true);
        m_views[std::size_t(side)] = new SumTreeView(pane);
        v->addWidget(m_captions[std::size_t(side)]);
        v->addWidget(m_views[std::size_t(side)], 1);
        trees->addWidget(pane);
        connect(m_views[std::size_t(side)], &SumTreeView::nodeClicked, this,
                [this, side](int node) { selectNode(side, node); });
    }
    m_partLabel = new QLabel(this);
    m_partLabel->setWordWrap(true);

    m_tabs = new QTabWidget(this);
    auto* probesPage = new QWidget(m_tabs);
    auto* pv = new QVBoxLayout(probesPage);
    m_probeTable = new QTableView(probesPage);
    m_probeTable->setObjectName(QStringLiteral("probeTable"));
    m_probeTable->setModel(m_probeModel);
    m_probeTable->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_probeTable->setSelectionMode(QAbstractItemView::SingleSelection);
    m_probeTable->verticalHeader()->hide();
    m_probeTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_mask = new QLabel(probesPage);
    m_mask->setWordWrap(true);
    m_mask->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto* steps = new QHBoxLayout;
    m_previousProbe = new QPushButton(probesPage);
    m_nextProbe = new QPushButton(probesPage);
    steps->addWidget(m_previousProbe);
    steps->addWidget(m_nextProbe);
    steps->addStretch(1);
    pv->addWidget(m_mask);
    pv->addLayout(steps);
    pv->addWidget(m_probeTable, 1);
    m_tabs->addTab(probesPage, QString());

    auto* nodePage = new QWidget(m_tabs);
    auto* nv = new QVBoxLayout(nodePage);
    auto* inputRow = new QHBoxLayout;
    m_inputLabel = new QLabel(nodePage);
    m_input = new QLineEdit(nodePage);
    m_inputLabel->setBuddy(m_input);
    m_randomButton = new QPushButton(nodePage);
    inputRow->addWidget(m_inputLabel);
    inputRow->addWidget(m_input, 1);
    inputRow->addWidget(m_randomButton);
    m_nodeDetails = new QLabel(nodePage);
    m_nodeDetails->setWordWrap(true);
    m_nodeDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_results = new QLabel(nodePage);
    m_results->setWordWrap(true);
    m_results->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nv->addLayout(inputRow);
    nv->addWidget(m_results);
    nv->addWidget(m_nodeDetails);
    nv->addStretch(1);
    m_tabs->addTab(nodePage, QString());

    auto* split = new QSplitter(Qt::Vertical, this);
    auto* top = new QWidget(split);
    auto* tv = new QVBoxLayout(top);
    tv->setContentsMargins(0, 0, 0, 0);
    tv->addWidget(trees, 1);
    tv->addWidget(m_partLabel);
    split->addWidget(top);
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({500, 260});

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_targetHelp);
    layout->addWidget(split, 1);

    connect(m_revealButton, &QPushButton::clicked, this, &SummationSection::reveal);
    connect(m_cancelButton, &QPushButton::clicked, this, &SummationSection::cancel);
    connect(m_jobs, &JobRunner::progressChanged, m_progress, &QProgressBar::setValue);
    connect(m_jobs, &JobRunner::busyChanged, this, [this](bool busy) {
        m_revealButton->setEnabled(!busy);
        m_cancelButton->setEnabled(busy);
        if (m_revealAction) m_revealAction->setEnabled(!busy);
        if (m_cancelAction) m_cancelAction->setEnabled(busy);
        if (!busy) m_progress->setValue(0);
    });
    connect(m_targetBoxes[0], &QComboBox::currentIndexChanged, this, [this] {
        const auto t = chosen(0);
        m_targetHelp->setText(t ? targetDescription(*t) : QString());
    });
    connect(m_probeTable->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& current) { showProbe(current.row()); });
    connect(m_previousProbe, &QPushButton::clicked, this,
            [this] { showProbe(std::max(0, m_probeTable->currentIndex().row() - 1)); });
    connect(m_nextProbe, &QPushButton::clicked, this,
            [this] { showProbe(std::min(m_probeModel->rowCount() - 1, m_probeTable->currentIndex().row() + 1)); });
    connect(m_input, &QLineEdit::editingFinished, this, &SummationSection::updateDetails);
    connect(m_randomButton, &QPushButton::clicked, this, &SummationSection::drawRandomInput);
}

void SummationSection::buildActions() {
    m_revealAction = new QAction(this);
    m_revealAction->setShortcut(QKeySequence(Qt::Key_F5));
    connect(m_revealAction, &QAction::triggered, this, &SummationSection::reveal);
    m_cancelAction = new QAction(this);
    m_cancelAction->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_F5));
    m_cancelAction->setEnabled(false);
    connect(m_cancelAction, &QAction::triggered, this, &SummationSection::cancel);
    m_fitAction = new QAction(this);
    connect(m_fitAction, &QAction::triggered, this, [this] {
        for (SumTreeView* v : m_views) v->fitTree();
    });
    m_exportSvg = new QAction(this);
    connect(m_exportSvg, &QAction::triggered, this, [this] { exportWithDialog(TreeFile::Svg); });
    m_exportPng = new QAction(this);
    connect(m_exportPng, &QAction::triggered, this, [this] { exportWithDialog(TreeFile::Png); });
    m_exportText = new QAction(this);
    connect(m_exportText, &QAction::triggered, this, [this] { exportWithDialog(TreeFile::Text); });
}

QList<QAction*> SummationSection::menuActions() const {
    return {m_revealAction, m_cancelAction, nullptr, m_fitAction, nullptr, m_exportSvg, m_exportPng, m_exportText};
}

void SummationSection::fillTargets() {
    for (int side = 0; side < 2; ++side) {
        QComboBox* box = m_targetBoxes[std::size_t(side)];
        const QString keep = box->currentData().toString();
        box->blockSignals(true);
        box->clear();
        if (side == 1) box->addItem(QString(), QString());
        for (const auto& t : summation_targets::allTargets()) box->addItem(targetTitle(t), nameOf(t));
        box->blockSignals(false);
        const int at = box->findData(keep);
        if (at >= 0) box->setCurrentIndex(at);
    }
    m_targetBoxes[1]->setItemText(0, tr("(nothing: one tree)"));
    if (!selectTarget(0, settings().summationTarget.get())) selectTarget(0, QStringLiteral("sequential"));
    if (!selectTarget(1, settings().summationCompare.get())) selectTarget(1, QString());
    setTerms(settings().summationTerms.get());
    if (!setTypeName(settings().summationType.get())) setTypeName(QStringLiteral("fp32"));
}

void SummationSection::retranslateUi() {
    m_targetLabels[0]->setText(tr("&Target:"));
    m_targetLabels[1]->setText(tr("C&ompare with:"));
    m_termsLabel->setText(tr("T&erms:"));
    m_typeLabel->setText(tr("T&ype:"));
    m_revealButton->setText(tr("&Reveal"));
    m_revealButton->setToolTip(
        tr("Probe the target (F5): M at one term, −M at another, 1 elsewhere, until the tree is known"));
    m_cancelButton->setText(tr("Cancel"));
    m_tabs->setTabText(0, tr("Probes"));
    m_tabs->setTabText(1, tr("Partial sums"));
    m_previousProbe->setText(tr("◀ Previous probe"));
    m_nextProbe->setText(tr("Next probe ▶"));
    m_inputLabel->setText(tr("&Input:"));
    m_input->setPlaceholderText(tr("the terms, separated by spaces or commas (decimal or hex-float)"));
    m_randomButton->setText(tr("R&andom terms"));
    m_revealAction->setText(tr("&Reveal the order"));
    m_cancelAction->setText(tr("&Cancel the reveal"));
    m_fitAction->setText(tr("&Fit the trees"));
    m_fitAction->setToolTip(
        tr("Show each whole tree (0 in a tree; + and - or Ctrl+wheel zoom, dragging pans, a double-click folds)"));
    m_exportSvg->setText(tr("Export the tree as &SVG…"));
    m_exportPng->setText(tr("Export the tree as &PNG…"));
    m_exportText->setText(tr("Export the tree as &text…"));
    fillTargets();
    showRevealed();
}

std::optional<summation_targets::Target> SummationSection::chosen(int side) const {
    const QString name = m_targetBoxes[std::size_t(side)]->currentData().toString();
    return summation_targets::parseTarget(name.toStdString());
}

bool SummationSection::selectTarget(int side, const QString& name) {
    const int at = m_targetBoxes[std::size_t(side)]->findData(name);
    if (at < 0) return false;
    m_targetBoxes[std::size_t(side)]->setCurrentIndex(at);
    return true;
}

void SummationSection::setTerms(int terms) { m_terms->setValue(terms); }

bool SummationSection::setTypeName(const QString& name) {
    const int at = m_type->findData(name);
    if (at < 0) return false;
    m_type->setCurrentIndex(at);
    return true;
}

bool SummationSection::isBusy() const { return m_jobs->isBusy(); }

void SummationSection::cancel() { m_jobs->cancel(); }

void SummationSection::saveState() {
    settings().summationTarget.set(m_targetBoxes[0]->currentData().toString());
    settings().summationCompare.set(m_targetBoxes[1]->currentData().toString());
    settings().summationTerms.set(m_terms->value());
    settings().summationType.set(m_type->currentData().toString());
}

void SummationSection::reveal() {
    const auto first = chosen(0);
    if (!first) return;
    const auto second = chosen(1);
    const int terms = m_terms->value();
    const Format type = *resolveFormat(m_type->currentData().toString());
    // A target with its own format (a host loop: fp32; a tensor core: fp16) keeps it.
    const auto typeFor = [type](const summation_targets::Target& t) -> std::optional<Format> {
        if (summation_targets::ownTermFormat(t)) return std::nullopt;
        return type;
    };
    saveState();
    auto results = std::make_shared<std::array<std::optional<Revealed>, 2>>();
    const bool two = second.has_value();
    m_jobs->startJob(
        tr("Revealing the order of %1").arg(targetTitle(*first)),
        [=](const JobControl& control) {
            try {
                (*results)[0] = revealOne(*first, terms, typeFor(*first), control, two ? 0.5 : 1.0, 0);
                if (two) (*results)[1] = revealOne(*second, terms, typeFor(*second), control, 0.5, 0.5);
            } catch (const std::invalid_argument& e) {
                throw std::runtime_error(e.what());
            } catch (const summation_targets::NoGpuForTarget& e) {
                throw std::runtime_error(e.what());
            }
        },
        [this, results] {
            m_revealed = *results;
            m_selectedNode.reset();
            showRevealed();
        },
        {tr("The reveal was cancelled."), tr("The reveal failed: %1"), tr("Revealed.")},
        [this](const QString& text, int ms) { emit statusMessage(text, ms); });
}

void SummationSection::showRevealed() {
    for (int side = 0; side < 2; ++side) {
        const auto& r = m_revealed[std::size_t(side)];
        SumTreeView* view = m_views[std::size_t(side)];
        view->parentWidget()->setVisible(side == 0 || r.has_value());
        if (!r) {
            view->setTree(std::nullopt);
            m_captions[std::size_t(side)]->setText(side == 0 ? tr("Choose a target and press Reveal (F5).")
                                                             : QString());
            continue;
        }
        if (!view->tree() || reveal::bracketText(*view->tree()) != reveal::bracketText(r->tree)) view->setTree(r->tree);
        QString check = r->validated
                            ? tr("the order reproduces the target's bits on %1 random inputs").arg(r->trials)
                            : tr("the order does NOT reproduce the target's bits (trial %1 differs)").arg(r->trials);
        if (r->widened) check += tr(", adding in FP64: the target keeps a wider sum than it returns");
        m_captions[std::size_t(side)]->setText(tr("<b>%1</b>, %2 %3 terms: %4 probes; %5.")
                                                   .arg(targetTitle(r->target).toHtmlEscaped())
                                                   .arg(r->tree.terms())
                                                   .arg(qs(std::string(r->termFormat.name())))
                                                   .arg(r->probes)
                                                   .arg(check));
    }
    const auto& a = m_revealed[0];
    const auto& b = m_revealed[1];
    if (a && b && a->tree.terms() == b->tree.terms()) {
        const auto da = reveal::firstDifferingNode(a->tree, b->tree);
        m_views[0]->setDifferingSubtree(da);
        m_views[1]->setDifferingSubtree(reveal::firstDifferingNode(b->tree, a->tree));
        m_partLabel->setText(
            da ? tr("The orders part first at the subtree drawn in red on the left: %1 terms, from term %2.")
                     .arg(a->tree.leafCount(*da))
                     .arg(a->tree.firstLeaf(*da))
               : tr("The two targets add in the same order."));
    } else {
        m_views[0]->setDifferingSubtree(std::nullopt);
        m_views[1]->setDifferingSubtree(std::nullopt);
        m_partLabel->setText(QString());
    }
    m_probeModel->setProbes(a ? a->probeLog : std::vector<reveal::Probe>{}, a ? a->tree.terms() : 0);
    m_mask->setText(a ? tr("Select a probe to see its input and where M met −M.") : QString());
    updateDetails();
}

void SummationSection::showProbe(int row) {
    const auto& a = m_revealed[0];
    if (!a || row < 0 || row >= m_probeModel->rowCount()) return;
    if (m_probeTable->currentIndex().row() != row) m_probeTable->selectRow(row);
    const reveal::Probe& p = m_probeModel->probe(row);
    const int n = a->tree.terms();
    QString input;
    if (n <= 64) {
        QStringList cells;
        for (int k = 0; k < n; ++k)
            cells << (k == p.positive   ? QStringLiteral("<b>M</b>")
                      : k == p.negative ? QStringLiteral("<b>−M</b>")
                                        : QStringLiteral("1"));
        input = cells.join(QLatin1Char(' '));
    } else {
        input = tr("M at term %1, −M at term %2, 1 elsewhere").arg(p.positive).arg(p.negative);
    }
    m_mask->setText(
        tr("Probe %1: %2<br>The sum came back as %3 units: the %3 terms added outside the node where M met −M. "
           "So %4 terms join there (highlighted in blue).")
            .arg(row + 1)
            .arg(input)
            .arg(n - p.joined)
            .arg(p.joined));
    m_views[0]->setProbeNode(reveal::joiningNode(a->tree, p.positive, p.negative));
}

std::optional<std::vector<std::uint64_t>> SummationSection::parsedInput(const Format& f, QString& error) const {
    const QStringList words = m_input->text().split(QRegularExpression(QStringLiteral("[\\s,]+")), Qt::SkipEmptyParts);
    std::vector<std::uint64_t> terms;
    for (const QString& w : words) {
        const ParseOutcome p = parseValue(w.toStdString(), f);
        if (!p.ok()) {
            error = tr("'%1' is not a number: %2").arg(w, qs(p.error));
            return std::nullopt;
        }
        terms.push_back(p.value->bits);
    }
    return terms;
}

void SummationSection::setInputText(const QString& text) {
    m_input->setText(text);
    updateDetails();
}

void SummationSection::drawRandomInput() {
    const auto& a = m_revealed[0];
    const Format f = a ? a->termFormat : *resolveFormat(m_type->currentData().toString());
    const int n = a ? a->tree.terms() : m_terms->value();
    static std::uint64_t draw = 1;
    QStringList words;
    for (const std::uint64_t bits : reveal::randomTerms(f, n, draw++)) words << qs(shortestDecimal(f, bits));
    setInputText(words.join(QLatin1Char(' ')));
}

void SummationSection::selectNode(int side, int node) {
    m_selectedSide = side;
    m_selectedNode = node;
    m_views[std::size_t(side)]->setSelectedNode(node);
    m_views[std::size_t(1 - side)]->setSelectedNode(std::nullopt);
    m_tabs->setCurrentIndex(1);
    updateDetails();
}

void SummationSection::updateDetails() {
    const auto& a = m_revealed[0];
    if (!a) {
        m_results->setText(QString());
        m_nodeDetails->setText(QString());
        return;
    }
    const Format f = a->termFormat;
    QString error;
    const auto terms = parsedInput(f, error);
    if (!terms || terms->empty()) {
        m_results->setText(error.isEmpty()
                               ? tr("Type %1 terms or press Random terms to see each partial sum.").arg(a->tree.terms())
                               : error);
        m_nodeDetails->setText(QString());
        return;
    }
    if (int(terms->size()) != a->tree.terms()) {
        m_results->setText(tr("The tree has %1 terms; the input has %2.").arg(a->tree.terms()).arg(terms->size()));
        m_nodeDetails->setText(QString());
        return;
    }
    QStringList lines;
    std::array<std::optional<std::uint64_t>, 2> sums;
    for (int side = 0; side < 2; ++side) {
        const auto& r = m_revealed[std::size_t(side)];
        if (!r || !(r->termFormat == f) || r->tree.terms() != a->tree.terms()) continue;
        const auto nodes = reveal::replayNodes(r->tree, f, *terms, r->rules);
        const Result root = nodes[std::size_t(r->tree.root())];
        sums[std::size_t(side)] = root.bits;
        lines << tr("%1: %2 (bits %3)")
                     .arg(targetTitle(r->target).toHtmlEscaped(), exactDecimalText(r->rules.accumulator, root.bits),
                          qs(hexBits(r->rules.accumulator, root.bits)));
    }
    if (sums[0] && sums[1])
        lines << (*sums[0] == *sums[1] ? tr("Both orders give the same bits for this input.")
                                       : tr("<b>The two orders give different bits for this input.</b>"));
    m_results->setText(lines.join(QStringLiteral("<br>")));

    const auto& r = m_revealed[std::size_t(m_selectedSide)];
    if (!m_selectedNode || !r || !(r->termFormat == f) || *m_selectedNode >= r->tree.nodeCount()) {
        m_nodeDetails->setText(tr("Click a node of a tree to see its partial sum."));
        return;
    }
    const int node = *m_selectedNode;
    const auto nodes = reveal::replayNodes(r->tree, f, *terms, r->rules);
    const Result v = nodes[std::size_t(node)];
    const Format& acc = r->rules.accumulator;
    const double err = reveal::partialSumError(r->tree, node, f, *terms, acc, v.bits);
    const auto kids = r->tree.isLeaf(node) ? 0 : r->tree.children(node).size();
    const QString what =
        r->tree.isLeaf(node) ? tr("Term %1").arg(node)
        : kids == 2
            ? tr("An addition of %1 terms (from term %2)").arg(r->tree.leafCount(node)).arg(r->tree.firstLeaf(node))
            : tr("A fused addition of %1 operands, %2 terms (from term %3)")
                  .arg(kids)
                  .arg(r->tree.leafCount(node))
                  .arg(r->tree.firstLeaf(node));
    m_nodeDetails->setText(
        tr("<b>%1</b><br>Partial sum in %2: %3 (bits %4)<br>Its rounding error against the exact sum of "
           "its terms: %5<br>Flags of this addition: %6")
            .arg(what, qs(std::string(acc.name())), exactDecimalText(acc, v.bits), qs(hexBits(acc, v.bits)),
                 QString::number(err, 'g', 6), flagsText(v.flags)));
}

QString SummationSection::exportTree(TreeFile kind, const QString& path) const {
    const auto& a = m_revealed[0];
    if (!a) return tr("Nothing to export: reveal an order first.");
    if (kind == TreeFile::Text) {
        QString text;
        for (const auto& r : m_revealed)
            if (r) text += nameOf(r->target) + QLatin1Char('\t') + qs(reveal::bracketText(r->tree)) + QLatin1Char('\n');
        return saveFile(path, text.toUtf8());
    }
    return saveFile(path, m_views[0]->image(kind == TreeFile::Svg));
}

void SummationSection::exportWithDialog(TreeFile kind) {
    const QString filter = kind == TreeFile::Svg   ? tr("SVG pictures (*.svg)")
                           : kind == TreeFile::Png ? tr("PNG pictures (*.png)")
                                                   : tr("Text files (*.txt)");
    const QString suffix = kind == TreeFile::Svg   ? QStringLiteral(".svg")
                           : kind == TreeFile::Png ? QStringLiteral(".png")
                                                   : QStringLiteral(".txt");
    const QString path = askSaveFileName(this, tr("Export the tree"), QStringLiteral("summation-order") + suffix,
                                         filter);
    if (path.isEmpty()) return;
    const QString error = exportTree(kind, path);
    emit statusMessage(error.isEmpty() ? tr("Saved %1").arg(path) : error, error.isEmpty() ? 4000 : 0);
}

void SummationSection::prepareScreenshot(const QString&) {
    selectTarget(0, QStringLiteral("openblas-sgemm-m1"));
    selectTarget(1, QStringLiteral("openblas-sgemm-m64"));
    setTerms(32);
    setTypeName(QStringLiteral("fp32"));
    reveal();
    m_jobs->waitUntilIdle(60000);
    drawRandomInput();
}

} // namespace fplab::gui
