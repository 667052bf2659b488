exec { 'x':
  command => '/bin/true',
  unless => 'y',
}
