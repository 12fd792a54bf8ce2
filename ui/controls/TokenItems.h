#pragma once

#include <QComboBox>
#include <QSignalBlocker>
#include <QStringList>

#include <algorithm>
#include <functional>
#include <vector>

namespace ae {

// A combo box with one item per token, kept in step with the text as the user types: the items
// of the tokens before the first change stay and only the rest is made again (rebuilding 1,000
// items took 2 ms of the GUI thread at every keystroke). `listed` holds the tokens the box
// lists; `itemText(i)` is the item of tokens[i]. Signals of the box are blocked meanwhile.
template <typename Token>
void updateTokenItems(QComboBox* box, std::vector<Token>& listed, const std::vector<Token>& tokens,
                      const std::function<QString(int)>& itemText)
{
    const auto kept =
        int(std::mismatch(tokens.begin(), tokens.end(), listed.begin(), listed.end()).first -
            tokens.begin());
    const QSignalBlocker blocker(box);
    box->model()->removeRows(kept, box->count() - kept);
    QStringList added;
    for (int i = kept; i < int(tokens.size()); ++i)
        added << itemText(i);
    box->insertItems(kept, added);
    listed = tokens;
}

} // namespace ae
