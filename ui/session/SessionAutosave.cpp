#include "SessionAutosave.h"

#include "InstanceLock.h"
#include "SessionDocument.h"
#include "SessionFile.h"
#include "SessionJson.h"
#include "ViewJobs.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace ae {

namespace {

QString lockPathFor(const QString& autosavePath)
{
    QString path = autosavePath;
    path.chop(5); // ".json"
    return path + QStringLiteral(".lock");
}

} // namespace

SessionAutosave::SessionAutosave(SessionDocument* document, QObject* parent)
    : QObject(parent), m_document(document), m_timer(this) // a child: tests find it
{
    const bool folderMade = QDir().mkpath(directory());
    const QString id = QUuid::createUuid().toString(QUuid::WithoutBraces);
    m_path = QDir(directory()).filePath(id + QStringLiteral(".json"));
    m_lock = std::make_unique<InstanceLock>(lockPathFor(m_path));
    m_timer.setObjectName(QStringLiteral("autosave_timer"));
    m_timer.setSingleShot(true);
    m_timer.setInterval(DelayMs);
    m_writes.setMaxThreadCount(1);
    connect(&m_timer, &QTimer::timeout, this, [this] { writeInBackground(); });
    connect(document, &SessionDocument::sessionChanged, &m_timer, qOverload<>(&QTimer::start));
    // Saved (or saved under another name): the record must say so at once.
    connect(document, &SessionDocument::modifiedChanged, this, [this] { saveNow(); });
    connect(document, &SessionDocument::filePathChanged, this, [this] { saveNow(); });
    // Losing the focus ends a burst of edits: nothing waits for the debounce then.
    if (auto* app = qobject_cast<QGuiApplication*>(QCoreApplication::instance()))
        connect(app, &QGuiApplication::applicationStateChanged, this,
                [this](Qt::ApplicationState state) {
                    if (state != Qt::ApplicationActive && m_timer.isActive())
                        saveNow();
                });
    if (!folderMade || !m_lock->isHeld())
        QTimer::singleShot(0, this, [this] {
            report(tr("cannot write the autosave folder %1: edits are not kept if the app stops "
                      "unexpectedly")
                       .arg(QDir::toNativeSeparators(directory())));
        });
}

void SessionAutosave::report(const QString& error)
{
    if (error.isEmpty()) {
        m_warned = false;
        return;
    }
    if (m_warned)
        return;
    m_warned = true;
    Q_EMIT warning(error);
}

SessionAutosave::~SessionAutosave()
{
    m_writes.waitForDone(); // a write still under way would bring the file back
    QFile::remove(m_path);
    m_lock.reset(); // after the record: while a record exists, its lock is held
}

QString SessionAutosave::directory()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave"));
}

QByteArray SessionAutosave::record() const
{
    QJsonObject record;
    record[QStringLiteral("session")] = sessionToJsonObject(m_document->session());
    const QString file = m_document->filePath();
    record[QStringLiteral("file")] =
        file.isEmpty() ? QString() : QFileInfo(file).absoluteFilePath();
    record[QStringLiteral("modified")] = m_document->isModified();
    record[QStringLiteral("saved")] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate);
    return QJsonDocument(record).toJson();
}

QString SessionAutosave::saveNow()
{
    m_timer.stop();
    m_writes.waitForDone(); // an older record must not land after this one
    const QString error = SessionFile::writeAtomically(m_path, record());
    report(error.isEmpty() ? QString() : tr("autosave failed: %1").arg(error));
    return error;
}

void SessionAutosave::writeInBackground()
{
    runThenDeliver(
        &m_writes, this,
        [path = m_path, bytes = record()] { return SessionFile::writeAtomically(path, bytes); },
        [this](const QString& error) {
            report(error.isEmpty() ? QString() : tr("autosave failed: %1").arg(error));
        });
}

std::vector<SessionAutosave::Recovery> SessionAutosave::pendingRecoveries()
{
    std::vector<std::pair<QDateTime, Recovery>> found;
    const QDir dir(directory());
    for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*.json")}, QDir::Files)) {
        if (!InstanceLock::holderIsGone(lockPathFor(info.filePath())))
            continue; // its instance is still running
        QFile file(info.filePath());
        if (!file.open(QIODevice::ReadOnly))
            continue;
        const QJsonObject record =
            QJsonDocument::fromJson(file.read(SessionFile::MaxFileBytes)).object();
        const SessionParseResult parsed =
            sessionFromJsonObject(record.value(QStringLiteral("session")).toObject());
        if (parsed.issue) { // unreadable: nothing to offer, nothing to keep
            discard(info.filePath());
            continue;
        }
        Recovery recovery{info.filePath(), parsed.session,
                          record.value(QStringLiteral("file")).toString(),
                          record.value(QStringLiteral("modified")).toBool()};
        if (!recovery.modified) { // saved (or never changed): the file has it all
            discard(info.filePath());
            continue;
        }
        found.emplace_back(info.lastModified(), std::move(recovery));
    }
    std::sort(found.begin(), found.end(),
              [](const auto& a, const auto& b) { return a.first > b.first; });
    std::vector<Recovery> recoveries;
    for (auto& entry : found)
        recoveries.push_back(std::move(entry.second));
    return recoveries;
}

void SessionAutosave::discard(const QString& autosavePath)
{
    QFile::remove(autosavePath);
    QFile::remove(lockPathFor(autosavePath));
}

} // namespace ae
