#pragma once
// Gold and predicted SQL side by side in two read-only SqlEditors, findings highlighted with the
// indicator style of their category group (hover shows the message), and a legend of the styles
// present.
#include <QStringList>
#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QGridLayout;
class QLabel;
class QSplitter;

namespace hs {
struct Finding;
}

namespace hs::ui {

class SqlEditor;

class CaseSqlPair : public QWidget {
  Q_OBJECT
 public:
  explicit CaseSqlPair(QWidget* parent = nullptr);

  // `abstained`: the run abstained on the case (a missing prediction is no failed generation).
  void setSql(const std::optional<std::string>& gold, const std::optional<std::string>& pred,
              const QString& model, bool abstained = false);
  // Highlights every span of every finding (call after setSql) and rebuilds the legend.
  void setFindings(const std::vector<hs::Finding>& findings);
  void clear();

  // Selects [begin, end) of one side ("gold" / "pred") and scrolls it into view; false when the
  // span is outside the text.
  bool selectSpan(const std::string& side, std::size_t begin, std::size_t end);
  void clearSelections();

  SqlEditor* gold() const { return gold_; }
  SqlEditor* pred() const { return pred_; }
  QStringList legendEntries() const { return legend_; }

 private:
  struct Piece {
    std::size_t begin = 0;
    std::size_t end = 0;
    QString tip;
  };
  SqlEditor* makeEditor();
  void highlightPieces(SqlEditor* e, const QString& key, const std::vector<Piece>& pieces);
  void clearLegend();

  QLabel* goldTitle_;
  QLabel* predTitle_;
  SqlEditor* gold_;
  SqlEditor* pred_;
  QWidget* legendBox_;
  QGridLayout* legendGrid_;
  QStringList legend_;
};

}  // namespace hs::ui
