exec { 'x':
  command => '/bin/true',
  apply => 'y',
}
