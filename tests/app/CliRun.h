#pragma once

// Runs the built executable (AE_EXECUTABLE, set per test target) and captures what it says,
// for the command-line tests.
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

struct Run
{
    int exitCode = -1; // -2: crashed or hung
    QByteArray out, err;
};

// A JSON file the executable wrote, as an object (empty when unreadable).
inline QJsonObject readJson(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

inline Run finished(QProcess& process, int timeoutMs)
{
    if (!process.waitForFinished(timeoutMs))
        process.kill();
    process.waitForFinished(5000);
    Run r;
    r.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -2;
    r.out = process.readAllStandardOutput();
    r.err = process.readAllStandardError();
    return r;
}

inline Run run(const QStringList& arguments, const QString& directory = {})
{
    QProcess process;
    if (!directory.isEmpty())
        process.setWorkingDirectory(directory);
    process.start(QStringLiteral(AE_EXECUTABLE), arguments);
    return finished(process, 60000);
}

// Through the shell, for what QProcess cannot pass: raw bytes in arguments, ulimit. The
// executable is $AE.
inline Run shell(const QString& script, const QString& directory, int timeoutMs = 240000)
{
    QProcess process;
    process.setWorkingDirectory(directory);
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("AE"), QStringLiteral(AE_EXECUTABLE));
    process.setProcessEnvironment(env);
    process.start(QStringLiteral("/bin/sh"), {QStringLiteral("-c"), script});
    return finished(process, timeoutMs);
}
