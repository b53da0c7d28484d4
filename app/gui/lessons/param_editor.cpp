// Editors per parameter kind: combo boxes for formats, rounding modes and choices, a check box
// for booleans, a line edit otherwise; values are checked as they are typed.
#include "app/gui/lessons/param_editor.h"

#include "app/gui/common/format_choice.h"
#include "app/gui/common/lesson_language.h"
#include "app/gui/common/text_colour.h"
#include "app/gui/shell/theme.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace fplab::gui {

using namespace fplab::lessons;

ParamEditor::ParamEditor(const ExperimentSpec& spec, ParamList lessonValues, QWidget* parent)
    : QWidget(parent), m_problemLabel(new QLabel(this)) {
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    m_form = new QFormLayout;
    auto* form = m_form;
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    outer->addLayout(form);
    outer->addWidget(m_problemLabel);
    m_problemLabel->setWordWrap(true);
    m_problemLabel->hide();

    m_loading = true;
    for (const ParamSpec& p : spec.params) {
        Field f;
        f.spec = &p;
        f.lessonValue = QString::fromStdString(p.defaultValue);
        for (const auto& [name, value] : lessonValues)
            if (name == p.name) f.lessonValue = QString::fromStdString(value);
        switch (p.kind) {
        case ParamKind::Boolean: {
            auto* box = new QCheckBox(this);
            connect(box, &QCheckBox::toggled, this, &ParamEditor::onChanged);
            f.editor = box;
            break;
        }
        case ParamKind::Format:
        case ParamKind::Rounding:
        case ParamKind::Choice: {
            auto* combo = new QComboBox(this);
            QStringList items;
            if (p.kind == ParamKind::Format) {
                items = presetFormatNames();
                combo->setEditable(true); // custom formats such as e5m10-nosub can be typed
            } else {
                for (const std::string& c : p.choices) items.push_back(QString::fromStdString(c));
            }
            combo->addItems(items);
            connect(combo, &QComboBox::currentTextChanged, this, &ParamEditor::onChanged);
            f.editor = combo;
            break;
        }
        default: {
            auto* line = new QLineEdit(this);
            connect(line, &QLineEdit::textChanged, this, &ParamEditor::onChanged);
            f.editor = line;
        }
        }
        f.editor->setObjectName(QStringLiteral("param_%1").arg(QString::fromStdString(p.name)));
        f.label = new QLabel(QString::fromStdString(p.name), this);
        f.label->setWordWrap(true);
        form->addRow(f.label, f.editor);
        setTextOf(f, f.lessonValue);
        m_fields.push_back(f);
    }
    m_loading = false;
}

ParamEditor::~ParamEditor() = default;

QString ParamEditor::textOf(const Field& f) const {
    if (auto* box = qobject_cast<QCheckBox*>(f.editor))
        return box->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (auto* combo = qobject_cast<QComboBox*>(f.editor)) return combo->currentText().trimmed();
    return qobject_cast<QLineEdit*>(f.editor)->text().trimmed();
}

void ParamEditor::setTextOf(const Field& f, const QString& text) {
    if (auto* box = qobject_cast<QCheckBox*>(f.editor)) {
        std::string error;
        box->setChecked(parseBooleanParam(text.toStdString(), error).value_or(false));
    } else if (auto* combo = qobject_cast<QComboBox*>(f.editor)) {
        const int index = combo->findText(text, Qt::MatchFixedString);
        if (index >= 0) combo->setCurrentIndex(index);
        else combo->setCurrentText(text);
    } else {
        qobject_cast<QLineEdit*>(f.editor)->setText(text);
    }
}

ParamList ParamEditor::values() const {
    ParamList out;
    for (const Field& f : m_fields) out.emplace_back(f.spec->name, textOf(f).toStdString());
    return out;
}

bool ParamEditor::isModified() const {
    for (const Field& f : m_fields) {
        // Compare meanings, not spellings: "fp16" and "FP16", "true" and "yes".
        if (f.spec->kind == ParamKind::Boolean) {
            std::string error;
            if (parseBooleanParam(textOf(f).toStdString(), error) !=
                parseBooleanParam(f.lessonValue.toStdString(), error))
                return true;
        } else if (textOf(f).compare(f.lessonValue, Qt::CaseInsensitive) != 0) {
            return true;
        }
    }
    return false;
}

bool ParamEditor::setValue(const QString& name, const QString& text) {
    for (const Field& f : m_fields)
        if (QString::fromStdString(f.spec->name) == name) {
            setTextOf(f, text);
            return true;
        }
    return false;
}

void ParamEditor::resetToLesson() {
    m_loading = true;
    for (const Field& f : m_fields) setTextOf(f, f.lessonValue);
    m_loading = false;
    onChanged();
}

void ParamEditor::retranslate(Language language) {
    m_language = language;
    for (const Field& f : m_fields) {
        // The lesson files and `fplab-cli lesson --param` know a parameter by its English name; a
        // Chinese reader gets its description as the label and the name in the tooltip.
        const QString name = QString::fromStdString(f.spec->name);
        const QString help = uiText(language, f.spec->help);
        f.label->setText(language == Language::English ? name : help);
        // A Chinese label is the description, a sentence: it goes above its field, wrapped to the
        // panel's width (beside the field it would widen the lesson's column or be cut).
        const QString tip = tr("%1 (parameter %2)").arg(help, name);
        f.label->setToolTip(tip);
        f.editor->setToolTip(tip);
    }
    m_form->setRowWrapPolicy(language == Language::English ? QFormLayout::DontWrapRows : QFormLayout::WrapAllRows);
}

void ParamEditor::onChanged() {
    if (m_loading) return;
    m_problem.clear();
    for (const Field& f : m_fields) {
        const std::string error = checkParamValue(*f.spec, textOf(f).toStdString());
        if (!error.empty()) {
            m_problem = QString::fromStdString(error);
            break;
        }
    }
    m_problemLabel->setText(m_problem);
    setTextColour(m_problemLabel, warningColor);
    m_problemLabel->setVisible(!m_problem.isEmpty());
    if (m_problem.isEmpty()) emit edited();
}

} // namespace fplab::gui
