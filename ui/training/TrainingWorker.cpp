#include "TrainingWorker.h"

#include "Generation.h"
#include "GuiFirst.h"
#include "ModelRegistry.h"
#include "Trainer.h"
#include "TrainingCheckpoint.h"
#include "TransformerModel.h"

#include <QCoreApplication>
#include <QDateTime>

#include <algorithm>
#include <exception>
#include <new>
#include <utility>

namespace ae {

namespace {

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

} // namespace

TrainingWorker::TrainingWorker(QObject* parent)
    : QObject(parent), m_inbox(new Mailbox), m_outbox(new Mailbox(this))
{
    qRegisterMetaType<ae::TrainingProgress>();
    qRegisterMetaType<std::shared_ptr<const ae::TransformerModel>>();
    m_inbox->moveToThread(&m_thread);
    m_thread.setObjectName(QStringLiteral("training"));
    // The GUI thread comes first; started is emitted in the new thread.
    connect(&m_thread, &QThread::started, [] { runBehindTheGui(); });
    m_thread.start();
}

TrainingWorker::~TrainingWorker()
{
    m_running = false;
    ++m_generation;
    m_thread.quit();
    m_thread.wait();
    delete m_inbox;
}

int TrainingWorker::reset(const TrainingConfig& config,
                          std::shared_ptr<const TransformerModel> weights)
{
    m_running = false;
    const int generation = ++m_generation;
    m_inbox->post([this, config, weights, generation] {
        if (generation != m_generation)
            return;
        m_trainer.reset();
        m_pending = {};
        m_rate.clear();
        m_trainerGeneration = generation;
        try {
            m_trainer = weights ? std::make_unique<Trainer>(config, *weights)
                                : std::make_unique<Trainer>(config);
            m_pending.vocabulary = m_trainer->charVocabulary();
            evaluate(); // step 0: the random weights
        } catch (const std::bad_alloc&) {
            m_trainer.reset();
            toGui(
                [this] { Q_EMIT failed(tr("not enough memory for this model: make it smaller")); });
            return;
        } catch (const std::exception& e) {
            m_trainer.reset();
            toGui([this, message = QString::fromLocal8Bit(e.what())] { Q_EMIT failed(message); });
            return;
        }
        report();
        setRunning(false);
    });
    return generation;
}

void TrainingWorker::start()
{
    if (m_running.exchange(true))
        return;
    const int generation = m_generation;
    m_inbox->post([this, generation] {
        if (generation != m_generation || !m_trainer)
            return;
        setRunning(true);
        runStep();
    });
}

void TrainingWorker::pause()
{
    if (!m_running.exchange(false))
        return;
    m_inbox->post([this] {
        report();
        setRunning(false);
    });
}

void TrainingWorker::stepOnce()
{
    if (m_running)
        return;
    const int generation = m_generation;
    m_inbox->post([this, generation] {
        if (generation != m_generation || !m_trainer ||
            m_trainer->stepsDone() >= m_trainer->config().steps)
            return;
        takeStep();
        report();
    });
}

void TrainingWorker::requestModel(int tag)
{
    m_inbox->post([this, tag] {
        toGui([this, model = m_trainer ? m_trainer->model() : nullptr, tag] {
            Q_EMIT modelReady(model, tag);
        });
    });
}

void TrainingWorker::save(const QString& dir)
{
    m_inbox->post([this, dir] {
        toGui([this, dir,
               error = m_trainer ? saveTrainingCheckpoint(*m_trainer, dir)
                                 : tr("nothing is trained yet")] { Q_EMIT saved(dir, error); });
    });
}

void TrainingWorker::runStep()
{
    if (!m_running || !m_trainer)
        return;
    if (m_trainer->stepsDone() >= m_trainer->config().steps) {
        m_running = false;
        report();
        setRunning(false);
        return;
    }
    takeStep();
    if (m_pending.probes.size() > 0 || nowMs() - m_lastReportMs >= 50)
        report();
    // The next step is another event: a pause, save or reset queued meanwhile goes first.
    const int generation = m_generation;
    m_inbox->post([this, generation] {
        if (generation == m_generation)
            runStep();
    });
}

void TrainingWorker::takeStep()
{
    try {
        m_pending.losses.push_back(m_trainer->step());
        if (m_trainer->evaluationDue())
            evaluate();
    } catch (const std::exception& e) {
        m_running = false;
        setRunning(false);
        toGui([this, message = QString::fromLocal8Bit(e.what())] { Q_EMIT failed(message); });
    }
}

void TrainingWorker::evaluate()
{
    const int step = m_trainer->stepsDone();
    m_pending.probes.push_back(m_trainer->probe());
    if (!m_trainer->hasValidation())
        return;
    m_pending.valLoss.emplace_back(step, m_trainer->validationLoss());
    // A sample: the probe's first tokens as the prompt, then greedy tokens to fill the context.
    const std::vector<std::int64_t>& probe = m_trainer->probeIds();
    const int context = m_trainer->config().contextLength;
    const std::size_t promptLength = std::min<std::size_t>(probe.size(), 8);
    const int newTokens = std::min(48, context - int(promptLength));
    if (promptLength == 0 || newTokens <= 0)
        return;
    const auto model = m_trainer->model();
    GenerateOptions options;
    options.maxNewTokens = newTokens;
    const Generation generated =
        generate(model, {probe.begin(), probe.begin() + std::ptrdiff_t(promptLength)}, options);
    TrainingSample sample{step, {}, {}};
    for (std::size_t i = 0; i < generated.ids.size(); ++i)
        (i < promptLength ? sample.prompt : sample.continuation) +=
            modelTokenBytes(*model, generated.ids[i]);
    m_pending.samples.push_back(std::move(sample));
}

void TrainingWorker::report()
{
    if (!m_trainer)
        return;
    const qint64 now = m_lastReportMs = nowMs();
    m_pending.generation = m_trainerGeneration;
    m_pending.stepsDone = m_trainer->stepsDone();
    m_rate.emplace_back(now, m_pending.stepsDone);
    while (m_rate.size() > 2 && now - m_rate.front().first > 3000)
        m_rate.erase(m_rate.begin());
    const auto& [then, stepsThen] = m_rate.front();
    m_pending.stepsPerSecond =
        now > then ? 1000.0 * double(m_pending.stepsDone - stepsThen) / double(now - then) : 0.0;
    toGui([this, progress = std::exchange(m_pending, {})] { Q_EMIT progressed(progress); });
}

void TrainingWorker::setRunning(bool running)
{
    if (running && !m_working)
        m_working.emplace();
    else if (!running)
        m_working.reset();
    toGui([this, running] { Q_EMIT runningChanged(running); });
}

void TrainingWorker::toGui(std::function<void()> emitter)
{
    m_outbox->post(std::move(emitter));
}

} // namespace ae
