#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace ae {

// The most recently opened or saved session files, kept in QSettings, shown in a menu.
class RecentFiles : public QObject
{
    Q_OBJECT
public:
    static constexpr int MaxFiles = 8;

    explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);
    void add(const QString& path);
    QStringList files() const;

Q_SIGNALS:
    void openRequested(const QString& path);

private:
    void rebuildMenu();
    QMenu* m_menu;
};

} // namespace ae
