#include "PageStack.h"

#include "PageTabs.h"
#include "WindowPages.h"

namespace ae {

PageStack::PageStack(const PageContext& context, QObject* parent)
    : QObject(parent), m_tabs(new PageTabs(context.parent))
{
    m_tabs->setDocumentMode(true);
    for (const PageEntry& entry : createPages(context)) {
        m_pages.push_back(entry.page);
        m_tabs->setTabToolTip(m_tabs->addTab(entry.page->widget(), entry.title), entry.title);
    }
}

Page* PageStack::current() const
{
    for (Page* page : m_pages)
        if (page->widget() == m_tabs->currentWidget())
            return page;
    return nullptr;
}

QString PageStack::currentId() const
{
    const Page* page = current();
    return page ? page->pageId() : QStringLiteral("tokens");
}

Page* PageStack::find(const QString& id) const
{
    for (Page* page : m_pages)
        if (page->pageId() == id)
            return page;
    return nullptr;
}

void PageStack::showApplicable(ModelSource source)
{
    m_source = source;
    // The input shown meanwhile still decides for pages that depend on it (the RoPE page of a
    // checkpoint without rotary positions stays hidden while the next result is computed).
    for (Page* page : m_pages)
        m_tabs->setTabVisible(m_tabs->indexOf(page->widget()),
                              page->appliesTo(source) &&
                                  (!m_input || page->appliesToInput(*m_input)));
}

void PageStack::setInput(const PageInput& input)
{
    m_input = input;
    for (Page* page : m_pages)
        m_tabs->setTabVisible(m_tabs->indexOf(page->widget()),
                              page->appliesTo(m_source) && page->appliesToInput(input));
    m_stale.clear();
    for (Page* page : m_pages) {
        m_stale.insert(page->widget());
        if (page->widget() != m_tabs->currentWidget())
            page->release();
    }
    refreshCurrent();
}

void PageStack::clear()
{
    m_input.reset();
    m_stale.clear();
    for (Page* page : m_pages)
        page->release();
}

void PageStack::refreshCurrent()
{
    Page* page = current();
    if (m_input && page && m_stale.remove(page->widget()))
        page->showInput(*m_input);
}

} // namespace ae
