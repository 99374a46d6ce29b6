// GML as networkx and igraph write it: key-value pairs with nested [ ] lists; graph [ directed
// 1, node [ id label graphics [ x y z ] ... ], edge [ source target weight ... ] ]. Other
// lists are skipped; scalar node, edge and graph keys become typed node, arc and graph
// attributes (integer, real, string); parallel edges are kept apart.
#include <charconv>
#include <cmath>
#include <optional>
#include <unordered_set>
#include <vector>

#include "io/graph_assembly.hpp"
#include "io/line_reader.hpp"
#include "io/readers.hpp"
#include "io/text_fields.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

constexpr int kRankLabel = 3, kRankName = 2;
// Nested lists deeper than this are refused: no graph file needs them, and the depth bounds
// the parser's stack.
constexpr int kMaxDepth = 64;

enum class TokenKind { End, Key, Integer, Real, String, Open, Close };

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;
  std::int64_t line = 0;
};

// GML strings escape with HTML entities (networkx: &#233;, &quot;); the common ones are decoded.
std::string decode_entities(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '&') {
      out += text[i];
      continue;
    }
    const auto semicolon = text.find(';', i);
    if (semicolon == std::string_view::npos || semicolon - i > 10) {
      out += text[i];
      continue;
    }
    const std::string_view entity = text.substr(i + 1, semicolon - i - 1);
    std::optional<std::uint32_t> code;
    if (entity == "quot") code = '"';
    else if (entity == "amp") code = '&';
    else if (entity == "lt") code = '<';
    else if (entity == "gt") code = '>';
    else if (entity == "apos") code = '\'';
    else if (entity.size() > 1 && entity[0] == '#') {
      const bool hex = entity[1] == 'x' || entity[1] == 'X';
      std::uint32_t value = 0;
      bool ok = entity.size() > (hex ? 2u : 1u);
      for (std::size_t k = hex ? 2 : 1; ok && k < entity.size(); ++k) {
        const char c = entity[k];
        const int digit = c >= '0' && c <= '9' ? c - '0'
                          : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        ok = digit >= 0 && value < 0x110000;
        value = value * (hex ? 16 : 10) + static_cast<std::uint32_t>(digit);
      }
      if (ok && value < 0x110000) code = value;
    }
    if (!code) {
      out += text[i];
      continue;
    }
    const std::uint32_t c = *code;  // as UTF-8
    if (c < 0x80) out += static_cast<char>(c);
    else if (c < 0x800) out += {static_cast<char>(0xC0 | (c >> 6)), static_cast<char>(0x80 | (c & 0x3F))};
    else if (c < 0x10000)
      out += {static_cast<char>(0xE0 | (c >> 12)), static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    else
      out += {static_cast<char>(0xF0 | (c >> 18)), static_cast<char>(0x80 | ((c >> 12) & 0x3F)),
              static_cast<char>(0x80 | ((c >> 6) & 0x3F)), static_cast<char>(0x80 | (c & 0x3F))};
    i = semicolon;
  }
  return out;
}

class GmlTokens {
 public:
  GmlTokens(std::istream& in, const std::string& source) : reader_(in, source) {}

  // The next token; a key where a key is expected is told apart from a value by the caller.
  Token next() {
    for (;;) {
      while (at_ < line_.size() && (line_[at_] == ' ' || line_[at_] == '\t' || line_[at_] == '\r')) ++at_;
      if (at_ >= line_.size() || line_[at_] == '#') {
        if (!reader_.next()) return {TokenKind::End, {}, reader_.line_number()};
        line_ = reader_.line();
        at_ = 0;
        continue;
      }
      break;
    }
    Token token;
    token.line = reader_.line_number();
    const char c = line_[at_];
    if (c == '[' || c == ']') {
      ++at_;
      token.kind = c == '[' ? TokenKind::Open : TokenKind::Close;
      return token;
    }
    if (c == '"') return string_token(token);
    const std::size_t start = at_;
    while (at_ < line_.size() && line_[at_] != ' ' && line_[at_] != '\t' && line_[at_] != '\r' && line_[at_] != '[' &&
           line_[at_] != ']' && line_[at_] != '"')
      ++at_;
    token.text = line_.substr(start, at_ - start);
    if (to_int64(token.text)) token.kind = TokenKind::Integer;
    else if (to_double(token.text) || iequals(token.text, "nan") || iequals(token.text, "-nan")) token.kind = TokenKind::Real;
    else token.kind = TokenKind::Key;
    return token;
  }

