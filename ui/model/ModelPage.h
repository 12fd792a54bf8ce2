#pragma once

#include "Page.h"

#include <QWidget>

#include <memory>
#include <vector>

namespace ae {

struct ModelRun;

// A page that shows what only a checkpoint's forward has (every layer, the next token), beside
// the step pages that show one layer's attention as an ordinary trace.
class ModelPage : public QWidget, public Page
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString id() const = 0; // as PageCatalog's ids: "model_view"
    // The forward to show, the layer (from 0) and head (from 0) the window has selected.
    virtual void setRun(const std::shared_ptr<const ModelRun>& run, int layer, int head) = 0;

    QWidget* widget() override { return this; }
    QString pageId() const override { return id(); }
    bool appliesTo(ModelSource source) const override { return source == ModelSource::Checkpoint; }
    void showInput(const PageInput& input) override { setRun(input.run, input.layer, input.head); }
    bool showsFigureAsSlide() const override { return false; }
};

} // namespace ae
