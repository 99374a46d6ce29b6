#include "exports.hpp"

#include <QBuffer>
#include <QRegularExpression>
#include <memory>

#include "pathscope/atomic_file.hpp"
#include "pathscope/error.hpp"
#include "pathscope/path_export.hpp"

namespace pathscope::qt {

std::string selection_json(const Selection& selection) {
  const GraphSession* session = selection.session();
  if (!session) throw Error("no graph is open");
  if (const auto* tour = selection.tour()) {
    auto info = export_info(*session, tour->method);
    info.tour = true;
    return path_to_json(session->graph(), tour->walk, info);
  }
  if (!selection.has_pair()) throw Error("no path to export: click a source and a target first");
  if (!selection.path_error().isEmpty()) throw Error("no path to export: " + selection.path_error().toStdString());
  return path_to_json(session->graph(), selection.path(), export_info(*session, selection.method()));
}

QByteArray view_png(GraphView& view, QSize size) {
  if (size.width() < 16 || size.height() < 16 || size.width() > 16384 || size.height() > 16384) {
    throw Error("image size " + std::to_string(size.width()) + "x" + std::to_string(size.height()) +
                " is outside 16 to 16384 pixels per side");
  }
  QImage image;
  try {
    image = view.render_image(size);
  } catch (const std::runtime_error& e) {
    throw Error(std::string("cannot render the view: ") + e.what());
  }
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  if (!image.save(&buffer, "PNG")) throw Error("cannot encode the view as PNG");
  return bytes;
}

void write_all_or_none(const std::vector<ExportFile>& files) {
  std::vector<std::unique_ptr<AtomicFile>> outs;  // unwinding removes every temporary
  std::vector<AtomicFile*> parts;
  for (const auto& file : files) {
    outs.push_back(std::make_unique<AtomicFile>(file.name.toStdString()));
    outs.back()->write(file.bytes.constData(), static_cast<std::size_t>(file.bytes.size()));
    parts.push_back(outs.back().get());
  }
  commit_together(parts);
}

void export_selection_json(const Selection& selection, const QString& file) {
  write_all_or_none({{file, QByteArray::fromStdString(selection_json(selection))}});
}

void export_view_png(GraphView& view, const QString& file, QSize size) {
  write_all_or_none({{file, view_png(view, size)}});
}

QSize parse_image_size(const QString& text) {
  const auto match = QRegularExpression(QStringLiteral("^\\s*(\\d+)\\s*[xX×]\\s*(\\d+)\\s*$")).match(text);
  if (!match.hasMatch()) throw Error("size '" + text.toStdString() + "' is not WIDTHxHEIGHT");
  return {match.captured(1).toInt(), match.captured(2).toInt()};
}

}  // namespace pathscope::qt
