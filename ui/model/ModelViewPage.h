#pragma once

#include "ModelPage.h"

#include "AttentionThumbnails.h"

#include <QElapsedTimer>
#include <QImage>

#include <atomic>
#include <vector>

class QLabel;

namespace ae {

class ThumbnailGrid;

// BertViz's "model view": every layer's and head's attention weights as thumbnails, computed
// off the GUI thread from the forward (AttentionThumbnails), newest forward wins. Choosing a
// thumbnail selects its layer and head (headChosen) for the step pages.
class ModelViewPage : public ModelPage
{
    Q_OBJECT
public:
    // The status says "computing" only when the thumbnails take longer than this.
    static constexpr int StatusDelayMs = 150;

    explicit ModelViewPage(QWidget* parent = nullptr);

    QString id() const override { return QStringLiteral("model_view"); }
    void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) override;
    // Lets go of the forward (the thumbnails stay: small, and the next forward resumes them).
    void release() override;
    std::vector<Figure> currentFigures() const override;
    ThumbnailGrid* grid() const { return m_grid; }
    // The newest forward's thumbnails are still being computed.
    bool isUpdatePending() const { return m_run && m_shownRun != m_run; }

Q_SIGNALS:
    void headChosen(int layer, int head);
    // The thumbnails of the newest forward are shown.
    void thumbnailsReady();

private:
    // A view job's result: the thumbnails and their images, both made off the GUI thread.
    struct ThumbnailJob
    {
        std::shared_ptr<const Thumbnails> thumbnails;
        std::vector<QImage> images;
    };
    void showThumbnails(ThumbnailJob job);

    QLabel* m_explanation;
    QLabel* m_status;
    ThumbnailGrid* m_grid;
    std::shared_ptr<const ModelRun> m_run;
    std::shared_ptr<const ModelRun> m_shownRun;     // whose thumbnails are shown
    std::shared_ptr<const Thumbnails> m_thumbnails; // m_shownRun's, shared with the next job
    QElapsedTimer m_started;                        // of the newest thumbnails' computation
    // Shared with the running computation, which gives up when a newer forward arrived.
    std::shared_ptr<std::atomic<quint64>> m_generation;
};

} // namespace ae
