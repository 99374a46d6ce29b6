"""The examples in the docstrings run and print what they show."""
import doctest
import importlib

import pytest

import pathscope

MODULES = ["pathscope._graph", "pathscope._load", "pathscope._convert", "pathscope._engines", "pathscope._centrality",
           "pathscope._flow"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, tried = doctest.testmod(module, extraglobs={"pathscope": pathscope}, optionflags=doctest.ELLIPSIS,
                                      verbose=False)
    assert tried > 0 and failures == 0


def test_help_reads_from_the_package():
    text = pathscope.__doc__
    assert "from_pandas" in text and "to_networkx" in text
    assert "Loads a graph file" in pathscope.load_graph.__doc__ and "dimacs" in pathscope.load_graph.__doc__.lower()
