#include "WindowPages.h"

#include "AblationPage.h"
#include "FigurePage.h"
#include "FlashPage.h"
#include "GeneratePage.h"
#include "HeadRolesPage.h"
#include "HeadViewPage.h"
#include "ModelViewPage.h"
#include "NextTokensPage.h"
#include "PageCatalog.h"
#include "TokensPage.h"

namespace ae {

namespace {

// A page whose figures arrive later than its input (built in the background) tells the
// window when they are on screen (PageContext::figuresShown).
template <typename P>
PageEntry withFiguresShown(P* page, const QString& title, const PageContext& context)
{
    if (context.figuresShown)
        QObject::connect(page, &P::figuresShown, page,
                         [page, shown = context.figuresShown] { shown(page); });
    return {page, title};
}

} // namespace

std::vector<PageEntry> createPages(const PageContext& context)
{
    auto* modelView = new ModelViewPage(context.parent);
    if (context.chooseHead)
        QObject::connect(modelView, &ModelViewPage::headChosen, modelView, context.chooseHead);
    std::vector<PageEntry> pages{{new TokensPage(context.parent), TokensPage::tr("Tokens")},
                                 {modelView, ModelViewPage::tr("Model view")}};
    for (PageDefinition& definition : pageCatalog()) {
        const QString title = definition.title;
        pages.push_back(withFiguresShown(new FigurePage(std::move(definition), context.selection,
                                                        context.parent, context.scales),
                                         title, context));
    }
    pages.push_back(withFiguresShown(new FlashPage(context.selection, context.parent),
                                     FlashPage::tr("Flash"), context));
    pages.push_back({new HeadViewPage(context.parent), HeadViewPage::tr("Head view")});
    pages.push_back({new NextTokensPage(context.parent), NextTokensPage::tr("Next token")});
    pages.push_back(withFiguresShown(new HeadRolesPage(context.parent),
                                     HeadRolesPage::tr("Head roles"), context));
    pages.push_back(
        withFiguresShown(new AblationPage(context.parent), AblationPage::tr("Ablation"), context));
    pages.push_back(
        withFiguresShown(new GeneratePage(context.parent), GeneratePage::tr("Generate"), context));
    return pages;
}

} // namespace ae
