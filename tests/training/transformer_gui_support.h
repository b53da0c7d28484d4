// Shared by the transformer page's GUI tests: the page of a harness's Training section, a model small enough for a
// test (one-digit sums, one block of width 8) and the documented run that overflows.
#pragma once

#include "app/gui/training/transformer/transformer_panel.h"
#include "app/gui/training/transformer/transformer_settings.h"
#include "tests/training/training_gui_support.h"

namespace fplab::gui::testing {

inline TransformerPanel* transformerOf(GuiHarness& h) {
    TrainingSection* s = trainingOf(h);
    s->setModel(TrainingModel::Transformer);
    return s->transformer();
}

inline TransformerRunConfig tinyTransformerConfig(int steps) {
    TransformerRunConfig c;
    c.run.digits = 1;
    c.run.shape.dim = 8;
    c.run.shape.heads = 2;
    c.run.shape.layers = 1;
    c.run.shape.context = 5;
    c.run.batch = 8;
    c.run.learningRate = 0.01f;
    c.steps = steps;
    return c;
}

// The documented run of docs/training.md (`fplab-cli gpt --preset fp16 --unshifted-softmax --lr 0.5 --steps 40
// --every 10 --batch 4 --dim 16 --layers 1`): pure FP16 without max subtraction, which stops at step 2 on softmax.exp.
inline TransformerRunConfig overflowingTransformerConfig() {
    TransformerRunConfig c;
    c.preset = training::TransformerPreset::PureFp16;
    c.softmaxSubtractsMax = false;
    c.run.learningRate = 0.5f;
    c.run.batch = 4;
    c.run.shape.dim = 16;
    c.run.shape.layers = 1;
    c.steps = 40;
    return c;
}

} // namespace fplab::gui::testing
