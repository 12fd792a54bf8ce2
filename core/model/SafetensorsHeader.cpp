#include "SafetensorsHeader.h"

#include "ModelMessages.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonParseError>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>

namespace ae {

namespace {

struct DtypeInfo
{
    const char* name;
    TensorDtype dtype;
    int size;
};

constexpr std::array<DtypeInfo, 15> Dtypes{{
    {"F64", TensorDtype::F64, 8},
    {"F32", TensorDtype::F32, 4},
    {"F16", TensorDtype::F16, 2},
    {"BF16", TensorDtype::BF16, 2},
    {"I64", TensorDtype::I64, 8},
    {"I32", TensorDtype::I32, 4},
    {"I16", TensorDtype::I16, 2},
    {"I8", TensorDtype::I8, 1},
    {"U64", TensorDtype::U64, 8},
    {"U32", TensorDtype::U32, 4},
    {"U16", TensorDtype::U16, 2},
    {"U8", TensorDtype::U8, 1},
    {"BOOL", TensorDtype::Bool, 1},
    {"F8_E4M3", TensorDtype::F8E4M3, 1},
    {"F8_E5M2", TensorDtype::F8E5M2, 1},
}};

struct Failure
{
    QString message;
};

[[noreturn]] void fail(const QString& message)
{
    throw Failure{message};
}

QString quoted(const QString& name)
{
    return u'\u201c' + name.left(80) + u'\u201d';
}

// A JSON number that is an exact non-negative integer (JSON numbers are doubles here:
// above 2^53 they are not exact, far beyond any real file).
std::uint64_t nonNegativeInteger(const QJsonValue& v, const QString& tensor, const char* what)
{
    const double d = v.isDouble() ? v.toDouble() : -1.0;
    if (!(d >= 0.0 && d <= 9007199254740992.0 && d == std::floor(d)))
        fail(Safetensors::tr("tensor %1: %2 must hold non-negative whole numbers")
                 .arg(quoted(tensor), QLatin1StringView(what)));
    return static_cast<std::uint64_t>(d);
}

TensorEntry parseEntry(const QString& name, const QJsonValue& value, std::uint64_t dataSize)
{
    if (!value.isObject())
        fail(Safetensors::tr("tensor %1 is not described by an object").arg(quoted(name)));
    const QJsonObject o = value.toObject();
    TensorEntry entry;
    entry.name = name.toStdString();

    const QString dtype = o.value(QLatin1StringView("dtype")).toString();
    const auto known = std::find_if(Dtypes.begin(), Dtypes.end(), [&](const DtypeInfo& d) {
        return dtype == QLatin1StringView(d.name);
    });
    if (known == Dtypes.end())
        fail(Safetensors::tr("tensor %1 has an unknown dtype %2").arg(quoted(name), quoted(dtype)));
    entry.dtype = known->dtype;

    const QJsonValue shape = o.value(QLatin1StringView("shape"));
    if (!shape.isArray() || shape.toArray().size() > 8)
        fail(Safetensors::tr("tensor %1: shape must be a list of at most 8 sizes")
                 .arg(quoted(name)));
    // The product is bounded by the data size, so it cannot overflow while it is compared.
    std::uint64_t bytes = std::uint64_t(known->size);
    for (const QJsonValue& dim : shape.toArray()) {
        const std::uint64_t n = nonNegativeInteger(dim, name, "shape");
        entry.shape.push_back(static_cast<std::int64_t>(n));
        if (n != 0 && bytes > dataSize / n)
            bytes = dataSize + 1; // more than the file holds: refused below
        else
            bytes *= n;
    }

    const QJsonValue offsets = o.value(QLatin1StringView("data_offsets"));
    if (!offsets.isArray() || offsets.toArray().size() != 2)
        fail(Safetensors::tr("tensor %1: data_offsets must be a list of two numbers")
                 .arg(quoted(name)));
    entry.begin = nonNegativeInteger(offsets.toArray().at(0), name, "data_offsets");
    entry.end = nonNegativeInteger(offsets.toArray().at(1), name, "data_offsets");
    if (entry.end < entry.begin)
        fail(Safetensors::tr("tensor %1: its data ends (%2) before it begins (%3)")
                 .arg(quoted(name))
                 .arg(entry.end)
                 .arg(entry.begin));
    if (entry.end > dataSize)
        fail(Safetensors::tr("tensor %1: its data (bytes %2 to %3) runs past the end of the file "
                             "(%4 bytes of data): "
                             "the file is truncated or damaged")
                 .arg(quoted(name))
                 .arg(entry.begin)
                 .arg(entry.end)
                 .arg(dataSize));
    if (bytes != entry.end - entry.begin)
        fail(Safetensors::tr(
                 "tensor %1: its shape needs %2 bytes of %3 but its data_offsets span %4")
                 .arg(quoted(name))
                 .arg(bytes > dataSize ? Safetensors::tr("more than the file's")
                                       : QString::number(bytes))
                 .arg(QLatin1StringView(known->name))
                 .arg(entry.end - entry.begin));
    return entry;
}

SafetensorsHeader parse(QByteArrayView start, std::uint64_t fileSize)
{
    if (fileSize < 8)
        fail(Safetensors::tr(
                 "the file has %1 bytes; a safetensors file starts with an 8-byte header length")
                 .arg(fileSize));
    if (start.size() < 8)
        fail(Safetensors::tr("the file could not be read"));
    std::uint64_t length = 0;
    for (int i = 7; i >= 0; --i)
        length = (length << 8) | static_cast<unsigned char>(start[i]);
    if (length > MaxSafetensorsHeaderBytes)
        fail(Safetensors::tr("the header length field says %1 bytes, more than the %2 a "
                             "safetensors header may have: "
                             "this is not a safetensors file")
                 .arg(length)
                 .arg(MaxSafetensorsHeaderBytes));
    if (length > fileSize - 8)
        fail(Safetensors::tr("the header length field says %1 bytes but only %2 follow it: the "
                             "file is truncated or not "
                             "a safetensors file")
                 .arg(length)
                 .arg(fileSize - 8));
    if (std::uint64_t(start.size()) < 8 + length)
        fail(Safetensors::tr("the file could not be read"));

    QJsonParseError error{};
    const QByteArray json(start.data() + 8, static_cast<qsizetype>(length));
    const QJsonDocument document = QJsonDocument::fromJson(json, &error);
    if (error.error != QJsonParseError::NoError || !document.isObject())
        fail(Safetensors::tr("the header is not a JSON object (%1 at byte %2)")
                 .arg(error.error != QJsonParseError::NoError
                          ? error.errorString()
                          : Safetensors::tr("another JSON value"))
                 .arg(error.offset));

    SafetensorsHeader header;
    header.dataStart = 8 + length;
    const std::uint64_t dataSize = fileSize - header.dataStart;
    const QJsonObject object = document.object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == QLatin1StringView("__metadata__"))
            continue;
        header.tensors.push_back(parseEntry(it.key(), it.value(), dataSize));
    }

