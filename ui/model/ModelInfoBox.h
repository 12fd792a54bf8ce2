#pragma once

#include <QGroupBox>

#include <memory>
#include <string>

class QLabel;

namespace ae {

struct ModelRun;

// The session panel's group for a model session, in place of the random module's keys
// (which a model session refuses): the checkpoint's file and its configuration.
class ModelInfoBox : public QGroupBox
{
    Q_OBJECT
public:
    explicit ModelInfoBox(QWidget* parent = nullptr);

    void setPath(const std::string& path); // before the checkpoint was read
    void setRun(const std::shared_ptr<const ModelRun>& run);
    QString text() const;

private:
    QLabel* m_label;
    std::string m_path;
};

} // namespace ae
