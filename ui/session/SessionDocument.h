#pragma once

#include "Session.h"

#include <QJsonObject>
#include <QObject>
#include <QString>

#include <functional>

namespace ae {

// The session being edited: its values, the file it came from and whether it has unsaved
// changes. Every edit goes through edit() or setSession() and is announced once.
class SessionDocument : public QObject
{
    Q_OBJECT
public:
    explicit SessionDocument(QObject* parent = nullptr);

    const Session& session() const { return m_session; }
    QString filePath() const { return m_filePath; }
    bool isModified() const { return m_modified; }

    // Replaces the whole session (a loaded file, a sample, a recovered autosave); `modified`
    // says whether it differs from the file (command-line overrides, an unsaved recovery).
    void setSession(const Session& session, const QString& filePath = {}, bool modified = false);
    // Changes some keys; marks the document modified.
    void edit(const std::function<void(Session&)>& change);

    // Empty string on success, else the message.
    // `overrides` replace the file's keys (command-line flags); an empty path starts from
    // the defaults.
    QString load(const QString& path, const QJsonObject& overrides = {});
    QString saveAs(const QString& path);

Q_SIGNALS:
    void sessionChanged(const ae::Session& session);
    void modifiedChanged(bool modified);
    void filePathChanged(const QString& path);

private:
    void setModified(bool modified);
    void replaceFileState(const QString& filePath, bool modified);

    Session m_session;
    QString m_filePath;
    bool m_modified = false;
};

} // namespace ae
