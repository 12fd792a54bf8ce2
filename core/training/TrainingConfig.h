#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ae {

// A training session's values (shared/spec/training.md §1), defaults as the spec's table.
// Plain data: TrainingSession.h reads and validates it from JSON; the Trainer only reads it.
struct TrainingConfig
{
    enum class TaskKind
    {
        Induction, // §2.1: periodic random sequences
        Text       // §2.2: the book's chapter 5 on a text file
    };
    enum class TextTokenizer
    {
        Chars, // vocabulary = the text's distinct code points, sorted; id = rank
        Gpt2   // GPT-2's byte-level BPE (vocabulary 50257)
    };

    // task.*
    TaskKind task = TaskKind::Induction;
    int vocabSize = 64; // induction: ids 0 ... V-1
    int minPeriod = 8, maxPeriod = 32;
    std::string textFile; // text: the path as the session gives it (relative to the session)
    std::string text;     // text: the file's UTF-8 contents, read by the session loader
    TextTokenizer tokenizer = TextTokenizer::Chars;
    int maxLength = 32;
    int stride = 32; // = maxLength when the session does not give it
    double trainRatio = 0.9;
    bool shuffle = true;

    // model.*
    int nLayers = 2, nHeads = 4, embDim = 64, contextLength = 64;
    double dropRate = 0;
    bool qkvBias = false;
    bool mlp = true;

    // train.*
    int batchSize = 32;
    int steps = 1000;
    double lr = 1e-3;
    double weightDecay = 0;
    std::optional<double> gradClip; // max_norm of clip_grad_norm_, none by default
    int evalEvery = 50;

    std::uint64_t initSeed = 123, dataSeed = 7, probeSeed = 1234;

    // The tokens a training row holds: induction T = context_length, text max_length.
    int sequenceLength() const { return task == TaskKind::Induction ? contextLength : maxLength; }
};

} // namespace ae
