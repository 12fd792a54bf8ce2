#pragma once

#include "HeatmapSpec.h"
#include "Session.h"

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace ae {

struct ComputeResult;

// What the File and Edit menus do with figures: ask where and how, write, report. Each
// returns a status-bar message (empty when nothing was done or an error was shown).
class ExportActions
{
    Q_DECLARE_TR_FUNCTIONS(ExportActions)

public:
    static QString exportFigures(QWidget* parent, const std::vector<Figure>& figures,
                                 const QString& description);
    static QString copyFigure(const std::vector<Figure>& figures, bool asData);
    // Writes the walkthrough deck of `session`; with a progress dialog when `parent` is given.
    // Returns an error message, or "" on success. `compute` replaces the engine (a model
    // session's deck shows the selected layer's trace).
    using Compute = std::function<ComputeResult(const Session&)>;
    static QString exportDeck(QWidget* parent, const Session& session, int query,
                              const QString& path, Compute compute = {});
    static QString exportDeckDialog(QWidget* parent, const Session& session, int query,
                                    Compute compute = {});
};

} // namespace ae
