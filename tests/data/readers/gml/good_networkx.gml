graph [
  directed 1
  name "tiny"
  node [
    id 0
    label "alpha"
    kind "neuron &quot;A&quot;"
    size 3
    graphics [ x 1.5 y -2.0 w 10 ]
  ]
  node [
    id 1
    label "beta"
    size 4.5
    graphics [ x 0 y 0 ]
  ]
  node [ id 2 label "gamma" ]
  edge [ source 0 target 1 weight 2.5 ]
  edge [ source 1 target 2 weight 1 ]
  edge [ source 2 target 0 ]
]
