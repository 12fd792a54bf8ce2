#include "MainWindow.h"

#include <QLabel>

namespace ae {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent)
{
    setWindowTitle(tr("Attention Explorer"));
    setCentralWidget(new QLabel(tr("Attention Explorer"), this));
    resize(1200, 800);
}

} // namespace ae
