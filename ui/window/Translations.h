#pragma once

#include <QString>
#include <QStringList>

namespace ae {

// The languages of the user interface. English is the source language; the others are Qt
// Linguist translations (resources/translations/*.ts), compiled into :/i18n/ of this library
// and installed to share/attention-explorer/translations, which an installed app reads first
// (DataDirectory).
// Installing a language also installs Qt's own translation of it (qtbase_<language>.qm from
// QLibraryInfo::TranslationsPath), so that standard dialogs and buttons match. Call after the
// QApplication exists and before the widgets are built: widgets take their texts when they
// are constructed, so switching later affects only what is built afterwards.
class Translations
{
public:
    static QStringList available(); // {"en", "zh_CN"}
    // "zh_CN" when the system's language for messages is Chinese, else "en".
    static QString systemDefault();
    // The language's name in itself, for a menu: "English", "简体中文".
    static QString displayName(const QString& language);

    // Removes the translators installed before and installs `language`'s (none for "en").
    // False for a language not in available() or whose translation cannot be loaded; the
    // interface is then English. A missing Qt translation is no failure: Qt's own dialogs
    // just stay English.
    static bool install(const QString& language);
    // The language installed last; "en" before any, and after the application that held the
    // translators was destroyed (install again into a new one).
    static QString current();
};

} // namespace ae
