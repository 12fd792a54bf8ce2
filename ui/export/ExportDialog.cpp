#include "ExportDialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>

namespace ae {

ExportDialog::ExportDialog(const QString& what, QWidget* parent)
    : QDialog(parent), m_directory(new QLineEdit(this)),
      m_png(new QCheckBox(QStringLiteral("PNG"), this)),
      m_svg(new QCheckBox(QStringLiteral("SVG"), this)),
      m_pdf(new QCheckBox(QStringLiteral("PDF"), this)),
      m_csv(new QCheckBox(tr("CSV (the numbers)"), this)), m_scale(new QComboBox(this))
{
    setWindowTitle(tr("Export Figures"));
    QSettings settings;
    m_directory->setText(
        settings
            .value(QStringLiteral("export/directory"),
                   QStandardPaths::writableLocation(QStandardPaths::PicturesLocation))
            .toString());
    m_png->setChecked(settings.value(QStringLiteral("export/png"), true).toBool());
    m_svg->setChecked(settings.value(QStringLiteral("export/svg"), false).toBool());
    m_pdf->setChecked(settings.value(QStringLiteral("export/pdf"), true).toBool());
    m_csv->setChecked(settings.value(QStringLiteral("export/csv"), false).toBool());
    for (int scale : {1, 2, 4})
        m_scale->addItem(QStringLiteral("%1×").arg(scale), scale);
    m_scale->setCurrentIndex(
        m_scale->findData(settings.value(QStringLiteral("export/scale"), 2).toInt()));

    auto* browse = new QPushButton(tr("&Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto* directoryRow = new QHBoxLayout;
    directoryRow->addWidget(m_directory, 1);
    directoryRow->addWidget(browse);
    auto* formatRow = new QHBoxLayout;
    for (QCheckBox* box : {m_png, m_svg, m_pdf, m_csv}) {
        formatRow->addWidget(box);
        connect(box, &QCheckBox::toggled, this, &ExportDialog::updateOk);
    }
    auto* form = new QFormLayout;
    form->addRow(new QLabel(what, this));
    // A row label given as text gets a buddy only beside a widget, not beside a layout, and
    // without one its "&" is shown literally.
    auto* folderLabel = new QLabel(tr("&Folder:"), this);
    folderLabel->setBuddy(m_directory);
    form->addRow(folderLabel, directoryRow);
    form->addRow(tr("Formats:"), formatRow);
    form->addRow(tr("PNG &scale:"), m_scale);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        QSettings s;
        s.setValue(QStringLiteral("export/directory"), directory());
        s.setValue(QStringLiteral("export/png"), m_png->isChecked());
        s.setValue(QStringLiteral("export/svg"), m_svg->isChecked());
        s.setValue(QStringLiteral("export/pdf"), m_pdf->isChecked());
        s.setValue(QStringLiteral("export/csv"), m_csv->isChecked());
        s.setValue(QStringLiteral("export/scale"), pngScale());
        accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_directory, &QLineEdit::textChanged, this, &ExportDialog::updateOk);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    updateOk();
}

QString ExportDialog::directory() const
{
    return m_directory->text().trimmed();
}

QList<ExportFormat> ExportDialog::formats() const
{
    QList<ExportFormat> list;
    if (m_png->isChecked())
        list << ExportFormat::Png;
    if (m_svg->isChecked())
        list << ExportFormat::Svg;
    if (m_pdf->isChecked())
        list << ExportFormat::Pdf;
    if (m_csv->isChecked())
        list << ExportFormat::Csv;
    return list;
}

int ExportDialog::pngScale() const
{
    return m_scale->currentData().toInt();
}

void ExportDialog::browse()
{
    const QString chosen = QFileDialog::getExistingDirectory(this, tr("Export to"), directory());
    if (!chosen.isEmpty())
        m_directory->setText(QDir::toNativeSeparators(chosen));
}

void ExportDialog::updateOk()
{
    if (auto* buttons = findChild<QDialogButtonBox*>())
        buttons->button(QDialogButtonBox::Ok)
            ->setEnabled(!directory().isEmpty() && !formats().isEmpty());
}

} // namespace ae
