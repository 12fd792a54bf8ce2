#include "UserGuideDialog.h"

#include "Translations.h"

#include <QDialogButtonBox>
#include <QFile>
#include <QTextBrowser>
#include <QUrl>
#include <QVBoxLayout>

namespace ae {

UserGuideDialog::UserGuideDialog(QWidget* parent)
    : QDialog(parent), m_browser(new QTextBrowser(this))
{
    setWindowTitle(tr("Attention Explorer User Guide"));
    m_browser->setOpenExternalLinks(true);
    m_browser->setSource(QUrl(QStringLiteral("qrc") + guidePath(Translations::current())));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_browser, 1);
    layout->addWidget(buttons);
    // About 80 characters wide and 40 lines tall, within the screen.
    const QFontMetrics fm(m_browser->font());
    resize(fm.averageCharWidth() * 90, fm.lineSpacing() * 40);
}

QString UserGuideDialog::guidePath(const QString& language)
{
    const QString translated = QStringLiteral(":/guide/guide_%1.html").arg(language);
    return QFile::exists(translated) ? translated : QStringLiteral(":/guide/guide.html");
}

} // namespace ae
