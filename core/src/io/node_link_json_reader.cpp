// networkx node-link JSON (node_link_data): nodes with "id" (integer or string) and optional
// "name", "x"/"y"/"z" or "pos", other plain values kept as typed node attributes; "links" (or
// "edges", as networkx 3.4 writes) with "source", "target", an optional weight and other plain
// values kept as typed arc attributes (parallel links apart); the "graph" object's plain values
// as graph attributes. NaN, Infinity and -Infinity, as Python's json.dump writes them, are
// numbers (json_non_finite_buf.hpp): values of attributes, never weights.
//
// Read as a stream of parse events (nlohmann's SAX interface), never as a document: memory
// follows the graph being built, not the text, and the time the bytes read. The keys of the
// top-level object may come in any order: links that arrive before the "nodes" array, or
// before "directed" says what they are, wait in a compact list until it is known.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <istream>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/attribute_values.hpp"
#include "io/graph_assembly.hpp"
#include "io/json_non_finite_buf.hpp"
#include "io/line_counting_buf.hpp"
#include "io/node_interner.hpp"
#include "io/readers.hpp"
#include "io/strength_rows.hpp"
#include "io/text_fields.hpp"
#include "pathscope/graph/attributes.hpp"
#include "pathscope/io/graph_builder.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope::io {

namespace {

using nlohmann::json;

// One value of a node or link field as the file gave it; containers are skipped, only their
// kind is kept (for the message that says what was expected instead).
struct FieldValue {
  enum Kind : std::uint8_t { None, Null, Boolean, Integer, Unsigned, Real, Text, Array, Object };
  Kind kind = None;
  bool boolean = false;
  std::int64_t integer = 0;
  std::uint64_t unsigned_integer = 0;
  double real = 0;
  std::string text;

  bool present() const { return kind != None; }
  bool is_number() const { return kind == Integer || kind == Unsigned || kind == Real; }
  // An integer that fits 64 signed bits.
  bool is_int64() const {
    return kind == Integer ||
           (kind == Unsigned && unsigned_integer <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()));
  }
  std::int64_t as_int64() const { return kind == Integer ? integer : static_cast<std::int64_t>(unsigned_integer); }
  double as_double() const {
    return kind == Real ? real : kind == Integer ? static_cast<double>(integer) : static_cast<double>(unsigned_integer);
  }
  const char* type_name() const {
    switch (kind) {
      case Null: return "null";
      case Boolean: return "boolean";
      case Integer:
      case Unsigned:
      case Real: return "number";
      case Text: return "string";
      case Array: return "array";
      case Object: return "object";
      case None: break;
    }
    return "nothing";
  }
  // As JSON writes it, for messages: printable ASCII, long text shortened.
  std::string shown() const {
    if (kind == Integer) return std::to_string(integer);
    if (kind == Unsigned) return std::to_string(unsigned_integer);
    constexpr std::size_t kShown = 60;
    const json value = text.size() > kShown ? json(text.substr(0, kShown) + "...") : json(text);
    return value.dump(-1, ' ', true, json::error_handler_t::replace);
  }
};

