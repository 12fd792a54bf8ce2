#pragma once

#include "HeatmapSpec.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace ae {

struct ModelRun;

// A page that shows what only a model session has (the forward of every layer, the next
// token), beside the step pages that show one layer's attention as an ordinary trace.
class ModelPage : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString id() const = 0; // as PageCatalog's ids: "model_view"
    // The forward to show, the layer (from 0) and head (from 0) the window has selected.
    virtual void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) = 0;
    // The figures now shown (for export, the clipboard and presentation mode).
    virtual std::vector<Figure> currentFigures() const = 0;
};

} // namespace ae
