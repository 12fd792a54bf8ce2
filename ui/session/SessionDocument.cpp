#include "SessionDocument.h"

#include "SessionFile.h"

namespace ae {

SessionDocument::SessionDocument(QObject* parent) : QObject(parent) {}

void SessionDocument::setSession(const Session& session, const QString& filePath, bool modified)
{
    m_session = session;
    if (filePath != m_filePath) {
        m_filePath = filePath;
        Q_EMIT filePathChanged(m_filePath);
    }
    setModified(modified);
    Q_EMIT sessionChanged(m_session);
}

void SessionDocument::edit(const std::function<void(Session&)>& change)
{
    change(m_session);
    setModified(true);
    Q_EMIT sessionChanged(m_session);
}

QString SessionDocument::load(const QString& path, const QJsonObject& overrides)
{
    const SessionLoadResult loaded = SessionFile::load(path, overrides);
    if (loaded.issue)
        return loaded.issue->message;
    // Keys given on top of a file make it differ from the file; an untitled session made of
    // keys alone (--model FILE, --sentence TEXT) has nothing to lose: quitting asks nothing.
    setSession(loaded.session, path, !path.isEmpty() && !overrides.isEmpty());
    return {};
}

QString SessionDocument::saveAs(const QString& path)
{
    const QString error = SessionFile::save(path, m_session);
    if (!error.isEmpty())
        return error;
    if (path != m_filePath) {
        m_filePath = path;
        Q_EMIT filePathChanged(m_filePath);
    }
    setModified(false);
    return {};
}

void SessionDocument::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

} // namespace ae