  [[noreturn]] void fail(std::int64_t line, const std::string& message) const { reader_.fail_at(line, message); }
  const std::string& source() const { return reader_.source(); }

 private:
  // A quoted string, which may run over several lines.
  Token string_token(Token& token) {
    ++at_;
    std::string text;
    for (;;) {
      const auto close = line_.find('"', at_);
      if (close != std::string::npos) {
        text.append(line_, at_, close - at_);
        at_ = close + 1;
        break;
      }
      text.append(line_, at_, std::string::npos);
      text += '\n';
      if (text.size() > LineReader::kMaxLineBytes) fail(token.line, "a string longer than the line limit");
      if (!reader_.next()) fail(token.line, "a string opened here is never closed");
      line_ = reader_.line();
      at_ = 0;
    }
    token.kind = TokenKind::String;
    token.text = decode_entities(text);
    return token;
  }

  LineReader reader_;
  std::string line_;
  std::size_t at_ = 0;
};

class GmlReader {
 public:
  GmlReader(std::istream& in, const std::string& source, const LoadOptions& options)
      : tokens_(in, source), options_(options), assembly_(source, options), weight_name_(weight_attribute_name(options)) {}

  LoadedGraph read() {
    bool seen_graph = false;
    for (Token key = tokens_.next(); key.kind != TokenKind::End; key = tokens_.next()) {
      if (key.kind != TokenKind::Key) tokens_.fail(key.line, "expected a key, found " + io::quoted(describe(key)));
      Token value = tokens_.next();
      if (key.text == "graph" && value.kind == TokenKind::Open) {
        if (seen_graph) tokens_.fail(key.line, "a second graph: one GML file holds one graph here");
        seen_graph = true;
        read_graph();
      } else {
        skip_value(value, 1);
      }
    }
    if (!seen_graph) tokens_.fail(0, "no \"graph [\" list: not a GML graph");
    const std::vector<std::int64_t> keys = labels_as_keys();
    if (keys.empty()) {
      for (std::size_t u = 0; u < labels_.size(); ++u)
        if (labels_[u] && *labels_[u] != ids_[u]) assembly_.set_name(static_cast<std::int32_t>(u), *labels_[u], kRankLabel);
    }
    LoadedGraph out = assembly_.finish("gml");
    if (!keys.empty() && keys.size() == static_cast<std::size_t>(out.graph.n)) {
      Graph& g = out.graph;
      // A name the assembly filled in from the GML id, for a node without one, becomes the key.
      for (std::size_t u = 0; u < g.names.size(); ++u)
        if (g.names[u] == std::to_string(g.display_id(static_cast<std::int32_t>(u)))) g.names[u] = std::to_string(keys[u]);
      g.ids = keys;
    }
    return out;
  }

 private:
  static std::string describe(const Token& t) {
    switch (t.kind) {
      case TokenKind::End: return "the end of the file";
      case TokenKind::Open: return "[";
      case TokenKind::Close: return "]";
      default: return t.text;
    }
  }

  // Skips a value; lists nest.
  void skip_value(const Token& value, int depth) {
    if (value.kind == TokenKind::End) tokens_.fail(value.line, "a key without a value at the end of the file");
    if (value.kind == TokenKind::Close) tokens_.fail(value.line, "a key without a value before ]");
    if (value.kind == TokenKind::Key) tokens_.fail(value.line, "expected a value, found " + io::quoted(value.text));
    if (value.kind != TokenKind::Open) return;
    if (depth > kMaxDepth) tokens_.fail(value.line, "lists nested deeper than " + std::to_string(kMaxDepth));
    for (;;) {
      const Token key = tokens_.next();
      if (key.kind == TokenKind::Close) return;
      if (key.kind == TokenKind::End) tokens_.fail(value.line, "the list opened here is never closed");
      if (key.kind != TokenKind::Key) tokens_.fail(key.line, "expected a key, found " + io::quoted(describe(key)));
      skip_value(tokens_.next(), depth + 1);
    }
  }