    std::vector<const TensorEntry*> byOffset;
    for (const TensorEntry& e : header.tensors)
        if (e.end > e.begin)
            byOffset.push_back(&e);
    std::sort(byOffset.begin(), byOffset.end(),
              [](auto* a, auto* b) { return a->begin < b->begin; });
    for (std::size_t i = 1; i < byOffset.size(); ++i)
        if (byOffset[i]->begin < byOffset[i - 1]->end)
            fail(Safetensors::tr(
                     "tensors %1 and %2 overlap in the file (bytes %3 to %4 and %5 to %6)")
                     .arg(quoted(QString::fromStdString(byOffset[i - 1]->name)),
                          quoted(QString::fromStdString(byOffset[i]->name)))
                     .arg(byOffset[i - 1]->begin)
                     .arg(byOffset[i - 1]->end)
                     .arg(byOffset[i]->begin)
                     .arg(byOffset[i]->end));
    return header;
}

} // namespace

int dtypeSize(TensorDtype dtype)
{
    for (const DtypeInfo& d : Dtypes)
        if (d.dtype == dtype)
            return d.size;
    return 0;
}

const char* dtypeName(TensorDtype dtype)
{
    for (const DtypeInfo& d : Dtypes)
        if (d.dtype == dtype)
            return d.name;
    return "?";
}

std::int64_t TensorEntry::elementCount() const
{
    std::int64_t n = 1;
    for (const std::int64_t s : shape)
        n *= s;
    return n;
}

const TensorEntry* SafetensorsHeader::find(const std::string& name) const
{
    for (const TensorEntry& e : tensors)
        if (e.name == name)
            return &e;
    return nullptr;
}

SafetensorsHeaderResult parseSafetensorsHeader(QByteArrayView start, std::uint64_t fileSize)
{
    try {
        return {parse(start, fileSize), {}};
    } catch (const Failure& failure) {
        return {{}, failure.message};
    }
}

} // namespace ae
