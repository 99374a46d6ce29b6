Creator "igraph version 0.10.2"
Version 1
graph
[
  directed 0
  node
  [
    id 0
    name "v0"
  ]
  node
  [
    id 1
    name "v1"
  ]
  edge
  [
    source 0
    target 1
    weight 3
  ]
]
