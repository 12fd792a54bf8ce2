#pragma once

#include <QString>
#include <string>

namespace ae {

// Why a session cannot be computed: the session key at fault (for the UI to put the
// message next to that control, empty for the file as a whole) and a translated,
// self-contained message that names the key and what it allows.
struct SessionIssue
{
    std::string key;
    QString message;
    // The sentence has more tokens than the model reads: "truncate" would keep this many (its
    // first n_ctx); 0 for every other problem.
    int truncatableTo = 0;
};

} // namespace ae
