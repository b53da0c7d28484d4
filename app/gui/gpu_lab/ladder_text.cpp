// The rungs' ideas for translation (context fplab::gui::LadderText), word for word as gpu/ladder.cpp has them.
#include "app/gui/gpu_lab/ladder_text.h"

#include <QCoreApplication>

namespace fplab::gui {

namespace {

const char* const kIdeas[] = {
    QT_TRANSLATE_NOOP("fplab::gui::LadderText",
                      "one thread per output: k FMAs on the CUDA cores, every operand read from global memory"),
    QT_TRANSLATE_NOOP("fplab::gui::LadderText", "shared-memory tiles, one mma.sync per warp tile: tensor cores, each "
                                                "operand read from DRAM once per tile"),
    QT_TRANSLATE_NOOP("fplab::gui::LadderText", "ldmatrix fragment loads, 4 x 4 MMAs per warp per k-step (register "
                                                "blocking), padded shared memory"),
    QT_TRANSLATE_NOOP("fplab::gui::LadderText",
                      "a 4-stage cp.async pipeline (load tile s+3 while computing tile s) in 128 x 256 block tiles"),
    QT_TRANSLATE_NOOP("fplab::gui::LadderText", "Hopper: TMA copies swizzled tiles, mbarriers hand them from a "
                                                "producer warp group to two wgmma consumers"),
};

const char* known(const gpu::LadderRungInfo& rung) {
    for (const char* idea : kIdeas)
        if (rung.idea == idea) return idea;
    return nullptr;
}

} // namespace

QString ladderIdeaText(const gpu::LadderRungInfo& rung) {
    if (const char* idea = known(rung)) return QCoreApplication::translate("fplab::gui::LadderText", idea);
    return QString::fromUtf8(rung.idea.data(), qsizetype(rung.idea.size()));
}

bool ladderIdeaIsTranslatable(const gpu::LadderRungInfo& rung) { return known(rung) != nullptr; }

} // namespace fplab::gui
