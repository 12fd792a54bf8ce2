#include "SessionDocument.h"

#include "SessionFile.h"

namespace ae {

SessionDocument::SessionDocument(QObject* parent) : QObject(parent) {}

void SessionDocument::setSession(const Session& session, const QString& filePath, bool modified)
{
    m_session = session;
    replaceFileState(filePath, modified);
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
    replaceFileState(path, false);
    return {};
}

// Both fields change before either signal: a listener (the autosave writes a record on each)
// never sees the new file with the old flag, e.g. keys on top of a file recorded as unmodified.
void SessionDocument::replaceFileState(const QString& filePath, bool modified)
{
    const bool pathChanged = filePath != m_filePath;
    const bool flagChanged = modified != m_modified;
    m_filePath = filePath;
    m_modified = modified;
    if (pathChanged)
        Q_EMIT filePathChanged(m_filePath);
    if (flagChanged)
        Q_EMIT modifiedChanged(m_modified);
}

void SessionDocument::setModified(bool modified)
{
    if (modified == m_modified)
        return;
    m_modified = modified;
    Q_EMIT modifiedChanged(modified);
}

} // namespace ae
