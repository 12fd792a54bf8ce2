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

std::vector<PageEntry> createPages(const PageContext& context)
{
    auto* modelView = new ModelViewPage(context.parent);
    if (context.chooseHead)
        QObject::connect(modelView, &ModelViewPage::headChosen, modelView, context.chooseHead);
    std::vector<PageEntry> pages{{new TokensPage(context.parent), TokensPage::tr("Tokens")},
                                 {modelView, ModelViewPage::tr("Model view")}};
    for (PageDefinition& definition : pageCatalog()) {
        const QString title = definition.title;
        auto* page = new FigurePage(std::move(definition), context.selection, context.parent,
                                    context.scales);
        if (context.figuresShown)
            QObject::connect(page, &FigurePage::figuresShown, page,
                             [page, shown = context.figuresShown] { shown(page); });
        pages.push_back({page, title});
    }
    auto* flash = new FlashPage(context.selection, context.parent);
    if (context.figuresShown)
        QObject::connect(flash, &FlashPage::figuresShown, flash,
                         [flash, shown = context.figuresShown] { shown(flash); });
    pages.push_back({flash, FlashPage::tr("Flash")});
    pages.push_back({new HeadViewPage(context.parent), HeadViewPage::tr("Head view")});
    pages.push_back({new NextTokensPage(context.parent), NextTokensPage::tr("Next token")});
    auto* roles = new HeadRolesPage(context.parent);
    if (context.figuresShown)
        QObject::connect(roles, &HeadRolesPage::figuresShown, roles,
                         [roles, shown = context.figuresShown] { shown(roles); });
    pages.push_back({roles, HeadRolesPage::tr("Head roles")});
    auto* ablation = new AblationPage(context.parent);
    if (context.figuresShown)
        QObject::connect(ablation, &AblationPage::figuresShown, ablation,
                         [ablation, shown = context.figuresShown] { shown(ablation); });
    pages.push_back({ablation, AblationPage::tr("Ablation")});
    auto* generate = new GeneratePage(context.parent);
    if (context.figuresShown)
        QObject::connect(generate, &GeneratePage::figuresShown, generate,
                         [generate, shown = context.figuresShown] { shown(generate); });
    pages.push_back({generate, GeneratePage::tr("Generate")});
    return pages;
}

} // namespace ae
