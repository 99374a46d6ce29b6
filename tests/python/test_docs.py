"""The examples in the docstrings run and print what they show."""
import doctest
import importlib

import pytest

import pathscope
from conftest import python_igraph

MODULES = ["pathscope._graph", "pathscope._load", "pathscope._convert", "pathscope._engines", "pathscope._centrality",
           "pathscope._flow", "pathscope._tables"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    # Where Python cannot have igraph (python_igraph() is None), the examples that use it are left out.
    without_igraph = python_igraph() is None
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS, verbose=False)
    for test in doctest.DocTestFinder().find(module, extraglobs={"pathscope": pathscope}):
        if without_igraph and any("igraph" in example.source for example in test.examples):
            continue
        runner.run(test)
    assert runner.tries > 0 and runner.failures == 0


def test_help_reads_from_the_package():
    text = pathscope.__doc__
    assert "from_pandas" in text and "to_networkx" in text
    assert "Loads a graph file" in pathscope.load_graph.__doc__ and "dimacs" in pathscope.load_graph.__doc__.lower()
