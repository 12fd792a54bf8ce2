#pragma once

// A Qt Linguist .ts file as a list of messages, read with QXmlStreamReader (the tests'
// own reader: they check the file lupdate and the translators wrote, not Qt's loader).
#include <QFile>
#include <QString>
#include <QStringList>
#include <QXmlStreamReader>

#include <vector>

namespace ae::test {

struct TsMessage
{
    QString context;
    QString source;
    QString comment;
    QString type; // the translation's type attribute: "", "unfinished", "obsolete", "vanished"
    QStringList translations; // one, or one per numerus form
    bool numerus = false;
};

struct TsCatalogue
{
    QString language;
    std::vector<TsMessage> messages;
    QString error; // empty when the file was read completely
};

inline TsCatalogue readTsFile(const QString& path)
{
    TsCatalogue catalogue;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        catalogue.error = file.errorString();
        return catalogue;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        if (xml.readNext() != QXmlStreamReader::StartElement)
            continue;
        const auto name = xml.name();
        if (name == u"TS") {
            catalogue.language = xml.attributes().value(QLatin1StringView("language")).toString();
        } else if (name == u"context") {
            context.clear();
        } else if (name == u"name") {
            context = xml.readElementText();
        } else if (name == u"message") {
            message = TsMessage{
                context, {}, {},
                {},      {}, xml.attributes().value(QLatin1StringView("numerus")) == u"yes"};
        } else if (name == u"source") {
            message.source = xml.readElementText();
        } else if (name == u"comment") {
            message.comment = xml.readElementText();
        } else if (name == u"translation") {
            message.type = xml.attributes().value(QLatin1StringView("type")).toString();
            if (!message.numerus) {
                message.translations << xml.readElementText();
            } else {
                while (xml.readNextStartElement()) {
                    if (xml.name() == u"numerusform")
                        message.translations << xml.readElementText();
                    else
                        xml.skipCurrentElement();
                }
            }
            catalogue.messages.push_back(message);
        } else {
            xml.skipCurrentElement(); // location, extracomment, oldsource, ...
        }
    }
    if (xml.hasError())
        catalogue.error = xml.errorString();
    return catalogue;
}

} // namespace ae::test
