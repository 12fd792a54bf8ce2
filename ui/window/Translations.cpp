#include "Translations.h"

#include "DataDirectory.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QList>
#include <QLocale>
#include <QPointer>
#include <QTranslator>

#include <algorithm>

namespace ae {

namespace {

const QString English = QStringLiteral("en");
const QString SimplifiedChinese = QStringLiteral("zh_CN");

// The translators are children of the application, so that they go with it; QPointer
// notices when they did.
struct Installed
{
    QString language = English;
    QList<QPointer<QTranslator>> translators;
};

Installed& installed()
{
    static Installed state;
    return state;
}

void removeAll()
{
    Installed& state = installed();
    for (const QPointer<QTranslator>& translator : std::as_const(state.translators))
        delete translator.data(); // ~QTranslator removes it from the application
    state.translators.clear();
    state.language = English;
}

QTranslator* loaded(const QString& fileName, const QString& directory)
{
    auto* translator = new QTranslator(QCoreApplication::instance());
    if (translator->load(fileName, directory) && QCoreApplication::installTranslator(translator))
        return translator;
    delete translator;
    return nullptr;
}

} // namespace

QStringList Translations::available()
{
    return {English, SimplifiedChinese};
}

QString Translations::systemDefault()
{
    // The language of messages (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), not of numbers.
    const QStringList languages = QLocale::system().uiLanguages();
    const QLocale messages = languages.isEmpty() ? QLocale::system() : QLocale(languages.first());
    return messages.language() == QLocale::Chinese ? SimplifiedChinese : English;
}

QString Translations::displayName(const QString& language)
{
    if (language == SimplifiedChinese)
        return QStringLiteral("简体中文");
    return language == English ? QStringLiteral("English") : language;
}

bool Translations::install(const QString& language)
{
    removeAll();
    if (language == English)
        return true;
    if (!available().contains(language))
        return false;
    // Qt's first: the translator installed last is asked first, and the app's own words win.
    Installed& state = installed();
    if (QTranslator* qt = loaded(QStringLiteral("qtbase_") + language,
                                 QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        state.translators << qt;
    // The installed .qm first (share/attention-explorer/translations), then the embedded one.
    const QString fileName = QStringLiteral("attention-explorer_") + language;
    QTranslator* app = loaded(fileName, DataDirectory::translations());
    if (!app && DataDirectory::translations() != QLatin1StringView(":/i18n"))
        app = loaded(fileName, QStringLiteral(":/i18n"));
    if (!app) {
        removeAll();
        return false;
    }
    state.translators << app;
    state.language = language;
    return true;
}

QString Translations::current()
{
    // The translators went with their application: nothing is translated any more.
    const Installed& state = installed();
    const bool gone = std::any_of(state.translators.begin(), state.translators.end(),
                                  [](const QPointer<QTranslator>& t) { return t.isNull(); });
    return gone ? English : state.language;
}

} // namespace ae
