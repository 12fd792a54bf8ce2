#pragma once

#include "Matrix.h"

#include <QImage>
#include <QWidget>

#include <vector>

namespace ae {

// The model view's grid: one small heatmap per layer (rows) and head (columns), labelled
// L1.. and H1.., the selected one framed. A click, or Enter after the arrow keys, chooses a
// head. The thumbnails' values are in [0, 1] (AttentionThumbnails); the widget only blits.
class ThumbnailGrid : public QWidget
{
    Q_OBJECT
public:
    explicit ThumbnailGrid(QWidget* parent = nullptr);

    // The images of thumbnailImages(), layer by layer; or the matrices, made images here.
    void setThumbnails(int layers, int heads, std::vector<QImage> images);
    void setThumbnails(int layers, int heads, const std::vector<Matrix>& thumbnails);
    void setSelected(int layer, int head);
    int layerCount() const { return m_layers; }
    int headCount() const { return m_heads; }
    int thumbnailCount() const { return int(m_images.size()); }
    // Where the thumbnail of (layer, head) is drawn (for tests and tooltips).
    QRect cellRect(int layer, int head) const;

    QSize sizeHint() const override;
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

Q_SIGNALS:
    void headChosen(int layer, int head);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;

private:
    int cellSize(int width) const;
    QSize labelSize() const;
    std::pair<int, int> cellAt(QPoint position) const;

    int m_layers = 0, m_heads = 0;
    // labelSize(), kept until the font or style changes: every cellRect() needs it, and
    // measuring "L00" shapes text (a paint of SmolLM2's 270 thumbnails measured it 540 times).
    mutable QSize m_labelSize;
    std::vector<QImage> m_images;
    int m_selectedLayer = -1, m_selectedHead = -1;
};

// One image per thumbnail, a cell per value in [0, 1] on the sequential colour scale. Any thread
// (a model's 144 thumbnails took 5 ms of the GUI thread at every keystroke).
std::vector<QImage> thumbnailImages(const std::vector<Matrix>& thumbnails);

} // namespace ae
