#pragma once

#include "HeatmapSpec.h"
#include "Session.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

class QWidget;

namespace ae {

class DeckExporter;

// What the File and Edit menus do with figures: ask where and how, write, report. Each
// returns a status-bar message (empty when nothing was done or an error was shown).
class ExportActions
{
    Q_DECLARE_TR_FUNCTIONS(ExportActions)

public:
    static QString exportFigures(QWidget* parent, const std::vector<Figure>& figures,
                                 const QString& description);
    static QString copyFigure(const std::vector<Figure>& figures, bool asData);
    // Writes the walkthrough deck of `session` with `exporter` (its query chosen, and for a
    // model session its forward and layer: DeckExporter::setModel); with a progress dialog
    // when `parent` is given. Returns an error message, or "" on success.
    static QString exportDeck(QWidget* parent, const Session& session, const DeckExporter& exporter,
                              const QString& path);
    static QString exportDeckDialog(QWidget* parent, const Session& session,
                                    const DeckExporter& exporter);
};

} // namespace ae
