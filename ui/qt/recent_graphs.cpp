#include "recent_graphs.hpp"

#include <QSettings>
#include <QVariantMap>
#include <cmath>

namespace pathscope::qt {
namespace {

constexpr int kKept = 10;
const QString kKey = QStringLiteral("recent");

// "minimum_weight" is stored only when there is one: no minimum is the default, and entries
// of older versions, whose "min_weight" of 0 was only the field's old default, are not read.
const QString kMinimumWeight = QStringLiteral("minimum_weight");

QVariantMap to_map(const QString& spec, const LoadOptions& o) {
  QVariantMap m{{QStringLiteral("spec"), spec},
                {QStringLiteral("format"), QString::fromStdString(o.format)},
                {QStringLiteral("cost_rule"), static_cast<int>(o.cost_rule)},
                {QStringLiteral("node_table"), QString::fromStdString(o.node_table)}};
  if (std::isfinite(o.min_weight)) m.insert(kMinimumWeight, o.min_weight);
  return m;
}

RecentGraph from_map(const QVariantMap& m) {
  RecentGraph r;
  r.spec = m.value(QStringLiteral("spec")).toString();
  r.options.format = m.value(QStringLiteral("format")).toString().toStdString();
  r.options.cost_rule = static_cast<EdgeCostRule>(m.value(QStringLiteral("cost_rule")).toInt());
  if (m.contains(kMinimumWeight)) r.options.min_weight = m.value(kMinimumWeight).toDouble();
  r.options.node_table = m.value(QStringLiteral("node_table")).toString().toStdString();
  return r;
}

}  // namespace

std::vector<RecentGraph> recent_graphs() {
  std::vector<RecentGraph> out;
  for (const auto& item : QSettings().value(kKey).toList()) out.push_back(from_map(item.toMap()));
  return out;
}

void remember_recent_graph(const QString& spec, const LoadOptions& options) {
  QSettings settings;
  QVariantList recent = settings.value(kKey).toList();
  for (int i = recent.size() - 1; i >= 0; --i) {
    if (recent[i].toMap().value(QStringLiteral("spec")).toString() == spec) recent.removeAt(i);
  }
  recent.prepend(to_map(spec, options));
  while (recent.size() > kKept) recent.removeLast();
  settings.setValue(kKey, recent);
}

}  // namespace pathscope::qt