  // The pairs of one list, each handed to `on_pair(key, value)`, which skips what it does not take.
  template <class F>
  void for_each_pair(std::int64_t opened_at, F&& on_pair) {
    for (;;) {
      const Token key = tokens_.next();
      if (key.kind == TokenKind::Close) return;
      if (key.kind == TokenKind::End) tokens_.fail(opened_at, "the list opened here is never closed");
      if (key.kind != TokenKind::Key) tokens_.fail(key.line, "expected a key, found " + io::quoted(describe(key)));
      const Token value = tokens_.next();
      if (value.kind == TokenKind::End || value.kind == TokenKind::Close || value.kind == TokenKind::Key) skip_value(value, 2);
      on_pair(key, value);
    }
  }

  void read_graph() {
    std::int64_t graph_line = 0;
    for_each_pair(graph_line, [&](const Token& key, const Token& value) {
      if (key.text == "directed" && value.kind == TokenKind::Integer) {
        if (edges_ > 0) tokens_.fail(key.line, "\"directed\" after the first edge: put it before the edges");
        directed_ = value.text != "0";
      } else if (key.text == "multigraph" && value.kind == TokenKind::Integer) {
        multigraph_ = value.text != "0";
      } else if (value.kind != TokenKind::Open && key.text != "node" && key.text != "edge") {
        assembly_.set_graph_attribute(key.text, type_of(value), value.text, value.line);
      } else if (key.text == "node" && value.kind == TokenKind::Open) {
        read_node(value.line);
      } else if (key.text == "edge" && value.kind == TokenKind::Open) {
        read_edge(value.line);
      } else {
        skip_value(value, 2);
      }
    });
  }

  struct PendingValue {
    std::string key;
    Token value;
  };

  void read_node(std::int64_t opened_at) {
    std::optional<std::string> id;
    std::optional<std::string> label, name;
    std::optional<double> axes[3];
    std::vector<PendingValue> values;
    for_each_pair(opened_at, [&](const Token& key, const Token& value) {
      if (key.text == "id" && value.kind != TokenKind::Open) {
        id = value.text;
      } else if (key.text == "label" && value.kind != TokenKind::Open) {
        label = value.text;
      } else if (key.text == "name" && value.kind == TokenKind::String) {
        name = value.text;
      } else if (key.text == "graphics" && value.kind == TokenKind::Open) {
        for_each_pair(value.line, [&](const Token& k, const Token& v) {
          const int axis = k.text == "x" ? 0 : k.text == "y" ? 1 : k.text == "z" ? 2 : -1;
          if (axis >= 0 && (v.kind == TokenKind::Integer || v.kind == TokenKind::Real)) {
            axes[axis] = parse_weight(v.text, tokens_.source(), v.line, "graphics " + k.text);
          } else {
            skip_value(v, 3);
          }
        });
      } else if (value.kind == TokenKind::Open) {
        skip_value(value, 2);
      } else {
        values.push_back({key.text, value});
      }
    });
    if (!id) tokens_.fail(opened_at, "a node without an id");
    const std::int32_t u = assembly_.node(*id, opened_at, true);
    if (labels_.size() <= static_cast<std::size_t>(u)) labels_.resize(static_cast<std::size_t>(u) + 1), ids_.resize(labels_.size());
    labels_[u] = label;
    ids_[u] = *id;
    if (name) assembly_.set_name(u, *name, kRankName);
    for (int axis = 0; axis < 3; ++axis) {
      if (axes[axis]) assembly_.set_position(u, axis, *axes[axis]);
    }
    for (const auto& [key, value] : values) {
      const int axis = value.kind == TokenKind::String ? -1 : position_axis(key);
      if (axis >= 0) {
        assembly_.set_position(u, axis, parse_weight(value.text, tokens_.source(), value.line, key));
        continue;
      }
      assembly_.set_attribute(u, key, type_of(value), value.text, value.line);
    }
  }

