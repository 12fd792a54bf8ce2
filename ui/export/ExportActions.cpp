#include "ExportActions.h"

#include "DeckExporter.h"
#include "ExportDialog.h"
#include "FigureExporter.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>

namespace ae {

QString ExportActions::exportFigures(QWidget* parent, const std::vector<Figure>& figures,
                                     const QString& description)
{
    if (figures.empty()) {
        QMessageBox::information(parent, tr("Export"), tr("This page has no figures to export."));
        return {};
    }
    ExportDialog dialog(description, parent);
    if (dialog.exec() != QDialog::Accepted)
        return {};
    if (!QDir().mkpath(dialog.directory())) {
        QMessageBox::warning(parent, tr("Export"),
                             tr("Cannot create the folder %1.").arg(dialog.directory()));
        return {};
    }
    const FigureExporter exporter;
    QStringList errors;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    for (const Figure& figure : figures) {
        const QString error =
            exporter.writeAll(figure, dialog.formats(), dialog.directory(), dialog.pngScale());
        if (!error.isEmpty())
            errors << error;
    }
    QApplication::restoreOverrideCursor();
    if (!errors.isEmpty()) {
        QMessageBox::warning(parent, tr("Export"), errors.join(u'\n'));
        return {};
    }
    return tr("Exported %1 figure(s) to %2")
        .arg(figures.size())
        .arg(QDir::toNativeSeparators(dialog.directory()));
}

QString ExportActions::copyFigure(const std::vector<Figure>& figures, bool asData)
{
    if (figures.empty())
        return {};
    const FigureExporter exporter;
    if (asData)
        QApplication::clipboard()->setText(
            QString::fromUtf8(exporter.render(figures.front(), ExportFormat::Csv)));
    else
        exporter.copyToClipboard(figures.front());
    return tr("Copied \"%1\"").arg(figures.front().title);
}

QString ExportActions::exportDeck(QWidget* parent, const Session& session,
                                  const DeckExporter& exporter, const QString& path)
{
    if (!parent)
        return exporter.write(session, path);
    QProgressDialog progress(tr("Writing the walkthrough deck…"), tr("Cancel"), 0, exporter.pages(),
                             parent);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    return exporter.write(session, path, [&progress](int step, int total) {
        progress.setMaximum(total);
        progress.setValue(step);
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
}

QString ExportActions::exportDeckDialog(QWidget* parent, const Session& session,
                                        const DeckExporter& exporter)
{
    QString path = QFileDialog::getSaveFileName(
        parent, tr("Export Walkthrough Deck"),
        QSettings().value(QStringLiteral("export/deck"), tr("walkthrough.pdf")).toString(),
        tr("PDF (*.pdf)"));
    if (path.isEmpty())
        return {};
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pdf");
    QSettings().setValue(QStringLiteral("export/deck"), path);
    const QString error = exportDeck(parent, session, exporter, path);
    if (!error.isEmpty()) {
        QMessageBox::warning(parent, tr("Export Walkthrough Deck"), error);
        return {};
    }
    return tr("Wrote %1").arg(QDir::toNativeSeparators(path));
}

} // namespace ae
