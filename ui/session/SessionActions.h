#pragma once

#include <QJsonObject>
#include <QObject>

class QMenu;
class QWidget;

namespace ae {

class RecentFiles;
class SessionDocument;

// The File menu's session commands for a window: new, open (file, recent, sample), save,
// save as, the unsaved-changes question, and the recovery offer after a crash. Messages
// and dialogs belong to `window`.
class SessionActions : public QObject
{
    Q_OBJECT
public:
    SessionActions(QWidget* window, SessionDocument* document, QMenu* recentMenu);

    // False (with a message box unless quiet) when the file cannot be opened. A model (a
    // checkpoint file, its folder or its config.json: looksLikeModel) is opened as openModel
    // does, whichever command was used.
    bool openSession(const QString& path, const QJsonObject& overrides = {}, bool quiet = false);
    // A new untitled session computed by the model at `path`, on the sentence shown now; the
    // model goes into Open Recent. Whether it can be read is known when it is computed (the
    // window then says why not).
    void openModel(const QString& path);
    void openModelDialog();
    void openSample(const QString& resourcePath); // as a new, untitled session
    void offerRecovery();
    void newSession();
    void openDialog();
    bool save();
    bool saveAs();
    // Asks before unsaved changes are lost; false: the user cancelled.
    bool maybeSave();

Q_SIGNALS:
    // Emitted, synchronously, before a command of this object (Open Recent) replaces the
    // session: the window gives back a session the walkthrough holds, so that what the
    // unsaved-changes question protects is the user's own work.
    void aboutToReplaceSession();

private:
    QWidget* m_window;
    SessionDocument* m_document;
    RecentFiles* m_recent;
};

} // namespace ae
