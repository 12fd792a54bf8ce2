#pragma once

#include "SessionIssue.h"
#include "TrainingConfig.h"

#include <QByteArray>
#include <QString>

#include <string>
#include <vector>

namespace ae {

// A training session file (shared/spec/training.md §1): a JSON object with "format":
// "attention-explorer-training" and "version": 1 (both optional), every other key optional
// with its default. Refused, each problem as one SessionIssue naming the key ("task.kind",
// "model.n_heads", ...): unknown keys, values of the wrong type, out-of-range values, heads not
// dividing emb_dim, a context shorter than max_period + 1 (induction) or than max_length
// (text), a text file that cannot be read, is not UTF-8, or is empty or too short for one
// training and one validation window. The text file is read here (relative to `baseDir`,
// the session file's folder), so a Trainer never touches the file system.
struct TrainingSessionResult
{
    TrainingConfig config;
    std::vector<SessionIssue> issues; // empty: config is valid
    bool ok() const { return issues.empty(); }
};

TrainingSessionResult trainingSessionFromJson(const QByteArray& json, const QString& baseDir);
// Reads PATH and parses it with its folder as base; an unreadable file is one issue with key "".
TrainingSessionResult readTrainingSession(const QString& path);

// A text task's file (task.text_file, or the one the lab's "Open text file" chose): its bytes
// into `text` when it can be read and is UTF-8; otherwise false and one issue naming the file.
bool readTrainingText(const QString& path, std::string& text, std::vector<SessionIssue>& issues);

// The checks above on a config built in code (the training page's controls): its text must
// already be loaded into config.text.
std::vector<SessionIssue> validateTrainingConfig(const TrainingConfig& config);

inline constexpr char TrainingFormatTag[] = "attention-explorer-training";
inline constexpr int TrainingFormatVersion = 1;

} // namespace ae
