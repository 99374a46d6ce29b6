// Conditions as people type them: `side == left`, `nt_type not in {ACH, GABA}`, `cell_type ~ KC.*`,
// `` `cell class` == "Kenyon cell" ``. A name is one word, or anything in backquotes; a value is
// the rest of the text (trimmed), or quoted ('…' or "…", a quote doubled inside) when it must keep
// its outer spaces or begins with a quote; a set's members are separated by commas.
#include <algorithm>
#include <array>
#include <regex>
#include <string>

#include "pathscope/filter/graph_filter.hpp"
#include "pathscope/runtime/error.hpp"

namespace pathscope {

namespace {

constexpr std::string_view kAllowed =
    "write NAME OP VALUE with OP one of ==, !=, <, <=, >, >=, ~ (a regular expression the whole value "
    "matches), in {A, B}, not in {A, B}; a name with spaces in `backquotes`, a value with outer spaces "
    "in quotes";

struct OperatorWord {
  std::string_view text;
  FilterOperator op;
};
// Longest first, so that "<=" is not read as "<" followed by "=".
constexpr std::array<OperatorWord, 7> kSymbols{{{"==", FilterOperator::Equal},
                                                {"!=", FilterOperator::NotEqual},
                                                {"<=", FilterOperator::LessEqual},
                                                {">=", FilterOperator::GreaterEqual},
                                                {"<", FilterOperator::Less},
                                                {">", FilterOperator::Greater},
                                                {"~", FilterOperator::Matches}}};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
bool ends_a_name(char c) { return is_space(c) || c == '=' || c == '!' || c == '<' || c == '>' || c == '~' || c == '{'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

class ConditionReader {
 public:
  explicit ConditionReader(std::string_view text) : text_(text) {}

  AttributeCondition read() {
    AttributeCondition c;
    skip_spaces();
    c.attribute = read_name();
    skip_spaces();
    c.op = read_operator();
    skip_spaces();
    if (c.op == FilterOperator::In || c.op == FilterOperator::NotIn) {
      c.values = read_set();
      skip_spaces();
      if (at_ < text_.size()) fail("text after the closing '}'");
    } else {
      c.values.push_back(read_value());
    }
    if (c.op == FilterOperator::Matches) {
      try {
        std::regex check(c.values.front(), std::regex::ECMAScript);
      } catch (const std::regex_error& e) {
        fail("'" + c.values.front() + "' is not a regular expression (" + e.what() + ")");
      }
    }
    return c;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw UsageError("filter condition '" + std::string(text_) + "': " + what + " (" + std::string(kAllowed) + ")");
  }

  void skip_spaces() {
    while (at_ < text_.size() && is_space(text_[at_])) ++at_;
  }
  bool starts_with(std::string_view word) const { return text_.substr(at_).starts_with(word); }
  // A word operator ("in", "not") stands alone: "index" is a name, not "in" + "dex".
  bool word_at(std::string_view word) const {
    if (!starts_with(word)) return false;
    const std::size_t after = at_ + word.size();
    return after == text_.size() || is_space(text_[after]) || text_[after] == '{';
  }

  std::string read_name() {
    if (at_ < text_.size() && text_[at_] == '`') {
      const std::size_t close = text_.find('`', at_ + 1);
      if (close == std::string_view::npos) fail("the name's closing ` is missing");
      std::string name(text_.substr(at_ + 1, close - at_ - 1));
      at_ = close + 1;
      if (name.empty()) fail("the name is empty");
      return name;
    }
    const std::size_t start = at_;
    while (at_ < text_.size() && !ends_a_name(text_[at_])) ++at_;
    if (at_ == start) fail("the attribute name is missing");
    return std::string(text_.substr(start, at_ - start));
  }

  FilterOperator read_operator() {
    for (const auto& symbol : kSymbols)
      if (starts_with(symbol.text)) {
        at_ += symbol.text.size();
        return symbol.op;
      }
    if (word_at("in")) {
      at_ += 2;
      return FilterOperator::In;
    }
    if (word_at("not")) {
      at_ += 3;
      skip_spaces();
      if (!word_at("in")) fail("'not' must be followed by 'in'");
      at_ += 2;
      return FilterOperator::NotIn;
    }
    if (starts_with("=")) fail("'=' alone is not an operator: write '=='");
    if (at_ == text_.size()) fail("the operator and value are missing");
    fail("no operator after the name");
  }

  // A quoted text from the quote at at_; a doubled quote stands for one.
  std::string read_quoted() {
    const char quote = text_[at_++];
    std::string value;
    while (true) {
      if (at_ >= text_.size()) fail(std::string("the closing ") + quote + " is missing");
      if (text_[at_] == quote) {
        if (at_ + 1 < text_.size() && text_[at_ + 1] == quote) {
          value += quote;
          at_ += 2;
          continue;
        }
        ++at_;
        return value;
      }
      value += text_[at_++];
    }
  }

  static bool is_quote(char c) { return c == '"' || c == '\''; }

  std::string read_value() {
    if (at_ < text_.size() && is_quote(text_[at_])) {
      std::string value = read_quoted();
      skip_spaces();
      if (at_ < text_.size()) fail("text after the quoted value");
      return value;
    }
    const std::string_view rest = trimmed(text_.substr(at_));
    if (rest.empty()) fail("the value is missing");
    at_ = text_.size();
    return std::string(rest);
  }

  std::vector<std::string> read_set() {
    if (at_ >= text_.size() || text_[at_] != '{') fail("a set goes in braces: {A, B}");
    ++at_;
    std::vector<std::string> values;
    while (true) {
      skip_spaces();
      if (at_ < text_.size() && text_[at_] == '}' && values.empty()) fail("the set is empty");
      if (at_ < text_.size() && is_quote(text_[at_])) {
        values.push_back(read_quoted());
        skip_spaces();
      } else {
        const std::size_t start = at_;
        while (at_ < text_.size() && text_[at_] != ',' && text_[at_] != '}' && text_[at_] != '{') ++at_;
        const std::string_view member = trimmed(text_.substr(start, at_ - start));
        if (member.empty()) fail("a member of the set is empty");
        values.emplace_back(member);
      }
      if (at_ >= text_.size()) fail("the set's closing '}' is missing");
      if (text_[at_] == '}') {
        ++at_;
        return values;
      }
      if (text_[at_] != ',') fail("members of a set are separated by commas");
      ++at_;
    }
  }

  std::string_view text_;
  std::size_t at_ = 0;
};

std::string_view operator_text(FilterOperator op) {
  switch (op) {
    case FilterOperator::Equal: return "==";
    case FilterOperator::NotEqual: return "!=";
    case FilterOperator::Less: return "<";
    case FilterOperator::LessEqual: return "<=";
    case FilterOperator::Greater: return ">";
    case FilterOperator::GreaterEqual: return ">=";
    case FilterOperator::In: return "in";
    case FilterOperator::NotIn: return "not in";
    case FilterOperator::Matches: return "~";
  }
  return "==";
}

std::string quoted(const std::string& value) {
  const char quote = value.find('"') != std::string::npos && value.find('\'') == std::string::npos ? '\'' : '"';
  std::string out(1, quote);
  for (char c : value) {
    if (c == quote) out += quote;
    out += c;
  }
  return out + quote;
}

bool needs_quotes(const std::string& value, bool in_set) {
  if (value.empty() || is_space(value.front()) || is_space(value.back()) || value.front() == '"' || value.front() == '\'')
    return true;
  return in_set && value.find_first_of(",{}") != std::string::npos;
}

}  // namespace

AttributeCondition parse_attribute_condition(std::string_view text) { return ConditionReader(text).read(); }

std::string condition_text(const AttributeCondition& condition) {
  const std::string& name = condition.attribute;
  const bool plain_name = !name.empty() && std::none_of(name.begin(), name.end(), ends_a_name) &&
                          name.front() != '`' && name != "in" && name != "not";
  std::string out = plain_name ? name : "`" + name + "`";
  out += " ";
  out += operator_text(condition.op);
  out += " ";
  if (condition.op == FilterOperator::In || condition.op == FilterOperator::NotIn) {
    out += "{";
    for (std::size_t i = 0; i < condition.values.size(); ++i) {
      if (i) out += ", ";
      out += needs_quotes(condition.values[i], true) ? quoted(condition.values[i]) : condition.values[i];
    }
    return out + "}";
  }
  const std::string value = condition.values.empty() ? std::string() : condition.values.front();
  return out + (needs_quotes(value, false) ? quoted(value) : value);
}

std::string filter_text(const GraphFilter& filter) {
  auto joined = [](const std::vector<AttributeCondition>& conditions) {
    std::string out;
    for (const auto& c : conditions) out += (out.empty() ? "" : " and ") + condition_text(c);
    return out;
  };
  std::string out;
  if (!filter.nodes.empty()) out = "nodes: " + joined(filter.nodes);
  if (!filter.arcs.empty()) out += (out.empty() ? "" : "; ") + std::string("arcs: ") + joined(filter.arcs);
  return out;
}

}  // namespace pathscope
