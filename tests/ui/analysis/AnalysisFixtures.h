#pragma once

// What the analysis pages' tests share: a forward of the PyTorch fixture f32_prefix (2 layers x
// 2 heads, n_ctx 32, vocabulary 300), on its own sentence or on the ids given.

#include "Fixtures.h"
#include "ModelRegistry.h"
#include "ModelRun.h"
#include "ModelTrace.h"
#include "TransformerForward.h"
#include "TransformerModel.h"

#include <QJsonArray>

#include <cstdint>
#include <memory>
#include <vector>

namespace ae::test {

inline std::shared_ptr<const ModelRun> fixtureRun(std::vector<std::int64_t> ids = {})
{
    const auto loaded = loadModel(fixturePath(QStringLiteral("gpt2/f32_prefix/model.safetensors")));
    if (!loaded.model)
        qFatal("fixture model");
    if (ids.empty()) {
        const QJsonObject expected = readFixture(QStringLiteral("gpt2/f32_prefix/expected.json"));
        for (const QJsonValue& id : expected.value(QLatin1StringView("token_ids")).toArray())
            ids.push_back(id.toInteger());
    }
    auto run = std::make_shared<ModelRun>();
    run->trace = transformerForward(loaded.model, ids);
    return run;
}

} // namespace ae::test
