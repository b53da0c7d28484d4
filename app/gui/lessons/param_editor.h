// The editable parameters of one experiment block: a form built from the experiment's
// declared parameters, starting from the lesson's values, with a reset to them.
#pragma once

#include "lessons/experiment_registry.h"

#include <QWidget>

#include <vector>

class QFormLayout;
class QLabel;

namespace fplab::gui {

class ParamEditor final : public QWidget {
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ParamEditor)

public:
    // `lessonValues` are the block's parameters as the lesson file gives them.
    ParamEditor(const lessons::ExperimentSpec& spec, lessons::ParamList lessonValues, QWidget* parent = nullptr);
    ~ParamEditor() override;

    // Every parameter's current text (defaults included), in declared order.
    lessons::ParamList values() const;
    // The problem with the current values, or empty when all are valid.
    QString problem() const { return m_problem; }
    // True when some value differs from the lesson's.
    bool isModified() const;
    // Sets one parameter's text (as if typed); false when there is no such parameter.
    bool setValue(const QString& name, const QString& text);
    void resetToLesson();
    void retranslate(lessons::Language language);

signals:
    // A value changed and all values are valid.
    void edited();

private:
    struct Field {
        const lessons::ParamSpec* spec = nullptr;
        QWidget* editor = nullptr;
        QLabel* label = nullptr;
        QString lessonValue;
    };
    QString textOf(const Field& f) const;
    void setTextOf(const Field& f, const QString& text);
    void onChanged();

    std::vector<Field> m_fields;
    QFormLayout* m_form;
    QLabel* m_problemLabel;
    QString m_problem;
    bool m_loading = false;
    lessons::Language m_language = lessons::Language::English;
};

} // namespace fplab::gui
