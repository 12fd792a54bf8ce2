#pragma once

#include "ModelRegistry.h"
#include "Page.h"

#include <QObject>
#include <QSet>

#include <optional>
#include <vector>

class QTabWidget;

namespace ae {

struct PageContext;

// The window's pages in their tabs (createPages()): which apply to what computes the session,
// which is on screen, and what each shows. Only the page on screen is built from the newest
// input; the others let go of their old trace and figures, which would otherwise stay pinned
// in memory (a grid of heads at 4096 tokens derives some 800 MB of weights), and are built
// when shown.
class PageStack : public QObject
{
    Q_OBJECT
public:
    PageStack(const PageContext& context, QObject* parent);

    QTabWidget* tabs() const { return m_tabs; }
    const std::vector<Page*>& pages() const { return m_pages; }
    Page* current() const;
    // The id of the page on screen ("tokens" before any).
    QString currentId() const;
    Page* find(const QString& id) const;

    // Shows the tabs of the pages that apply to sessions computed by `source` (and, once an
    // input arrives, to that input: Page::appliesToInput).
    void showApplicable(ModelSource source);
    // Every page is to show `input`: the page on screen now, the others once shown.
    void setInput(const PageInput& input);
    // Nothing to show (the session's model could not be computed): every page lets go.
    void clear();
    // The tab shown changed: builds its page if it does not show the newest input yet.
    void refreshCurrent();

private:
    QTabWidget* m_tabs;
    ModelSource m_source = ModelSource::SeedModule;
    std::vector<Page*> m_pages; // in tab order
    std::optional<PageInput> m_input;
    QSet<QWidget*> m_stale; // pages not yet showing m_input
};

} // namespace ae