  static AttributeType type_of(const Token& value) {
    return value.kind == TokenKind::Integer ? AttributeType::Integer
           : value.kind == TokenKind::Real  ? AttributeType::Real
                                            : AttributeType::Text;
  }

  void read_edge(std::int64_t opened_at) {
    std::optional<std::string> source, target;
    std::optional<double> weight;
    std::vector<PendingValue> values;
    for_each_pair(opened_at, [&](const Token& key, const Token& value) {
      if (key.text == "source" && value.kind != TokenKind::Open) source = value.text;
      else if (key.text == "target" && value.kind != TokenKind::Open) target = value.text;
      else if (key.text == weight_name_ && value.kind != TokenKind::Open)
        weight = parse_weight(value.text, tokens_.source(), value.line, "edge " + io::quoted(weight_name_));
      // A multigraph's "key" tells parallel edges apart (networkx); it is no value of the edge.
      else if (key.text == "key" && multigraph_ && value.kind != TokenKind::Open) return;
      else if (value.kind == TokenKind::Open) skip_value(value, 2);
      else values.push_back({key.text, value});
    });
    if (!source || !target) tokens_.fail(opened_at, "an edge without a source and a target");
    if (!weight && !options_.weight_attribute.empty()) tokens_.fail(opened_at, "this edge has no " + io::quoted(weight_name_));
    const std::int32_t u = assembly_.node(*source, opened_at, false);
    const std::int32_t v = assembly_.node(*target, opened_at, false);
    ++edges_;
    const std::int64_t record = assembly_.add_arc(u, v, weight.value_or(1.0), directed_, opened_at);
    for (const auto& [key, value] : values) assembly_.set_edge_attribute(record, key, type_of(value), value.text, value.line);
  }

  GmlTokens tokens_;
  const LoadOptions& options_;
  // networkx writes its node keys as labels and numbers GML ids from 0; pathscope writes ids
  // that fit GML's 32-bit integers as both, others as labels only. So when every node's label is
  // a distinct whole number, the labels are the nodes' ids (as networkx reads them back), and
  // otherwise a label that differs from the id is the node's name. The keys by node; empty
  // when the labels are names.
  std::vector<std::int64_t> labels_as_keys() const {
    std::vector<std::int64_t> keys;
    if (labels_.empty()) return {};
    std::unordered_set<std::int64_t> seen;
    for (const auto& label : labels_) {
      std::int64_t value = 0;
      if (!label || label->empty()) return {};
      const auto [end, error] = std::from_chars(label->data(), label->data() + label->size(), value);
      if (error != std::errc() || end != label->data() + label->size() || std::to_string(value) != *label) return {};
      if (!seen.insert(value).second) return {};
      keys.push_back(value);
    }
    return keys;
  }
  std::vector<std::optional<std::string>> labels_;  // by node: its label, read before names are chosen
  std::vector<std::string> ids_;                    // by node: its GML id as written
  GraphAssembly assembly_;
  std::string weight_name_;
  bool directed_ = false;  // GML's default
  bool multigraph_ = false;
  std::int64_t edges_ = 0;
};

}  // namespace

LoadedGraph read_gml(std::istream& in, const std::string& source, const LoadOptions& options) {
  return GmlReader(in, source, options).read();
}

bool looks_like_gml(std::istream& in) {
  // Key-value pairs (Creator "...", Version 1) up to "graph [", within the first few tokens.
  GmlTokens tokens(in, "");
  for (int pairs = 0; pairs < 16; ++pairs) {
    const Token key = tokens.next();
    if (key.kind != TokenKind::Key) return false;
    const Token value = tokens.next();
    if (key.text == "graph") return value.kind == TokenKind::Open;
    if (value.kind == TokenKind::Open || value.kind == TokenKind::Close || value.kind == TokenKind::End) return false;
  }
  return false;
}

}  // namespace pathscope::io
