#pragma once

namespace ae {
struct Session;
struct SessionIssue;
} // namespace ae

namespace ae::fuzz {

// An issue must say something: the UI shows the message next to the key's control.
void checkIssue(const SessionIssue& issue);

// What every parsed session must survive: writing it and reading it back gives the same
// JSON; validation either passes or returns an issue with a message; a valid session that
// is small enough to compute in a few milliseconds computes, and its dump is valid JSON.
void exerciseSession(const Session& session);

} // namespace ae::fuzz
