#include "BookTensorSource.h"

#include "BookCheckpoint.h"
#include "ModelMessages.h"
#include "PthArchive.h"
#include "SafetensorsFile.h"
#include "StateDictUnpickler.h"

#include <cstring>
#include <map>

namespace ae::bookload {

QString quoted(const std::string& name)
{
    return u'\u201c' + QString::fromStdString(name) + u'\u201d';
}

class SafetensorsSource : public TensorSource
{
public:
    explicit SafetensorsSource(std::unique_ptr<SafetensorsFile> file) : m_file(std::move(file)) {}
    bool changedWhileRead() const override { return m_file->changedWhileRead(); }

    std::optional<SourceTensor> find(const std::string& name) const override
    {
        const TensorEntry* e = m_file->header().find(name);
        if (!e)
            return std::nullopt;
        return SourceTensor{dtypeName(e->dtype), e->shape};
    }
    std::vector<float> read(const std::string& name) override
    {
        const TensorEntry& e = *m_file->header().find(name);
        std::vector<float> storage;
        const float* data = m_file->floats(e, storage);
        if (storage.empty())
            storage.assign(data, data + e.elementCount());
        return storage;
    }

private:
    std::unique_ptr<SafetensorsFile> m_file;
};

class PthSource : public TensorSource
{
public:
    PthSource(std::unique_ptr<PthArchive> archive, std::vector<PthTensor> tensors)
        : m_archive(std::move(archive))
    {
        for (PthTensor& t : tensors) {
            const std::string name = t.name;
            if (!m_tensors.emplace(name, std::move(t)).second)
                throw Failure{BookCheckpoint::tr("tensor %1 appears twice in the state_dict")
                                  .arg(quoted(name))};
        }
    }

    std::optional<SourceTensor> find(const std::string& name) const override
    {
        const auto found = m_tensors.find(name);
        if (found == m_tensors.end())
            return std::nullopt;
        return SourceTensor{pthDtypeName(found->second.dtype), found->second.shape};
    }
    std::vector<float> read(const std::string& name) override
    {
        const PthTensor& t = m_tensors.at(name);
        const int size = pthDtypeSize(t.dtype);
        auto [cached, fresh] = m_storages.try_emplace(t.storageKey);
        if (fresh) {
            QString error;
            if (!m_archive->readStorage(t.storageKey,
                                        std::uint64_t(t.storageNumel) * std::uint64_t(size),
                                        cached->second, error)) {
                m_storages.erase(cached);
                throw Failure{BookCheckpoint::tr("tensor %1: %2").arg(quoted(name), error)};
            }
        }
        const uchar* p = reinterpret_cast<const uchar*>(cached->second.constData()) +
                         std::size_t(t.storageOffset) * std::size_t(size);
        const std::size_t n = std::size_t(t.elementCount());
        std::vector<float> out(n);
        for (std::size_t k = 0; k < n; ++k, p += size) {
            if (t.dtype == PthDtype::F32) {
                std::memcpy(&out[k], p, 4);
            } else {
                const auto bits = static_cast<std::uint16_t>(p[0] | (p[1] << 8));
                out[k] = t.dtype == PthDtype::F16 ? halfToFloat(bits) : bfloat16ToFloat(bits);
            }
        }
        return out;
    }

private:
    std::unique_ptr<PthArchive> m_archive;
    std::map<std::string, PthTensor> m_tensors;
    std::map<std::string, QByteArray> m_storages; // by key: read once, shared by views
};

std::unique_ptr<TensorSource> safetensorsSource(std::unique_ptr<SafetensorsFile> file)
{
    return std::make_unique<SafetensorsSource>(std::move(file));
}

std::unique_ptr<TensorSource> pthSource(std::unique_ptr<PthArchive> archive,
                                        std::vector<PthTensor> tensors)
{
    return std::make_unique<PthSource>(std::move(archive), std::move(tensors));
}

} // namespace ae::bookload
