#pragma once

#include "MainWindow.h"

#include <QJsonObject>
#include <QObject>
#include <QPointer>

namespace ae {

// Owns the main window and rebuilds it when the language changes: widgets take their texts
// when they are built, so a new language means a new window, which takes over the session
// (unsaved changes included), the page and the geometry of the old one.
class WindowHost : public QObject
{
    Q_OBJECT
public:
    struct Start
    {
        QString sessionPath;
        QJsonObject overrides;
        QString page;
        bool present = false;
        int layer = 0;           // --layer, from 1 (0: not given)
        QString trainingSession; // --train without a headless mode: the lab opens on it
    };

    explicit WindowHost(QObject* parent = nullptr);
    ~WindowHost() override;

    // The language to start in: `requested` (--lang) if not empty; else for the window the last
    // one chosen in its menu, else the system's; else (the command line's modes and messages)
    // the environment's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), never the window's choice.
    // Installs it; false for an unknown language.
    static bool installStartLanguage(const QString& requested, bool window);

    MainWindow* window() const { return m_window; }
    void show(const Start& start);
    // Installs `language`, saves it as the choice, and replaces the window.
    void switchLanguage(const QString& language);

private:
    MainWindow* createWindow();

    QPointer<MainWindow> m_window;
};

} // namespace ae