// Bytes of a parser message outside printable ASCII as \xNN (a token of a binary file).
std::string printable(const std::string& text) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c >= 0x7f) {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

class NodeLinkReader {
 public:
  using number_integer_t = json::number_integer_t;
  using number_unsigned_t = json::number_unsigned_t;
  using number_float_t = json::number_float_t;
  using string_t = json::string_t;
  using binary_t = json::binary_t;

  NodeLinkReader(const std::string& source, const LoadOptions& options, LineCountingBuf& text)
      : source_(source),
        options_(options),
        text_(text),
        node_limit_(std::min<std::int64_t>(options.max_nodes, std::numeric_limits<std::int32_t>::max())),
        weight_name_(weight_attribute_name(options)) {
    builder_.keep_extra_arcs(true);  // node-link JSON holds multigraphs: parallel links are kept apart
  }

  // SAX events (nlohmann::json_sax).
  bool null() { return scalar([](FieldValue& v) { v.kind = FieldValue::Null; }); }
  bool boolean(bool value) {
    return scalar([&](FieldValue& v) {
      v.kind = FieldValue::Boolean;
      v.boolean = value;
    });
  }
  bool number_integer(number_integer_t value) {
    return scalar([&](FieldValue& v) {
      v.kind = FieldValue::Integer;
      v.integer = value;
    });
  }
  bool number_unsigned(number_unsigned_t value) {
    return scalar([&](FieldValue& v) {
      v.kind = FieldValue::Unsigned;
      v.unsigned_integer = value;
    });
  }
  bool number_float(number_float_t value, const string_t&) {
    return scalar([&](FieldValue& v) {
      v.kind = FieldValue::Real;
      v.real = value;
    });
  }
  bool string(string_t& value) {
    if (const auto number = non_finite_of_marker(value)) return number_float(*number, value);
    refuse_long_value(value.size(), "a string");
    return scalar([&](FieldValue& v) {
      v.kind = FieldValue::Text;
      v.text.swap(value);
    });
  }
  bool binary(binary_t&) { return scalar([](FieldValue& v) { v.kind = FieldValue::Null; }); }
  bool start_object(std::size_t) { return start(true); }
  bool start_array(std::size_t) { return start(false); }
  bool end_object() { return end(); }
  bool end_array() { return end(); }
  bool key(string_t& name) {
    refuse_long_value(name.size(), "a key");
    if (skip_ == 0) key_.swap(name);
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& e) {
    // "[json.exception.parse_error.101] parse error at line 3, column 4: ..." -> the reason.
    // Not only parse errors come here: a number beyond double is out_of_range.406.
    std::string message = e.what();
    if (const auto colon = message.find(": "); colon != std::string::npos) message = message.substr(colon + 2);
    fail(text_.line(), "invalid JSON: " + printable(message));
  }

  LoadedGraph finish();

 private:
  enum class Place { Start, Root, Graph, Nodes, Node, Pos, Links, Link, Done };

  [[noreturn]] void fail(std::int64_t line, const std::string& message) const {
    throw ParseError(source_, line, message);
  }

  // The field a scalar (or a skipped container) at the current key fills, or null.
  FieldValue* node_field() {
    if (key_ == "id") return &node_.id;
    if (key_ == "name") return &node_.name;
    if (key_ == "x") return &node_.axes[0];
    if (key_ == "y") return &node_.axes[1];
    if (key_ == "z") return &node_.axes[2];
    return nullptr;
  }
  FieldValue* link_field() {
    if (key_ == "source") return &link_.ends[0];
    if (key_ == "target") return &link_.ends[1];
    if (key_ == weight_name_) return &link_.weight;
    return nullptr;
  }

  template <typename Fill>
  bool scalar(Fill fill) {
    if (skip_ > 0) return true;
    switch (place_) {
      case Place::Start: fail(1, "expected a JSON object with \"nodes\" and \"links\"");
      case Place::Root: {
        FieldValue value;
        fill(value);
        root_value(value);
        return true;
      }
      case Place::Graph: {
        FieldValue value;
        fill(value);
        set_attribute(graph_attributes_, 0, key_, value);
        return true;
      }
      case Place::Nodes: fail(text_.line(), "node " + std::to_string(node_count_) + " has no \"id\"");
      case Place::Links:
        fail(text_.line(), "link " + std::to_string(link_count_) + " needs \"source\" and \"target\"");
      case Place::Node:
        if (key_ == "pos") {
          fill(node_.pos);  // not an array: refused when the node ends
        } else if (FieldValue* field = node_field()) {
          fill(*field);
        } else {
          pending_attribute(node_.attributes, node_.attribute_count, fill);
        }
        return true;
      case Place::Pos: {
        FieldValue entry;
        fill(entry);
        pos_entry(entry);
        return true;
      }
      case Place::Link:
        if (FieldValue* field = link_field()) fill(*field);
        else pending_attribute(link_.attributes, link_.attribute_count, fill);
        return true;
      case Place::Done: break;
    }
    return true;
  }

  void root_value(const FieldValue& value) {
    if (key_ == "directed") {
      if (value.kind != FieldValue::Boolean) fail(text_.line(), "\"directed\" must be true or false");
      directed_ = value.boolean;
      directed_known_ = true;
      check_arc_limit(text_.line());
    } else if (key_ == "multigraph") {
      multigraph_ = value.kind == FieldValue::Boolean && value.boolean;
    } else if (key_ == "nodes") {
      fail(text_.line(), "\"nodes\" must be an array, not " + std::string(value.type_name()));
    } else if (key_ == "links" || key_ == "edges") {
      fail(text_.line(), "\"" + key_ + "\" must be an array, not " + std::string(value.type_name()));
    }
  }

  void pos_entry(const FieldValue& entry) {
    if (pos_count_ < 3) pos_values_[pos_count_] = entry.is_number() ? entry.as_double() : 0;
    if (!entry.is_number() && pos_bad_ == nullptr) pos_bad_ = entry.type_name();
    ++pos_count_;
  }

  bool start(bool object) {
    if (skip_ > 0) {
      ++skip_;
      return true;
    }
    const FieldValue::Kind kind = object ? FieldValue::Object : FieldValue::Array;
    switch (place_) {
      case Place::Start:
        if (!object) fail(1, "expected a JSON object with \"nodes\" and \"links\"");
        place_ = Place::Root;
        return true;
      case Place::Root:
        if (key_ == "nodes" && !object) {
          if (nodes_seen_) fail(text_.line(), "a second \"nodes\" array");
          nodes_seen_ = true;
          place_ = Place::Nodes;
        } else if ((key_ == "links" || key_ == "edges") && !object) {
          if (links_seen_) {
            fail(text_.line(), "a second array of links (\"" + key_ + "\" after \"" + links_key_ +
                                   "\"): networkx writes one, \"links\" or \"edges\"");
          }
          links_seen_ = true;
          links_key_ = key_;
          links_by_key_ = !nodes_done_;
          place_ = Place::Links;
        } else if (key_ == "graph" && object) {
          place_ = Place::Graph;
        } else {
          FieldValue value;
          value.kind = kind;
          root_value(value);  // refuses a container where a value or an array belongs
          skip_ = 1;
        }
        return true;
      case Place::Graph:
        skip_ = 1;  // nested values are not kept
        return true;
      case Place::Nodes:
        if (!object) fail(text_.line(), "node " + std::to_string(node_count_) + " has no \"id\"");
        place_ = Place::Node;
        node_.reset(text_.line());
        return true;
      case Place::Node:
        if (key_ == "pos") {
          node_.pos.kind = kind;
          if (!object) {
            place_ = Place::Pos;
            pos_count_ = 0;
            pos_bad_ = nullptr;
            return true;
          }
        } else if (FieldValue* field = node_field()) {
          field->kind = kind;
        }
        skip_ = 1;  // nested attribute values are not kept
        return true;
      case Place::Pos: {
        FieldValue entry;
        entry.kind = kind;
        pos_entry(entry);
        skip_ = 1;
        return true;
      }
      case Place::Links:
        if (!object) fail(text_.line(), "link " + std::to_string(link_count_) + " needs \"source\" and \"target\"");
        place_ = Place::Link;
        link_.reset(text_.line());
        return true;
      case Place::Link:
        if (FieldValue* field = link_field()) field->kind = kind;
        skip_ = 1;
        return true;
      case Place::Done: break;
    }
    return true;
  }

  bool end() {
    if (skip_ > 0) {
      --skip_;
      return true;
    }
    switch (place_) {
      case Place::Root: place_ = Place::Done; break;
      case Place::Graph: place_ = Place::Root; break;
      case Place::Nodes:
        nodes_done_ = true;
        place_ = Place::Root;
        break;
      case Place::Node:
        end_node();
        place_ = Place::Nodes;
        break;
      case Place::Pos: place_ = Place::Node; break;
      case Place::Links: place_ = Place::Root; break;
      case Place::Link:
        end_link();
        place_ = Place::Links;
        break;
      case Place::Start:
      case Place::Done: break;
    }
    return true;
  }

  double number_or_fail(const FieldValue& value, std::int64_t line, const std::string& what) const {
    if (!value.is_number()) fail(line, what + " must be a number, not " + value.type_name());
    const double number = value.as_double();
    if (!std::isfinite(number)) fail(line, what + " is not finite");
    return number;
  }

  // The interner's index of a node or link key; -1 when the key is not an integer or a
  // string (checked by the caller) or, with add false, when it is not there.
  std::int32_t key_index(const FieldValue& key, bool add) {
    if (key.is_int64()) {
      return add ? keys_.intern_number(key.as_int64(), node_limit_) : keys_.find_number(key.as_int64());
    }
    if (key.kind == FieldValue::Text) {
      return add ? keys_.intern_text(key.text, node_limit_) : keys_.find_text(key.text);
    }
    return -1;
  }
  std::int32_t intern(const FieldValue& key, std::int64_t line) {
    const std::int32_t k = key_index(key, true);
    if (k < 0) fail(line, "more nodes than the limit of " + std::to_string(node_limit_));
    if (static_cast<std::size_t>(k) == node_of_key_.size()) node_of_key_.push_back(-1);
    return k;
  }

  void end_node();
  void end_link();
  using PendingAttributes = std::vector<std::pair<std::string, FieldValue>>;
  template <typename Fill>
  void pending_attribute(PendingAttributes& slots, std::size_t& count, Fill fill);
  void set_attribute(AttributeTable& table, std::size_t i, const std::string& name, const FieldValue& value);
  void refuse_long_value(std::size_t bytes, const char* what) const {
    if (static_cast<std::int64_t>(bytes) > options_.max_value_bytes) {
      fail(text_.line(), std::string(what) + " of " + std::to_string(bytes) + " bytes, longer than the limit of " +
                             std::to_string(options_.max_value_bytes) + " bytes for one value (--max-value-mib raises it)");
    }
  }

  void check_arc_limit(std::int64_t line) const {
    const std::int64_t per_link = directed_known_ && !directed_ ? 2 : 1;
    if (link_count_ * per_link > options_.max_arcs) {
      fail(line, std::to_string(link_count_) + " links, more than the limit of " + std::to_string(options_.max_arcs) + " arcs");
    }
  }
  void add(std::int32_t u, std::int32_t v, double w, std::int64_t line) { strengths_.add(u, v, w, !directed_, line); }

  const std::string& source_;
  const LoadOptions& options_;
  LineCountingBuf& text_;
  const std::int64_t node_limit_;
  const std::string weight_name_;

  Place place_ = Place::Start;
  std::int64_t skip_ = 0;  // depth inside a container whose content is not read
  std::string key_;        // the last key of the object being read

  bool directed_ = false, directed_known_ = false, multigraph_ = false;
  bool nodes_seen_ = false, nodes_done_ = false, links_seen_ = false;
  std::string links_key_;

  // The node being read.
  struct PendingNode {
    std::int64_t line = 0;
    FieldValue id, name, pos, axes[3];
    PendingAttributes attributes;
    std::size_t attribute_count = 0;  // entries of `attributes` in use (their strings are reused)
    void reset(std::int64_t at) {
      line = at;
      id.kind = name.kind = pos.kind = axes[0].kind = axes[1].kind = axes[2].kind = FieldValue::None;
      attribute_count = 0;
    }
  } node_;
  int pos_count_ = 0;
  double pos_values_[3] = {0, 0, 0};
  const char* pos_bad_ = nullptr;  // type of the first "pos" entry that is not a number

  // The link being read.
  struct PendingLink {
    std::int64_t line = 0;
    FieldValue ends[2], weight;
    PendingAttributes attributes;
    std::size_t attribute_count = 0;  // as PendingNode's
    void reset(std::int64_t at) {
      line = at;
      ends[0].kind = ends[1].kind = weight.kind = FieldValue::None;
      attribute_count = 0;
    }
  } link_;

  // Nodes by key, in the order of the "nodes" array.
  NodeInterner keys_;
  std::vector<std::int32_t> node_of_key_;  // per key: its node, or -1 (a link's end not declared yet)
  std::vector<std::int32_t> key_of_node_;
  std::int32_t node_count_ = 0;
  bool integer_ids_ = true;
  std::vector<std::int64_t> ids_;
  std::vector<std::string> names_;  // empty until a node has a "name"
  std::vector<float> points_;       // three per node, NaN where unknown; empty until a position
  int dims_ = 0;
  std::int32_t placed_ = 0;
  AttributeTable attributes_, graph_attributes_;

  // Links: straight into the builder, or held while the nodes or the direction are unknown.
  struct HeldLink {
    std::int32_t ends[2];  // node indices, or key indices where links_by_key_
    double weight;
    std::int64_t line;
  };
  GraphBuilder builder_;
  StrengthArcs strengths_{options_, builder_};
  std::vector<HeldLink> held_;
  bool links_by_key_ = false;
  std::int64_t link_count_ = 0;
  std::vector<std::int64_t> first_reference_;  // per key referred to before "nodes": line, and
  std::vector<std::uint8_t> first_end_;        // which end (0 source, 1 target)
};

template <typename Fill>
void NodeLinkReader::pending_attribute(PendingAttributes& slots, std::size_t& count, Fill fill) {
  std::size_t i = 0;
  while (i < count && slots[i].first != key_) ++i;  // a repeated key: the last value
  if (i == count) {
    if (i == slots.size()) slots.emplace_back();
    slots[i].first = key_;
    ++count;
  }
  slots[i].second.kind = FieldValue::None;
  fill(slots[i].second);
}

void NodeLinkReader::end_node() {
  const std::int64_t at = node_.line;
  const std::int32_t u = node_count_;
  if (!node_.id.present()) fail(at, "node " + std::to_string(u) + " has no \"id\"");
  if (node_.id.kind != FieldValue::Text && !node_.id.is_int64()) {
    if (node_.id.kind == FieldValue::Unsigned) fail(at, "node \"id\" " + node_.id.shown() + " is beyond 64-bit integers");
    fail(at, "node \"id\" must be an integer or a string, not " + std::string(node_.id.type_name()));
  }
  if (u >= node_limit_) fail(at, "more nodes than the limit of " + std::to_string(node_limit_));
  const std::int32_t k = intern(node_.id, at);
  if (node_of_key_[k] >= 0) fail(at, "node id " + node_.id.shown() + " appears twice");
  node_of_key_[k] = u;
  key_of_node_.push_back(k);
  ++node_count_;
  if (node_.id.kind == FieldValue::Text) integer_ids_ = false;
  ids_.push_back(node_.id.kind == FieldValue::Text ? 0 : node_.id.as_int64());

  if (node_.name.present()) {
    if (node_.name.kind != FieldValue::Text) fail(at, "\"name\" must be a string");
    if (names_.empty()) names_.resize(static_cast<std::size_t>(u));
    names_.push_back(std::move(node_.name.text));
  } else if (!names_.empty()) {
    names_.emplace_back();
  }

  int d = 0;
  double point[3] = {NAN, NAN, NAN};
  if (node_.pos.present()) {
    if (node_.pos.kind != FieldValue::Array || pos_count_ < 2 || pos_count_ > 3) {
      fail(at, "\"pos\" must be [x, y] or [x, y, z]");
    }
    if (pos_bad_ != nullptr) fail(at, std::string("\"pos\" entry must be a number, not ") + pos_bad_);
    d = pos_count_;
    for (int i = 0; i < d; ++i) point[i] = pos_values_[i];
  } else if (node_.axes[0].present() || node_.axes[1].present()) {
    if (!node_.axes[0].present() || !node_.axes[1].present()) fail(at, "a node with \"x\" needs \"y\" too, and back");
    point[0] = number_or_fail(node_.axes[0], at, "\"x\"");
    point[1] = number_or_fail(node_.axes[1], at, "\"y\"");
    d = 2;
    if (node_.axes[2].present()) {
      point[2] = number_or_fail(node_.axes[2], at, "\"z\"");
      d = 3;
    }
  }
  if (d > 0 || !points_.empty()) {
    points_.resize(3 * (static_cast<std::size_t>(u) + 1), std::numeric_limits<float>::quiet_NaN());
    for (int i = 0; i < d; ++i) points_[3 * static_cast<std::size_t>(u) + i] = to_float_saturated(point[i]);
  }
  if (d > 0) ++placed_;
  dims_ = std::max(dims_, d);

  for (std::size_t i = 0; i < node_.attribute_count; ++i) {
    set_attribute(attributes_, static_cast<std::size_t>(u), node_.attributes[i].first, node_.attributes[i].second);
  }
}

// Values typed as JSON types them (true/false, integer, real, string; null: missing), stored
// by set_widened (io/attribute_values.hpp) like every other reader's.
void NodeLinkReader::set_attribute(AttributeTable& table, std::size_t i, const std::string& name,
                                   const FieldValue& value) {
  if (value.kind == FieldValue::Null || value.kind == FieldValue::Array || value.kind == FieldValue::Object) return;
  TypedValue typed;
  if (value.kind == FieldValue::Boolean) {
    typed.type = AttributeType::Boolean;
    typed.integer = value.boolean ? 1 : 0;
  } else if (value.kind == FieldValue::Text) {
    typed.type = AttributeType::Text;
    typed.text = value.text;
  } else if (value.is_int64()) {
    typed.type = AttributeType::Integer;
    typed.integer = value.as_int64();
  } else {
    typed.type = AttributeType::Real;
    typed.real = value.as_double();
  }
  set_widened(table, name, i, typed);
}

void NodeLinkReader::end_link() {
  const std::int64_t at = link_.line;
  const std::int64_t i = link_count_;
  if (!link_.ends[0].present() || !link_.ends[1].present()) {
    fail(at, "link " + std::to_string(i) + " needs \"source\" and \"target\"");
  }
  HeldLink held{};
  held.line = at;
  static constexpr const char* kEnds[2] = {"source", "target"};
  for (int e = 0; e < 2; ++e) {
    const FieldValue& end = link_.ends[e];
    if (end.kind != FieldValue::Text && end.kind != FieldValue::Integer && end.kind != FieldValue::Unsigned) {
      fail(at, std::string("link \"") + kEnds[e] + "\" must be an integer or a string, not " + end.type_name());
    }
    const auto unknown = [&] { fail(at, std::string("link ") + kEnds[e] + " " + end.shown() + " is not a node id"); };
    if (end.kind == FieldValue::Unsigned && !end.is_int64()) unknown();  // no node id can be that
    if (nodes_done_) {
      const std::int32_t k = key_index(end, false);
      if (k < 0 || node_of_key_[k] < 0) unknown();
      held.ends[e] = node_of_key_[k];
    } else {  // before the nodes: by key, checked when they have come
      const std::int32_t k = intern(end, at);
      if (static_cast<std::size_t>(k) == first_reference_.size()) {
        first_reference_.push_back(at);
        first_end_.push_back(static_cast<std::uint8_t>(e));
      }
      held.ends[e] = k;
    }
  }
  if (!link_.weight.present() && !options_.weight_attribute.empty()) {
    fail(at, "link " + std::to_string(i) + " has no \"" + weight_name_ + "\"");
  }
  held.weight = link_.weight.present() ? number_or_fail(link_.weight, at, "\"" + weight_name_ + "\"") : 1.0;
  // Links reach the builder in the order they are listed, held or not: link i is record i.
  for (std::size_t a = 0; a < link_.attribute_count; ++a) {
    set_attribute(builder_.record_attributes(), static_cast<std::size_t>(i), link_.attributes[a].first,
                  link_.attributes[a].second);
  }
  ++link_count_;
  check_arc_limit(at);
  if (nodes_done_ && directed_known_) {
    add(held.ends[0], held.ends[1], held.weight, at);
  } else {
    held_.push_back(held);
  }
}

LoadedGraph NodeLinkReader::finish() {
  if (!nodes_seen_) fail(0, "no \"nodes\" array");
  if (!links_seen_) fail(0, "no \"links\" (or \"edges\") array");
  directed_known_ = true;  // absent: undirected, as networkx reads it
  check_arc_limit(0);
  if (links_by_key_) {
    // Keys are interned in the order links first name them: the first undeclared is the
    // earliest reference to a node that never came.
    for (std::size_t k = 0; k < first_reference_.size(); ++k) {
      if (node_of_key_[k] >= 0) continue;
      fail(first_reference_[k], std::string("link ") + (first_end_[k] ? "target" : "source") + " " +
                                    (keys_.is_number(static_cast<std::int32_t>(k))
                                         ? keys_.key_text(static_cast<std::int32_t>(k))
                                         : json(keys_.key_text(static_cast<std::int32_t>(k)))
                                               .dump(-1, ' ', true, json::error_handler_t::replace)) +
                                    " is not a node id");
    }
  }
  for (const HeldLink& link : held_) {
    if (links_by_key_) {
      add(node_of_key_[link.ends[0]], node_of_key_[link.ends[1]], link.weight, link.line);
    } else {
      add(link.ends[0], link.ends[1], link.weight, link.line);
    }
  }
  std::vector<HeldLink>().swap(held_);

  LoadedGraph out;
  out.report.source = source_;
  out.report.format = "node-link-json";
  out.report.lines_read = text_.line();
  out.report.records_read = link_count_;
  out.report.undirected_input = !directed_;
  const std::int32_t n = node_count_;
  builder_.set_node_count(n);
  // A multigraph's "key" tells parallel links apart (networkx); it is no value of the link.
  if (multigraph_) {
    auto& columns = builder_.record_attributes().columns;
    columns.erase(std::remove_if(columns.begin(), columns.end(), [](const AttributeColumn& c) { return c.name == "key"; }),
                  columns.end());
  }
  strengths_.finish(source_, out.report);
  out.graph = builder_.build(directed_, out.report);
  Graph& g = out.graph;
  if (integer_ids_) {
    g.ids = std::move(ids_);
    if (!names_.empty()) {
      for (std::int32_t u = 0; u < n; ++u) {
        if (names_[u].empty()) names_[u] = std::to_string(g.ids[u]);
      }
      g.names = std::move(names_);
    }
  } else {
    g.names.resize(static_cast<std::size_t>(n));
    for (std::int32_t u = 0; u < n; ++u) g.names[u] = keys_.key_text(key_of_node_[u]);
  }
  if (dims_ > 0) {
    g.coord_dims = dims_;
    g.coords.resize(static_cast<std::size_t>(n) * dims_);
    for (std::int32_t u = 0; u < n; ++u) {
      for (int d = 0; d < dims_; ++d) {
        g.coords[static_cast<std::size_t>(u) * dims_ + d] = points_[3 * static_cast<std::size_t>(u) + d];
      }
    }
    if (placed_ < n) out.report.notes.push_back(std::to_string(n - placed_) + " nodes have no position (NaN)");
  }
  for (auto& column : attributes_.columns) column.resize(static_cast<std::size_t>(n));
  g.node_attributes = std::move(attributes_);
  for (auto& column : graph_attributes_.columns) column.resize(1);
  g.graph_attributes = std::move(graph_attributes_);
  mark_weight_kinds(g);
  return out;
}

}  // namespace

LoadedGraph read_node_link_json(std::istream& in, const std::string& source, const LoadOptions& options) {
  JsonNonFiniteBuf finite(*in.rdbuf());
  LineCountingBuf text(&finite);
  std::istream counted(&text);
  NodeLinkReader reader(source, options, text);
  try {
    json::sax_parse(counted, &reader);
  } catch (const json::exception& e) {
    std::string message = e.what();
    if (const auto colon = message.find(": "); colon != std::string::npos) message = message.substr(colon + 2);
    throw ParseError(source, text.line(), "invalid JSON: " + printable(message));
  }
  return reader.finish();
}

}  // namespace pathscope::io
