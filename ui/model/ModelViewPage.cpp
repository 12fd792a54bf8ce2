#include "ModelViewPage.h"

#include "AttentionThumbnails.h"
#include "GuiFirst.h"
#include "ModelFigures.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "ThumbnailGrid.h"
#include "TransformerModel.h"
#include "ViewJobs.h"
#include "WrappedLabel.h"

#include <QLabel>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

namespace ae {

ModelViewPage::ModelViewPage(QWidget* parent)
    : ModelPage(parent), m_explanation(new WrappedLabel(this)), m_status(new QLabel(this)),
      m_grid(new ThumbnailGrid(this)), m_generation(std::make_shared<std::atomic<quint64>>(0))
{
    m_explanation->setText(
        tr("Every head of every layer at a glance (BertViz's model view): each thumbnail is a "
           "head's attention weights, queries down, keys across, each row on its own scale "
           "(darkest = where that query looks most). Heads that look at the previous token show "
           "a line under the diagonal, heads that look at the first token a dark first column. "
           "Click a thumbnail (or use the arrow keys and Enter) to open it in the step pages."));
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(m_grid);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_explanation);
    layout->addWidget(m_status);
    layout->addWidget(scroll, 1);
    connect(m_grid, &ThumbnailGrid::headChosen, this, &ModelViewPage::headChosen);
}

void ModelViewPage::setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head)
{
    m_grid->setSelected(layer, head);
    if (run == m_run)
        return;
    m_run = run;
    m_started.start();
    const quint64 generation = ++*m_generation;
    if (!run)
        return;
    // Said only when it takes a while: a label's new text lays the page out again (the
    // explanation's wrapped text measured anew), which a keystroke's update can do without.
    const std::size_t heads = run->trace->layers.size() * std::size_t(run->trace->headCount());
    QTimer::singleShot(StatusDelayMs, this, [this, generation, heads] {
        if (generation == m_generation->load() && isUpdatePending())
            m_status->setText(tr("Computing the thumbnails of %1 heads…").arg(heads));
    });
    // The shown thumbnails' rows of the unchanged prefix are kept (shared: the job only reads).
    runThenDeliver(
        viewJobs(), this,
        [run, previous = m_thumbnails, generation, latest = m_generation] {
            runBehindTheGui();
            ThumbnailJob job;
            job.thumbnails = std::make_shared<const Thumbnails>(attentionThumbnails(
                *run->trace, ThumbnailSide, [&] { return generation != latest->load(); },
                previous.get()));
            if (generation == latest->load())
                job.images = thumbnailImages(job.thumbnails->heads);
            return job;
        },
        [this, generation](ThumbnailJob job) {
            if (generation == m_generation->load()) // else a newer forward is coming
                showThumbnails(std::move(job));
        });
}

void ModelViewPage::release()
{
    ++*m_generation; // a running job gives up
    m_run.reset();
    m_shownRun.reset();
}

void ModelViewPage::showThumbnails(ThumbnailJob job)
{
    const ModelTrace& trace = *m_run->trace;
    m_thumbnails = std::move(job.thumbnails);
    m_shownRun = m_run;
    m_grid->setThumbnails(int(trace.layers.size()), trace.headCount(), std::move(job.images));
    m_status->setText(tr("%1 layers × %2 heads, %3 tokens (thumbnails in %4 ms).")
                          .arg(trace.layers.size())
                          .arg(trace.headCount())
                          .arg(trace.tokenCount())
                          .arg(m_started.elapsed()));
    Q_EMIT thumbnailsReady();
}

std::vector<Figure> ModelViewPage::currentFigures() const
{
    if (!m_run || !m_thumbnails || m_thumbnails->heads.empty())
        return {};
    return {modelfigures::modelView(*m_run->trace, m_thumbnails->heads)};
}

} // namespace ae
