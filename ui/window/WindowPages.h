#pragma once

#include <QString>

#include <functional>
#include <vector>

class QWidget;

namespace ae {

class CellSelection;
class ColorScaleChoice;
class Page;

// What a page may need from the window that shows it.
struct PageContext
{
    QWidget* parent = nullptr;
    CellSelection* selection = nullptr; // the inspected cell, shared by the figure pages
    ColorScaleChoice* scales = nullptr; // one colour scale of the weights for every page
    // Opens a head: the layer (from 0) on the step pages, its head chosen (the model view's
    // thumbnails).
    std::function<void(int layer, int head)> chooseHead;
    // A page's figures arrived (computed in the background after showInput).
    std::function<void(Page* page)> figuresShown;
};

struct PageEntry
{
    Page* page = nullptr;
    QString title;
};

// Every page of the window, in tab order: the tokens, a checkpoint's model view (an overview
// before the steps of one layer), the steps of attention (PageCatalog), the flash kernel's tiles,
// then a checkpoint's head view, next tokens, head roles, ablation and generation. Which apply to a
// session each page says itself (Page::appliesTo).
std::vector<PageEntry> createPages(const PageContext& context);

} // namespace ae
