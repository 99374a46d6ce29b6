// Slurm's compressed lists against a plain expansion written here: random node lists and
// tasks-per-node lists of awkward lengths.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "../../core/src/cluster/slurm_lists.hpp"
#include "fresh_seed.hpp"

namespace {

using pathscope::detail::first_slurm_host;
using pathscope::detail::slurm_tasks_on_node;

std::string padded(int value, int width) {
  std::string text = std::to_string(value);
  return std::string(std::size_t(std::max(0, width - int(text.size()))), '0') + text;
}

TEST(SlurmLists, FirstHostOfRandomNodeLists) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int trial = 0; trial < 500; ++trial) {
    // prefix[a-b,c,...]suffix,other...: the expected first host built from the pieces.
    const std::string prefix = std::vector<std::string>{"gpu", "n", "rack2-node", "x.y-"}[random() % 4];
    const std::string suffix = random() % 3 ? "" : "-ib";
    const int width = 1 + int(random() % 4);
    const int first = int(random() % 500);
    std::string list = prefix;
    std::string expected = prefix;
    if (random() % 4) {
      list += "[" + padded(first, width);
      if (random() % 2) list += "-" + padded(first + 1 + int(random() % 50), width);
      for (int more = int(random() % 3); more > 0; --more) list += "," + padded(first + 100 + more, width);
      list += "]";
      expected += padded(first, width);
    } else {
      list += padded(first, width);
      expected += padded(first, width);
    }
    list += suffix;
    expected += suffix;
    if (random() % 2) list += ",login" + std::to_string(random() % 9);
    EXPECT_EQ(first_slurm_host(list), expected) << list;
  }
  EXPECT_EQ(first_slurm_host("a[1-2]b[3-4]"), "a1b3");
  for (const char* bad : {"", ",n1", "[1-2]", "n[1-2", "n]1", "n[]"}) EXPECT_FALSE(first_slurm_host(bad)) << bad;
}

TEST(SlurmLists, TasksOnEveryNodeOfRandomLists) {
  std::mt19937_64 random(test_support::fresh_seed());
  for (int trial = 0; trial < 300; ++trial) {
    std::vector<int> per_node;  // the plain expansion
    std::string list;
    for (int group = 1 + int(random() % 5); group > 0; --group) {
      const int tasks = 1 + int(random() % 9);
      const int repeat = 1 + int(random() % 4);
      if (!list.empty()) list += ",";
      list += std::to_string(tasks);
      if (repeat > 1 || random() % 5 == 0) list += "(x" + std::to_string(repeat) + ")";
      per_node.insert(per_node.end(), std::size_t(repeat), tasks);
    }
    for (int node = 0; node < int(per_node.size()); ++node)
      EXPECT_EQ(slurm_tasks_on_node(list, node), per_node[std::size_t(node)]) << list << " node " << node;
    EXPECT_FALSE(slurm_tasks_on_node(list, int(per_node.size()))) << list;
    EXPECT_FALSE(slurm_tasks_on_node(list, -1));
  }
  for (const char* bad : {"", "2(x", "2(x3", "2(3)", "a", "2,,3", "2(x3)4"}) EXPECT_FALSE(slurm_tasks_on_node(bad, 0)) << bad;
}

}  // namespace
