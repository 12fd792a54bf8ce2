#pragma once

#include "FigureExporter.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace ae {

// Where and how to export figures: a directory, the formats, the PNG scale.
class ExportDialog : public QDialog
{
    Q_OBJECT
public:
    ExportDialog(const QString& what, QWidget* parent = nullptr);

    QString directory() const;
    QList<ExportFormat> formats() const;
    int pngScale() const;

private:
    void browse();
    void updateOk();

    QLineEdit* m_directory;
    QCheckBox* m_png;
    QCheckBox* m_svg;
    QCheckBox* m_pdf;
    QCheckBox* m_csv;
    QComboBox* m_scale;
};

} // namespace ae
