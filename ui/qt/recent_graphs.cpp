#include "recent_graphs.hpp"

#include <QFileInfo>
#include <QSettings>
#include <QVariantMap>
#include <cmath>

#include "pathscope/io/file_formats.hpp"

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

bool is_generator_spec(const QString& spec) {
  for (const auto& generator : input_generators()) {
    if (spec.startsWith(QString::fromStdString(generator.prefix))) return true;
  }
  return false;
}

QString absolute_file(const QString& path) { return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath(); }

bool still_openable(const RecentGraph& entry) {
  const bool graph_there = is_generator_spec(entry.spec) || QFileInfo::exists(entry.spec);
  return graph_there && (entry.options.node_table.empty() ||
                         QFileInfo::exists(QString::fromStdString(entry.options.node_table)));
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
  QSettings settings;
  const QVariantList stored = settings.value(kKey).toList();
  QVariantList kept;
  std::vector<RecentGraph> out;
  for (const auto& item : stored) {
    RecentGraph entry = from_map(item.toMap());
    if (!still_openable(entry)) continue;
    kept.push_back(item);
    out.push_back(std::move(entry));
  }
  if (kept.size() != stored.size()) settings.setValue(kKey, kept);
  return out;
}

void remember_recent_graph(const QString& typed_spec, const LoadOptions& typed_options) {
  const QString spec = is_generator_spec(typed_spec) ? typed_spec : absolute_file(typed_spec);
  LoadOptions options = typed_options;
  options.node_table = absolute_file(QString::fromStdString(options.node_table)).toStdString();
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
