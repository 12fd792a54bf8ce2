#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

namespace ae {

// Horizontal bars, one per row: a label, a bar as long as the value (0..1) and the value as a
// percentage. Painted, so that a hundred rows cost nothing and fonts follow the zoom.
class NextTokenBars : public QWidget
{
    Q_OBJECT
public:
    explicit NextTokenBars(QWidget* parent = nullptr);

    void setRows(QStringList labels, std::vector<float> values);
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    int rowHeight() const;
    int labelWidth() const;

    QStringList m_labels;
    std::vector<float> m_values;
};

} // namespace ae
