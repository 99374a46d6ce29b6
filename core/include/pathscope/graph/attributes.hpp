#pragma once
// Named values per node (cell type, side, a GraphML key, a GEXF attribute), typed as the file
// typed them, so the inspector, the exports and the queries by type read what the reader kept
// rather than a string of everything.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pathscope {

enum class AttributeType { Text, Integer, Real, Boolean };

// "text", "integer", "real", "boolean".
std::string_view attribute_type_name(AttributeType type);

// One attribute of every node: exactly one value vector is used, the one of `type`
// (Boolean uses `integers`, 0 or 1). A value may be missing (a GraphML node without the key).
struct AttributeColumn {
  std::string name;
  AttributeType type = AttributeType::Text;
  std::vector<std::string> text;
  std::vector<std::int64_t> integers;  // exact for 64-bit ids (FlyWire root ids pass 2^53)
  std::vector<double> reals;
  std::vector<std::uint8_t> present;   // empty: every value present; else 1 or 0 per element

  std::size_t size() const;
  bool has(std::size_t i) const { return present.empty() || present[i] != 0; }
  // The value as a person reads it; "" when missing. Reals in the shortest form that reads back.
  std::string to_text(std::size_t i) const;
  // Resizes to `count` elements, new ones missing.
  void resize(std::size_t count);
  // Sets element i (marks it present). Each setter requires the matching type.
  void set_text(std::size_t i, std::string value);
  void set_integer(std::size_t i, std::int64_t value);
  void set_real(std::size_t i, double value);
  // The one rule for a column whose values arrive with different types (two GraphML keys of
  // one name, as networkx writes for ints and floats; JSON values of mixed types; GML): integers
  // and reals meet as reals, any other mix becomes text (values held so far kept as they read).
  // Converts the column when it must and returns the type a value of `incoming` is stored as.
  AttributeType widen_for(AttributeType incoming);
};

// The attribute columns of a graph's nodes, in the order the file declared them.
struct AttributeTable {
  std::vector<AttributeColumn> columns;

  bool empty() const { return columns.empty(); }
  const AttributeColumn* find(std::string_view name) const;
  AttributeColumn* find(std::string_view name);
  // The column called `name`, created (every value missing, `count` elements) when absent.
  // Throws Error when it exists with another type.
  AttributeColumn& column(std::string_view name, AttributeType type, std::size_t count);
  // The values of the elements listed in `kept`, in that order (for subgraphs).
  AttributeTable subset(const std::vector<std::int32_t>& kept) const;
};

}  // namespace pathscope
