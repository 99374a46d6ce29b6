#include "pathscope/graph/attributes.hpp"

#include <charconv>

#include "pathscope/runtime/error.hpp"

namespace pathscope {

std::string_view attribute_type_name(AttributeType type) {
  switch (type) {
    case AttributeType::Text: return "text";
    case AttributeType::Integer: return "integer";
    case AttributeType::Real: return "real";
    case AttributeType::Boolean: return "boolean";
  }
  return "text";
}

std::size_t AttributeColumn::size() const {
  switch (type) {
    case AttributeType::Text: return text.size();
    case AttributeType::Integer:
    case AttributeType::Boolean: return integers.size();
    case AttributeType::Real: return reals.size();
  }
  return 0;
}

std::string AttributeColumn::to_text(std::size_t i) const {
  if (!has(i)) return {};
  switch (type) {
    case AttributeType::Text: return text[i];
    case AttributeType::Integer: return std::to_string(integers[i]);
    case AttributeType::Boolean: return integers[i] ? "true" : "false";
    case AttributeType::Real: {
      char buffer[32];
      const auto result = std::to_chars(buffer, buffer + sizeof buffer, reals[i]);
      return std::string(buffer, result.ptr);
    }
  }
  return {};
}

void AttributeColumn::resize(std::size_t count) {
  const std::size_t old = size();
  const bool grows = count > old;
  if (grows && present.empty()) present.assign(old, 1);
  switch (type) {
    case AttributeType::Text: text.resize(count); break;
    case AttributeType::Integer:
    case AttributeType::Boolean: integers.resize(count, 0); break;
    case AttributeType::Real: reals.resize(count, 0.0); break;
  }
  if (grows || !present.empty()) present.resize(count, 0);
}

namespace {
void mark(std::vector<std::uint8_t>& present, std::size_t i) {
  if (!present.empty()) present[i] = 1;
}
void require(const AttributeColumn& c, bool ok) {
  if (!ok) throw Error("internal: attribute '" + c.name + "' is " + std::string(attribute_type_name(c.type)));
}
}  // namespace

void AttributeColumn::set_text(std::size_t i, std::string value) {
  require(*this, type == AttributeType::Text);
  text[i] = std::move(value);
  mark(present, i);
}

void AttributeColumn::set_integer(std::size_t i, std::int64_t value) {
  require(*this, type == AttributeType::Integer || type == AttributeType::Boolean);
  integers[i] = type == AttributeType::Boolean ? (value != 0) : value;
  mark(present, i);
}

void AttributeColumn::set_real(std::size_t i, double value) {
  require(*this, type == AttributeType::Real);
  reals[i] = value;
  mark(present, i);
}

AttributeType AttributeColumn::widen_for(AttributeType incoming) {
  if (incoming == type) return type;
  if (type == AttributeType::Real && incoming == AttributeType::Integer) return type;
  if (type == AttributeType::Integer && incoming == AttributeType::Real) {
    reals.assign(integers.begin(), integers.end());
    integers.clear();
    type = AttributeType::Real;
    return type;
  }
  if (type != AttributeType::Text) {
    std::vector<std::string> values(size());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = to_text(i);
    integers.clear();
    reals.clear();
    text = std::move(values);
    type = AttributeType::Text;
  }
  return type;
}

const AttributeColumn* AttributeTable::find(std::string_view name) const {
  for (const auto& c : columns)
    if (c.name == name) return &c;
  return nullptr;
}

AttributeColumn* AttributeTable::find(std::string_view name) {
  for (auto& c : columns)
    if (c.name == name) return &c;
  return nullptr;
}

AttributeColumn& AttributeTable::column(std::string_view name, AttributeType type, std::size_t count) {
  if (AttributeColumn* existing = find(name)) {
    if (existing->type != type)
      throw Error("the attribute '" + std::string(name) + "' is declared as " +
                  std::string(attribute_type_name(existing->type)) + " and as " + std::string(attribute_type_name(type)));
    if (existing->size() < count) existing->resize(count);
    return *existing;
  }
  AttributeColumn c;
  c.name = std::string(name);
  c.type = type;
  c.resize(count);
  columns.push_back(std::move(c));
  return columns.back();
}

AttributeTable AttributeTable::subset(const std::vector<std::int32_t>& kept) const {
  AttributeTable out;
  for (const auto& c : columns) {
    AttributeColumn s;
    s.name = c.name;
    s.type = c.type;
    s.resize(kept.size());
    for (std::size_t j = 0; j < kept.size(); ++j) {
      const auto i = static_cast<std::size_t>(kept[j]);
      if (!c.has(i)) continue;
      switch (c.type) {
        case AttributeType::Text: s.set_text(j, c.text[i]); break;
        case AttributeType::Integer:
        case AttributeType::Boolean: s.set_integer(j, c.integers[i]); break;
        case AttributeType::Real: s.set_real(j, c.reals[i]); break;
      }
    }
    out.columns.push_back(std::move(s));
  }
  return out;
}

}  // namespace pathscope
