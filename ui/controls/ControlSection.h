#pragma once

#include <QGroupBox>
#include <QHash>
#include <QPointer>

#include <functional>

class QFormLayout;
class QLabel;

namespace ae {

struct Session;
class IssueLabel;
class SessionDocument;
class WrappedLabel;

// A titled group of session controls laid out as a form. Each row is a label with a
// mnemonic and a control whose objectName is its session key; right under the control
// sits a hidden IssueLabel for that key's message. Subclasses build the rows, write every
// user change at once with edit() and show a session with setSession(), which must not
// write anything back (QSignalBlocker).
class ControlSection : public QGroupBox
{
    Q_OBJECT
public:
    ControlSection(const QString& title, SessionDocument* document, QWidget* parent = nullptr);

    // Shows `session` in the controls and enables exactly the controls that apply to it.
    virtual void setSession(const Session& session) = 0;

    QWidget* controlFor(const QString& key) const;
    // Puts `message` under the control of `key` and marks the control; false when the key
    // is not one of this section's.
    bool showIssue(const QString& key, const QString& message);
    void clearIssue();

protected:
    // "label  control", the label's mnemonic focusing the control.
    QLabel* addRow(const QString& key, const QString& label, QWidget* control,
                   const QString& toolTip);
    // A control that carries its own text (a check box), in the field column.
    void addRow(const QString& key, QWidget* control, const QString& toolTip);
    // A label above a widget as wide as the section (a table editor) that holds the
    // key's control.
    QLabel* addWideRow(const QString& key, const QString& label, QWidget* rowWidget,
                       QWidget* control, const QString& toolTip);
    // One more key whose control lives inside the last row's widget; it shares that
    // row's issue line.
    void addKey(const QString& key, QWidget* control, const QString& toolTip);
    // A note in the field column under the last row (an explanation, not a key's issue).
    void addNote(WrappedLabel* note);
    // Called before a key's issue is shown, to bring its control into view (a tab page).
    virtual void revealKey(const QString& key);
    // Enables the control of `key`, or greys it out with `whyNot` (what to change for it to
    // apply) at the end of its tooltip: a greyed-out control says why.
    void setApplies(const QString& key, bool applies, const QString& whyNot);

    void edit(const std::function<void(Session&)>& change);

private:
    struct Entry
    {
        QWidget* control;
        IssueLabel* issue;
        QString toolTip;
    };

    IssueLabel* addIssueRow(const QString& key, bool wide);
    void registerKey(const QString& key, QWidget* control, const QString& toolTip,
                     IssueLabel* issue);

    SessionDocument* m_document;
    QFormLayout* m_form;
    QHash<QString, Entry> m_entries;
    IssueLabel* m_lastIssue = nullptr;
    QPointer<QWidget> m_marked;
    QPointer<IssueLabel> m_shown;
};

} // namespace ae
